"""A game is one package: its deck rules and their messages, its scoring and its chart panels are
registered with the engines, which hold no game's words. Quarry Kings, the worked example of
docs/architecture.md, lives in tests/games_example/ and is registered only for these tests."""

import datetime
import json
import pkgutil
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.utils import translation

import games
from core.errors import DomainError
from decks.legality import CardInfo, Deck, DeckEntry, compile_format, validate
from decks.legality.messages import render
from decks.presenters import deck_chart
from games.scoring import ScoringContext
from tests.games_example import quarry_kings

ROOT = Path(__file__).resolve().parents[2]
QUARRY_FORMAT = {
    "slug": "qk-standard",
    "name": "Quarry Kings Standard",
    "game": quarry_kings.SLUG,
    "version": "1",
    "effective": "2026-01-01",
    "constraints": [{"kind": "crown_total", "max": 3, "rule": "Deck Building 2"}],
}


@pytest.fixture
def quarry_kings_game():
    games.register(quarry_kings.GAME)
    yield quarry_kings.GAME
    games.unregister(quarry_kings.SLUG)


def quarry_card(name, crowns=0, gem="ruby"):
    attributes = {"crowns": crowns, "gem": gem}
    return CardInfo(
        id=hash(name) % 10_000,
        name=name,
        key=name.casefold(),
        game=quarry_kings.SLUG,
        type="miner",
        attributes=attributes,
    )


# The worked example


@pytest.mark.usefixtures("quarry_kings_game")
def test_a_deck_breaking_the_games_own_rule_gets_its_message():
    fmt = compile_format(QUARRY_FORMAT)
    deck = Deck([DeckEntry(quarry_card("Crowned Mole", crowns=2), 2), DeckEntry(quarry_card("Digger"), 3)])
    verdict = validate(deck, fmt, datetime.date(2026, 2, 1))
    assert [(v.code, v.cards, v.actual) for v in verdict.violations] == [("crown_total", ["Crowned Mole"], 4)]
    assert render(verdict.violations[0]) == "The deck carries 4 crowns; at most 3 are allowed."
    lighter = Deck([DeckEntry(quarry_card("Crowned Mole", crowns=2), 1)])
    assert validate(lighter, fmt, datetime.date(2026, 2, 1)).legal


def test_without_its_package_the_games_rule_is_unknown():
    with pytest.raises(DomainError) as refused:
        compile_format(QUARRY_FORMAT)
    assert refused.value.code == "format.unknown_kind"


@pytest.mark.usefixtures("quarry_kings_game")
def test_a_report_is_scored_by_the_games_rule():
    result = games.get(quarry_kings.SLUG).score_game(
        {"gems": {"7": 12, "8": 9}, "winner": "7"}, ScoringContext("versus", (7, 8))
    )
    assert (result.points, result.winner) == ({7: 12, 8: 9}, 7)
    with pytest.raises(DomainError) as refused:
        games.get(quarry_kings.SLUG).score_game(
            {"gems": {"7": 61, "8": 0}, "winner": 7}, ScoringContext("versus", (7, 8))
        )
    assert refused.value.field == "gems.7"


@pytest.mark.usefixtures("quarry_kings_game")
def test_the_games_panel_is_drawn_on_the_deck_chart():
    game = SimpleNamespace(definition=games.get(quarry_kings.SLUG), wheel=list)
    entries = [(_catalogue_card("Crowned Mole", "ruby"), 2), (_catalogue_card("Digger", "jade"), 3)]
    svg = deck_chart(game, entries)
    assert 'aria-label="Cards by gem"' in svg
    assert re.search(r">jade<.*>3<.*>ruby<.*>2<", svg)


def _catalogue_card(name, gem):
    """What the deck chart reads of a catalogue row."""
    return SimpleNamespace(name=name, type="miner", tribe=None, rank="", stats={}, attributes={"gem": gem})


# The registry


def test_a_games_options_are_checked_with_their_defaults():
    reclamation = games.get("dust-reclamation")
    assert reclamation.check_options({}) == {"split_work_order": True}  # the rules: shared
    assert reclamation.check_options({"split_work_order": True}) == {"split_work_order": True}
    with pytest.raises(DomainError) as refused:
        reclamation.check_options({"split_work_order": "yes"})
    assert (refused.value.code, refused.value.field) == ("game.option_not_boolean", "split_work_order")
    with pytest.raises(DomainError) as refused, translation.override("fr"):
        games.get("dust-collectorz").check_options({"split_work_order": True})
    assert refused.value.code == "game.unknown_option" and "split_work_order" in refused.value.message


def test_games_keep_their_message_keys_apart():
    """The legality engine finds a message by code or kind across games: no two games share one."""
    seen = {}
    for definition in games.registered():
        for key in definition.violation_messages:
            assert key not in seen, f"{key} is {seen.get(key)}'s and {definition.slug}'s"
            seen[key] = definition.slug


# The engines hold no game's words

GENERIC_FILES = [
    *sorted((ROOT / "decks" / "legality").glob("*.py")),
    ROOT / "decks" / "charts.py",
    ROOT / "catalogue" / "models.py",
]
GAME_WORDS = [
    "Tokui",
    "Main Personality",
    "main_personality",
    "main-personality",
    "Mastery",
    "Sensei",
    "Ally",
    "Allies",
    "Battle Simulator",
    "Martial Arts",
    "Saiyan",
    "Counter type",
    "counter_count",
    "Work Order",
    "work_order",
    "champion",
    "Deck Composition",
    "DBZ",
]


def _game_words():
    words = set(GAME_WORDS)
    for definition in games.registered():
        words.update(definition.card_schema.ranks)
        words.update(str(label) for label in definition.card_schema.ranks.values())
    for catalogue in (ROOT / "sample" / "catalogue").glob("*.json"):
        words.update(tribe["name"] for tribe in json.loads(catalogue.read_text(encoding="utf-8")).get("tribes", []))
    return sorted(words)


def _game_packages():
    return [module.name for module in pkgutil.iter_modules(games.__path__) if module.ispkg]


@pytest.mark.parametrize("path", GENERIC_FILES, ids=lambda path: str(path.relative_to(ROOT)))
def test_the_engines_hold_no_games_words(path):
    text = path.read_text(encoding="utf-8")
    found = [word for word in _game_words() if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE)]
    assert not found, f"{path.relative_to(ROOT)} names {found}: they belong in the game's package"
    imports = re.findall(rf"\b(?:from|import)\s+games\.({'|'.join(_game_packages())})\b", text)
    imports += re.findall(rf"\bfrom\s+games\s+import\s+({'|'.join(_game_packages())})\b", text)
    assert not imports, f"{path.relative_to(ROOT)} imports the game packages {imports}: ask the registry"
