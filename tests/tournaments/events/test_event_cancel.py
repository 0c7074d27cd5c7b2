"""Cancelling an event, reopening it, and deleting one made by mistake (docs/events.md): a cancelled
event refuses every door (the join page, the code, the API, check-in, pairing, reports, results, sealed
pools, seats and decks) with its reason and changes nothing, and its pages offer none of those doors;
reports sent before it was cancelled wait, unscored, until it is reopened. It stays visible, marked
"Cancelled", to those who could see it. Also here: check-in is over once the event has started."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from catalogue.models import Game
from core.errors import DomainError
from decks.models import Deck
from decks.services import decks as deck_services
from tests.conftest import join_event, make_user
from tests.decks.test_deck_validation_api import legal_sample_deck
from tests.tournaments.results.reporting_support import game, report
from tests.tournaments.sealed.test_sealed_events import dc_cards, pool_text
from tournaments.models import AuditAction, AuditEntry, Cancellation, Event, Match, Report, SealedPool
from tournaments.personal_data import blockers
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import events_cancel as cancel_services
from tournaments.services import judging as judging_services
from tournaments.services import sealed as sealed_services
from tournaments.services.results_scoring import claim_due_reports
from tournaments.services.rounds_clock import remaining_seconds
from tournaments.services.sealed_decks import register_pool_deck
from tournaments.tasks import score_reports

pytestmark = pytest.mark.django_db

REASON = "Snow storm: the store stays closed"


@pytest.fixture
def night(organiser):
    """A prerelease night open for registration, with one walk-in."""
    event = event_services.create_event(organiser, "Prerelease night", "dust-collectorz", swiss_rounds=3)
    entrant_services.add_entrant(event, organiser, name="Walk-in Wes")
    return event


def footprint(event):
    """What any door could change: refused, it stays as it was."""
    event = Event.objects.get(pk=event.pk)
    return (
        event.status,
        event.entrants.count(),
        event.entrants.filter(checked_in=True).count(),
        event.waitlist.count(),
        event.rounds.count(),
        Report.objects.filter(match__round__event=event).count(),
        tuple(Match.objects.filter(round__event=event).order_by("pk").values_list("status", flat=True)),
        event.audit.count(),
    )


def refused_as_cancelled(response):
    body = response.json()
    return response.status_code == 409 and body["code"] == "event.cancelled" and REASON in body["message"]


# Cancelling


def test_the_organiser_cancels_on_a_confirmation_page_and_players_see_why(client, night, organiser, alice):
    client.force_login(organiser)
    page = client.get(f"/en/events/{night.pk}/manage/cancel/")
    assert page.status_code == 200
    assert "Nothing is deleted" in page.text and "nobody can register" in page.text
    assert "Yes, cancel the event" in page.text and "Keep the event" in page.text

    blank = client.post(f"/en/events/{night.pk}/manage/cancel/", {"reason": "   "})
    assert blank.status_code == 200 and Event.objects.get(pk=night.pk).status == "registration"

    done = client.post(f"/en/events/{night.pk}/manage/cancel/", {"reason": REASON}, follow=True)
    assert "The event is cancelled" in done.text and REASON in done.text and "Reopen the event" in done.text
    event = Event.objects.get(pk=night.pk)
    assert (event.status, event.cancel_reason) == ("cancelled", REASON)
    assert event.cancellation.status_before == "registration"  # where a reopening returns it
    entry = event.audit.get(action=AuditAction.EVENT_CANCEL)
    assert (entry.actor, entry.before, entry.after) == (organiser, {"status": "registration"}, {"reason": REASON})

    client.force_login(alice)
    shown = client.get(f"/en/events/{night.pk}/").text
    assert "This event is cancelled." in shown and REASON in shown and "status-cancelled" in shown
    assert "Register for this event" not in shown


def test_the_api_cancels_with_a_reason_and_says_so(api, night, organiser):
    api.force_authenticate(organiser)
    url = f"/api/v1/tournaments/{night.pk}/cancel/"
    missing = api.post(url, {}, format="json")
    assert missing.status_code == 400 and "reason" in missing.json()["errors"]
    hidden = api.post(url, {"reason": "Snow\u202e"}, format="json")
    assert hidden.status_code == 400 and Event.objects.get(pk=night.pk).status == "registration"

    response = api.post(url, {"reason": REASON}, format="json")
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["cancel_reason"]) == ("cancelled", REASON)
    assert api.get(f"/api/v1/tournaments/{night.pk}/").json()["status"] == "cancelled"
    assert refused_as_cancelled(api.post(url, {"reason": "Twice"}, format="json"))


def test_a_finished_event_cannot_be_cancelled(api, paired, organiser):
    event, _match, _ids = paired
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    api.force_authenticate(organiser)
    response = api.post(f"/api/v1/tournaments/{event.pk}/cancel/", {"reason": REASON}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "event.status"
    assert Event.objects.get(pk=event.pk).status == "finished"


# Every door refuses a cancelled event, with its reason, and changes nothing


def test_a_cancelled_event_refuses_registration_by_every_door(client, api, night, organiser, alice):
    cancel_services.cancel_event(night, organiser, REASON)
    before = footprint(night)

    client.force_login(alice)
    by_code = client.get(f"/en/events/join/{night.join_code}/", follow=True)
    assert REASON in by_code.text and "Register</button>" not in by_code.text
    by_page = client.post(f"/en/events/{night.pk}/register/", {})
    assert REASON in by_page.text

    api.force_authenticate(alice)
    assert refused_as_cancelled(api.post("/api/v1/tournaments/join/", {"code": night.join_code}, format="json"))
    assert refused_as_cancelled(api.post(f"/api/v1/tournaments/{night.pk}/entrants/", {"user": alice.pk}))

    api.force_authenticate(organiser)
    walk_in = api.post(f"/api/v1/tournaments/{night.pk}/entrants/", {"name": "Late Lou"}, format="json")
    assert refused_as_cancelled(walk_in)
    wes = night.entrants.get()
    assert refused_as_cancelled(api.post(f"/api/v1/tournaments/{night.pk}/entrants/{wes.pk}/check-in/"))
    assert footprint(night) == before


def test_a_full_cancelled_event_puts_nobody_on_its_waitlist(api, organiser, alice):
    event = event_services.create_event(organiser, "Full night", "dust-collectorz", capacity=2)
    for name in ("Ben", "Cleo"):
        entrant_services.add_entrant(event, organiser, name=name)
    cancel_services.cancel_event(event, organiser, REASON)
    before = footprint(event)
    api.force_authenticate(alice)
    assert refused_as_cancelled(api.post("/api/v1/tournaments/join/", {"code": event.join_code}, format="json"))
    assert footprint(event) == before


def test_a_cancelled_event_is_not_paired_and_takes_no_report_or_result(
    api, paired, organiser, alice, bob, django_capture_on_commit_callbacks
):
    event, match, ids = paired
    cancel_services.cancel_event(event, organiser, REASON)
    before = footprint(event)

    a, b = ids[alice.pk], ids[bob.pk]
    body = {"games": [game(a, b), game(a, b)]}
    assert refused_as_cancelled(report(api, alice, match, body, django_capture_on_commit_callbacks))

    api.force_authenticate(organiser)
    assert refused_as_cancelled(api.post(f"/api/v1/tournaments/{event.pk}/rounds/"))
    result = {"wins": {str(a): 2, str(b): 0}, "draws": 0, "correction": ""}
    assert refused_as_cancelled(api.post(f"/api/v1/matches/{match.pk}/result/", result, format="json"))
    assert footprint(event) == before


def test_a_cancelled_event_takes_no_decklist_from_the_player_or_the_desk(client, api, organiser, alice, sample):
    game = Game.objects.get(slug="dust-collectorz")
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), game)
    deck = deck_services.create_deck(alice, "Lint rush", game, "dc-prerelease", "public", cards, declarations)
    event = event_services.create_event(organiser, "Constructed night", game, format_slug="dc-prerelease")
    mine = entrant_services.register_player(event, alice)  # no list yet: she would register it later
    cancel_services.cancel_event(event, organiser, REASON)
    before = footprint(event)

    url = f"/api/v1/tournaments/{event.pk}/entrants/{mine.pk}/deck/"
    api.force_authenticate(alice)
    assert refused_as_cancelled(api.post(url, {"deck": deck.latest_version().pk}, format="json"))
    api.force_authenticate(organiser)
    assert refused_as_cancelled(api.post(url, {"decklist": legal_sample_deck(), "reason": "desk"}, format="json"))
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/deck/").text
    assert REASON in page and "Register this deck" not in page
    client.force_login(organiser)  # the desk offers no list to paste; a drop or a removal is still theirs
    players = client.get(f"/en/events/{event.pk}/manage/players/").text
    assert "Paste list…" not in players and "Drop…" in players and "Remove…" in players
    lists = client.get(f"/en/events/{event.pk}/manage/decklists/").text
    assert "Paste the list…" not in lists and REASON in lists
    paste = client.get(f"/en/events/{event.pk}/manage/entrants/{mine.pk}/decklist/").text
    assert REASON in paste and "Register this list" not in paste
    assert footprint(event) == before and Event.objects.get(pk=event.pk).entrants.get().deck is None


def test_the_round_clock_is_held_while_cancelled_and_kept_for_the_reopening(paired, organiser):
    event, _match, _ids = paired
    assert remaining_seconds(Event.objects.get(pk=event.pk)) is not None  # pairing started it
    cancel_services.cancel_event(event, organiser, REASON)
    cancelled = Event.objects.get(pk=event.pk)
    assert remaining_seconds(cancelled) is None and cancelled.clock.paused_seconds is not None
    reopened = cancel_services.reopen_event(event, organiser)
    assert remaining_seconds(reopened) == cancelled.clock.paused_seconds  # paused, for the organiser to resume


def test_the_players_page_says_it_is_cancelled_and_offers_no_report(client, paired, organiser, alice):
    event, _match, _ids = paired
    cancel_services.cancel_event(event, organiser, REASON)
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert "This event is cancelled." in page and REASON in page and "Report the result" not in page


@pytest.fixture
def sealed_night(organiser, alice, bob, sample):
    """A sealed prerelease open for registration: alice has registered her pool, bob not yet."""
    event = event_services.create_event(
        organiser, "Sealed night", "dust-collectorz", format_slug="dc-prerelease", sealed=True
    )
    for user in (alice, bob):
        join_event(event, user)
    sealed_services.register_pool(event.entrants.get(user=alice), alice, pool_text(dc_cards()))
    return event


def test_a_cancelled_sealed_event_takes_no_pool_seat_freeze_or_deck(client, api, sealed_night, organiser, alice, bob):
    event = sealed_night
    cancel_services.cancel_event(event, organiser, REASON)
    before = (footprint(event), SealedPool.objects.count(), Deck.objects.count())

    api.force_authenticate(bob)
    bobs = event.entrants.get(user=bob)
    pool = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{bobs.pk}/pool/", {"decklist": pool_text(dc_cards())})
    assert refused_as_cancelled(pool)
    api.force_authenticate(organiser)
    assert refused_as_cancelled(api.post(f"/api/v1/tournaments/{event.pk}/seats/", {}, format="json"))
    assert refused_as_cancelled(api.post(f"/api/v1/tournaments/{event.pk}/pools/freeze/"))

    # Building from the pool: she is told why, whatever her picks (here more copies than the pool holds).
    card = dc_cards()[0]
    with pytest.raises(DomainError) as refused:
        register_pool_deck(event.entrants.get(user=alice), alice, {card.pk: 3})
    assert refused.value.code == "event.cancelled" and REASON in refused.value.message
    client.force_login(alice)
    built = client.post(f"/en/events/{event.pk}/pool/build/", {"register": "1", f"card-{card.pk}": "3"})
    assert built.status_code == 400 and REASON in built.text and "Register this deck" not in built.text
    mine = client.get(f"/en/events/{event.pk}/pool/").text
    assert REASON in mine and 'id="pool-form"' not in mine and "Build from my pool" not in mine

    client.force_login(organiser)
    desk = client.get(f"/en/events/{event.pk}/manage/deck-building/").text
    assert REASON in desk and "Build…" not in desk and "Deck building ends" not in desk and "Paste…" not in desk

    assert (footprint(event), SealedPool.objects.count(), Deck.objects.count()) == before
    setup = Event.objects.get(pk=event.pk)
    assert setup.sealed_setup.pools_frozen_at is None and not setup.entrants.filter(build_seat__isnull=False).exists()


@pytest.mark.usefixtures("eager_celery")
def test_reports_sent_before_the_cancellation_wait_and_are_scored_once_it_is_reopened(
    api, paired, organiser, alice, bob, django_capture_on_commit_callbacks
):
    event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    for user in (alice, bob):  # both agree; their scoring runs are still in the queue when it is cancelled
        api.force_authenticate(user)
        body = {"wins": {str(a): 2, str(b): 0}, "draws": 0}
        assert api.post(f"/api/v1/matches/{match.pk}/report/", body, format="json").status_code == 202
    cancel_services.cancel_event(event, organiser, REASON)

    def points():
        rows = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
        return {row["entrant"]: row["match_points"] for row in rows}

    # The queued run, the sweeper and a scoring by hand all leave them waiting: nothing is lost or backed off.
    score_reports(event.pk)
    assert claim_due_reports(ignore_leases=True) == []
    swept = io.StringIO()
    call_command("sweep_reports", "--now", stdout=swept)
    assert "0 report(s) scored" in swept.getvalue()
    waiting = Report.objects.filter(match=match)
    assert sorted(waiting.values_list("status", "sends")) == [("received", 1), ("received", 1)]
    assert Match.objects.get(pk=match.pk).status == "pending" and points() == {a: 0, b: 0}

    with django_capture_on_commit_callbacks(execute=True):
        cancel_services.reopen_event(event, organiser)
    assert set(waiting.values_list("status", flat=True)) == {"scored"}
    assert Match.objects.get(pk=match.pk).status == "confirmed" and points() == {a: 3, b: 0}
    score_reports(event.pk)  # a run sent twice finds nothing more to do
    assert Match.objects.get(pk=match.pk).status == "confirmed" and points() == {a: 3, b: 0}


def test_a_cancelled_events_desk_pages_offer_only_what_it_allows(client, api, paired, organiser, alice, bob):
    event, match, ids = paired
    penalty = judging_services.give_penalty(event, organiser, ids[bob.pk], "warning", "Slow play")
    cancel_services.cancel_event(event, organiser, REASON)
    before = footprint(event)
    client.force_login(organiser)

    dashboard = client.get(f"/en/events/{event.pk}/manage/").text
    assert "Reopen the event…" in dashboard and REASON in dashboard
    assert "The clock is held while the event is cancelled." in dashboard
    refused = ("Enter result…", 'name="action"', "Pair round", "Finish the event", "Cancel the event…", "Add walk-in")
    assert [text for text in refused if text in dashboard] == []
    assert "Details…" in dashboard and "Edit the event" in dashboard and "Staff" in dashboard

    judging = client.get(f"/en/events/{event.pk}/manage/judging/").text
    take_back = reverse("tournaments:take_back_penalty", args=[event.pk, penalty.pk])
    refused = ("Take back…", take_back, "Give the penalty", "Give time")
    assert [text for text in refused if text in judging] == []
    assert REASON in judging and "Slow play" in judging and "Save the prize pool" in judging

    table = client.get(f"/en/events/{event.pk}/manage/matches/{match.pk}/").text
    assert REASON in table and "Save result" not in table and "Accept this result" not in table

    api.force_authenticate(organiser)  # the table clock is held too: no time is given
    assert refused_as_cancelled(api.post(f"/api/v1/matches/{match.pk}/extend/", {"minutes": 3}, format="json"))
    assert footprint(event) == before and Match.objects.get(pk=match.pk).extra_minutes == 0


# Reopening


def test_reopening_restores_the_status_and_registration_works_again(client, api, night, organiser, alice):
    cancel_services.cancel_event(night, organiser, REASON)
    client.force_login(organiser)
    page = client.get(f"/en/events/{night.pk}/manage/reopen/")
    assert page.status_code == 200 and "Registration" in page.text
    client.post(f"/en/events/{night.pk}/manage/reopen/")
    event = Event.objects.get(pk=night.pk)
    assert (event.status, event.cancel_reason) == ("registration", "")
    assert not Cancellation.objects.filter(event=night).exists()  # the log keeps it
    assert event.audit.filter(action=AuditAction.EVENT_REOPEN, before={"reason": REASON}).exists()

    api.force_authenticate(alice)
    joined = api.post("/api/v1/tournaments/join/", {"code": night.join_code}, format="json")
    assert joined.status_code == 201 and night.entrants.filter(user=alice).exists()


def test_a_cancelled_swiss_event_reopens_in_its_round(api, paired, organiser):
    event, _match, _ids = paired
    api.force_authenticate(organiser)
    api.post(f"/api/v1/tournaments/{event.pk}/cancel/", {"reason": REASON}, format="json")
    response = api.post(f"/api/v1/tournaments/{event.pk}/reopen/")
    assert response.status_code == 200 and response.json()["status"] == "swiss"
    again = api.post(f"/api/v1/tournaments/{event.pk}/reopen/")
    assert again.status_code == 409 and again.json()["code"] == "event.status"


# Deleting an event made by mistake


def test_an_event_with_players_is_not_deleted_but_cancelled_instead(client, api, night, organiser):
    client.force_login(organiser)
    for method in (client.get, client.post):
        response = method(f"/en/events/{night.pk}/manage/delete/", follow=True)
        assert "Cancel it instead" in response.text
    api.force_authenticate(organiser)
    refused = api.delete(f"/api/v1/tournaments/{night.pk}/")
    assert refused.status_code == 409 and refused.json()["code"] == "event.delete_not_empty"
    assert Event.objects.filter(pk=night.pk).exists() and night.entrants.count() == 1


def test_an_empty_event_is_deleted_after_a_confirmation(client, organiser):
    event = event_services.create_event(organiser, "Twice by mistake", "dust-collectorz")
    client.force_login(organiser)
    dashboard = client.get(f"/en/events/{event.pk}/manage/").text
    assert f"/events/{event.pk}/manage/delete/" in dashboard
    page = client.get(f"/en/events/{event.pk}/manage/delete/")
    assert page.status_code == 200 and "Deleting is final" in page.text and "cannot be undone" in page.text

    done = client.post(f"/en/events/{event.pk}/manage/delete/", follow=True)
    assert done.redirect_chain[-1][0] == "/en/events/?mine=organising"
    assert "is deleted" in done.text
    assert not Event.objects.filter(pk=event.pk).exists()
    assert client.get(f"/en/events/{event.pk}/").status_code == 404


def test_an_empty_event_is_deleted_by_the_api(api, organiser):
    event = event_services.create_event(organiser, "Wrong game", "dust-collectorz")
    api.force_authenticate(organiser)
    assert api.delete(f"/api/v1/tournaments/{event.pk}/").status_code == 204
    assert api.get(f"/api/v1/tournaments/{event.pk}/").status_code == 404


# Who may


@pytest.mark.parametrize("private", [False, True])
def test_other_organisers_and_players_may_not_cancel_reopen_or_delete(client, api, organiser, alice, private):
    event = event_services.create_event(organiser, "Mine", "dust-collectorz", is_public=not private)
    join_event(event, alice)
    oscar = make_user("oscar", organiser=True)
    before = footprint(event)
    expected = {oscar: 404 if private else 403, alice: 403}  # a private event is not theirs to know of
    for user, status in expected.items():
        client.force_login(user)
        api.force_authenticate(user)
        for path in ("cancel", "reopen", "delete"):
            assert client.get(f"/en/events/{event.pk}/manage/{path}/").status_code == status, (user, path)
            assert client.post(f"/en/events/{event.pk}/manage/{path}/", {"reason": "x"}).status_code == status
        assert api.post(f"/api/v1/tournaments/{event.pk}/cancel/", {"reason": "x"}, format="json").status_code == status
        assert api.post(f"/api/v1/tournaments/{event.pk}/reopen/").status_code == status
        assert api.delete(f"/api/v1/tournaments/{event.pk}/").status_code == status
    assert footprint(event) == before


# The lists


def test_the_public_lists_hide_cancelled_events_unless_asked_for(client, api, night, organiser, alice):
    event_services.create_event(organiser, "Open night", "dust-collectorz")
    join_event(night, alice)
    cancel_services.cancel_event(night, organiser, REASON)

    listed = client.get("/en/events/").text
    assert "Open night" in listed and "Prerelease night" not in listed
    asked = client.get("/en/events/?status=cancelled").text
    assert "Prerelease night" in asked and REASON in asked and "Open night" not in asked
    client.force_login(alice)  # her own events stay in her list, marked
    mine = client.get("/en/events/").text
    assert "Prerelease night" in mine and REASON in mine

    names = [row["name"] for row in api.get("/api/v1/tournaments/").json()["results"]]
    assert names == ["Open night"]
    rows = api.get("/api/v1/tournaments/", {"status": "cancelled"}).json()["results"]
    assert [(row["name"], row["status"], row["cancel_reason"]) for row in rows] == [
        ("Prerelease night", "cancelled", REASON)
    ]
    public = [row["name"] for row in api.get("/api/v1/public/events/").json()["results"]]
    assert public == ["Open night"]
    public_asked = api.get("/api/v1/public/events/", {"status": "cancelled"}).json()["results"]
    assert [row["name"] for row in public_asked] == ["Prerelease night"]


def test_the_french_page_shows_the_status_in_french(client, night, organiser):
    cancel_services.cancel_event(night, organiser, REASON)
    page = client.get(f"/fr/events/{night.pk}/").text
    with translation.override("fr"):
        label = str(Event.Status.CANCELLED.label)
    assert f'<span class="status status-cancelled">{label}</span>' in page


def test_a_cancelled_event_no_longer_holds_its_players_accounts(night, organiser, alice):
    join_event(night, alice)
    assert [blocker.event_id for blocker in blockers(alice)] == [night.pk]
    cancel_services.cancel_event(night, organiser, REASON)
    assert blockers(alice) == []


# A player who withdrew and registers again


def test_a_player_who_withdrew_is_told_so_not_that_they_are_registered(client, api, night, alice):
    entry = join_event(night, alice)
    entrant_services.drop(entry, alice)  # before the start: she gives her place up
    before = footprint(night)

    api.force_authenticate(alice)
    for answer in (
        api.post("/api/v1/tournaments/join/", {"code": night.join_code}, format="json"),
        api.post(f"/api/v1/tournaments/{night.pk}/entrants/", {"user": alice.pk}),
    ):
        body = answer.json()
        assert answer.status_code == 409 and body["code"] == "event.withdrawn"
        assert "alice withdrew" in body["message"] and "ask the organiser to undo the drop" in body["message"]
        assert "already registered" not in body["message"]

    client.force_login(alice)
    page = client.get(f"/en/events/{night.pk}/register/", follow=True).text
    assert "alice withdrew" in page and "You are registered" not in page
    assert footprint(night) == before
    assert AuditEntry.objects.filter(event=night, action=AuditAction.ENTRANT_DROP).count() == 1


# Check-in is over once the event has started


def test_nobody_is_checked_in_or_out_after_the_start(client, api, paired, organiser, alice):
    """Starting leaves out who is not checked in, and late entries count as present (docs/events.md):
    after the start check-in would change nothing but the desk's counts, so it says so instead."""
    event, _match, ids = paired
    late = entrant_services.add_entrant(event, organiser, name="Late Lou")
    assert late.checked_in  # a late entry is present
    before = footprint(event)

    api.force_authenticate(organiser)
    answer = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{ids[alice.pk]}/check-in/")
    assert answer.status_code == 409 and answer.json()["code"] == "event.check_in_over"
    assert "Check-in ended when the event started" in answer.json()["message"]
    assert "drop them" in answer.json()["message"]

    client.force_login(organiser)
    page = client.post(f"/en/events/{event.pk}/manage/entrants/{late.pk}/check-in/", {"checked_in": "0"}, follow=True)
    assert "Check-in ended when the event started" in page.text and "is no longer checked in" not in page.text
    everyone = client.post(f"/en/events/{event.pk}/manage/check-in/", {"all": "1"}, follow=True)
    assert "Check-in ended when the event started" in everyone.text
    assert footprint(event) == before and event.entrants.get(pk=late.pk).checked_in


def test_a_cancelled_events_deck_checks_and_judge_calls_are_not_taken_up(paired, organiser, alice):
    """Drawn and called before the cancellation: no judge records a check or takes a call afterwards,
    but the queue can still be cleared."""
    event, _match, _ids = paired
    check = judging_services.draw_deck_check(event, organiser, 1, seed="seven")
    call = judging_services.call_judge(event, alice)
    cancel_services.cancel_event(event, organiser, REASON)
    before = footprint(event)
    checked = check.decks.first()
    with pytest.raises(DomainError) as refused:
        judging_services.record_deck_check(checked, organiser, "ok")
    assert refused.value.code == "event.cancelled"
    with pytest.raises(DomainError) as refused:
        judging_services.claim_call(call, organiser)
    assert refused.value.code == "event.cancelled"
    assert footprint(event) == before
    assert judging_services.close_call(call, organiser).status == "closed"
