"""The catalogue's sorts: collector numbers in their numeric order ("2" before "10") on every
database, and every sort ending on set, number and card, so reprints and equal stats keep their
place from one page to the next."""

import importlib

import pytest
from django.apps import apps

from catalogue.models import Card
from catalogue.services import import_catalogue_file
from games.cards import number_sort_key
from tests.conftest import dc_document, write_catalogue

pytestmark = pytest.mark.django_db


@pytest.fixture
def unpadded(tmp_path):
    """The test set with its numbers written without zeros (1, 2 ... 38), as a spreadsheet saves them."""
    document = dc_document()
    for card in document["cards"]:
        card["number"] = str(int(card["number"]))
    import_catalogue_file(write_catalogue(tmp_path, document))


@pytest.fixture
def reprints(tmp_path, dc_catalogue):
    """An older set imported after the test set, reprinting two of its cards: "Rustborn Epic 6" twice
    (numbers 10 and 2, in that order in the file) and "Rustborn Gold 4" once."""
    original = {card["name"]: card for card in dc_document()["cards"]}
    cards = [
        {**original["Rustborn Epic 6"], "number": "10"},
        {**original["Rustborn Gold 4"], "number": "5"},
        {**original["Rustborn Epic 6"], "number": "2"},
    ]
    set_ = {"code": "OLD", "name": "Older Reprints", "released_on": "2021-01-01"}
    import_catalogue_file(write_catalogue(tmp_path, dc_document(set=set_, cards=cards), "reprints.json"))


def _numbers(response):
    return [card.number for card in response.context["page"].object_list]


def test_set_and_number_sorts_numbers_as_numbers(client, api, unpadded):
    page = client.get("/en/catalogue/dust-collectorz/", {"sort": "number"})
    assert _numbers(page) == [str(number) for number in range(1, 39)]
    listed = api.get("/api/v1/cards/", {"game": "dust-collectorz", "sort": "number", "page_size": 12}).json()
    assert [card["number"] for card in listed["results"]] == [str(number) for number in range(1, 13)]


def test_a_number_sorts_by_its_numeric_part_first():
    numbers = ["10", "2", "001", "12b", "12", "12a", "P1", "A"]
    assert sorted(numbers, key=number_sort_key) == ["001", "P1", "2", "10", "12", "12a", "12b", "A"]
    assert set("".join(number_sort_key(number) for number in [*numbers, "Ü-7", "SP 03"])) <= set(
        "0123456789abcdefghijklmnopqrstuvwxyz"
    ), "digits and plain letters only: SQLite and PostgreSQL order them alike"


@pytest.mark.parametrize("sort", ["rank", "power", "name"])
def test_reprints_come_in_set_then_number_order(client, api, reprints, sort):
    expected = [("OLD", "2"), ("OLD", "10"), ("TST", "007")]  # Rustborn Epic 6: older set first, 2 before 10
    page = client.get("/en/catalogue/dust-collectorz/", {"sort": sort, "q": "rustborn epic"})
    assert [(card.card_set.code, card.number) for card in page.context["page"].object_list] == expected
    # One card a page through the API: each page holds the next printing, none twice or skipped.
    seen = []
    for number in (1, 2, 3):
        query = {"game": "dust-collectorz", "sort": sort, "q": "rustborn epic", "page_size": 1, "page": number}
        (card,) = api.get("/api/v1/cards/", query).json()["results"]
        seen.append((card["set"], card["number"]))
    assert seen == expected


def test_the_migration_fills_the_sort_key_of_existing_cards(unpadded):
    Card.objects.update(number_key="")
    migration = importlib.import_module("catalogue.migrations.0004_card_number_key")
    migration.fill_number_key(apps, None)
    assert list(Card.objects.order_by("number_key").values_list("number", flat=True)[:3]) == ["1", "2", "3"]
    assert Card.objects.get(number="10").number_key == number_sort_key("10")
