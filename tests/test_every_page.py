"""Every page of the site renders in English, French and Italian (as a player and as an organiser)."""

import pytest

from decks.models import Collection
from decks.services import decks as deck_services
from tournaments.models import Event

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "fr", "it")


@pytest.fixture
def world(sample, organiser, alice):
    from django.core.management import call_command

    from catalogue.models import Card, Game

    call_command("load_sample_data", stdout=__import__("io").StringIO())
    game = Game.objects.get(slug="dust-collectorz")
    card = Card.objects.filter(card_set__game=game).first()
    deck = deck_services.create_deck(alice, "Every page", game, "dc-prerelease", "public", {card.pk: 1})
    pool = Collection.objects.create(owner=alice, name="Pool")
    event = Event.objects.get(name__startswith="Sample prerelease")
    return {"deck": deck, "pool": pool, "event": event, "card": card}


def pages(world):
    event, deck, card = world["event"], world["deck"], world["card"]
    game = card.card_set.game.slug
    return [
        "",
        "catalogue/",
        f"catalogue/{game}/",
        f"catalogue/{game}/{card.card_set.code}/{card.number}/",
        "accounts/login/",
        "accounts/signup/",
        "accounts/password/reset/",
        "decks/",
        f"decks/{deck.pk}/",
        f"decks/{deck.pk}/versions/1/",
        "events/",
        f"events/{event.pk}/",
        f"events/{event.pk}/standings/",
        f"events/{event.pk}/bracket/",
        f"events/{event.pk}/rounds/1/pairings/",
        f"events/{event.pk}/rounds/1/pairings/?by=name",
        f"events/{event.pk}/rounds/1/slips/",
        f"events/{event.pk}/timer/",
        "rules/",
        f"rules/{game}/",
        f"rules/{game}/compare/",
        f"rules/{game}/history/",
        f"rules/{game}/check/",
        f"rules/{game}/clash/",
        "rules/dbz-ccg/",
        "rules/dust-reclamation/",
    ]


def player_pages(world):
    deck, pool, event = world["deck"], world["pool"], world["event"]
    return [
        "accounts/profile/",
        "accounts/password/change/",
        "decks/new/",
        f"decks/{deck.pk}/edit/",
        f"decks/{deck.pk}/settings/",
        f"decks/{deck.pk}/delete/",
        "collections/",
        f"collections/{pool.pk}/",
        f"collections/{pool.pk}/import/",
        f"collections/{pool.pk}/rename/",
        f"collections/{pool.pk}/delete/",
        f"events/{event.pk}/me/",
    ]


def organiser_pages(world):
    event = world["event"]
    return ["events/new/", f"events/{event.pk}/manage/", "decks/bulk/"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_in_every_language(client, world, alice, language):
    from django.contrib.auth import get_user_model

    organiser = get_user_model().objects.get(username="organiser")
    player = get_user_model().objects.get(username="alice")
    for who, urls in ((None, pages(world)), (player, player_pages(world)), (organiser, organiser_pages(world))):
        if who is not None:
            client.force_login(who)
        for url in urls:
            response = client.get(f"/{language}/{url}")
            assert response.status_code == 200, f"/{language}/{url}: {response.status_code}"
            assert f'<html lang="{language}"' in response.text, url


def test_every_page_with_the_cache_down(client, world, settings):
    """Redis stopped: a cache error is a miss, so every page still renders (from the database)."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    from .test_hardening import DEAD_CACHE

    settings.CACHES = DEAD_CACHE
    cache.close()
    organiser = get_user_model().objects.get(username="organiser")
    player = get_user_model().objects.get(username="alice")
    for who, urls in ((None, pages(world)), (player, player_pages(world)), (organiser, organiser_pages(world))):
        if who is not None:
            client.force_login(who)
        for url in urls:
            assert client.get(f"/en/{url}").status_code == 200, url
