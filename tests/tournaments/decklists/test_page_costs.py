"""Registered decklists cost the same queries to read with 4 players or 12: the event page that shows
them, the desk's list, a player's row, the API and the public API once published (page_costs)."""

import pytest

from catalogue.models import Game
from decks.presenters import registered_list
from decks.services import decks as deck_services
from decks.services.decks import version_text
from tests.conftest import make_user, page_costs, same_costs
from tests.decks.test_deck_validation_api import legal_sample_deck
from tournaments.models import Event
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services
from tournaments.services.results import record_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def finished_with_lists(organiser, tag, players):
    """A one-round prerelease of `players`, each on a deck of their own, finished and publishing all lists."""
    game = Game.objects.get(slug="dust-collectorz")
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), game)
    event = event_services.create_event(
        organiser, f"{tag} lists", game, format_slug="dc-prerelease", swiss_rounds=1, top_cut=0
    )
    users = [make_user(f"{tag}-player{number}") for number in range(players)]
    for user in users:
        deck = deck_services.create_deck(user, f"{user.username} deck", game, "dc-prerelease", "private", cards)
        entrant = entrant_services.add_entrant(event, user, user=user, deck_version=deck.latest_version())
        entrant_services.check_in(entrant, organiser)
    event_services.set_publication(event, organiser, "all")
    event_services.start_event(event, organiser)
    for match in round_services.pair_next_round(event, organiser).matches.filter(is_bye=False):
        first, second = match.seats.order_by("pk").values_list("entrant_id", flat=True)
        record_result(match, organiser, wins={first: 2, second: 1})
    event_services.finish_event(Event.objects.get(pk=event.pk), organiser)
    return Event.objects.get(pk=event.pk), users[0]


def costs(client, organiser, tag, players):
    event, player = finished_with_lists(organiser, tag, players)
    base, api = f"/en/events/{event.pk}", f"/api/v1/tournaments/{event.pk}"
    entrant = event.entrants.get(user=player)
    client.force_login(organiser)
    measured = page_costs(
        client,
        [
            f"{base}/",
            f"{base}/manage/decklists/",
            f"{base}/manage/entrants/{entrant.pk}/decklist/",
            f"{base}/manage/entrants/{entrant.pk}/deck/",
            f"{api}/decklists/",
            f"{api}/entrants/",
        ],
    )
    client.force_login(player)
    measured += page_costs(
        client, [f"{base}/", f"{base}/deck/", f"{api}/decklists/", f"/en/decks/{entrant.deck.deck_id}/"]
    )
    client.logout()
    public = [f"{base}/", f"/api/v1/public/events/{event.pk}/decklists/", f"/api/v1/public/events/{event.pk}/"]
    return measured + page_costs(client, public)


def test_decklists_cost_the_same_to_read_for_more_players(client, organiser, sample):
    small = costs(client, organiser, "small", 4)
    large = costs(client, organiser, "large", 12)
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def test_lists_read_at_once_are_each_players_own(client, api, organiser, sample):
    """Every list on the event page, the desk and the API is that player's registered version."""
    event, _player = finished_with_lists(organiser, "own", 4)
    entrants = list(event.entrants.select_related("deck__deck__game").order_by("name"))
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/")
    assert [(entrant.name, sheet) for entrant, sheet in page.context["decks"]] == [
        (entrant.name, registered_list(entrant.deck)) for entrant in entrants
    ]
    desk = client.get(f"/en/events/{event.pk}/manage/decklists/")
    assert [text for _entrant, text in desk.context["rows"]] == [version_text(entrant.deck) for entrant in entrants]
    listed = api.get(f"/api/v1/public/events/{event.pk}/decklists/").json()
    assert [(row["name"], row["decklist"]) for row in listed] == [
        (entrant.name, version_text(entrant.deck)) for entrant in entrants
    ]
