"""Words, forms and phrases in any language written with letters (plain Python, no word lists).

Two words are *forms* of one another when, accents and case aside, they share a stem of three letters
or more and differ only by up to two letters made of vowels (not "y"), "s", "x" or "h": tour/tours, Mazzo/Mazzi,
Epica/Epiche, Tribu/Tribus. Platine/Platinum, Contrattacco/Contratto and all/ally are different words.
"""

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_WORD = re.compile(r"[^\W\d_]+")
_FORM_TAIL = set("aeiouhsx")
MIN_STEM = 3
MAX_TAIL = 2


@dataclass(frozen=True)
class Token:
    text: str
    folded: str
    start: int
    end: int


@lru_cache(maxsize=1 << 16)  # the checker folds the same few thousand words a million times
def fold(text):
    """Lowercase without accents: 'Épique' -> 'epique'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


@lru_cache(maxsize=1 << 12)  # each check tokenises every rule's text dozens of times
def tokens(text):
    """The words of a text (letters only: "d'argent" gives "d" and "argent"), with their positions."""
    return tuple(Token(m.group(), fold(m.group()), m.start(), m.end()) for m in _WORD.finditer(text))


def words(text):
    return [token.folded for token in tokens(text)]


@lru_cache(maxsize=1 << 16)
def are_forms(a, b):
    """Whether two folded words are forms of one word (see the module docstring)."""
    if a == b:
        return True
    stem = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        stem += 1
    tails = a[stem:], b[stem:]
    return stem >= MIN_STEM and all(len(tail) <= MAX_TAIL and set(tail) <= _FORM_TAIL for tail in tails)


@lru_cache(maxsize=1 << 14)
def phrase_words(phrase):
    """The folded words of a phrase, as a tuple (cached: phrases are checked against every rule)."""
    return tuple(words(phrase))


def find_phrase(phrase, text_tokens, same=are_forms):
    """Start indexes in `text_tokens` where the phrase's words occur in a row (short words exactly;
    the others when `same(wanted, written)`)."""
    wanted = phrase_words(phrase) if isinstance(phrase, str) else list(phrase)
    if not wanted:
        return []
    found = []
    for start in range(len(text_tokens) - len(wanted) + 1):
        window = text_tokens[start : start + len(wanted)]
        if all(_word_matches(word, token.folded, same) for word, token in zip(wanted, window, strict=True)):
            found.append(start)
    return found


def _word_matches(wanted, word, same=are_forms):
    return wanted == word if len(wanted) < MIN_STEM else same(wanted, word)


def contains_phrase(phrase, text, same=are_forms):
    return bool(find_phrase(phrase, tokens(text), same))


def same_phrase(a, b):
    """Whether two phrases are the same words, up to forms."""
    left, right = phrase_words(a), phrase_words(b)
    return len(left) == len(right) and all(_word_matches(x, y) for x, y in zip(left, right, strict=True))


def edit_distance(a, b, limit=3):
    """Levenshtein distance, stopping early above `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]
