"""Spelling: a dictionary where one is installed, and a document's own usage everywhere (plain Python).

* Dictionary: pyspellchecker's word lists (offline: English, French, Italian, Spanish, German,
  Portuguese, Dutch and others). A word of four letters or more is reported when the dictionary does
  not know it but knows a common word one letter or one accent away ("compost": composto; "Epique":
  épique). The lists miss many inflections ("posizioneranno", "impilano"), so a word far from every
  known word is taken as one of those. Game terms, names, words related to a word of the reference
  text (left untranslated on purpose: "Leader"), elisions ("dell'", "jusqu'") and words in capitals
  are not checked.
* Usage: a word written in one rule where, between the same two neighbours, at least two other rules
  write a word one letter away, when that is only an accent ("a se" / "a sé", "A la fin" / "À la
  fin") or the word is unknown to the dictionary ("del Roud" / "del Round"). Any language. (Slips
  into another real word, "le stessa carte", look like agreement and are left to a reader.)
"""

from collections import defaultdict
from functools import lru_cache

from .text import edit_distance, fold, tokens

MIN_DICTIONARY_LETTERS = 4
MIN_FREQUENCY = 500
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
    """A common known word one letter or one accent away from an unknown word, else None."""
    checker = dictionary(language)
    if checker is None or word.lower() in checker:
        return None
    lowered = word.lower()
    candidates = [c for c in (checker.candidates(lowered) or ()) if c != lowered]
    accents = [c for c in candidates if fold(c) == fold(lowered)]
    common = [c for c in candidates if checker.word_frequency[c] >= MIN_FREQUENCY]
    best = accents or sorted(common, key=lambda c: -checker.word_frequency[c])
    return best[0] if best else None


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
    contexts = defaultdict(lambda: defaultdict(set))  # (before, after) -> word -> anchors
    for anchor, text in texts:
        words = [t.text for t in tokens(text)]
        for index, word in enumerate(words):
            before = fold(words[index - 1]) if index else "^"
            after = fold(words[index + 1]) if index + 1 < len(words) else "$"
            contexts[(before, after)][word.lower()].add(anchor)
    found = []
    for by_word in contexts.values():
        for word, anchors in by_word.items():
            usual = _usual(word, by_word, language)
            if usual and len(anchors) == 1:
                found.append((next(iter(anchors)), word, usual))
    return found


def _usual(word, by_word, language):
    for other, anchors in by_word.items():
        if other == word or len(anchors) < MIN_USUAL_RULES or edit_distance(word, other, 1) != 1:
            continue
        if fold(other) == fold(word) or is_known(word, language) is False:
            return other
    return None
