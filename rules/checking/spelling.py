"""Spelling: a dictionary where one is installed, and a document's own usage everywhere (plain Python).

* Dictionary: pyspellchecker's word lists (offline: English, French, Italian, Spanish, German,
  Portuguese, Dutch and others), only for a language whose list is installed. A word of four letters
  or more is reported when the dictionary does not know it but is *confident* of the intended word
  (`confidence` >= CONFIDENT): an accent away ("Epique": épique), or one letter away from a word
  that takes most of the frequency of every word one letter away ("compost": composto and its other
  endings). Not confident, so not reported: two likely words ("porranno": vorranno or potranno), a
  word that only changes an ending of the likely word ("scontri": scontro, "puntos": punto: an
  inflection the lists miss), or a word far from every known word ("posizioneranno"). Game terms, names, words related to a word of the reference
  text (left untranslated on purpose: "Leader"), elisions ("dell'", "jusqu'") and words in capitals
  are not checked.
* Usage: a word written in one rule where, between the same two neighbours, at least two other rules
  write a word one letter away, when that is only an accent ("a se" / "a sé", "A la fin" / "À la
  fin"), the word is unknown to the dictionary ("del Roud" / "del Round"), or only its last letter
  differs between an article and a noun ("le stessa carte" / "le stesse carte": agreement). Also an article missing the final
  vowel the text writes before the same noun in two rules or more ("un Catena" / "una Catena"), and
  a word written joined in one rule that the document hyphenates elsewhere ("préversion").
  Any language.
"""

from collections import defaultdict
from functools import lru_cache

from .text import edit_distance, fold, tokens

MIN_DICTIONARY_LETTERS = 4
MIN_FREQUENCY = 500
CONFIDENT = 0.75  # the likely word's share of the frequency of every word one letter away
_INFLECTION_ENDINGS = ("s", "es")
MAX_ARTICLE = 3
_VOWELS = set("aeiou")
MIN_USUAL_RULES = 2
_ELISION = ("'", "’")


@lru_cache(maxsize=16)
def dictionary(language):
    """pyspellchecker's checker for the language (offline word lists), or None without one."""
    try:
        from spellchecker import SpellChecker

        return SpellChecker(language=language, distance=1)
    except (ValueError, OSError, ImportError):
        return None


def is_known(word, language):
    """Whether the dictionary knows the word as written; None without a dictionary."""
    checker = dictionary(language)
    return None if checker is None else word.lower() in checker


def near_miss(word, language):
    """The word the dictionary is confident was meant by an unknown word, else None."""
    intended, share = confidence(word, language)
    return intended if share >= CONFIDENT else None


def confidence(word, language):
    """(likely intended word, how sure the dictionary is of it, 0 to 1) for an unknown word;
    (None, 0) for a known word, a language without a dictionary or no common word one letter away."""
    checker = dictionary(language)
    lowered = word.lower()
    if checker is None or lowered in checker:
        return None, 0.0
    candidates = [c for c in (checker.candidates(lowered) or ()) if c != lowered]
    accents = [c for c in candidates if fold(c) == fold(lowered)]
    if accents:
        return accents[0], 1.0
    frequency = {c: checker.word_frequency[c] for c in candidates}
    common = sorted((c for c in candidates if frequency[c] >= MIN_FREQUENCY), key=lambda c: -frequency[c])
    if not common or _inflection(lowered, common[0]):
        return None, 0.0
    family = sum(frequency[c] for c in candidates if _endings_differ(c, common[0]))
    return common[0], family / sum(frequency.values())


def _endings_differ(a, b):
    """One word with another last letter: composto, composta, composti."""
    return len(a) == len(b) and a[:-1] == b[:-1]


def _inflection(word, known):
    """The unknown word is the known one with another ending ("scontri", "puntos"): an inflection the
    word list lacks, not a slip."""
    return _endings_differ(word, known) or any(word == known + end for end in _INFLECTION_ENDINGS)


