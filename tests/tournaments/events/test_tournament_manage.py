"""The organiser's pages: creating an event, the dashboard and its actions; players registering themselves."""

import re

import pytest

from catalogue.models import Card, Game
from decks.services import decks as deck_services
from tests.conftest import make_user
from tests.decks.test_deck_validation_api import legal_sample_deck
from tournaments.models import AuditEntry, Entrant, Event, Match
from tournaments.presenters.rounds import describe_note
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db


def form_data(**overrides):
    data = {
        "name": "Friday Swiss",
        "game": "dust-collectorz",
        "format": "",
        "mode": "versus",
        "pod_size": "4",
        "best_of": "3",
        "swiss_rounds": "",
        "top_cut": "0",
        "tiebreakers": "mtr",
        "round_minutes": "50",
        "is_public": "on",
        "deck_deadline": "",
        "late_entry_losses": "on",
        "publication": "none",
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


def create_through_form(client, organiser, **overrides):
    client.force_login(organiser)
    response = client.post("/en/events/new/", form_data(**overrides))
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.latest("created_at")
    assert response["Location"] == f"/en/events/{event.pk}/manage/"
    return event


def manage_url(event, tail=""):
    return f"/en/events/{event.pk}/manage/{tail}"


def add_walk_ins(client, event, names):
    for name in names:
        response = client.post(manage_url(event, "entrants/"), {"name": name}, follow=True)
        assert f"{name} added." in response.text


def missing_count(page):
    found = re.search(r"Missing a result: (\d+) tables?", page)
    return int(found[1]) if found else 0


def pending_matches(event):
    latest = round_services.current_round(event)
    return list(latest.matches.filter(status=Match.Status.PENDING).order_by("table"))


def enter(client, event, match, first, second, draws=0, follow=True):
    a, b = match.seats.order_by("pk").values_list("entrant_id", flat=True)
    return client.post(
        manage_url(event, f"matches/{match.pk}/result/"),
        {f"wins_{a}": first, f"wins_{b}": second, "draws": draws},
        follow=follow,
    )


def messages_of(response):
    return [str(message) for message in response.context["messages"]] if response.context else []


@pytest.fixture
def dc(sample):
    return Game.objects.get(slug="dust-collectorz")


@pytest.fixture
def event(client, organiser, dc):
    """A public event with 7 walk-ins, started: round 1 is not paired yet."""
    event = create_through_form(client, organiser, swiss_rounds="3")
    add_walk_ins(client, event, ["Alba", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"])
    client.post(manage_url(event, "start/"))
    event.refresh_from_db()
    assert event.status == Event.Status.SWISS
    client.logout()
    return event


# Creating an event


def test_create_form_as_organiser(client, organiser, dc):
    client.force_login(organiser)
    page = client.get("/en/events/new/")
    assert page.status_code == 200
    assert "Leave blank to use the default for the number of players" in page.text
    assert '<optgroup label="Dust Collectorz: Champions Unleashed">' in page.text  # formats grouped by game
    event = create_through_form(
        client,
        organiser,
        name="Sunday Cup",
        format="dc-prerelease",
        top_cut="8",
        best_of="1",
        is_public=None,
        deck_deadline="2030-05-01T10:30",
        publication="top_cut",
    )
    assert (event.name, event.organiser, event.game, event.format_slug) == (
        "Sunday Cup",
        organiser,
        dc,
        "dc-prerelease",
    )
    assert (event.best_of, event.top_cut, event.swiss_rounds, event.is_public, event.settings.publication) == (
        1,
        8,
        None,
        False,
        "top_cut",
    )
    assert event.settings.deck_deadline.year == 2030
    dashboard = client.get(manage_url(event))
    assert "Event created." in dashboard.text and "Start the event" in dashboard.text


def test_create_form_shows_service_and_field_errors(client, organiser, dc):
    client.force_login(organiser)
    response = client.post("/en/events/new/", form_data(mode="ffa", top_cut="8"))
    assert response.status_code == 200
    assert "Free-for-all events have no single-elimination top cut." in response.text
    response = client.post("/en/events/new/", form_data(format="dbz-expanded"))
    assert "is not a format of Dust Collectorz" in response.text
    response = client.post("/en/events/new/", form_data(name="", swiss_rounds="40"))
    assert response.status_code == 200 and "has-error" in response.text
    assert not Event.objects.exists()


def test_only_organisers_create_events(client, alice, dc):
    assert client.get("/en/events/new/").status_code == 302
    client.force_login(alice)
    assert client.get("/en/events/new/").status_code == 403
    assert client.post("/en/events/new/", form_data()).status_code == 403
    assert not Event.objects.exists()


# A Swiss event through the dashboard


def test_swiss_rounds_results_corrections_drop_and_finish(client, organiser, event):
    client.force_login(organiser)
    page = client.get(manage_url(event))
    assert "Pair round 1 of 3" in page.text
    response = client.post(manage_url(event, "pair/"), follow=True)
    assert "Round 1 is paired." in response.text
    page = response.text
    assert missing_count(page) == 3  # 7 players: 3 tables and a bye
    assert re.search(r"Bye: \w+, 0 points \(lowest-ranked player without a bye\)", page)

    # Pairing again while results are missing: the service's message, no new round.
    response = client.post(manage_url(event, "pair/"), follow=True)
    assert "Round 1 still has tables without a result." in messages_of(response)
    assert event.rounds.count() == 1

    # An impossible score is refused with the service's message, on the table's page as entered.
    first = pending_matches(event)[0]
    response = enter(client, event, first, 2, 2)
    assert response.status_code == 400 and "Both players cannot win the match." in response.text
    assert missing_count(client.get(manage_url(event)).text) == 3

    # The missing list shrinks table by table.
    for left, match in zip((2, 1, 0), pending_matches(event), strict=True):
        response = enter(client, event, match, 2, 1)
        assert f"Table {match.table}: result saved." in messages_of(response)
        assert missing_count(response.text) == left
    assert "Every table of this round has a result." in response.text
    assert "Pair round 2 of 3" in response.text

    # Editing a reported table of the current round needs no reason.
    edited = event.rounds.get(number=1).matches.filter(is_bye=False).first()
    response = enter(client, event, edited, 0, 2)
    assert f"Table {edited.table}: result saved." in messages_of(response)
    assert sorted(edited.seats.values_list("game_wins", flat=True)) == [0, 2]

    client.post(manage_url(event, "pair/"))
    assert event.rounds.count() == 2

    # Round 1 is finished: a plain result is refused, a correction needs a reason.
    response = enter(client, event, edited, 2, 0)
    assert "Round 1 is finished: enter a correction with a reason instead." in " ".join(messages_of(response))
    correction_url = manage_url(event, f"matches/{edited.pk}/correction/")
    page = client.get(correction_url)
    assert page.status_code == 200 and "Reason for the correction" in page.text
    a, b = edited.seats.order_by("pk").values_list("entrant_id", flat=True)
    response = client.post(correction_url, {f"wins_{a}": 2, f"wins_{b}": 1, "draws": 0, "reason": ""})
    assert response.status_code == 200 and "has-error" in response.text
    response = client.post(
        correction_url, {f"wins_{a}": 2, f"wins_{b}": 1, "draws": 0, "reason": "Slip says 2-1"}, follow=True
    )
    assert f"Round 1, table {edited.table}: result corrected." in messages_of(response)
    assert "Result corrected" in response.text and "reason: Slip says 2-1" in response.text
    assert AuditEntry.objects.filter(event=event, action="result.correct", after__reason="Slip says 2-1").exists()

    # Drop with a confirmation page.
    leaver = event.entrants.get(name="Gina")
    drop_url = manage_url(event, f"entrants/{leaver.pk}/drop/")
    confirm = client.get(drop_url)
    assert confirm.status_code == 200 and "Drop Gina?" in confirm.text
    leaver.refresh_from_db()
    assert not leaver.dropped
    response = client.post(drop_url, follow=True)
    assert "Gina has dropped." in messages_of(response)
    assert "dropped after round 2" in client.get(manage_url(event, "players/?q=gina")).text
    leaver.refresh_from_db()
    assert leaver.dropped_after == 2

    # Finish with a confirmation page.
    confirm = client.get(manage_url(event, "finish/"))
    assert confirm.status_code == 200 and "Yes, finish the event" in confirm.text
    event.refresh_from_db()
    assert event.status == Event.Status.SWISS
    response = client.post(manage_url(event, "finish/"), follow=True)
    assert "The event is finished." in messages_of(response)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert "Correct…" in response.text and "Save result" not in response.text


def test_walk_ins_registered_players_and_check_in_toggle(client, organiser, alice, dc):
    event = create_through_form(client, organiser)
    response = client.post(manage_url(event, "entrants/"), {"username": "ALICE"}, follow=True)
    assert any("alice has an account, so only they can enter this event" in text for text in messages_of(response))
    assert not event.entrants.exists()
    response = client.post(manage_url(event, "entrants/"), {"username": "nobody"}, follow=True)
    assert "No account with the username “nobody”." in messages_of(response)
    response = client.post(manage_url(event, "entrants/"), {"name": "Wanda"}, follow=True)
    assert "Wanda added." in messages_of(response)
    response = client.post(manage_url(event, "entrants/"), {"name": ""}, follow=True)
    assert response.status_code == 200 and event.entrants.count() == 1
    entrant = event.entrants.get()
    assert entrant.checked_in  # added at the desk of an event without a format: present
    check_in_url = manage_url(event, f"entrants/{entrant.pk}/check-in/")
    response = client.post(check_in_url, {"checked_in": "0"}, follow=True)
    assert "Wanda is no longer checked in." in messages_of(response)
    client.post(check_in_url, {"checked_in": "0"})  # a second click does not flip it back
    entrant.refresh_from_db()
    assert not entrant.checked_in
    client.post(check_in_url, {"checked_in": "1"})
    entrant.refresh_from_db()
    assert entrant.checked_in
    client.post(check_in_url, {"checked_in": "0"})
    response = client.post(manage_url(event, "start/"), follow=True)
    assert "At least 2 checked-in players are needed to start." in messages_of(response)


def test_timer_and_publication(client, organiser, event):
    client.force_login(organiser)
    client.post(manage_url(event, "pair/"))
    page = client.get(manage_url(event)).text
    assert "Running" in page and "Pause" in page
    response = client.post(manage_url(event, "timer/"), {"action": "pause"}, follow=True)
    assert "The clock is paused." in messages_of(response) and "Resume" in response.text
    event.refresh_from_db()
    paused = event.clock.paused_seconds
    response = client.post(manage_url(event, "timer/"), {"action": "extend", "minutes": "5"}, follow=True)
    assert "The round has 5 more minutes." in messages_of(response)
    event.refresh_from_db()
    assert event.clock.paused_seconds == paused + 300
    response = client.post(manage_url(event, "timer/"), {"action": "resume"}, follow=True)
    assert "The clock is running again." in messages_of(response)
    response = client.post(manage_url(event, "timer/"), {"action": "resume"}, follow=True)
    assert "The clock cannot do that now." in messages_of(response)
    response = client.post(manage_url(event, "timer/"), {"action": "explode"}, follow=True)
    assert "The clock cannot do that now." in messages_of(response)
    response = client.post(manage_url(event, "publication/"), {"publication": "all"}, follow=True)
    assert "Decklist publication saved." in messages_of(response)
    event.refresh_from_db()
    assert event.settings.publication == "all"
    assert "Decklist publication changed" in response.text and "Clock paused" in response.text


def test_pods_take_placements(client, organiser, dc):
    event = create_through_form(client, organiser, mode="ffa", pod_size="4", swiss_rounds="2")
    add_walk_ins(client, event, [f"Player {number}" for number in range(1, 8)])
    client.post(manage_url(event, "start/"))
    client.post(manage_url(event, "pair/"))
    page = client.get(manage_url(event)).text
    assert missing_count(page) == 2  # 7 players: a pod of 4 and a pod of 3
    for match in pending_matches(event):
        seats = list(match.seats.order_by("pk").values_list("entrant_id", flat=True))
        data = {f"place_{entrant}": place for place, entrant in enumerate(seats, start=1)}
        response = client.post(manage_url(event, f"matches/{match.pk}/result/"), data, follow=True)
        assert f"Table {match.table}: result saved." in messages_of(response)
    assert missing_count(response.text) == 0
    assert "1. " in response.text


def test_top_cut_from_the_dashboard(client, organiser, dc):
    event = create_through_form(client, organiser, swiss_rounds="1", top_cut="4")
    add_walk_ins(client, event, ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"])
    client.post(manage_url(event, "start/"))
    client.post(manage_url(event, "pair/"))
    for match in pending_matches(event):
        enter(client, event, match, 2, 0, follow=False)
    page = client.get(manage_url(event)).text
    assert "Start the top 4" in page
    response = client.post(manage_url(event, "top-cut/start/"), follow=True)
    assert "The top 4 is seeded from the standings." in messages_of(response)
    assert "Semifinals" in response.text
    for match in pending_matches(event):
        response = enter(client, event, match, 1, 1)
        assert response.status_code == 400 and "A top-cut match needs a winner." in response.text
        enter(client, event, match, 2, 1, follow=False)
    response = client.post(manage_url(event, "top-cut/advance/"), follow=True)
    assert "The winners move on: Final." in messages_of(response)
    enter(client, event, pending_matches(event)[0], 0, 2, follow=False)
    assert "Crown the winner and finish" in client.get(manage_url(event)).text
    response = client.post(manage_url(event, "top-cut/advance/"), follow=True)
    assert "The final is played: the event is finished." in messages_of(response)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


# Players registering themselves


@pytest.fixture
def formatted_event(organiser, dc):
    return event_services.create_event(organiser, "Prerelease", dc, format_slug="dc-prerelease")


@pytest.fixture
def decks(alice, dc):
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), dc)
    legal = deck_services.create_deck(alice, "Lint rush", dc, "dc-prerelease", "private", cards, declarations)
    puff, fluff = Card.objects.get(name="Pocket Puff"), Card.objects.get(name="Fluffnip")
    illegal = deck_services.create_deck(alice, "Two puffs", dc, "dc-prerelease", "private", {puff.pk: 2, fluff.pk: 1})
    return legal, illegal


def test_player_registers_with_an_illegal_deck_then_a_legal_one(client, organiser, alice, bob, formatted_event, decks):
    legal, illegal = decks
    event = formatted_event
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/register/")
    assert page.status_code == 200 and "Lint rush" in page.text and "Two puffs" in page.text
    response = client.post(f"/en/events/{event.pk}/register/", {"deck": illegal.latest_version().pk}, follow=True)
    assert response.redirect_chain[-1][0] == f"/en/events/{event.pk}/"  # the public event page
    assert "You are registered for Prerelease." in messages_of(response)
    assert any("not legal" in message for message in messages_of(response))
    entrant = Entrant.objects.get(event=event, user=alice)
    assert entrant.deck == illegal.latest_version() and entrant.deck_legal is False
    # Registered already: the register page sends her to the deck page.
    assert client.get(f"/en/events/{event.pk}/register/")["Location"] == f"/en/events/{event.pk}/deck/"

    # The organiser sees the illegal deck and the problems; check-in is refused with the reason.
    client.force_login(organiser)
    page = client.get(manage_url(event, "players/")).text
    assert "illegal" in page and "Two puffs" in page and entrant.deck_problems[0]["message"] in page
    response = client.post(manage_url(event, f"entrants/{entrant.pk}/check-in/"), {"checked_in": "1"}, follow=True)
    refusal = "alice cannot check in: the registered list is not legal. The deck has 3 cards; it must have 32."
    assert any(message.startswith(refusal) for message in messages_of(response))
    entrant.refresh_from_db()
    assert not entrant.checked_in

    # She registers the legal deck instead; now check-in works.
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/deck/")
    assert page.status_code == 200 and "Illegal" in page.text
    response = client.post(f"/en/events/{event.pk}/deck/", {"deck": legal.latest_version().pk}, follow=True)
    assert "Your deck is registered." in messages_of(response)
    entrant.refresh_from_db()
    assert entrant.deck_legal is True and entrant.deck_problems == []
    client.force_login(organiser)
    response = client.post(manage_url(event, f"entrants/{entrant.pk}/check-in/"), {"checked_in": "1"}, follow=True)
    assert "alice is checked in." in messages_of(response)


def test_organiser_registers_a_deck_for_a_walk_in(client, organiser, formatted_event, dc):
    event = formatted_event
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), dc)
    house = deck_services.create_deck(organiser, "House deck", dc, "dc-prerelease", "private", cards, declarations)
    client.force_login(organiser)
    add_walk_ins(client, event, ["Walter"])
    walter = event.entrants.get(name="Walter")
    assert not walter.checked_in  # this event checks decks
    page = client.get(manage_url(event, "players/")).text
    assert "no deck" in page and f"entrants/{walter.pk}/deck/" in page
    response = client.post(manage_url(event, f"entrants/{walter.pk}/check-in/"), {"checked_in": "1"}, follow=True)
    assert "Walter cannot check in without a legal registered deck." in messages_of(response)
    assert "House deck" in client.get(manage_url(event, f"entrants/{walter.pk}/deck/")).text
    response = client.post(
        manage_url(event, f"entrants/{walter.pk}/deck/"), {"deck": house.latest_version().pk}, follow=True
    )
    assert "Deck registered for Walter." in messages_of(response)
    response = client.post(manage_url(event, f"entrants/{walter.pk}/check-in/"), {"checked_in": "1"}, follow=True)
    assert "Walter is checked in." in messages_of(response)


