"""Rules documents: parsing into sections/items/glossary, and cross-language anchors (no database).

The publisher's documents are read from /work/shared/reference at test time (never copied into the
repository); those tests skip when the folder is absent. The synthetic documents below are ours.
"""

import re
from functools import cache
from pathlib import Path

import pytest

from core.errors import DomainError
from rules.alignment import align
from rules.parsing import parse_rules, slugify

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
needs_reference = pytest.mark.skipif(
    not REFERENCE.is_dir(), reason=f"publisher rules documents not available at {REFERENCE}"
)

DC_FILES = {
    "en": "dust-collectorz-rules-en-V202310.09.txt",
    "fr": "dust-collectorz-rules-fr-V202310.21.txt",
    "it": "dust-collectorz-rules-it-V202311.02.txt",
}
DBZ_FILE = "dbz-ccg-expanded-current-rulings-v1.5.0.txt"
RECLAMATION_FILE = "dust-reclamation-rules-en.txt"
HTML = re.compile(r"<[a-zA-Z/!][^>]*>|&(?:[a-zA-Z]+|#\d+);")


@cache
def reference_text(name):
    return (REFERENCE / name).read_text(encoding="utf-8")


@cache
def reference_document(name, language="en"):
    return parse_rules(reference_text(name), language)


def dc_documents():
    return {language: reference_document(name, language) for language, name in DC_FILES.items()}


def section(document, slug):
    return next(index for index, found in enumerate(document.sections) if found.slug == slug)


def all_anchors(alignment):
    return [row.anchor for row in alignment.rows()]


# --- the publisher's documents ------------------------------------------------------------------


@needs_reference
@pytest.mark.parametrize(
    ("name", "language", "version", "sections", "rules", "glossary"),
    [
        # sections include the leading "preamble" (text before the first heading)
        (DC_FILES["en"], "en", "V202310.09", 25, 39, 35),
        (DC_FILES["fr"], "fr", "V202310.21", 25, 39, 35),
        (DC_FILES["it"], "it", "V202311.02", 25, 39, 35),
        (RECLAMATION_FILE, "en", None, 26, 0, 0),
        (DBZ_FILE, "en", "v1.5.0", 26, 20, 0),
    ],
)
def test_reference_document_counts(name, language, version, sections, rules, glossary):
    document = reference_document(name, language)
    assert document.version == version
    assert document.language == language
    assert len(document.sections) == sections
    assert len(document.rules()) == rules
    assert len(document.glossary) == glossary
    assert document.sections[0].slug == "preamble"


@needs_reference
def test_translated_headings_are_found_like_english_ones():
    documents = dc_documents()
    french = documents["fr"].sections[section(documents["fr"], "composition-du-deck")]
    assert french.heading == "Composition du Deck"
    assert [item.number for item in french.items if item.kind == "rule"] == [1, 2, 3]
    team_mode = documents["it"].sections[section(documents["it"], "mode-team-quattro-giocatori")]
    assert team_mode.level == 1
    for document in documents.values():
        levels = [found.level for found in document.sections]
        assert levels.count(1) == 4  # the four game modes
        assert document.sections[document.glossary_section].level == 2


@needs_reference
def test_notes_follow_their_rule_as_separate_items():
    for document in dc_documents().values():
        items = document.sections[2].items  # after the preamble and the pre-release note
        assert [(item.kind, item.number) for item in items] == [
            ("rule", 1),
            ("rule", 2),
            ("note", None),
            ("rule", 3),
        ]
        assert sum(item.kind == "note" for found in document.sections for item in found.items) == 5


@needs_reference
def test_deck_composition_anchors_are_shared_by_all_languages():
    documents = dc_documents()
    alignment = align(documents, reference="en")
    for language, document in documents.items():
        index = 2  # preamble, pre-release note, deck composition
        assert alignment.section_key_of(language, index) == "deck-composition"
        rules = [position for position, item in enumerate(document.sections[index].items) if item.kind == "rule"]
        anchors = [alignment.anchor_of(language, index, position) for position in rules]
        assert anchors == ["deck-composition-1", "deck-composition-2", "deck-composition-3"]
        assert alignment.anchor_of(language, index, 2) == "deck-composition-note-1"


@needs_reference
def test_every_section_and_item_is_aligned_in_the_three_languages():
    alignment = align(dc_documents())
    # The Italian preamble is only the translator's credit, taken out: the thanks are not translated.
    assert alignment.missing == [("it", "preamble-p1", "paragraph missing (present in en, fr)")]
    assert dc_documents()["it"].credit == "Translation by Giada Gubert"
    rows = list(alignment.rows())
    assert len(rows) == 25 + 39 + 5 + 56 + 11  # headings, rules, notes, bullets, paragraphs
    assert all(None not in row.texts.values() for row in rows if row.kind not in ("heading", "paragraph"))
    keys = [found.key for found in alignment.sections]
    assert "mode-four-player-team-setup" in keys
    assert "game-mode-young-champions-age-4-tie-game" in keys


