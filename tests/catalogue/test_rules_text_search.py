"""The rules-text search reads as the name search does: without regard to case, accents or the
typographic apostrophe publishers print, on the catalogue page and in the API."""

import pytest

from catalogue.models import Card
from tests.conftest import dc_document, write_catalogue

pytestmark = pytest.mark.django_db


@pytest.fixture
def accented(tmp_path, db):
    from catalogue.services import import_catalogue_file

    document = dc_document()
    document["cards"][0]["text"] = "Élodie’s broom sweeps one Counter away."
    document["cards"][1]["ability"] = "Éclat"
    import_catalogue_file(write_catalogue(tmp_path, document))
    return Card.objects.get(number="001"), Card.objects.get(number="002")


@pytest.mark.parametrize("words", ["elodie's broom", "ÉLODIE’S", "SWEEPS elodie"])
def test_rules_text_ignores_case_accents_and_apostrophes(client, accented, words):
    page = client.get("/en/catalogue/dust-collectorz/", {"text": words})
    assert [card.pk for card, _cells in page.context["rows"]] == [accented[0].pk]


def test_an_ability_is_found_without_its_accent_in_the_api(api, accented):
    found = api.get("/api/v1/cards/", {"game": "dust-collectorz", "text": "eclat"}).json()["results"]
    assert [card["id"] for card in found] == [accented[1].pk]


def test_the_migration_folds_cards_imported_before_it(accented):
    from importlib import import_module

    from django.apps import apps

    Card.objects.filter(pk=accented[0].pk).update(search_text="")
    import_module("catalogue.migrations.0003_card_search_text").fill_search_text(apps, None)
    assert Card.objects.get(pk=accented[0].pk).search_text == "scavenge elodie's broom sweeps one counter away."