def test_register_offers_only_your_decks_of_the_game(client, alice, bob, formatted_event, decks):
    client.force_login(bob)
    page = client.get(f"/en/events/{formatted_event.pk}/register/")
    assert "Lint rush" not in page.text
    response = client.post(f"/en/events/{formatted_event.pk}/register/", {"deck": decks[0].latest_version().pk})
    assert response.status_code == 200 and "has-error" in response.text
    assert not formatted_event.entrants.exists()
    response = client.post(f"/en/events/{formatted_event.pk}/register/", {"deck": ""})
    assert response.status_code == 302
    assert formatted_event.entrants.get().deck is None
    assert client.get(f"/en/events/{formatted_event.pk}/deck/").status_code == 200


def test_register_needs_login_and_a_visible_event(client, alice, bob, organiser, dc):
    private = event_services.create_event(organiser, "Invitational", dc, is_public=False)
    assert client.get(f"/en/events/{private.pk}/register/").status_code == 302
    client.force_login(alice)
    assert client.get(f"/en/events/{private.pk}/register/").status_code == 404
    assert client.post(f"/en/events/{private.pk}/register/", {"deck": ""}).status_code == 404
    assert client.get(f"/en/events/{private.pk}/deck/").status_code == 404
    assert not private.entrants.exists()


