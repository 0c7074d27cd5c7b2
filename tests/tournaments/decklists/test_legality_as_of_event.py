"""A list registered for an event is judged as of the event's date, not the day it was registered:
again when the date changes and at check-in, with the organiser told which lists changed and why.
The sample catalogue's newest DBZ set was released on 18 November 2026; its cards are legal seven
days later (the DBZ rulings' eligibility rule, docs/formats.md)."""

import datetime

import pytest
from django.utils import timezone

from catalogue.models import Game
from core.errors import DomainError
from decks.services import decks as deck_services
from tests.decks.test_dbz_decks import DECKLIST
from tournaments.models import AuditAction, Entrant
from tournaments.services import decklists, entrants, events

pytestmark = pytest.mark.django_db

NEW_CARD = "Red Comet Punch"  # sample set "dbz-new", released 2026-11-18: legal from 2026-11-25


def on(day):
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(10)))


@pytest.fixture
def registered(sample, organiser, alice):
    """Alice's list with the new card, registered while the event has no date (judged as of today)."""
    game = Game.objects.get(slug="dbz-ccg")
    cards, declarations = deck_services.cards_from_decklist(DECKLIST + f"1 {NEW_CARD}\n", game)
    deck = deck_services.create_deck(alice, "New toys", game, "dbz-expanded", "private", cards, declarations)
    event = events.create_event(organiser, "DBZ night", "dbz-ccg", format_slug="dbz-expanded")
    entrant = entrants.register_player(event, alice)
    decklists.submit_deck(entrant, deck.latest_version(), alice)
    return Entrant.objects.get(pk=entrant.pk)


def _mentions_new_card(entrant):
    """The list is held back by the card's eligibility (other problems of this short list aside)."""
    return any(p["code"] == "not_yet_legal" and NEW_CARD in p["message"] for p in entrant.deck_problems)


def test_a_new_date_before_the_sets_eligibility_flags_the_list_and_says_why(client, organiser, registered):
    assert not _mentions_new_card(registered)  # today, 27 November, the card is legal
    event = events.update_event(registered.event, organiser, starts_at=on(datetime.date(2026, 11, 20)))
    assert event.verdicts_changed == [registered]
    registered.refresh_from_db()
    assert _mentions_new_card(registered)
    entry = event.audit.get(action=AuditAction.DECK_VERDICT)
    assert entry.after["as_of"] == "2026-11-20" and NEW_CARD in " ".join(entry.after["problems"])
    later = events.update_event(event, organiser, starts_at=on(datetime.date(2026, 12, 5)))
    registered.refresh_from_db()
    assert later.verdicts_changed == [registered] and not _mentions_new_card(registered)


def test_the_organiser_is_told_on_the_settings_page(client, organiser, registered):
    client.force_login(organiser)
    event = registered.event
    form = {
        "name": event.name,
        "starts_at": "2026-11-20T10:00",
        "publication": event.settings.publication,
        "top_cut": event.top_cut,
        "best_of": event.best_of,
    }
    response = client.post(f"/en/events/{event.pk}/manage/settings/", form, follow=True)
    page = response.content.decode()
    assert "The list of alice" in page and NEW_CARD in page


def test_check_in_judges_the_list_as_of_the_event_day(organiser, registered):
    """A list saved as legal before the event got its date is refused at the desk, saying why."""
    event = registered.event
    type(event).objects.filter(pk=event.pk).update(starts_at=on(datetime.date(2026, 11, 20)))  # dated behind its back
    registered.deck_legal = True
    registered.deck_problems = []
    registered.save(update_fields=["deck_legal", "deck_problems"])
    with pytest.raises(DomainError) as refused:
        entrants.check_in(Entrant.objects.get(pk=registered.pk), organiser)
    assert NEW_CARD in refused.value.message
    assert not Entrant.objects.get(pk=registered.pk).checked_in