def misspellings(text, language, allowed):
    """[(word, likely intended word)] in the text ([] without a dictionary)."""
    if dictionary(language) is None:
        return []
    found = []
    for token in tokens(text):
        skipped = token.text.isupper() or text[token.end : token.end + 1] in _ELISION
        if len(token.folded) < MIN_DICTIONARY_LETTERS or skipped or allowed(token.text):
            continue
        intended = near_miss(token.text, language)
        if intended:
            found.append((token.text, intended))
    return found


def usage_variants(texts, language):
    """[(anchor, word, usual word)]: see the module docstring."""
    between = defaultdict(lambda: defaultdict(set))  # (before, after) -> word -> anchors
    before_noun = defaultdict(lambda: defaultdict(set))  # after -> short word -> anchors
    for anchor, text in texts:
        words = [t.text for t in tokens(text)]
        for index, word in enumerate(words):
            before = fold(words[index - 1]) if index else "^"
            after = fold(words[index + 1]) if index + 1 < len(words) else "$"
            between[(before, after)][word.lower()].add(anchor)
            if len(word) <= MAX_ARTICLE and after != "$":
                before_noun[after][word.lower()].add(anchor)
    found = []
    for (before, after), by_word in between.items():
        agreement = len(before) <= MAX_ARTICLE and len(after) > MAX_ARTICLE and "$" not in (before, after)
        found += _one_offs(by_word, lambda word, other, agreement=agreement: _slip(word, other, language, agreement))
    for by_word in before_noun.values():
        found += _one_offs(by_word, _article_slip)
    return list(dict.fromkeys(found))


def _one_offs(by_word, is_slip):
    """(anchor, word, usual) for a word written in one rule where two rules or more write a word it
    is a slip of, in the same place."""
    found = []
    for word, anchors in by_word.items():
        if len(anchors) != 1:
            continue
        usual = next(
            (other for other, seen in by_word.items() if len(seen) >= MIN_USUAL_RULES and is_slip(word, other)), None
        )
        if usual:
            found.append((next(iter(anchors)), word, usual))
    return found


def _slip(word, other, language, agreement):
    """An accent, a letter that makes an unknown word ("Roud"), or, between an article and a noun
    (`agreement`), an ending that breaks agreement ("le stessa carte" where the text writes "le stesse
    carte"; elsewhere singular and plural both have their place: "1 punto", "0 punti")."""
    if other == word or edit_distance(word, other, 1) != 1:
        return False
    ending = agreement and len(word) == len(other) >= MIN_DICTIONARY_LETTERS and word[:-1] == other[:-1]
    return fold(other) == fold(word) or is_known(word, language) is False or ending


def _article_slip(word, other):
    """A short word before a noun missing the letter the text usually writes there ("un Catena"
    where it writes "una Catena"): an article that does not agree."""
    return len(other) == len(word) + 1 and other.startswith(word) and other[-1] in _VOWELS


def joined_variants(texts, headings=()):
    """[(anchor, word, usual)]: a word written once joined ("préversion") that the document writes
    elsewhere, headings included, with a hyphen ("pré-version")."""
    written = defaultdict(set)  # folded word -> anchors
    pairs = {}  # folded joined pair -> as written
    for anchor, text in [*texts, *headings]:
        found = tokens(text)
        for token in found:
            written[token.folded].add(anchor)
        for left, right in zip(found, found[1:], strict=False):
            if text[left.end : right.start] in ("-", "\u2011"):
                pairs[left.folded + right.folded] = text[left.start : right.end]
    return [
        (next(iter(written[joined])), _as_written(texts, joined), usual)
        for joined, usual in pairs.items()
        if len(written.get(joined, ())) == 1 and next(iter(written[joined])) in dict(texts)
    ]


def _as_written(texts, folded):
    return next(t.text for _anchor, text in texts for t in tokens(text) if t.folded == folded)
