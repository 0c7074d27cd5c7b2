"""Game terms and how each translation writes them, derived from the documents (plain Python).

Sources, in order of authority:
* confirmed terms (the admin's Terminology table): replace what is derived for that term and language;
* the glossary and the headings, aligned by anchor: "Round: …" in English and "Tour : …" in French
  make Tour a rendering of Round; "Mode: Two Player Versus" / "Mode : Versus à deux joueurs" give
  Mode / Mode and Two Player Versus / Versus à deux joueurs;
* the rules themselves: every word of the reference is linked to the word of the translation that
  occurs in the same rules most often (Dice coefficient over anchors, best pairs first, each word
  linked once: Melamed's competitive linking), so Round finds Manche even though the glossary says Tour.

The reference terms are the glossary's, the headings' parts and the game's own words (ranks, card
types) from the registry.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from .text import MIN_STEM, are_forms, contains_phrase, find_phrase, fold, phrase_words, same_phrase, tokens

MIN_LINK = 0.6
MIN_SHARED_ANCHORS = 2
MIN_CONTENT_LETTERS = 3
MAX_RELATED_TAIL = 3
MIN_RELATED_STEM = 4
MAX_INFLECTION = 4


@dataclass
class Rendering:
    phrase: str
    origin: str  # glossary, heading, usage, confirmed, alternative
    anchor: str = ""


@dataclass
class Term:
    source: str
    anchors: list = field(default_factory=list)  # glossary and heading anchors that define it
    renderings: dict = field(default_factory=dict)  # language -> [Rendering]
    origins: set = field(default_factory=set)  # glossary, heading, vocabulary, confirmed

    @property
    def checked_in_rules(self):
        """Glossary and game words, and one-word heading labels ("Mode"); a section title such as
        "End of the Game" is prose when the rules use its words."""
        return bool(self.origins - {"heading"}) or len(phrase_words(self.source)) == 1

    def add(self, language, rendering):
        known = self.renderings.setdefault(language, [])
        if rendering.phrase.strip():
            known.append(rendering)

    def explicit(self, language):
        return [r for r in self.renderings.get(language, []) if r.origin in ("glossary", "heading")]


@lru_cache(maxsize=1 << 16)
def related(a, b):
    """Two folded words of one family: forms, a shared stem of four letters with tails of three at
    most (impilano / impilare, Battuto / batte), or one word and its inflection (bat / battent), unlike
    Contrattacco / Contratto or stat / statutaire."""
    if are_forms(a, b):
        return True
    stem = _stem_length(a, b)
    short, long_ = sorted((a, b), key=len)
    if stem == len(short) >= MIN_STEM_FOR_PREFIX and len(long_) - stem <= MAX_INFLECTION:
        return True
    return stem >= MIN_RELATED_STEM and len(a) - stem <= MAX_RELATED_TAIL and len(b) - stem <= MAX_RELATED_TAIL


MIN_STEM_FOR_PREFIX = 3


def phrase_related(a, b):
    """Whether every word of phrase a has a related word in phrase b."""
    words_b = phrase_words(b)
    return all(any(related(x, y) for y in words_b) for x in phrase_words(a) if len(x) > 2)


def phrase_inside(a, b, same=None):
    """Whether phrase a occurs, word after word, inside phrase b (related words by default)."""
    return contains_phrase(a, b, same or related)


def shares_word(a, b):
    words_b = [w for w in phrase_words(b) if len(w) > 2]
    return any(are_forms(x, y) for x in phrase_words(a) if len(x) > 2 for y in words_b)


# --- explicit terms ---------------------------------------------------------------------------


def heading_parts(heading):
    """ "Game Mode: Young Champions; Age 4+" -> ["Game Mode", "Young Champions", "Age 4+"]."""
    parts = []
    for piece in heading.replace(";", ":").split(":"):
        if piece.strip():
            parts.append(" ".join(piece.split()))
    return parts


def glossary_term(text, split_term):
    term = split_term(text)
    return term[0] if term else None


def alternatives_in_brackets(phrase):
    """ "Impilare (Stacking)" -> ["Impilare", "Stacking"]."""
    outside = phrase.split("(")[0].strip()
    inside = [part.split(")")[0].strip() for part in phrase.split("(")[1:]]
    return [p for p in [outside, *inside] if p]


def explicit_terms(rows, reference, glossary_key, split_term):
    """{folded source: Term} from the glossary entries and headings of the aligned rows."""
    terms = {}
    for row in rows:
        source_text = row.texts.get(reference)
        if not source_text:
            continue
        if row.kind == "heading":
            _add_heading(terms, row, reference)
        elif row.section_key == glossary_key:
            _add_glossary(terms, row, reference, split_term)
    return terms


def _term(terms, source, anchor, origin):
    key = " ".join(phrase_words(source))
    term = terms.setdefault(key, Term(source))
    term.anchors.append(anchor)
    term.origins.add(origin)
    return term


def _add_heading(terms, row, reference):
    source_parts = heading_parts(row.texts[reference])
    for language, text in row.texts.items():
        if language == reference or not text:
            continue
        parts = heading_parts(text)
        pairs = zip(source_parts, parts, strict=True) if len(parts) == len(source_parts) else []
        for source, rendering in pairs:
            if any(char.isalpha() for char in source):
                _term(terms, source, row.anchor, "heading").add(language, Rendering(rendering, "heading", row.anchor))


def _add_glossary(terms, row, reference, split_term):
    source = glossary_term(row.texts[reference], split_term)
    if not source:
        return
    term = _term(terms, source, row.anchor, "glossary")
    for language, text in row.texts.items():
        rendering = glossary_term(text, split_term) if language != reference and text else None
        for phrase in alternatives_in_brackets(rendering or ""):
            term.add(language, Rendering(phrase, "glossary", row.anchor))


def add_vocabulary(terms, words):
    for word in words:
        key = " ".join(phrase_words(word))
        if key:
            terms.setdefault(key, Term(word)).origins.add("vocabulary")


def apply_confirmed(terms, confirmed):
    """`confirmed`: {source: {language: ([accepted forms], [other words seen])}} from the admin."""
    for source, languages in confirmed.items():
        key = " ".join(phrase_words(source))
        term = terms.setdefault(key, Term(source))
        term.origins.add("confirmed")
        for language, (accepted, alternatives) in languages.items():
            term.renderings[language] = [Rendering(p, "confirmed") for p in accepted] + [
                Rendering(p, "alternative") for p in alternatives
            ]


# --- linking words by where they are used -------------------------------------------------------


def content_words(text):
    return [t.folded for t in tokens(text) if len(t.folded) >= MIN_CONTENT_LETTERS]


def word_anchors(items, language):
    """{canonical folded word: set of anchors}, forms merged onto the most frequent form."""
    counts, anchors = Counter(), {}
    for anchor, texts in items:
        text = texts.get(language)
        for word in content_words(text or ""):
            counts[word] += 1
            anchors.setdefault(word, set()).add(anchor)
    return _merged(counts, anchors)


def surface_forms(items, language):
    """{folded word: its most frequent spelling in the texts}."""
    spellings = Counter()
    for _anchor, texts in items:
        spellings.update(token.text for token in tokens(texts.get(language) or ""))
    best = {}
    for spelling, _count in spellings.most_common():
        best.setdefault(fold(spelling), spelling)
    return best


def _merged(counts, anchors):
    canonical = _canonical_forms(counts)
    merged = {}
    for word, seen in anchors.items():
        merged.setdefault(canonical[word], set()).update(seen)
    return merged, canonical


def _canonical_forms(counts):
    by_frequency = sorted(counts, key=lambda word: (-counts[word], word))
    # Forms share a stem of MIN_STEM letters, so only words of the same first letters are compared.
    same_start = defaultdict(list)
    for word in by_frequency:
        same_start[word[:MIN_STEM]].append(word)
    canonical = {}
    for word in by_frequency:
        if word in canonical:
            continue
        canonical[word] = word
        for other in same_start[word[:MIN_STEM]]:
            if other not in canonical and are_forms(word, other):
                canonical[other] = word
    return canonical


def link_words(items, reference, language):
    """{reference word: translation word} by competitive linking on shared anchors."""
    source, _ = word_anchors(items, reference)
    target, _ = word_anchors(items, language)
    candidates = []
    for word, anchors in source.items():
        for other, other_anchors in target.items():
            shared = len(anchors & other_anchors)
            if shared >= MIN_SHARED_ANCHORS:
                dice = 2 * shared / (len(anchors) + len(other_anchors))
                if dice >= MIN_LINK:
                    candidates.append((-dice, -shared, word == other, word, other))
    linked, taken = {}, set()
    for *_scores, word, other in sorted(candidates):
        if word not in linked and other not in taken:
            linked[word] = other
            taken.add(other)
    return linked


def add_usage(terms, items, reference, languages):
    """A single-word term gets the word its rules link it to as a rendering of origin 'usage'."""
    for language in languages:
        links = link_words(items, reference, language)
        _, canonical = word_anchors(items, reference)
        spelled = surface_forms(items, language)
        for key, term in terms.items():
            words = key.split()
            if len(words) != 1 or any(r.origin == "confirmed" for r in term.renderings.get(language, [])):
                continue
            linked = links.get(canonical.get(words[0], words[0]))
            if linked:
                term.add(language, Rendering(spelled.get(linked, linked), "usage"))


def uses(term, items, reference, skip=()):
    """Anchors whose reference text uses the term (not as part of a hyphenated word: "turn-order")."""
    return [
        anchor
        for anchor, texts in items
        if anchor not in skip and texts.get(reference) and _used_alone(term.source, texts[reference])
    ]


def _used_alone(phrase, text):
    text_tokens = tokens(text)
    size = len(phrase_words(phrase))
    for start in find_phrase(phrase, text_tokens):
        first, last = text_tokens[start], text_tokens[start + size - 1]
        if text[last.end : last.end + 1] != "-" and text[max(0, first.start - 1) : first.start] != "-":
            return True
    return False


def present(term, text, language, reference_source):
    """The renderings of the term found in a text (inflections too), and the source term when left in."""
    written = {fold(r.phrase) for r in term.renderings.get(language, [])}
    left_in = fold(reference_source) not in written and contains_phrase(reference_source, text)
    if left_in:  # "Platinum" must not pass for an inflection of "Platine"
        text = _without(reference_source, text)
    found = [r for r in term.renderings.get(language, []) if contains_phrase(r.phrase, text, _matcher(r.phrase))]
    if left_in:
        found.append(Rendering(reference_source, "untranslated"))
    return found


def _without(phrase, text):
    text_tokens = tokens(text)
    size = len(phrase_words(phrase))
    for start in reversed(find_phrase(phrase, text_tokens)):
        text = text[: text_tokens[start].start] + text[text_tokens[start + size - 1].end :]
    return text


def _matcher(phrase):
    """One-word renderings match their inflections (impilare / impilano); words of a longer term
    only their forms (Pila Scarti is not Pile Scartate)."""
    return related if len(phrase_words(phrase)) == 1 else are_forms


def equivalent(a, b):
    """The same rendering, or two renderings a glossary entry gives together ("Impilare (Stacking)")."""
    return same_phrase(a.phrase, b.phrase) or (a.origin == b.origin == "glossary" and a.anchor == b.anchor)


def nearest_word(phrases, text):
    """A word of the text sharing four letters, and two thirds, of a one-word rendering, or None
    (Statutaire for stat, Contratto for Contrattacco; not attacco for Attaccante)."""
    wanted = [w for phrase in phrases for w in phrase_words(phrase) if len(phrase_words(phrase)) == 1]
    wanted = [w for w in wanted if len(w) >= MIN_RELATED_STEM]
    best = None
    for token in tokens(text):
        for word in wanted:
            stem = _stem_length(word, token.folded)
            close = stem >= MIN_RELATED_STEM and stem * 3 >= len(word) * 2
            if close and (best is None or stem > best[0]):
                best = (stem, token.text)
    return best[1] if best else None


def _stem_length(a, b):
    stem = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        stem += 1
    return stem


def same_rendering(a, b):
    return same_phrase(a, b)
