"""The metagame engine and the games' archetype rules, on small hand-made data (no database)."""

from games.archetypes import DeckInput
from games.dbz_ccg.archetypes import archetype as dbz_archetype
from games.dust_collectorz.archetypes import archetype as dc_archetype
from tournaments.engine.metagame import MetagameDeck, PlayedMatch, metagame

WHEEL = ["Lintlings", "Rustbacks", "Cobweavers", "Gutter Gremlins", "Attic Hoarders"]


def champion(name, tribe, rank="bronze", qty=1):
    return {"name": name, "qty": qty, "type": "champion", "tribe": tribe, "rank": rank, "attributes": {}}


def test_a_dust_collectorz_deck_is_its_main_tribes_and_its_epic_cards():
    deck = [
        champion("Fluffnip", "Lintlings", qty=3),
        champion("Omnifluff the Endless", "Lintlings", "epic"),
        champion("Bolt Nibbler", "Rustbacks", qty=4),
        champion("King Corrode", "Rustbacks", "epic"),
        champion("Corner Creeper", "Cobweavers", qty=2),
        {"name": "Dustpan Trap", "qty": 2, "type": "counter", "tribe": None, "rank": None, "attributes": {}},
    ]
    found = dc_archetype(DeckInput(deck, {}, WHEEL))
    # Lintlings 4, Rustbacks 5, Cobweavers 2: Rustbacks alone leads.
    assert found.label == "Rustbacks · King Corrode + Omnifluff the Endless"
    assert found.key == "Rustbacks|King Corrode+Omnifluff the Endless"


def test_two_tribes_tied_on_top_are_both_main_tribes_and_three_are_none():
    two = [champion("A", "Cobweavers", qty=5), champion("B", "Lintlings", qty=5), champion("C", "Rustbacks")]
    assert dc_archetype(DeckInput(two, {}, WHEEL)).label == "Lintlings / Cobweavers · No Epic"  # wheel order
    # A pre-release deck holds six champions of every tribe: no main tribe, only its Epic cards.
    balanced = [champion(name, tribe, qty=6) for name, tribe in zip("ABCDE", WHEEL, strict=True)]
    assert dc_archetype(DeckInput(balanced, {}, WHEEL)).label == "No Epic"


def test_a_dbz_deck_is_its_main_personality_and_its_style():
    cards = [
        {"name": "Goku Lv1", "qty": 1, "type": "main_personality", "attributes": {"personality": "Goku", "level": 1}},
        {"name": "Red Punch", "qty": 3, "type": "combat", "attributes": {"style": "red"}},
        {"name": "Blue Block", "qty": 2, "type": "combat", "attributes": {"style": "blue"}},
    ]
    assert dbz_archetype(DeckInput(cards, {}, [])).label == "Goku · Red Style"
    declared = {"main-personality": "Vegeta", "tokui-waza": "Saiyan"}
    assert dbz_archetype(DeckInput(cards, declared, [])).label == "Vegeta · Saiyan Style"
    assert dbz_archetype(DeckInput([], {}, [])).label == "No Main Personality · Freestyle"


def test_a_small_event_by_hand():
    """Five decks of three archetypes, six matches: counted by hand below."""
    decks = [
        MetagameDeck("ann", "aggro", "Aggro", made_top_cut=True),
        MetagameDeck("ben", "aggro", "Aggro", made_top_cut=False),
        MetagameDeck("cat", "control", "Control", made_top_cut=True),
        MetagameDeck("dan", "control", "Control", made_top_cut=False),
        MetagameDeck("eve", "combo", "Combo", made_top_cut=False),
    ]
    matches = [
        PlayedMatch({"ann": "win", "cat": "loss"}),  # aggro beats control
        PlayedMatch({"ben": "loss", "dan": "win"}),  # control beats aggro
        PlayedMatch({"eve": "draw", "ann": "draw"}),  # combo draws aggro
        PlayedMatch({"ann": "win", "ben": "loss"}),  # aggro mirror
        PlayedMatch({"cat": "win", "eve": "loss"}),  # control beats combo
        PlayedMatch({"dan": "win", "zed": "loss"}),  # against a player without a published list
    ]
    report = metagame(decks, matches)
    rows = {row["key"]: row for row in report["archetypes"]}
    assert [row["key"] for row in report["archetypes"]] == ["aggro", "control", "combo"]  # most decks, then label
    # Aggro: W vs control, L vs control, D vs combo (mirror left out): 1.5 / 3.
    assert (rows["aggro"]["wins"], rows["aggro"]["losses"], rows["aggro"]["draws"]) == (1, 1, 1)
    assert rows["aggro"]["win_rate"] == 0.5 and rows["aggro"]["mirror_matches"] == 1
    # Control: L vs aggro, W vs aggro, W vs combo, W vs the unlisted player: 3 / 4.
    assert rows["control"]["win_rate"] == 0.75 and rows["control"]["played"] == 4
    # Combo: D vs aggro, L vs control: 0.5 / 2.
    assert rows["combo"]["win_rate"] == 0.25
    assert (rows["aggro"]["share"], rows["combo"]["share"]) == (0.4, 0.2)
    assert (rows["aggro"]["conversion"], rows["control"]["conversion"], rows["combo"]["conversion"]) == (0.5, 0.5, 0)
    matchups = report["matchups"]["rows"]
    assert matchups[0][0] is None, "the mirror is not a matchup"
    assert matchups[0][1] == {"wins": 1, "losses": 1, "draws": 0, "played": 2, "win_rate": 0.5}
    assert matchups[2][1]["win_rate"] == 0.0 and matchups[1][2]["win_rate"] == 1.0
    assert matchups[2][0] == {"wins": 0, "losses": 0, "draws": 1, "played": 1, "win_rate": 0.5}


def test_without_a_top_cut_there_is_no_conversion():
    report = metagame([MetagameDeck("ann", "aggro", "Aggro")], [])
    assert report["has_top_cut"] is False
    assert report["archetypes"][0]["conversion"] is None and report["archetypes"][0]["win_rate"] is None
