"""Sealed events' pages (issue 14): the sealed box on the event form, a player's pool on the phone,
the staff's paste box and pools overview, "deck building ends", deck-building seats (drawn from a
logged seed, printed, projected) and the deck-building clock; with their API."""

import datetime

import pytest
from django.utils import timezone

from core.errors import DomainError
from tests.conftest import make_user
from tests.tournaments.sealed.test_sealed_events import dc_cards, pool_text
from tournaments.models import AuditAction, AuditEntry, Event, SealedPool
from tournaments.services import entrants as entrant_services
from tournaments.services import events, rounds, rounds_clock, sealed, staff
from tournaments.services.sealed import seat_order

pytestmark = pytest.mark.django_db

WALK_INS = ("Zoe", "Bruno", "Carla", "Dario", "Elena", "Fabio")


@pytest.fixture
def prerelease(organiser, alice, bob, sample):
    event = events.create_event(organiser, "Prerelease", "dust-collectorz", format_slug="dc-prerelease", sealed=True)
    for user in (alice, bob):
        entrant_services.add_entrant(event, user, user=user)
    for name in WALK_INS:
        entrant_services.add_entrant(event, organiser, name=name)
    return event


@pytest.fixture
def judge(prerelease, organiser):
    make_user("jules")
    return staff.add_staff(prerelease, organiser, "jules", "judge").user


def url(event, path):
    return f"/en/events/{event.pk}/{path}"


# Seats: the draw itself (plain Python, then the service)


def test_a_seed_fixes_the_seats_and_every_entrant_has_exactly_one():
    ids = [31, 7, 12, 99, 4, 56, 8, 20]
    first = seat_order(ids, 1234)
    assert first == seat_order(list(reversed(ids)), 1234)  # the order the ids come in does not matter
    assert sorted(first) == sorted(ids)
    assert sorted(first.values()) == list(range(1, len(ids) + 1))
    assert any(seat_order(ids, seed) != first for seed in range(5))


def test_drawing_seats_seats_everyone_once_and_logs_the_seed(prerelease, organiser):
    drawn, seed = sealed.assign_build_seats(prerelease, organiser, seed=2026)
    numbers = list(prerelease.entrants.values_list("build_seat", flat=True))
    assert sorted(numbers) == list(range(1, 9)) and seed == 2026
    entry = AuditEntry.objects.get(action=AuditAction.BUILD_SEATS)
    assert entry.after == {"seed": 2026, "players": 8, "redraw": False}
    # The logged seed replays the same draw.
    prerelease.entrants.update(build_seat=None)
    sealed.assign_build_seats(prerelease, organiser, seed=entry.after["seed"])
    assert dict(prerelease.entrants.values_list("pk", "build_seat")) == drawn


def test_drawing_again_needs_a_confirmation_and_is_refused_after_round_one(prerelease, organiser):
    sealed.assign_build_seats(prerelease, organiser, seed=1)
    with pytest.raises(DomainError) as refused:
        sealed.assign_build_seats(prerelease, organiser, seed=2)
    assert refused.value.code == "seats.drawn"
    sealed.assign_build_seats(prerelease, organiser, seed=2, redraw=True)
    assert AuditEntry.objects.filter(action=AuditAction.BUILD_SEATS).count() == 2
    prerelease.entrants.update(checked_in=True, deck_legal=True)  # decks registered (not what is tested here)
    events.start_event(prerelease, organiser)
    rounds.pair_next_round(prerelease, organiser)
    before = dict(prerelease.entrants.values_list("pk", "build_seat"))
    with pytest.raises(DomainError) as refused:
        sealed.assign_build_seats(prerelease, organiser, seed=3, redraw=True)
    assert refused.value.code == "seats.started"
    assert dict(prerelease.entrants.values_list("pk", "build_seat")) == before


def test_only_the_organiser_draws_seats_and_only_at_a_sealed_event(prerelease, organiser, alice, judge):
    for who in (alice, judge):
        with pytest.raises(DomainError):
            sealed.assign_build_seats(prerelease, who)
    plain = events.create_event(organiser, "Constructed", "dust-collectorz")
    entrant_services.add_entrant(plain, organiser, name="Ann")
    with pytest.raises(DomainError) as refused:
        sealed.assign_build_seats(plain, organiser)
    assert refused.value.code == "seats.not_sealed"
    assert not prerelease.entrants.filter(build_seat__isnull=False).exists()


