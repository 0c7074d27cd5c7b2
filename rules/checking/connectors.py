"""The word joining two game terms, compared with how the translation usually joins them (plain Python).

"Deck, Hand, and Overflow": the reference joins Hand and Overflow with "and"; the French text
usually writes "et" where the English writes "and" between two terms, so "leur main ou en cas de
débordement" stands out, as does Italian "Mazzo o Mano" for "Deck and Hand". What each language
usually writes for each reference connector is learnt from the document itself, so any language works.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass

from .text import find_phrase, phrase_words, tokens

MAX_GAP_WORDS = 4
MIN_SEEN = 3
MIN_SHARE = 0.6


@dataclass(frozen=True)
class Joint:
    anchor: str
    first: str  # the reference terms joined
    second: str
    ours: str  # the reference's connector
    theirs: str  # the translation's


def mentions(text_tokens, phrases, same=None):
    """[(start, end, label)] of the phrases in the tokens, longest first, not overlapping."""
    found = []
    for label, phrase in sorted(phrases, key=lambda pair: -len(phrase_words(pair[1]))):
        size = len(phrase_words(phrase))
        for start in find_phrase(phrase, text_tokens, same) if same else find_phrase(phrase, text_tokens):
            if all(start >= end or start + size <= begin for begin, end, _ in found):
                found.append((start, start + size, label))
    return sorted(found)


def joints(anchor, reference_text, text, terms, related):
    """Joints between neighbouring terms in the reference, with the translation's connector."""
    ours = tokens(reference_text)
    theirs = tokens(text)
    sources = [(key, term.source) for key, term in terms]
    renderings = [(key, r.phrase) for key, term in terms for r in term]
    found_ours = mentions(ours, sources)
    found_theirs = mentions(theirs, renderings, related)
    for (_, end, first), (start, _, second) in zip(found_ours, found_ours[1:], strict=False):
        gap = ours[end:start]
        if len(gap) != 1 or first == second:
            continue
        connector = _connector(found_theirs, theirs, first, second)
        if connector:
            yield Joint(anchor, first, second, gap[0].folded, connector)


def _connector(found, text_tokens, first, second):
    for (_, end, label), (start, _, other) in zip(found, found[1:], strict=False):
        if label == first and other == second and 1 <= start - end <= MAX_GAP_WORDS:
            return text_tokens[end].folded
    return None


def unusual(all_joints):
    """(joint, usual connector) for joints whose connector is not the one usually written."""
    seen = defaultdict(Counter)
    for joint in all_joints:
        seen[joint.ours][joint.theirs] += 1
    for joint in all_joints:
        counts = seen[joint.ours]
        usual, times = counts.most_common(1)[0]
        total = sum(counts.values())
        if total >= MIN_SEEN and times >= MIN_SHARE * total and joint.theirs != usual:
            yield joint, usual