def test_registration_closes_when_the_event_is_finished(client, organiser, alice, event):
    client.force_login(organiser)
    client.post(manage_url(event, "finish/"))
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/register/")
    assert "Registration is closed." in page.text
    client.post(f"/en/events/{event.pk}/register/", {"deck": ""})
    assert not event.entrants.filter(user=alice).exists()


# Who may do what


def action_urls(event):
    entrant = event.entrants.first()
    match = event.rounds.first().matches.first()
    gets = [
        manage_url(event),
        manage_url(event, f"entrants/{entrant.pk}/drop/"),
        manage_url(event, f"entrants/{entrant.pk}/deck/"),
        manage_url(event, "finish/"),
        manage_url(event, f"matches/{match.pk}/correction/"),
    ]
    posts = [
        (manage_url(event, "entrants/"), {"name": "Intruder"}),
        (manage_url(event, f"entrants/{entrant.pk}/check-in/"), {"checked_in": "1"}),
        (manage_url(event, f"entrants/{entrant.pk}/drop/"), {}),
        (manage_url(event, f"entrants/{entrant.pk}/deck/"), {"deck": ""}),
        (manage_url(event, "start/"), {}),
        (manage_url(event, "pair/"), {}),
        (manage_url(event, f"matches/{match.pk}/result/"), {}),
        (manage_url(event, f"matches/{match.pk}/correction/"), {"reason": "x"}),
        (manage_url(event, "top-cut/start/"), {}),
        (manage_url(event, "top-cut/advance/"), {}),
        (manage_url(event, "finish/"), {}),
        (manage_url(event, "timer/"), {"action": "pause"}),
        (manage_url(event, "publication/"), {"publication": "all"}),
    ]
    return gets, posts