def test_a_late_entrant_gets_the_lowest_free_seat(prerelease, organiser):
    sealed.assign_build_seats(prerelease, organiser, seed=5)
    leaving = prerelease.entrants.get(name="Carla")
    freed = leaving.build_seat
    entrant_services.remove_entrant(leaving, organiser)
    late = entrant_services.add_entrant(prerelease, organiser, name="Late Larry")
    assert late.build_seat == freed
    later = entrant_services.add_entrant(prerelease, organiser, name="Later Lou")
    assert later.build_seat == 9


def test_entrants_before_the_draw_have_no_seat(prerelease, organiser):
    assert entrant_services.add_entrant(prerelease, organiser, name="Early").build_seat is None


# The event form


def test_the_event_form_creates_a_sealed_event_and_explains_it(client, organiser, sample):
    client.force_login(organiser)
    page = client.get("/en/events/new/").content.decode()
    assert 'name="sealed"' in page and "build their deck from a pool" in page
    data = {
        "name": "Saturday prerelease", "game": "dust-collectorz", "format": "dc-prerelease", "mode": "versus",
        "pod_size": "4", "best_of": "3", "swiss_rounds": "3", "top_cut": "0", "tiebreakers": "mtr",
        "round_minutes": "50", "is_public": "on", "publication": "none", "pod_points": "3-1-0-0", "sealed": "on",
    }  # fmt: skip
    assert client.post("/en/events/new/", data).status_code == 302
    assert Event.objects.get(name="Saturday prerelease").is_sealed


def test_the_settings_turn_sealed_on_while_registration_is_open_only(client, organiser, sample):
    event = events.create_event(organiser, "Thursday", "dust-collectorz", format_slug="dc-prerelease")
    client.force_login(organiser)
    form = {"name": "Thursday", "publication": "none", "top_cut": "0", "best_of": "3", "sealed": "on"}
    assert client.post(url(event, "manage/settings/"), form).status_code == 302
    event.refresh_from_db()
    assert event.is_sealed
    sealed.freeze_pools(event, organiser)
    assert 'name="sealed"' not in client.get(url(event, "manage/settings/")).content.decode()
    with pytest.raises(DomainError):
        events.update_event(event, organiser, sealed=False)


def test_the_settings_set_the_boosters_per_player_and_the_log_keeps_it(client, prerelease, organiser, bob):
    client.force_login(organiser)
    page = client.get(url(prerelease, "manage/settings/")).content.decode()
    assert 'name="boosters"' in page and "from 3 to 6" in page
    sealed.register_pool(prerelease.entrants.get(user=bob), bob, pool_text(dc_cards()))
    form = {
        "name": "Prerelease",
        "publication": "none",
        "top_cut": "0",
        "best_of": "3",
        "sealed": "on",
        "boosters": "3",
    }
    saved = client.post(url(prerelease, "manage/settings/"), form, follow=True).content.decode()
    assert "1 registered pool does not match 3 boosters: bob. Register it again." in saved
    entry = AuditEntry.objects.filter(action=AuditAction.EVENT_EDIT).latest("pk")
    assert entry.after == {"boosters": 3} and entry.actor == organiser
    refused = client.post(url(prerelease, "manage/settings/"), {**form, "boosters": "9"})
    assert "A kit of this product holds from 3 to 6 boosters." in refused.content.decode()
    building = client.get(url(prerelease, "manage/deck-building/")).content.decode()
    assert "Pools are checked against 3 boosters of 16 cards: 48 cards in all." in building
    client.force_login(bob)
    pool = client.get(url(prerelease, "pool/")).content.decode()
    assert "3 boosters of 16 cards: 48 cards in all" in pool
    refused = client.post(url(prerelease, "pool/"), {"pool": pool_text(dc_cards())}).content.decode()
    assert "A pool of 3 boosters has 48 cards; this one has 80 (32 too many)." in refused


# The player's pool on the phone


def test_a_player_registers_their_pool_on_their_phone(client, prerelease, alice):
    client.force_login(alice)
    me = client.get(url(prerelease, "me/")).content.decode()
    assert "Register my pool" in me and "No pool registered yet" in me
    response = client.post(url(prerelease, "pool/"), {"pool": pool_text(dc_cards())})
    assert response.status_code == 302
    assert sum(SealedPool.objects.get(entrant__user=alice).cards.values()) == 80
    page = client.get(url(prerelease, "pool/")).content.decode()
    assert "80 cards" in page and dc_cards()[0].name in page
    assert "Pool registered: 80 cards" in client.get(url(prerelease, "deck/")).content.decode()


