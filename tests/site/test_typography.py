"""French typography, one way everywhere (docs/translating.md): a no-break space (U+00A0) before a
colon and inside « », a narrow no-break space (U+202F) before ; ! and ?. Read from the compiled
catalogue, so what the pages show is what is checked."""

import gettext
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale"
CODE_COLON = re.compile(r"«\u00a0[^»]*\w:[^»]*»")  # decklist syntax quoted as typed ("Name:")
RULES = (
    (re.compile(r"(?:^|[^\u00a0])(?<=\s):|(?<=[\w)’”%]):(?=\s|$)"), "a no-break space (U+00A0) before “:”"),
    (re.compile(r"(?:\s(?<!\u202f)|(?<=[\w)’”%]))[;!?](?=\s|$)"), "a narrow no-break space (U+202F) before ; ! ?"),
    (re.compile(r"«(?!\u00a0)|(?<!\u00a0)»"), "a no-break space inside « »"),
)


def french_texts():
    """The pages' catalogue and the scripts' (djangojs: the phone page's offline and retry notes)."""
    texts = []
    for domain in ("django", "djangojs"):
        with open(LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.mo", "rb") as compiled:
            catalogue = gettext.GNUTranslations(compiled)._catalog
        texts += [text for key, text in catalogue.items() if (key[0] if isinstance(key, tuple) else key)]
    return texts


def problems(text):
    text = CODE_COLON.sub("«\u00a0»", text)
    return [rule for pattern, rule in RULES if pattern.search(text)]


def test_the_rules_catch_what_they_are_for():
    assert problems("Tour : un cycle") == ["a no-break space (U+00A0) before “:”"]
    assert problems("Tour\u00a0: un cycle\u202f; fin\u202f!") == []
    assert problems("Vraiment ?") and problems("Vraiment\u00a0?") and problems("«texte»")
    assert problems("Une ligne «\u00a0Name:\u00a0» donne le nom.") == []


def test_french_translations_space_their_punctuation_one_way():
    wrong = {text: problems(text) for text in french_texts() if problems(text)}
    assert not wrong, wrong


def test_italian_translations_quote_one_way():
    """Italian quotes with “ ” (docs/translating.md), the way nearly every Italian message already did."""
    with open(LOCALE / "it" / "LC_MESSAGES" / "django.mo", "rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)._catalog
    guillemets = [text for key, text in catalogue.items() if key and ("«" in text or "»" in text)]
    assert not guillemets, guillemets
