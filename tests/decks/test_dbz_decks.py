"""DBZ decks as good as Dust Collectorz decks: the Main Personality, its levels and the Tokui-Waza
on the deck page, Style and Level columns instead of empty Tribe and Rank, a chart of card types
and styles; card pages with labelled fields in every language and each format's standing; the
catalogue searched by set and number and by rules text."""

import re

import pytest

from catalogue.models import Card, Game
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db

DECKLIST = """Main Personality: Goku
Tokui-Waza: Saiyan
1 Goku (Level 1)
1 Goku (Level 2)
1 Goku (Level 3)
2 Saiyan Final Push
1 Saiyan Heritage
1 Master Roshi Sensei
"""


@pytest.fixture
def saiyan_deck(alice, sample):
    game = Game.objects.get(slug="dbz-ccg")
    cards, declarations = deck_services.cards_from_decklist(DECKLIST, game)
    return deck_services.create_deck(alice, "Saiyan rush", game, "dbz-expanded", "public", cards, declarations)


def test_the_deck_page_shows_main_personality_levels_and_tokui_waza(client, saiyan_deck):
    page = client.get(f"/en/decks/{saiyan_deck.pk}/").text
    facts = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", page))
    assert facts["Main Personality"] == "Goku"
    assert facts["Levels"] == "1, 2, 3"
    assert facts["Tokui-Waza"] == "Saiyan Style"
    french = client.get(f"/fr/decks/{saiyan_deck.pk}/").text
    assert "<dt>Niveaux</dt><dd>1, 2, 3</dd>" in french and "<dd>Style Saiyan</dd>" in french


def test_main_personality_is_read_from_the_cards_when_not_declared(client, alice, sample):
    game = Game.objects.get(slug="dbz-ccg")
    cards, declarations = deck_services.cards_from_decklist("1 Vegeta (Level 1)\n1 Vegeta (Level 2)", game)
    deck = deck_services.create_deck(alice, "Prince", game, "dbz-expanded", "public", cards, declarations)
    facts = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", client.get(f"/en/decks/{deck.pk}/").text))
    assert (facts["Main Personality"], facts["Levels"], facts["Tokui-Waza"]) == ("Vegeta", "1, 2", "not declared")


def test_style_and_level_columns_instead_of_empty_tribe_and_rank(client, saiyan_deck):
    page = client.get(f"/en/decks/{saiyan_deck.pk}/")
    table = page.context["table"]
    assert table["headers"] == ["Martial Arts Style", "Level"]
    cells = {card.name: [text for text, _class in row] for _qty, card, row in table["rows"]}
    assert cells["Goku (Level 2)"] == ["—", 2]
    assert cells["Saiyan Final Push"] == ["Saiyan Style", "—"]
    assert "<th>Tribe</th>" not in page.text


def test_the_chart_breaks_the_deck_down_by_type_and_style(client, saiyan_deck):
    page = client.get(f"/en/decks/{saiyan_deck.pk}/").text
    chart = page[page.index('<figure class="chart">') :]
    assert '<g class="bars" aria-label="Cards by type">' in chart
    assert '<g class="bars" aria-label="Cards by style">' in chart
    assert "<title>Main Personality: 3</title>" in chart and "<title>Saiyan Style: 3</title>" in chart
    assert "<title>No style: 4</title>" in chart
    # Its text alternative: the same numbers as tables (WCAG 1.1.1).
    numbers = chart[chart.index('<details class="chart-numbers">') : chart.index("</figure>")]
    assert "<caption>Cards by type</caption>" in numbers and "<caption>Cards by style</caption>" in numbers
    assert '<th scope="row">Main Personality</th><td class="num">3</td>' in numbers
    assert '<th scope="row">No style</th><td class="num">4</td>' in numbers
    italian = client.get(f"/it/decks/{saiyan_deck.pk}/").text
    assert 'aria-label="Carte per stile"' in italian and "<title>Stile Saiyan: 3</title>" in italian


def test_the_builder_counts_types_and_styles(client, alice, saiyan_deck):
    client.force_login(alice)
    page = client.post(f"/en/decks/{saiyan_deck.pk}/edit/", {"decklist": DECKLIST, "check": "1"})
    grid = page.context["grid"]
    assert ("Saiyan Style", 3) in grid["styles"] and ("Main Personality", 3) in grid["types"]
    assert page.context["builder_labels"]["styles"]["saiyan"] == "Saiyan Style"