def test_a_pool_that_does_not_match_is_refused_with_each_problem_in_the_players_language(client, prerelease, bob):
    client.force_login(bob)
    short = [card for card in dc_cards() if card.type == "champion"][:20]
    response = client.post(url(prerelease, "pool/").replace("/en/", "/fr/"), {"pool": pool_text(short)})
    assert response.status_code == 400
    page = response.content.decode()
    assert "ne correspond pas au produit" in page
    assert page.count("<li>") >= 2  # each problem on its own line
    assert not SealedPool.objects.exists()


def test_the_pool_page_shows_what_the_pool_is_checked_against_in_each_language(client, prerelease, bob):
    client.force_login(bob)
    english = client.get(url(prerelease, "pool/")).content.decode()
    assert "5 boosters of 16 cards: 80 cards in all (the product’s usual count)." in english
    assert '<li><span class="num">2</span> Gold, Platinum or Epic</li>' in english
    assert "the publisher’s rules do not describe it" in english
    french = client.get(url(prerelease, "pool/").replace("/en/", "/fr/")).content.decode()
    assert "5 boosters de 16 cartes\u00a0: 80 cartes en tout" in french and "Or, Platine ou Épique" in french
    italian = client.get(url(prerelease, "pool/").replace("/en/", "/it/")).content.decode()
    assert "5 buste da 16 carte: 80 carte in tutto" in italian and "Oro, Platino o Epica" in italian


def test_a_pool_one_card_short_or_with_too_many_gold_is_refused_with_the_counts(client, prerelease, bob):
    cards = dc_cards()
    client.force_login(bob)
    short = client.post(url(prerelease, "pool/"), {"pool": pool_text(cards[1:])}).content.decode()
    assert "A pool of 5 boosters has 80 cards; this one has 79 (1 missing)." in short
    assert "(Pre-release Ruleset: the site&#x27;s product model)" in short
    platinum = [card for card in cards if card.rank == "platinum"]
    gold = [card for card in cards if card.rank == "gold"]
    # 22 Gold (every one twice, two of them thrice) and 8 Platinum: 10 Gold slots and 10 Gold-or-better hold 20.
    too_many = [card for card in cards if card.rank not in ("platinum", "epic")] + gold + gold[:2] + platinum[:8]
    italian = client.post(url(prerelease, "pool/").replace("/en/", "/it/"), {"pool": pool_text(too_many)})
    assert italian.status_code == 400
    assert "Il pool ha 22 carte Oro, ma in 5 buste ce ne sono al massimo 20." in italian.content.decode()
    french = client.post(url(prerelease, "pool/").replace("/en/", "/fr/"), {"pool": pool_text(too_many)})
    assert "Le pool contient 22 cartes Or, mais il y en a au plus 20 dans 5 boosters." in french.content.decode()
    assert not SealedPool.objects.exists()


def test_a_player_sees_only_their_own_pool(client, prerelease, alice, bob, organiser):
    sealed.register_pool(prerelease.entrants.get(user=alice), alice, pool_text(dc_cards()))
    outsider = make_user("ursula")
    client.force_login(outsider)
    assert client.get(url(prerelease, "pool/")).status_code == 404  # not playing: no pool of theirs
    client.force_login(bob)
    mine = client.get(url(prerelease, "pool/")).content.decode()
    assert "No pool registered yet" in mine  # bob's own, not alice's
    alice_entry = prerelease.entrants.get(user=alice)
    assert client.get(url(prerelease, f"manage/entrants/{alice_entry.pk}/pool/")).status_code == 403
    assert client.post(url(prerelease, f"manage/entrants/{alice_entry.pk}/pool/"), {"pool": "1 x"}).status_code == 403


def test_after_deck_building_ends_the_pool_shows_without_a_form(client, prerelease, alice, organiser):
    sealed.register_pool(prerelease.entrants.get(user=alice), alice, pool_text(dc_cards()))
    sealed.freeze_pools(prerelease, organiser)
    client.force_login(alice)
    page = client.get(url(prerelease, "pool/")).content.decode()
    assert "Deck building has ended" in page and 'id="pool-form"' not in page and "80 cards" in page
    client.post(url(prerelease, "pool/"), {"pool": pool_text(dc_cards()[:40])})
    assert sum(SealedPool.objects.get().cards.values()) == 80


