"""A set file edited in a spreadsheet comes back with 001 written as 1: re-importing it updates
the set's cards, as re-importing by number promises, instead of adding a second copy of the set."""

import pytest

from catalogue.models import Card
from catalogue.services import import_catalogue_file
from tests.conftest import dc_document, write_catalogue

pytestmark = pytest.mark.django_db


def test_numbers_without_their_zeros_update_the_cards_they_were(tmp_path):
    import_catalogue_file(write_catalogue(tmp_path, dc_document()))
    resaved = dc_document()
    for card in resaved["cards"]:
        card["number"] = str(int(card["number"]))
    resaved["cards"][0]["name"] = "Émile the Renamed"
    summary = import_catalogue_file(write_catalogue(tmp_path, resaved, "resaved.json"))
    assert (summary.created, summary.updated) == (0, 38)
    assert Card.objects.count() == 38
    assert Card.objects.get(number="001").name == "Émile the Renamed"
    assert not Card.objects.filter(number="1").exists()


def test_a_number_printed_both_ways_stays_two_cards(tmp_path):
    """A set that prints 1 and 001: each row updates the card printed as it says, and a new 01 is a new card."""
    document = dc_document()
    document["cards"][0]["number"], document["cards"][1]["number"] = "1", "001"
    import_catalogue_file(write_catalogue(tmp_path, document))
    again = dc_document()
    again["cards"][0]["number"], again["cards"][1]["number"] = "1", "001"
    again["cards"][2]["number"] = "01"
    summary = import_catalogue_file(write_catalogue(tmp_path, again, "again.json"))
    assert (summary.created, summary.updated) == (1, 37)
    assert sorted(Card.objects.filter(number__in=["1", "01", "001"]).values_list("number", flat=True)) == [
        "001",
        "01",
        "1",
    ]