@pytest.mark.parametrize(
    ("language", "labels"),
    [
        ("en", ["Personality", "Level", "Alignment"]),
        ("fr", ["Personnalité", "Niveau", "Camp"]),
        ("it", ["Personalità", "Livello", "Schieramento"]),
    ],
)
def test_card_pages_label_their_fields_in_every_language(client, sample, language, labels):
    goku = Card.objects.get(name="Goku (Level 2)")
    page = client.get(f"/{language}{goku.get_absolute_url()[3:]}").text
    for label in labels:
        assert f"<dt>{label}</dt>" in page
    assert "<dt>personality</dt>" not in page and "battle_simulator" not in page


def test_card_pages_show_each_formats_standing(client, sample):
    def standing(name, language="en"):
        card = Card.objects.get(name=name)
        page = client.get(f"/{language}{card.get_absolute_url()[3:]}").text
        return re.search(r"Dragon Ball Z CCG Expanded</strong> <span[^>]*>(.*?)</span>", page).group(1)

    assert standing("Cosmic Backlash") == "Banned since Jan. 15, 2004"
    assert standing("Dream Machine Battle") == "Banned"
    assert standing("Energy Lob") == "Restricted to 1 copy since Jan. 15, 2004"
    assert standing("Vegeta's Smirk") == "Restricted to 1 copy"
    assert standing("Battle Simulator Sparring Drone") == "Not allowed"
    assert standing("Goku (Level 2)") == "Legal"
    card = Card.objects.get(name="Energy Lob")
    french = client.get(f"/fr{card.get_absolute_url()[3:]}").text
    assert "Limitée à 1 exemplaire depuis le 15 janvier 2004" in french
    simulator = client.get(f"/it{Card.objects.get(name='Battle Simulator Sparring Drone').get_absolute_url()[3:]}").text
    assert "<dt>Carta Battle Simulator</dt><dd>Sì</dd>" in simulator


def test_the_catalogue_is_searched_by_set_and_number_and_by_rules_text(client, api, sample):
    page = client.get("/en/catalogue/dbz-ccg/", {"set": "SAI", "number": "2"})
    assert [card.name for card, _cells in page.context["rows"]] == []  # numbers are printed as 002
    page = client.get("/en/catalogue/dbz-ccg/", {"set": "SAI", "number": "002"})
    assert [card.name for card, _cells in page.context["rows"]] == ["Goku (Level 2)"]
    page = client.get("/en/catalogue/dbz-ccg/", {"text": "power stage energy"})
    found = [card for card, _cells in page.context["rows"]]
    assert "Goku (Level 2)" in {card.name for card in found}
    for card in found:
        assert all(word in (card.text + " " + card.ability).lower() for word in ("power", "stage", "energy"))
    body = api.get("/api/v1/cards/", {"game": "dbz-ccg", "set": "sai", "number": "002"}).json()
    assert [card["name"] for card in body["results"]] == ["Goku (Level 2)"]
    texts = api.get("/api/v1/cards/", {"game": "dust-collectorz", "text": "zzzz-nothing"}).json()
    assert texts["results"] == []


def test_a_card_written_as_the_ban_list_spells_it_is_found_and_banned(sample):
    """The format file lists "Dragons Glare" also as "Dragon's Glare": a decklist may use either."""
    from decks.services.legality import validate_request

    verdict = validate_request("dbz-expanded", decklist=DECKLIST + "1 Dragon's Glare\n")
    assert [line["name"] for line in verdict["lines"] if line["text"] == "1 Dragon's Glare"] == ["Dragons Glare"]
    assert any(v["code"] == "banned" and "Dragons Glare" in v["message"] for v in verdict["violations"])


def test_card_pages_show_allies_above_level_two_as_not_allowed(client, sample):
    """Since 11/24/04 only Level 1-2 Allies may be played: a level 3 Ally's page must not say "Legal"."""

    def standing(name):
        card = Card.objects.get(name=name)
        page = client.get(f"/en{card.get_absolute_url()[3:]}").text
        return re.search(r"Dragon Ball Z CCG Expanded</strong> <span[^>]*>(.*?)</span>", page).group(1)

    assert standing("Yamcha, Seasoned Warrior") == "Not allowed"  # a level 3 Ally
    assert standing("Yamcha, Wolf Fang Fighter") == "Legal"  # level 2
    assert standing("Goku (Level 3)") == "Legal"  # a Main Personality level, not an Ally