# The staff's pages


def test_a_judge_pastes_a_players_pool_and_sees_the_overview(client, prerelease, judge, alice):
    walk_in = prerelease.entrants.get(name="Zoe")
    client.force_login(judge)
    response = client.post(url(prerelease, f"manage/entrants/{walk_in.pk}/pool/"), {"pool": pool_text(dc_cards())})
    assert response.status_code == 302
    assert SealedPool.objects.get().registered_by == judge
    overview = client.get(url(prerelease, "manage/deck-building/")).content.decode()
    assert "Pools registered: 1 of 8 · decks registered: 0 of 8" in overview
    assert "80 cards" in overview and "no pool" in overview
    assert "Draw the seats" not in overview  # the organiser's controls only


def test_a_scorekeeper_cannot_paste_a_pool(client, prerelease, organiser):
    make_user("sam")
    staff.add_staff(prerelease, organiser, "sam", "scorekeeper")
    client.force_login(prerelease.staff.get().user)
    walk_in = prerelease.entrants.get(name="Zoe")
    assert client.post(url(prerelease, f"manage/entrants/{walk_in.pk}/pool/"), {"pool": "x"}).status_code == 403
    assert client.get(url(prerelease, "manage/deck-building/")).status_code == 403


def test_deck_building_ends_after_a_confirmation_and_is_logged(client, prerelease, organiser, judge):
    client.force_login(judge)
    assert client.post(url(prerelease, "manage/deck-building/end/")).status_code == 403
    client.force_login(organiser)
    confirm = client.get(url(prerelease, "manage/deck-building/end/")).content.decode()
    assert "End deck building?" in confirm and "8 players have no pool registered yet." in confirm
    assert client.post(url(prerelease, "manage/deck-building/end/")).status_code == 302
    prerelease.refresh_from_db()
    assert prerelease.sealed_setup.pools_frozen_at is not None
    assert AuditEntry.objects.filter(action=AuditAction.POOLS_FREEZE, actor=organiser).exists()
    again = client.post(url(prerelease, "manage/deck-building/end/"), follow=True).content.decode()
    assert "already frozen" in again


def test_the_organiser_draws_seats_and_confirms_a_redraw(client, prerelease, organiser, judge):
    client.force_login(judge)
    assert client.post(url(prerelease, "manage/deck-building/seats/")).status_code == 403
    client.force_login(organiser)
    response = client.post(url(prerelease, "manage/deck-building/seats/"), {"seed": "77"}, follow=True)
    assert "8 players seated (seed 77)." in response.content.decode()
    drawn = dict(prerelease.entrants.values_list("pk", "build_seat"))
    ask = client.post(url(prerelease, "manage/deck-building/seats/"), {"seed": "78"})
    assert ask.status_code == 409 and "Draw the seats again?" in ask.content.decode()
    assert dict(prerelease.entrants.values_list("pk", "build_seat")) == drawn
    client.post(url(prerelease, "manage/deck-building/seats/"), {"seed": "78", "confirm": "1"})
    assert dict(prerelease.entrants.values_list("pk", "build_seat")) == dict(seat_order(list(drawn), 78))


def test_the_seats_sheet_lists_players_by_name_for_print(client, prerelease, organiser, alice):
    sealed.assign_build_seats(prerelease, organiser, seed=9)
    events.update_event(prerelease, organiser, venue="The Dusty Den")
    page = client.get(url(prerelease, "seats/")).content.decode()
    assert "The Dusty Den" in page
    names = sorted(prerelease.entrants.values_list("name", flat=True))
    positions = [page.index(f'<td class="player">{name}</td>') for name in names]
    assert positions == sorted(positions)
    assert "print-sheet" in page and "not the round 1 pairings" in page
    client.force_login(alice)
    seat = prerelease.entrants.get(user=alice).build_seat
    me = client.get(url(prerelease, "me/")).content.decode()
    assert f'<p class="me-table" id="my-build-seat">{seat}</p>' in me