@pytest.fixture
def paired(client, organiser, event):
    client.force_login(organiser)
    client.post(manage_url(event, "pair/"))
    client.logout()
    return event


def assert_untouched(event, audit_count):
    assert AuditEntry.objects.filter(event=event).count() == audit_count
    assert not event.entrants.filter(name="Intruder").exists()


def test_players_and_other_organisers_get_403(client, bob, paired):
    event = paired
    entrant_services.add_entrant(event, bob, user=bob)  # bob plays in it: he may see it, not run it
    other = make_user("otto", organiser=True)
    audit = AuditEntry.objects.filter(event=event).count()
    gets, posts = action_urls(event)
    for user in (bob, other):
        client.force_login(user)
        for url in gets:
            assert client.get(url).status_code == 403, (user, url)
        for url, data in posts:
            assert client.post(url, data).status_code == 403, (user, url)
    assert_untouched(event, audit)


def test_anonymous_visitors_are_sent_to_login(client, paired):
    audit = AuditEntry.objects.filter(event=paired).count()
    gets, posts = action_urls(paired)
    for url in gets:
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    assert_untouched(paired, audit)


def test_strangers_get_404_for_a_private_event(client, organiser, paired):
    Event.objects.filter(pk=paired.pk).update(is_public=False)
    audit = AuditEntry.objects.filter(event=paired).count()
    gets, posts = action_urls(paired)
    for user in (make_user("stranger"), make_user("rival", organiser=True)):
        client.force_login(user)
        for url in gets:
            assert client.get(url).status_code == 404, url
        for url, data in posts:
            assert client.post(url, data).status_code == 404, url
    assert_untouched(paired, audit)


