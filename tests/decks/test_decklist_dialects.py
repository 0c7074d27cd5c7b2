"""Every decklist dialect players paste: Moxfield, Archidekt (set, number, category and tags), MTGA,
Deckbox's text export, plain `N Name` and `Nx Name`. The exports in tests/decks/exports/ are written in each site's own
layout with the sample catalogue's cards: the same legal 32-card deck, read the same everywhere."""

from pathlib import Path

import pytest

from catalogue.models import Game
from decks.decklist import parse_decklist
from decks.services import decks as deck_services
from decks.services.decks import content_hash

pytestmark = pytest.mark.django_db
EXPORTS = Path(__file__).parent / "exports"
URL = "/api/v1/decks/validate/"


def read(name):
    return (EXPORTS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name", ["moxfield-deck.txt", "archidekt-deck.txt", "mtga-deck.txt", "deckbox-deck.txt", "plain-deck.txt"]
)
def test_each_sites_export_is_the_same_legal_deck(api, sample, name):
    body = api.post(URL, {"format": "dc-prerelease", "decklist": read(name), "as_of": "2024-01-01"}, format="json")
    body = body.json()
    assert [line for line in body["lines"] if line["status"] != "ok"] == []
    assert body["card_count"] == 32 and body["legal"] is True, body["violations"]
    content = deck_services.deck_content(read(name), Game.objects.get(slug="dust-collectorz"))
    assert sum(content.cards.values()) == 32
    # The same cards whatever the site: one hash.
    reference = deck_services.deck_content(read("plain-deck.txt"), Game.objects.get(slug="dust-collectorz"))
    assert content_hash(content.cards) == content_hash(reference.cards)


def test_archidekt_categories_tags_and_finishes_are_read_not_cut():
    parsed = parse_decklist(read("archidekt-deck.txt"))
    first, second = parsed.lines[:2]
    assert (first.name, first.set_code, first.number, first.category, first.tags) == (
        "Fluffnip",
        "pr1",
        "001",
        "Lintlings",
        ["Have"],
    )
    assert second.tags == ["Have", "Trade"]  # "#37d67a" is a colour, not a comment
    assert [line.finish for line in parsed.lines].count("foil") == 1
    assert [line.name for line in parsed.sideboard] == ["Tumblefluff"]  # [Sideboard]
    assert [line.name for line in parsed.left_out] == ["Queen Nap"]  # [Maybeboard{noDeck}]


def test_mtga_about_block_names_the_deck_and_moxfield_sideboard_is_apart():
    mtga = parse_decklist(read("mtga-deck.txt"))
    assert mtga.title == "Lint Rush" and mtga.declarations == {} and len(mtga.lines) == 32
    moxfield = parse_decklist(read("moxfield-deck.txt"))
    assert [line.name for line in moxfield.sideboard] == ["Tumblefluff", "Pill Knight"]
    assert moxfield.lines[1].finish == "foil"
    deckbox = parse_decklist(read("deckbox-deck.txt"))  # "N Name" lines, then a "Sideboard:" heading
    assert len(deckbox.lines) == 32 and [line.name for line in deckbox.sideboard] == ["Tumblefluff"]


def test_headings_and_sections_are_shown_not_dropped(api, sample):
    text = "Champions:\n2 Pocket Puff\nMaybeboard\n1 Queen Nap\n"
    body = api.post(URL, {"format": "dc-prerelease", "decklist": text}, format="json").json()
    assert [(note["line"], note["code"]) for note in body["notes"]] == [
        (1, "decklist.heading"),
        (3, "decklist.left_out"),
    ]
    assert body["card_count"] == 2
    assert "“Maybeboard” lists cards outside the deck" in body["notes"][1]["message"]


def test_an_unknown_header_is_shown_with_the_headers_the_format_reads(api, sample):
    text = "TW: Saiyan\nMain Personality: Goku\n1 Goku (Level 1)\n"
    body = api.post(URL, {"format": "dbz-expanded", "decklist": text}, format="json").json()
    assert [(note["line"], note["code"], note["text"]) for note in body["notes"]] == [
        (1, "decklist.unknown_header", "TW: Saiyan")
    ]
    assert "Main Personality, Tokui Waza" in body["notes"][0]["message"]
    french = api.post(URL, {"format": "dbz-expanded", "decklist": text}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert "n’a pas été lu" in french.json()["notes"][0]["message"]


def test_the_deck_page_shows_unknown_headers_when_saving(client, alice, sample):
    client.force_login(alice)
    response = client.post(
        "/en/decks/new/",
        {"name": "Goku", "format": "dbz-expanded", "visibility": "private", "decklist": "TW: Saiyan\n1 Goku (Level 1)"},
        follow=True,
    )
    assert "Line 1: “TW: Saiyan” was not read" in response.text


# Large numbers in messages are grouped the reader's way (1,000,000 in English).
@pytest.mark.parametrize(("line", "qty"), [("100 Pocket Puff", "100"), ("1000000x Pocket Puff", "1,000,000")])
def test_a_quantity_out_of_range_is_a_bad_quantity_not_an_unknown_card(api, sample, line, qty):
    body = api.post(URL, {"format": "dc-prerelease", "decklist": line}, format="json").json()
    codes = [violation["code"] for violation in body["violations"]]
    assert "unknown_card" not in codes and "bad_line" in codes
    message = next(v["message"] for v in body["violations"] if v["code"] == "bad_line")
    assert message == f"Line 1 (“{line}”): The quantity {qty} is not between 1 and 99."


def test_bulk_hash_ignores_the_name_line_and_matches_the_saved_deck_and_its_export(
    client, organiser, sample, django_capture_on_commit_callbacks, eager_celery
):
    from decks.models import BulkValidation
    from decks.services import bulk

    game = Game.objects.get(slug="dust-collectorz")
    content = deck_services.deck_content(read("mtga-deck.txt"), game)
    deck = deck_services.create_deck(organiser, "Lint Rush", game, "dc-prerelease", "private", content.cards, {})
    client.force_login(organiser)
    exported = client.get(f"/en/decks/{deck.pk}/export/")
    pasted = "\n---\n".join(
        [read("plain-deck.txt"), "Name: Alice\n" + read("plain-deck.txt"), exported.content.decode()]
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/en/decks/bulk/", {"format": "dc-prerelease", "as_of": "2024-01-01", "text": pasted})
    hashes = {row["hash"] for row in bulk.result_rows(BulkValidation.objects.get())}
    assert hashes == {deck.latest_version().content_hash}