def test_the_projector_shows_the_seats_and_changes_when_they_are_drawn_again(client, prerelease, organiser):
    empty = client.get(url(prerelease, "projector/")).content.decode()
    assert "Deck-building seats appear here" in empty
    sealed.assign_build_seats(prerelease, organiser, seed=1)
    first = client.get(url(prerelease, "projector/?fragment=1")).content.decode()
    seat_of_zoe = prerelease.entrants.get(name="Zoe").build_seat
    assert (
        "Deck-building seats" in first and f'<td class="player">Zoe</td><td class="num table-no">{seat_of_zoe}' in first
    )
    seed = next(s for s in range(2, 50) if seat_order(list(prerelease.entrants.values_list("pk", flat=True)), s)
                [prerelease.entrants.get(name="Zoe").pk] != seat_of_zoe)  # fmt: skip
    sealed.assign_build_seats(prerelease, organiser, seed=seed, redraw=True)
    again = client.get(url(prerelease, "projector/?fragment=1")).content.decode()
    new_seat = prerelease.entrants.get(name="Zoe").build_seat
    assert f'<td class="player">Zoe</td><td class="num table-no">{new_seat}' in again


# The deck-building clock


def test_the_build_clock_shows_deck_building_until_round_one_starts_the_round_clock(client, prerelease, organiser):
    client.force_login(organiser)
    response = client.post(url(prerelease, "manage/deck-building/clock/"), {"minutes": "35"}, follow=True)
    assert "35 minutes on the clock" in response.content.decode()
    prerelease.refresh_from_db()
    assert prerelease.clock.deck_building
    assert 34 * 60 < rounds_clock.remaining_seconds(prerelease) <= 35 * 60
    assert '<p class="timer-round">Deck building</p>' in client.get(url(prerelease, "timer/")).content.decode()
    assert "Deck building</h1>" in client.get(url(prerelease, "projector/")).content.decode()
    assert client.get(f"/api/v1/tournaments/{prerelease.pk}/timer/").json()["label"] == "Deck building"
    rounds_clock.control_timer(prerelease, organiser, "pause")  # the round clock's controls work on it
    assert Event.objects.get(pk=prerelease.pk).clock.paused_seconds is not None
    prerelease.entrants.update(checked_in=True, deck_legal=True)  # decks registered (not what is tested here)
    events.start_event(prerelease, organiser)
    rounds.pair_next_round(prerelease, organiser)
    prerelease.refresh_from_db()
    assert not prerelease.clock.deck_building and prerelease.clock.paused_seconds is None
    assert rounds_clock.remaining_seconds(prerelease) > 49 * 60  # the round's 50 minutes
    page = client.get(url(prerelease, "timer/")).content.decode()
    assert "Deck building" not in page and "Round 1" in page
    assert client.get(f"/api/v1/tournaments/{prerelease.pk}/timer/").json()["label"] == ""
    with pytest.raises(DomainError) as refused:
        rounds_clock.start_build_clock(prerelease, organiser, 30)
    assert refused.value.code == "timer.build_started"


def test_the_build_clock_refuses_odd_minutes_and_other_people(client, prerelease, organiser, judge):
    for minutes in (0, 4, 121):
        with pytest.raises(DomainError):
            rounds_clock.start_build_clock(prerelease, organiser, minutes)
    with pytest.raises(DomainError):
        rounds_clock.start_build_clock(prerelease, judge, 30)
    client.force_login(judge)
    assert client.post(url(prerelease, "manage/deck-building/clock/"), {"minutes": "30"}).status_code == 403
    assert Event.objects.get(pk=prerelease.pk).clock.ends_at is None


# French and Italian


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Construction des decks", "Places de construction", "Tirer de nouveau les places"]),
        ("it", ["Costruzione dei mazzi", "Posti per la costruzione", "Sorteggia di nuovo i posti"]),
    ],
)
def test_the_deck_building_pages_in_french_and_italian(client, prerelease, organiser, language, words):
    sealed.assign_build_seats(prerelease, organiser, seed=3)
    rounds_clock.start_build_clock(prerelease, organiser, 30)
    client.force_login(organiser)
    page = client.get(f"/{language}/events/{prerelease.pk}/manage/deck-building/").content.decode()
    assert all(word in page for word in words), [word for word in words if word not in page]
    projector = client.get(f"/{language}/events/{prerelease.pk}/projector/").content.decode()
    assert words[0] in projector and words[1] in projector