@needs_reference
def test_reordered_italian_glossary_is_paired_by_usage_and_flagged():
    documents = dc_documents()
    alignment = align(documents)
    italian = documents["it"]
    glossary = italian.glossary_section
    by_term = {
        entry.term: alignment.anchor_of("it", glossary, position) for position, entry in enumerate(italian.glossary)
    }
    assert by_term["Round"] == "glossary-round"
    assert by_term["Impilare (Stacking)"] == "glossary-stacking"
    assert len(set(by_term.values())) == 35
    assert ("it", "glossary") in {(language, key) for language, key, _ in alignment.uncertain}
    assert not any(language == "fr" and key.startswith("glossary") for language, key, _ in alignment.uncertain)


@needs_reference
def test_dbz_page_chrome_is_not_in_any_item():
    document = reference_document(DBZ_FILE)
    chrome = re.compile(r"Kb\.|Page\s*\d+/\d+|Date\d|#\d{3,}|^[\d\s]+$|top of page|Main page|Share with", re.I)
    texts = [found.heading for found in document.sections]
    texts += [item.text for found in document.sections for item in found.items]
    assert not [text for text in texts if chrome.search(text)]


@needs_reference
def test_dbz_title_headings_card_lists_and_flattened_numbering():
    document = reference_document(DBZ_FILE)
    for slug in ("deck-size", "mastery-cards", "tokui-waza", "named-cards", "banned", "restricted"):
        assert document.sections[section(document, slug)].level == 2
    banned = document.sections[section(document, "banned")].items
    restricted = document.sections[section(document, "restricted")].items
    assert [item.kind for item in banned].count("bullet") == 9
    assert [item.kind for item in restricted].count("bullet") == 41
    battle = document.sections[section(document, "battle-sequence")]
    assert [item.number for item in battle.items if item.kind == "rule"] == list(range(1, 16))
    anchors = all_anchors(align({"en": document}))
    assert "named-cards-3" in anchors
    assert "named-cards-l2-2" in anchors
    assert len(anchors) == len(set(anchors))


@needs_reference
def test_reclamation_has_no_glossary_and_keeps_its_lists():
    document = reference_document(RECLAMATION_FILE)
    assert document.glossary_section is None
    setup = document.sections[section(document, "setup")]
    assert setup.level == 1
    assert not setup.items
    area = document.sections[section(document, "prepare-the-play-area")]
    assert [item.kind for item in area.items] == ["bullet"] * 4


@needs_reference
def test_parsing_and_aligning_again_gives_the_same_anchors():
    first = align({language: parse_rules(reference_text(name), language) for language, name in DC_FILES.items()})
    second = align({language: parse_rules(reference_text(name), language) for language, name in DC_FILES.items()})
    assert all_anchors(first) == all_anchors(second)
    assert len(set(all_anchors(first))) == len(all_anchors(first))
    for name in (DBZ_FILE, RECLAMATION_FILE):
        again = all_anchors(align({"en": parse_rules(reference_text(name), "en")}))
        assert again == all_anchors(align({"en": reference_document(name)}))


@needs_reference
@pytest.mark.parametrize("name", [*DC_FILES.values(), DBZ_FILE, RECLAMATION_FILE])
def test_item_texts_are_plain_text(name):
    document = reference_document(name)
    texts = [found.heading for found in document.sections]
    texts += [item.text for found in document.sections for item in found.items]
    for text in texts:
        assert not HTML.search(text)
        assert text == " ".join(text.split())  # single spaces, no newlines, no no-break spaces


# --- synthetic documents ------------------------------------------------------------------------

LANTERN_RULES = """top of page

Lantern Run
- Rules - Test Edition - V7.3.1

A small race for two to four players.

Preparation:

  1. Each runner takes 12 lantern tokens.
    Note: With 4 runners, take 9 tokens instead.

  2. Shuffle the path cards
     and deal 5 to each runner.

Carrying Limits

  • Hold at most 7 cards.
  - Discard down at the end of your turn.

Mode: Night Relay

Runners play in teams of two.

Terms:

  • Lantern: a token that lights one path card.
  • Path: the row of cards between start and camp.
  • Runner: a player.
  • Camp: the last card of the path.
  • Ember: a spent lantern.
  • Gust: an event card that moves lanterns.
  • Relay: handing a lantern to a team mate.
  • Watch: one full round of turns.

bottom of page
"""


def test_synthetic_headings_rules_notes_bullets_and_glossary():
    document = parse_rules(LANTERN_RULES, "en")
    assert (document.title, document.version) == ("Lantern Run", "V7.3.1")
    assert [(found.heading, found.slug, found.level) for found in document.sections] == [
        ("", "preamble", 0),
        ("Preparation", "preparation", 2),
        ("Carrying Limits", "carrying-limits", 2),
        ("Mode: Night Relay", "mode-night-relay", 1),
        ("Terms", "terms", 2),
    ]
    preparation = document.sections[1].items
    assert [(item.kind, item.number) for item in preparation] == [("rule", 1), ("note", None), ("rule", 2)]
    assert preparation[1].text == "With 4 runners, take 9 tokens instead."
    assert preparation[2].text == "Shuffle the path cards and deal 5 to each runner."
    assert [item.kind for item in document.sections[2].items] == ["bullet", "bullet"]
    assert document.glossary_section == 4
    assert [entry.term for entry in document.glossary][:2] == ["Lantern", "Path"]
    assert len(document.glossary) == 8


