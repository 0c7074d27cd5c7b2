"""The page's language everywhere in the deck editor: violations, counts, rule references and the
live check follow the page (/fr/, /it/), not the account's language, with real plural forms."""

import re

import pytest
from django.conf import settings

from catalogue.models import Card, Game
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def english_account(client, alice):
    """alice reads English: her profile says so and her language cookie too."""
    assert alice.preferred_language == "en"
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return alice


@pytest.fixture
def deck(alice, sample):
    game = Game.objects.get(slug="dust-collectorz")
    return deck_services.create_deck(
        alice, "Lint", game, "dc-prerelease", "private", {Card.objects.get(name="Pocket Puff").pk: 1}
    )


def violations(html):
    return re.findall(r'<li data-code="[^"]+">(.*?)(?: <small|\n)', html)


@pytest.mark.parametrize(
    ("language", "size", "rule"),
    [
        ("fr", "Le deck contient 1\u00a0carte\u202f; il doit en contenir 32.", "Composition du Deck 1"),
        ("it", "Il mazzo ha 1 carta; deve averne 32.", "Composizione del Mazzo 1"),
        ("en", "The deck has 1 card; it must have 32.", "Deck Composition 1"),
    ],
)
def test_the_editor_speaks_the_pages_language(client, english_account, deck, language, size, rule):
    page = client.post(f"/{language}/decks/{deck.pk}/edit/", {"decklist": "1 Pocket Puff", "check": "1"}).text
    assert size.replace("\u00a0", " ") in page.replace("\u00a0", " ")
    assert f">{rule}</a>" in page


def test_the_live_check_follows_the_page_not_the_account(api, english_account, deck):
    """The builder's script calls the API from the page: the answer is in the page's language."""
    api.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = api.post(
        "/api/v1/decks/validate/",
        {"format": "dc-prerelease", "decklist": "1 Pocket Puff", "summary": True},
        format="json",
        HTTP_REFERER=f"http://testserver/fr/decks/{deck.pk}/edit/",
    ).json()
    size = next(v for v in body["violations"] if v["code"] == "deck_size")
    assert size["message"] == "Le deck contient 1 carte\u202f; il doit en contenir 32."
    assert size["rule"] == "Composition du Deck 1"
    composition = next(v for v in body["violations"] if v["code"] == "rank_composition")
    assert "carte" in composition["message"] and "(s)" not in composition["message"]


def test_counts_use_plural_forms(client, english_account, deck):
    french = client.post(f"/fr/decks/{deck.pk}/edit/", {"decklist": "1 Pocket Puff", "check": "1"}).text
    assert "· 1 carte\n" in french
    assert "1 cartes" not in french and "carte(s)" not in french
    italian = client.post(f"/it/decks/{deck.pk}/edit/", {"decklist": "2 Pocket Puff", "check": "1"}).text
    assert "· 2 carte" in italian and "carta/e" not in italian
    labels = client.get(f"/fr/decks/{deck.pk}/edit/").context["builder_labels"]["cards"]
    assert labels == {"one": "%(count)s carte", "other": "%(count)s cartes"}


def test_dbz_rule_references_are_translated(api, sample):
    body = api.post(
        "/api/v1/decks/validate/",
        {"format": "dbz-expanded", "decklist": "1 Blue Style Mastery"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    ).json()
    rules = {v["code"]: v["rule"] for v in body["violations"]}
    assert rules["tokui_waza"] == "Précisions sur la construction du deck\u00a0: Tokui-Waza"
    assert rules["deck_size"] == "Précisions sur la construction du deck\u00a0: Taille du deck"


def test_rule_labels_unknown_to_us_are_shown_as_written():
    from django.utils import translation

    from decks.rule_labels import rule_label

    with translation.override("it"):
        assert rule_label("Deck Composition 3") == "Composizione del Mazzo 3"
        assert rule_label("Banned / Restricted Card List: Banned") == "Elenco delle carte bandite / limitate: Bandite"
        assert rule_label("House rule 7") == "House rule 7"


@pytest.mark.parametrize(
    ("language", "colon"), [("en", "%(label)s:"), ("fr", "%(label)s\u00a0:"), ("it", "%(label)s:")]
)
def test_a_label_and_its_count_are_spaced_the_pages_way(client, english_account, deck, language, colon):
    """French puts a no-break space before a colon: in the counts by card type, the builder's live
    counts and the deck chart's total alike (never a bare ": " written by the template or script)."""
    before = colon.replace("%(label)s", "")
    counts = client.post(f"/{language}/decks/{deck.pk}/edit/", {"decklist": "1 Pocket Puff", "check": "1"}).text
    assert re.search(rf'<ul class="type-counts"><li>\w+{before} <strong>1</strong></li>', counts), counts
    assert client.get(f"/{language}/decks/{deck.pk}/edit/").context["builder_labels"]["colon"] == colon
    chart = client.get(f"/{language}/decks/{deck.pk}/").text
    total = {"en": "Total", "fr": "Total", "it": "Totale"}[language]
    assert f">{total}{before} 1</text>" in chart


@pytest.mark.parametrize(
    ("language", "not_allowed", "legal"), [("fr", "Non autorisée", "Légale"), ("it", "Non consentita", "Legale")]
)
def test_a_cards_standing_speaks_of_the_card(client, sample, language, not_allowed, legal):
    """A card's standing in a format is said of the card ("Bannie", "Non autorisée"), never with the
    words of the 403 page ("Accès refusé") that share its English."""

    def standing(name):
        card = Card.objects.get(name=name)
        page = client.get(f"/{language}{card.get_absolute_url()[3:]}").text
        return re.search(r"Dragon Ball Z CCG Expanded</strong> <span[^>]*>(.*?)</span>", page).group(1)

    assert standing("Battle Simulator Sparring Drone") == not_allowed
    assert standing("Goku (Level 2)") == legal
