"""The catalogue costs the same queries with one set or five: the home page, the games, a game's
cards, a card with many reprints sharing its ability, and the API's reads (tests/conftest.py page_costs)."""

import pytest

from catalogue.services import import_catalogue_file
from tests.conftest import dc_document, page_costs, same_costs, write_catalogue

pytestmark = pytest.mark.django_db
CARD = "/en/catalogue/dust-collectorz/TST/001/"


def reprint(tmp_path, number):
    """The test set printed again as set R<number>, every card with the first card's ability."""
    document = dc_document(set={"code": f"R{number:02d}", "name": f"Reprint {number}", "released_on": "2024-03-01"})
    for card in document["cards"]:
        card["ability"] = "Scavenge"
    import_catalogue_file(write_catalogue(tmp_path, document, name=f"reprint-{number}.json"))


def pages():
    from catalogue.models import Card

    card = Card.objects.get(card_set__code="TST", number="001")
    return [
        "/en/",
        "/en/catalogue/",
        "/en/catalogue/dust-collectorz/",
        "/en/catalogue/dust-collectorz/?q=rust&sort=power",
        "/en/catalogue/dust-collectorz/?page=2",
        CARD,
        "/api/v1/games/",
        "/api/v1/cards/?game=dust-collectorz",
        "/api/v1/cards/?q=rust",
        f"/api/v1/cards/{card.pk}/",
    ]


def test_the_catalogue_costs_the_same_with_more_sets_and_reprints(client, dc_catalogue, tmp_path):
    reprint(tmp_path, 1)
    small = page_costs(client, pages())
    for number in range(2, 6):
        reprint(tmp_path, number)
    large = page_costs(client, pages())
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def test_a_card_links_every_card_sharing_its_ability_to_its_own_page(client, dc_catalogue, tmp_path):
    for number in (1, 2):
        reprint(tmp_path, number)
    page = client.get(CARD).text
    assert 'href="/en/catalogue/dust-collectorz/R01/001/"' in page
    assert 'href="/en/catalogue/dust-collectorz/R02/038/"' in page