def test_synthetic_chrome_plain_line_lists_and_glued_headings():
    text = (
        "Moth Duel rulings\n\nDownload 12.5 Kb.\nPage1/3\nDate01.02.2020\nSize12.5 Kb.\n#4711\n 1 2 3\n\n"
        "General\n\n\nDeck Size\n\nA deck has 40 cards.\n\nBanned\n\nThe following cards are banned in every official event:\n\n"
        "Grey Wing\n\nDust Cloud\n\nPale Flame\n\nRestricted\n\nOne copy each.\nTiming\n\n"
        "  1. Draw.\n\n  1. Play.\n\n  1. Discard.\n\nDownload 12.5 Kb.\n\nShare with your friends:\n"
    )
    document = parse_rules(text, "en")
    assert [(found.slug, found.level) for found in document.sections] == [
        ("general", 1),
        ("deck-size", 2),
        ("banned", 2),
        ("restricted", 2),
        ("timing", 2),
    ]
    banned = document.sections[2].items
    assert [(item.kind, item.text) for item in banned][1:] == [
        ("bullet", "Grey Wing"),
        ("bullet", "Dust Cloud"),
        ("bullet", "Pale Flame"),
    ]
    assert [item.number for item in document.sections[4].items] == [1, 2, 3]  # printed "1." each time
    assert not [
        item for found in document.sections for item in found.items if "Kb" in item.text or "Share" in item.text
    ]


ENGLISH_MINI = """Lantern Run

Set Up:

  1. Deal 4 cards to each runner.

  2. Place 2 lanterns on the camp.

  3. Roll 1 die for the weather.

Ending:

  • A lit camp scores 3 points.

  • A dark camp scores 5 points.

Ties:

The youngest runner wins a tie.
"""

FRENCH_MINI = """Lantern Run

Préparation :

  1. Donnez 4 cartes à chaque coureur.

  2. Posez 2 lanternes sur le camp.
    Remarque : jamais plus de 2.

  3. Lancez 1 dé pour la météo.

Fin de la partie :

  • Un camp sombre marque 5 points.
"""


def test_synthetic_alignment_by_structure_reports_missing_items():
    alignment = align({"en": parse_rules(ENGLISH_MINI, "en"), "fr": parse_rules(FRENCH_MINI, "fr")})
    rows = {row.anchor: row.texts for row in alignment.rows()}
    assert list(rows) == [
        "set-up",
        "set-up-1",
        "set-up-2",
        "set-up-fr-note-1",
        "set-up-3",
        "ending",
        "ending-b1",
        "ending-b2",
        "ties",
        "ties-p1",
    ]
    assert rows["set-up"] == {"en": "Set Up", "fr": "Préparation"}
    assert rows["set-up-fr-note-1"]["en"] is None
    assert rows["ending-b1"]["fr"] is None
    assert rows["ending-b2"]["fr"].endswith("5 points.")  # paired by the number, not by position
    assert rows["ties-p1"] == {"en": "The youngest runner wins a tie.", "fr": None}
    assert sorted((language, anchor) for language, anchor, _ in alignment.missing) == [
        ("en", "set-up-fr-note-1"),
        ("fr", "ending-b1"),
        ("fr", "ties"),
    ]
    assert alignment.anchor_of("fr", 0, 2) == "set-up-fr-note-1"
    assert alignment.anchor_of("fr", 1, 0) == "ending-b2"


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (bytes(range(256)).decode("latin-1") * 4, "binary"),
        ("".join(chr(code) for code in range(1, 9)) * 100 + "Setup:\n  1. Roll.\n", "binary"),
        ("", "empty"),
        (" \n\u00a0\n\t\n", "empty"),
        ("top of page\n\nbottom of page\n", "empty"),
        ("Setup:\n\n  1. Roll a die.\n\n" * 120_000, "too large"),
        (
            "A letter\n\n" + ("This sentence goes on and on without any heading at all. " * 8 + "\n\n") * 4,
            "No structure",
        ),
        (b"Setup:\n\xff\xfe\n", "not UTF-8"),
    ],
    ids=["binary", "control-characters", "empty", "blank", "only-chrome", "3-mb", "unstructured", "not-utf8"],
)
def test_bad_input_is_refused_with_a_clear_message(text, message):
    with pytest.raises(DomainError, match=message):
        parse_rules(text, "en")


def test_utf8_bytes_are_accepted_and_slugs_are_ascii():
    document = parse_rules("Title\n\nDéroulement du jeu ::\n\n  1. Jouez.\n".encode(), "fr")
    assert document.sections[0].slug == "deroulement-du-jeu"
    assert slugify("Composition du Deck:") == "composition-du-deck"
    assert slugify("Mode: Team Quattro Giocatori") == "mode-team-quattro-giocatori"