# API


def test_api_the_organiser_draws_seats_anyone_reads_them(api, prerelease, organiser, alice):
    base = f"/api/v1/tournaments/{prerelease.pk}/seats/"
    api.force_authenticate(alice)
    refused = api.post(base, {"seed": 4}, format="json")
    assert refused.status_code == 403 and refused.json()["message"] == "Only the event's organiser can do this."
    api.force_authenticate(organiser)
    drawn = api.post(base, {"seed": 4}, format="json")
    assert drawn.status_code == 200 and drawn.json()["seed"] == 4
    assert [row["seat"] for row in drawn.json()["seats"]] == list(range(1, 9))
    api.credentials(HTTP_ACCEPT_LANGUAGE="fr")
    again = api.post(base, {"seed": 5}, format="json")
    assert again.status_code == 409 and "confirmez" in again.json()["message"]
    assert api.post(base, {"seed": 5, "redraw": True}, format="json").status_code == 200
    api.force_authenticate(None)
    assert len(api.get(base).json()["seats"]) == 8


def test_api_the_build_clock(api, prerelease, organiser, alice):
    base = f"/api/v1/tournaments/{prerelease.pk}/build-clock/"
    api.force_authenticate(alice)
    assert api.post(base, {}, format="json").status_code == 403
    api.force_authenticate(organiser)
    api.credentials(HTTP_ACCEPT_LANGUAGE="it")
    wrong = api.post(base, {"minutes": 500}, format="json")
    assert wrong.status_code == 400 and "tra 5 e 120 minuti" in wrong.json()["message"]
    api.credentials()
    started = api.post(base, {}, format="json")
    assert started.status_code == 200 and started.json()["label"] == "Deck building"
    assert 29 * 60 < started.json()["remaining"] <= 30 * 60
    ends = Event.objects.get(pk=prerelease.pk).clock.ends_at
    assert ends - timezone.now() < datetime.timedelta(minutes=31)


def test_restarting_the_clock_gives_a_rounds_length(client, prerelease, organiser):
    rounds_clock.start_build_clock(prerelease, organiser, 30)
    client.force_login(organiser)
    client.post(url(prerelease, "manage/timer/"), {"action": "start"})
    prerelease.refresh_from_db()
    assert not prerelease.clock.deck_building and rounds_clock.remaining_seconds(prerelease) > 49 * 60
    assert "Deck building" not in client.get(url(prerelease, "timer/")).content.decode()


def test_the_log_shows_the_seats_draw_with_its_seed(client, prerelease, organiser):
    sealed.assign_build_seats(prerelease, organiser, seed=4242)
    client.force_login(organiser)
    log_page = client.get(url(prerelease, "manage/log/")).content.decode()
    assert "Deck-building seats drawn" in log_page and "seed 4242, 8 players" in log_page


def test_the_build_clock_pauses_and_extends_from_the_deck_building_page(client, prerelease, organiser):
    rounds_clock.start_build_clock(prerelease, organiser, 30)
    client.force_login(organiser)
    page = url(prerelease, "manage/deck-building/")
    assert 'id="build-clock-face"' in client.get(page).content.decode()
    response = client.post(
        url(prerelease, "manage/timer/"),
        {"action": "pause", "next": f"/en/events/{prerelease.pk}/manage/deck-building/"},
    )
    assert response.status_code == 302 and response["Location"].endswith("/manage/deck-building/")
    client.post(url(prerelease, "manage/timer/"), {"action": "extend", "minutes": "5", "next": page})
    prerelease.refresh_from_db()
    assert prerelease.clock.deck_building and 34 * 60 < prerelease.clock.paused_seconds <= 35 * 60
    assert "Resume" in client.get(page).content.decode()


def test_a_player_who_moves_up_from_the_waitlist_gets_the_freed_seat(prerelease, organiser):
    events.update_event(prerelease, organiser, capacity=8)
    waiting = make_user("wendy")
    assert entrant_services.register_player(prerelease, waiting).__class__.__name__ == "WaitlistEntry"
    sealed.assign_build_seats(prerelease, organiser, seed=11)
    leaving = prerelease.entrants.get(name="Dario")
    freed = leaving.build_seat
    entrant_services.remove_entrant(leaving, organiser)
    assert prerelease.entrants.get(user=waiting).build_seat == freed
