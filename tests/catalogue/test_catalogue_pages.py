import pytest
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


def test_home_lists_games_in_each_language(client, dc_catalogue):
    for language in ("en", "fr", "it"):
        response = client.get(f"/{language}/")
        assert response.status_code == 200
        assert f'<html lang="{language}">' in response.text
        assert "Dust Collectorz: Champions Unleashed" in response.text


def test_game_page_shows_wheel_and_filters_by_tribe_and_rank(client, dc_catalogue):
    response = client.get("/en/catalogue/dust-collectorz/", {"tribe": "Rustborn", "rank": "gold"})
    assert response.status_code == 200
    assert "Rustborn Gold 4" in response.text
    assert "Glimmerkin Gold 4" not in response.text
    assert "1 card" in response.text
    assert "beats Glimmerkin" in response.text


def test_name_search_ignores_case_and_accents(client, dc_catalogue):
    response = client.get("/en/catalogue/dust-collectorz/", {"q": "EMILE"})
    assert "Émile the Rust-Eater" in response.text
    assert "1 card" in response.text


def test_empty_result_and_pagination(client, dc_catalogue):
    assert "No card matches these filters." in client.get("/en/catalogue/dust-collectorz/", {"q": "zzz"}).text
    response = client.get("/en/catalogue/dust-collectorz/", {"sort": "power"})
    assert response.context["page"].paginator.count == 38
    first = response.context["page"].object_list[0]
    assert first.power == 7


def test_card_detail_shows_stats_wheel_and_shared_ability(client, dc_catalogue):
    response = client.get("/en/catalogue/dust-collectorz/TST/002/")
    assert response.status_code == 200
    assert "beats Glimmerkin; beaten by Loomweavers" in response.text
    assert 'Other cards with “<span lang="en">Polish</span>”' in response.text
    assert "<td>2</td><td>2</td><td>3</td><td>0</td>" in response.text


def test_unknown_card_and_game_are_404(client, dc_catalogue):
    assert client.get("/en/catalogue/dust-collectorz/TST/999/").status_code == 404
    assert client.get("/en/catalogue/no-such-game/").status_code == 404


def test_pages_are_translated(client, dc_catalogue):
    with translation.override("fr"):
        url = reverse("catalogue:game", args=["dust-collectorz"])
    assert url.startswith("/fr/")
    french = client.get(url).text
    assert "Roue des tribus" in french
    assert "Bronze" in french
    italian = client.get("/it/catalogue/dust-collectorz/").text
    assert "Ruota tribale" in italian
    assert "Argento" in italian


def test_reclamation_has_no_deck_building_badge(client, dc_catalogue):
    assert "No deck building" in client.get("/en/catalogue/").text


@pytest.mark.parametrize("language", ["fr", "it"])
def test_english_card_text_carries_its_own_language_on_a_translated_page(client, dc_catalogue, language):
    """The catalogue is in English: on a French or Italian page a screen reader must read the card's
    ability in English (issue 30, WCAG 3.1.2), on the card's page and in the game's list."""
    card = client.get(f"/{language}/catalogue/dust-collectorz/TST/002/").text
    assert f'<html lang="{language}">' in card
    assert '<dd lang="en">Polish' in card and '<span lang="en">Polish</span>' in card.split("<h2>")[-1]
    listing = client.get(f"/{language}/catalogue/dust-collectorz/").text
    assert '<td lang="en">Polish' in listing


def test_a_card_page_says_when_a_new_title_becomes_legal(client, sample, tmp_path):
    """Card Eligibility (DBZ): a title printed three days ago is legal in four days, not today; a
    staple reprinted in the same set counts from its first printing and stays legal."""
    import datetime
    import re

    from django.utils import timezone
    from django.utils.formats import date_format

    from catalogue.services import import_catalogue_file
    from tests.conftest import write_catalogue

    released = timezone.localdate() - datetime.timedelta(days=3)
    fresh = {
        "game": "dbz-ccg",
        "set": {"code": "FRS", "name": "Fresh Test Set", "released_on": released.isoformat()},
        "cards": [
            {"number": "001", "name": "Brand New Block", "type": "combat", "text": "Stops a physical attack."},
            {"number": "002", "name": "Senzu Bean", "type": "non_combat", "text": "Raise your anger 1 level."},
        ],
    }
    import_catalogue_file(write_catalogue(tmp_path, fresh))

    def standing(number):
        with translation.override("en"):
            page = client.get(f"/en/catalogue/dbz-ccg/FRS/{number}/").text
        return re.search(r"Dragon Ball Z CCG Expanded</strong> <span[^>]*>(.*?)</span>", page).group(1)

    with translation.override("en"):
        legal_from = date_format(released + datetime.timedelta(days=7), "DATE_FORMAT")
    assert standing("001") == f"Legal from {legal_from}"
    assert standing("002") == "Legal"