def test_actions_are_post_only(client, organiser, paired):
    client.force_login(organiser)
    for tail in ("entrants/", "start/", "pair/", "timer/", "publication/", "top-cut/start/", "top-cut/advance/"):
        assert client.get(manage_url(paired, tail)).status_code == 405, tail


def test_a_match_of_another_event_is_404(client, organiser, paired, dc):
    other = event_services.create_event(organiser, "Other", dc)
    match = paired.rounds.first().matches.first()
    client.force_login(organiser)
    assert client.post(manage_url(other, f"matches/{match.pk}/result/"), {}).status_code == 404
    assert client.get(manage_url(other, f"matches/{match.pk}/correction/")).status_code == 404


# Languages and pairing notes


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_pages_render_in_every_language(client, organiser, alice, paired, formatted_event, decks, language):
    client.force_login(organiser)
    match = paired.rounds.first().matches.filter(is_bye=False).first()
    entrant = paired.entrants.first()
    for url in (
        "/events/new/",
        f"/events/{paired.pk}/manage/",
        f"/events/{paired.pk}/manage/finish/",
        f"/events/{paired.pk}/manage/entrants/{entrant.pk}/drop/",
        f"/events/{paired.pk}/manage/matches/{match.pk}/correction/",
        f"/events/{formatted_event.pk}/manage/",
        f"/events/{paired.pk}/manage/entrants/{entrant.pk}/deck/",
    ):
        response = client.get(f"/{language}{url}")
        assert response.status_code == 200, url
        assert f'<html lang="{language}">' in response.text
    client.force_login(alice)
    assert client.get(f"/{language}/events/{formatted_event.pk}/register/").status_code == 200


def test_pairing_notes_in_words():
    names = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dan"}
    assert describe_note({"kind": "bye", "player": 3, "points": 0, "earlier_byes": 0}, names) == (
        "Bye: Carol, 0 points (lowest-ranked player without a bye)"
    )
    assert (
        describe_note(
            {"kind": "pair_down", "table": 3, "player": 1, "from_points": 9, "opponent": 2, "to_points": 6}, names
        )
        == "Table 3: Alice (9 points) paired down to Bob (6 points)"
    )
    assert describe_note({"kind": "rematch", "players": [1, 2]}, names) == (
        "Rematch: Alice, Bob meet again (no pairing without a rematch was possible)"
    )
    assert (
        describe_note({"kind": "pair_down", "table": 2, "players": [4], "from_points": 3, "to_points": 1}, names)
        == "Table 2: Dan (1 point) paired up into a pod led by 3 points"
    )
    assert "had a bye already" in describe_note({"kind": "bye", "player": 4, "points": 3, "earlier_byes": 1}, names)
