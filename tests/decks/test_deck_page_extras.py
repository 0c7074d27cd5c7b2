"""The deck page players expect: a description, and a sample opening hand of the game's size
(Dust Collectorz, Setup 2: six cards), drawn again on demand, on a phone-sized page."""

from pathlib import Path

import pytest

from catalogue.models import Game
from core.errors import DomainError
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db
EXPORTS = Path(__file__).parent / "exports"


@pytest.fixture
def lint_rush(alice, sample):
    game = Game.objects.get(slug="dust-collectorz")
    content = deck_services.deck_content((EXPORTS / "mtga-deck.txt").read_text(encoding="utf-8"), game)
    return deck_services.create_deck(
        alice, "Lint Rush", game, "dc-prerelease", "public", content.cards, description="Fast Lintlings.\nMulligan <b>"
    )


def test_the_description_is_shown_escaped_and_edited_in_settings(client, alice, lint_rush):
    client.force_login(alice)
    page = client.get(f"/en/decks/{lint_rush.pk}/")
    assert "<p>Fast Lintlings.<br>Mulligan &lt;b&gt;</p>" in page.text
    client.post(
        f"/en/decks/{lint_rush.pk}/settings/", {"name": "Lint Rush", "visibility": "public", "description": "x"}
    )
    lint_rush.refresh_from_db()
    assert lint_rush.description == "x" and lint_rush.latest_version().number == 1


def test_the_api_reads_and_writes_the_description(api, alice, lint_rush):
    api.force_authenticate(alice)
    assert api.get(f"/api/v1/decks/{lint_rush.pk}/").json()["description"].startswith("Fast Lintlings.")
    body = api.patch(f"/api/v1/decks/{lint_rush.pk}/", {"description": "Control"}, format="json").json()
    assert body["description"] == "Control"


def test_a_sample_hand_draws_the_opening_hand_size_and_redraws(client, lint_rush):
    page = client.get(f"/en/decks/{lint_rush.pk}/")
    assert "Draw 6 cards at random from this deck, as a game starts." in page.text
    hand = client.get(f"/en/decks/{lint_rush.pk}/", {"hand": "42"}).context["hand"]
    again = client.get(f"/en/decks/{lint_rush.pk}/", {"hand": "42"}).context["hand"]
    other = client.get(f"/en/decks/{lint_rush.pk}/", {"hand": "43"}).context["hand"]
    assert len(hand["cards"]) == 6 and hand["cards"] == again["cards"]  # a draw is a link
    assert [card.pk for card in hand["cards"]] != [card.pk for card in other["cards"]]
    assert "Tirer de nouveau" in client.get(f"/fr/decks/{lint_rush.pk}/", {"hand": "1"}).text


def test_a_dbz_sample_hand_is_a_first_draw_phase_without_the_cards_set_aside(client, alice, sample):
    """dbz-expanded: the rulings state no opening hand; the site draws the 3 cards of a Draw Phase
    and leaves out the Main Personality levels, Mastery and Sensei, which start in play."""
    game = Game.objects.get(slug="dbz-ccg")
    text = "1 Goku (Level 1)\n1 Goku (Level 2)\n1 Goku (Level 3)\n2 Saiyan Final Push\n1 Saiyan Heritage\n"
    cards, declarations = deck_services.cards_from_decklist(text + "1 Master Roshi Sensei\n", game)
    deck = deck_services.create_deck(alice, "Goku", game, "dbz-expanded", "public", cards, declarations)
    page = client.get(f"/en/decks/{deck.pk}/")
    assert "The rules state no opening hand. The site’s choice: draw the 3 cards of a first Draw Phase" in page.text
    assert "Not drawn: Main Personality, Mastery, Sensei start the game in play (4 cards of this deck)." in page.text
    for seed in ("1", "2", "3"):
        hand = client.get(f"/en/decks/{deck.pk}/", {"hand": seed}).context["hand"]
        assert sorted(card.name for card in hand["cards"]) == [
            "Saiyan Final Push",
            "Saiyan Final Push",
            "Saiyan Heritage",
        ]
    assert "première phase de pioche (Draw Phase)" in client.get(f"/fr/decks/{deck.pk}/").text


def test_a_format_without_an_opening_hand_has_no_sample_hand():
    from decks.legality import compile_format
    from games.formats import shipped_definitions

    definition = next(item for item in shipped_definitions() if item["slug"] == "dbz-expanded")
    bare = {key: value for key, value in definition.items() if not key.startswith("opening_hand")}
    assert compile_format(bare).opening_hand is None
    with pytest.raises(DomainError, match="the opening hand is “setup” or “draw_phase”"):
        compile_format({**definition, "opening_hand_kind": "mulligan"})
