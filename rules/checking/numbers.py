"""Numbers a rule states, in digits or in words of its language (plain Python).

Number words come from num2words for every language it knows, from two to twenty ("one" doubles as
an article everywhere). A number word counts only when the word after it is one the same document
writes after a digit ("six cartes", "due carte", "two or more cards": within three words), so Italian "Se sei in dubbio" (you are) or French
"neuf" (new) are not numbers. "six (6)" states one number once. Numbers inside a game mode's name
("two-player versus", "4 Player Team mode") are optional: a translation may keep or drop them.
"""

import re
from functools import lru_cache

from num2words import num2words

from .text import are_forms, fold, tokens

LOWEST_WORD, HIGHEST_WORD = 2, 20
NOUN_WINDOW = 3  # "two or more cards": the noun may come a few words later
_NOUN_AFTER = re.compile(r"[ \u00a0]+([^\W\d_]{3,})(?![ \u00a0]+\d)")  # not "2 and 3"
_DIGITS = re.compile(r"(?<![\w.,])[-+±]?(\d+)(?![\w]|[.,]\d)")


@lru_cache(maxsize=64)
def number_words(language):
    """{folded word: value} for the language's one-word numbers from two to twenty ({} when unknown)."""
    found = {}
    for value in range(LOWEST_WORD, HIGHEST_WORD + 1):
        try:
            word = fold(num2words(value, lang=language))
        except (NotImplementedError, KeyError, ValueError):
            return {}
        if re.fullmatch(r"[^\W\d_]+", word):
            found[word] = value
    return found


def counted_nouns(texts):
    """The words a document writes right after a digit (folded): "cartes", "points", "giocatori"."""
    nouns = set()
    for text in texts:
        for match in _DIGITS.finditer(text):
            following = _NOUN_AFTER.match(text, match.end())
            if following:
                nouns.add(fold(following.group(1)))
    return nouns


def mentions(text, language, nouns):
    """[(value, start, end)] of the numbers stated in the text."""
    found = [(int(m.group(1)), m.start(), m.end()) for m in _DIGITS.finditer(text)]
    words = number_words(language)
    text_tokens = tokens(text)
    for index, token in enumerate(text_tokens):
        value = words.get(token.folded)
        if value is None or _restated(text, token, value):
            continue
        following = [t.folded for t in text_tokens[index + 1 : index + 1 + NOUN_WINDOW]]
        if any(_noun_form(word, nouns) for word in following):
            found.append((value, token.start, token.end))
    return found


def _restated(text, token, value):
    """ "six (6)": the word is followed by its own digits in brackets."""
    return re.match(rf"\s*\(\s*{value}\s*\)", text[token.end :]) is not None


def _noun_form(word, nouns):
    return word in nouns or any(are_forms(word, noun) for noun in nouns if len(noun) > 2)


def names_spans(text, names, language):
    """(start, end) of each game-mode name in the text, numbers written either way."""
    spans = []
    normalised = with_digits(text, language)
    for name in names:
        pattern = _name_pattern(with_digits(name, language))
        if pattern:
            spans += [(m.start(), m.end()) for m in pattern.finditer(normalised)]
    return spans


def with_digits(text, language):
    """The folded text with number words replaced by digits of the same length (positions kept)."""
    words = number_words(language)
    folded = list(fold(text)) if len(fold(text)) == len(text) else list(text.lower())
    for token in tokens(text):
        value = words.get(token.folded)
        if value is not None:
            digits = str(value).ljust(token.end - token.start, "\x00")
            folded[token.start : token.end] = digits
    return "".join(folded)


def _name_pattern(name):
    parts = re.findall(r"\d+|[^\W\d_]+", name)
    if not parts:
        return None
    return re.compile(r"(?<!\w)" + r"[\W_\x00]+".join(re.escape(part) + r"\x00*" for part in parts) + r"(?!\w)")


def stated(text, language, nouns, names=()):
    """(required, optional): sets of values stated outside and inside game-mode names."""
    spans = names_spans(text, names, language)
    required, optional = set(), set()
    for value, start, end in mentions(text, language, nouns):
        inside = any(s <= start and end <= e for s, e in spans)
        (optional if inside else required).add(value)
    return required, optional


def differences(reference, translation):
    """(missing, extra) values between two (required, optional) pairs."""
    (ref_required, ref_optional), (tr_required, tr_optional) = reference, translation
    missing = ref_required - tr_required - tr_optional
    extra = tr_required - ref_required - ref_optional
    return missing, extra


def digits_in(text):
    return [match.group(1) for match in _DIGITS.finditer(text.replace("\x00", ""))]


def ranks_stated(text, labels, reference_labels):
    """The ranks (values such as Gold or Silver) a text names, each by its label in the text's
    language or left in the reference language ("Cartes Platinum"): {rank}."""
    folded = [token.folded for token in tokens(text)]
    return {
        rank
        for rank in reference_labels
        if any(_names_rank(label, folded) for label in (labels.get(rank), reference_labels[rank]) if label)
    }


def _names_rank(label, folded):
    wanted = fold(label)
    return any(word == wanted or (len(wanted) > 2 and are_forms(wanted, word)) for word in folded)
