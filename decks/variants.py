"""What tells copies of one card apart in a collection (plain Python): finish, condition and
language, the words players and stores use for them, and the player's tags.

Rows from before variants existed, and lines that say nothing, are Normal, Near Mint and of no
stated language (docs/formats.md, "Collections").
"""

import re
from typing import NamedTuple

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from core.text import UNSTORABLE, has_hidden_characters
from games.cards import search_key

NORMAL, FOIL, ETCHED = "normal", "foil", "etched"
FINISHES = {NORMAL: _("Normal"), FOIL: _("Foil"), ETCHED: _("Etched foil")}
NEAR_MINT = "near_mint"
# As card stores grade them (TCGplayer, Cardmarket, Deckbox), best first.
CONDITIONS = {
    "mint": _("Mint"),
    NEAR_MINT: _("Near Mint"),
    "lightly_played": _("Lightly Played"),
    "moderately_played": _("Moderately Played"),
    "heavily_played": _("Heavily Played"),
    "damaged": _("Damaged"),
}
UNSTATED = ""
LANGUAGES = {
    UNSTATED: _("Not stated"),
    "en": _("English"),
    "fr": _("French"),
    "it": _("Italian"),
    "de": _("German"),
    "es": _("Spanish"),
    "pt": _("Portuguese"),
    "ja": _("Japanese"),
}
ROW_ORDER = ("card_id", "finish", "condition", "language")  # a card's rows, always in the same order
MAX_TAGS = 10
TAG_LENGTH = 40
# Text marks, as Moxfield writes *F* for foil: *E* etched, *LP* a condition, *FR* a language.
FINISH_MARKS = {"f": FOIL, "e": ETCHED}
CONDITION_MARKS = {"m": "mint", "nm": NEAR_MINT, "lp": "lightly_played", "mp": "moderately_played",
                   "hp": "heavily_played", "d": "damaged", "dmg": "damaged"}  # fmt: skip
LANGUAGE_MARKS = {code: code for code in LANGUAGES if code} | {"jp": "ja"}
# What exports and stores write besides our own codes and labels, folded (lower case, no accents).
FINISH_WORDS = {"": NORMAL, "nonfoil": NORMAL, "non foil": NORMAL, "no": NORMAL, "false": NORMAL,
                "etched": ETCHED, "etched foil": ETCHED, "yes": FOIL, "true": FOIL}  # fmt: skip
CONDITION_WORDS = {"near mint": NEAR_MINT, "mint near mint": NEAR_MINT, "excellent": "lightly_played",
                   "good (lightly played)": "lightly_played", "good": "lightly_played",
                   "sp": "lightly_played", "slightly played": "lightly_played", "played": "moderately_played",
                   "poor": "damaged", "": NEAR_MINT}  # fmt: skip
LANGUAGE_WORDS = {"english": "en", "anglais": "en", "inglese": "en", "francais": "fr", "francese": "fr",
                  "italien": "it", "italiano": "it", "deutsch": "de", "allemand": "de", "tedesco": "de",
                  "espanol": "es", "espagnol": "es", "spagnolo": "es", "portugues": "pt", "portugais": "pt",
                  "portoghese": "pt", "japonais": "ja", "giapponese": "ja", "jp": "ja"}  # fmt: skip
TAG_SEPARATORS = re.compile(r"[,\^#]")


class Variant(NamedTuple):
    """One row of a collection: a card in one finish, condition and language."""

    card: int
    finish: str = NORMAL
    condition: str = NEAR_MINT
    language: str = UNSTATED

    @property
    def label(self):
        return variant_label(self.finish, self.condition, self.language)


def variant_label(finish, condition, language):
    """ "Foil · Lightly Played · French": finish and condition always, the language when stated."""
    parts = [FINISHES.get(finish, finish), CONDITIONS.get(condition, condition)]
    if language:
        parts.append(LANGUAGES.get(language, language))
    return " · ".join(str(part) for part in parts)


def _vocabulary(labels, words, marks):
    """Folded word -> code: our codes, the marks, the stores' words, and our labels in every language
    the site speaks (a CSV exported in French reads back)."""
    known = {search_key(code.replace("_", " ")): code for code in labels} | dict(marks) | dict(words)
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            known |= {search_key(str(label)): code for code, label in labels.items()}
    return known


def _reader(labels, words, marks):
    cache = {}

    def read(value):
        """The code for a word an export writes, or None when it is not one."""
        if not cache:
            cache.update(_vocabulary(labels, words, marks))
        return cache.get(search_key(value or ""))

    return read


read_finish = _reader(FINISHES, FINISH_WORDS, FINISH_MARKS)
read_condition = _reader(CONDITIONS, CONDITION_WORDS, CONDITION_MARKS)
read_language = _reader(LANGUAGES, LANGUAGE_WORDS, LANGUAGE_MARKS)


def read_tags(value):
    """A tags cell ("binder, trade") as a list, each tag trimmed; see clean_tags."""
    return clean_tags(value.split(",")) if value else []


def clean_tags(tags):
    """Tags kept in order, each once, at most MAX_TAGS of at most TAG_LENGTH characters; characters
    the text and CSV exports use as separators (, ^ #), hidden characters (core.text) and what no
    database stores are left out."""
    kept = []
    for tag in tags:
        shown = "".join(char for char in str(tag) if not has_hidden_characters(char) and not UNSTORABLE.match(char))
        tag = TAG_SEPARATORS.sub("", shown).strip()[:TAG_LENGTH].strip()
        if tag and tag.casefold() not in {known.casefold() for known in kept}:
            kept.append(tag)
    return kept[:MAX_TAGS]


def merged_tags(*lists):
    return clean_tags(tag for tags in lists for tag in tags)
