"""Who may do what at an event: every page and endpoint of an event, read and written, as anonymous,
player, other player, judge, scorekeeper, organiser and other organiser; and registered decklists in
every publication mode, before and after the event ends.

The routes come from the URL conf: a new event page or endpoint is checked at once. Routes this file
knows are held to their exact rule (ACCESS); any other route under /manage/ must at least refuse
anonymous visitors, players and other organisers, and no route may answer 500."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.conftest import join_event, make_user
from tournaments.models import AuditEntry, Entrant, Event, EventStaff, Match, Report, Round, Seat
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "other_player", "judge", "scorekeeper", "organiser", "other_organiser")

# Who may read (GET) or write (POST) each known route. A level names the roles allowed; everyone
# else is refused: anonymous visitors go to the login page (pages) or get 401/403 (API), others
# get 403, or 404 where the thing is theirs alone to know of.
EVERYONE = set(ROLES)
SIGNED_IN = EVERYONE - {"anonymous"}
PLAYER = {"player"}
RESULTS = {"organiser", "judge", "scorekeeper"}
JUDGES = {"organiser", "judge"}
MANAGE = {"organiser"}
STAFF = {"organiser", "judge", "scorekeeper"}

ACCESS = {
    # pages: (GET, POST); None where the method is not a way in
    "tournaments:event": (EVERYONE, None),
    "tournaments:pairings": (EVERYONE, None),
    "tournaments:pairings_csv": (EVERYONE, None),
    "tournaments:slips": (EVERYONE, None),
    "tournaments:standings": (EVERYONE, None),
    "tournaments:standings_csv": (EVERYONE, None),
    "tournaments:standings_json": (EVERYONE, None),
    "tournaments:bracket": (EVERYONE, None),
    "tournaments:timer": (EVERYONE, None),
    "tournaments:me": (PLAYER, None),
    "tournaments:report": (None, PLAYER),
    "tournaments:confirm_result": (None, PLAYER),
    "tournaments:dispute_result": (None, PLAYER),
    "tournaments:register": (SIGNED_IN, None),
    "tournaments:submit_deck": (SIGNED_IN, None),
    "tournaments:manage": (MANAGE, None),
    "tournaments:add_entrant": (None, MANAGE),
    "tournaments:add_team": (None, MANAGE),
    "tournaments:check_in": (None, MANAGE),
    "tournaments:drop": (MANAGE, MANAGE),
    "tournaments:entrant_deck": (MANAGE, MANAGE),
    "tournaments:start": (None, MANAGE),
    "tournaments:pair": (None, MANAGE),
    "tournaments:result": (None, RESULTS),
    "tournaments:correction": (JUDGES, JUDGES),
    "tournaments:top_cut_start": (None, MANAGE),
    "tournaments:top_cut_advance": (None, MANAGE),
    "tournaments:finish": (MANAGE, MANAGE),
    "tournaments:event_cancel": (MANAGE, MANAGE),
    "tournaments:event_reopen": (MANAGE, MANAGE),
    "tournaments:event_delete": (MANAGE, MANAGE),
    "tournaments:timer_control": (None, MANAGE),
    "tournaments:publication": (None, MANAGE),
    "tournaments:staff": (MANAGE, MANAGE),
    "tournaments:staff_remove": (None, MANAGE),
    "tournaments:results_desk": (RESULTS, None),
    "tournaments:decklists": (JUDGES, None),
    "tournaments:deadline": (None, MANAGE),
    "tournaments:event_log": (JUDGES, None),
    "tournaments:paste_decklist": (JUDGES, JUDGES),
    "tournaments:manage_players": (MANAGE, None),
    "tournaments:check_in_many": (None, MANAGE),
    "tournaments:manage_round": (RESULTS, None),
    "tournaments:manage_table": (RESULTS, None),
    "tournaments:accept_claim": (None, RESULTS),
    "tournaments:event_settings": (MANAGE, MANAGE),
    "tournaments:remove_entrant": (MANAGE, MANAGE),
    "tournaments:undo_drop": (None, MANAGE),
    "tournaments:round_delete": (MANAGE, MANAGE),
    "tournaments:round_repair": (MANAGE, MANAGE),
    "tournaments:drop_self": (PLAYER, PLAYER),
    "tournaments:judging": (JUDGES, None),
    "tournaments:penalty": (None, JUDGES),
    "tournaments:extend_table": (None, JUDGES),
    "tournaments:deck_check_draw": (None, JUDGES),
    "tournaments:penalties_csv": (JUDGES, None),
    "tournaments:prize_plan": (None, MANAGE),
    "tournaments:prize_sheet": (EVERYONE, None),
    "tournaments:prizes_csv": (EVERYONE, None),
    "tournaments:call_judge": (None, PLAYER),
    "tournaments:judge_calls_live": (JUDGES, None),
    "tournaments:join_code": (MANAGE, MANAGE),
    "tournaments:join_sheet": (MANAGE, None),
    "tournaments:leave_waitlist": (None, SIGNED_IN),
    "tournaments:my_pool": (PLAYER, PLAYER),  # one's own pool only: anyone else gets 404
    "tournaments:entrant_pool": (JUDGES, JUDGES),
    "tournaments:build_from_pool": (PLAYER, PLAYER),  # one's own pool only: anyone else gets 404
    "tournaments:build_for_entrant": (JUDGES, JUDGES),
    "tournaments:deck_building": (JUDGES, None),
    "tournaments:end_deck_building": (MANAGE, MANAGE),
    "tournaments:draw_seats": (None, MANAGE),
    "tournaments:build_clock": (None, MANAGE),
    "tournaments:seats": (EVERYONE, None),
    # API
    "tournament-detail": (EVERYONE, None),
    "tournament-entrants": (EVERYONE, MANAGE | PLAYER),  # players register themselves only
    "tournament-standings": (EVERYONE, None),
    "tournament-round-detail": (EVERYONE, None),
    "tournament-top-cut": (EVERYONE, MANAGE),
    "tournament-timer": (EVERYONE, MANAGE),
    "tournament-decklists": (EVERYONE, None),  # everyone may ask; the answer differs (below)
    "tournament-staff": (STAFF, MANAGE),
    "tournament-staff-remove": (None, MANAGE),
    "tournament-start": (None, MANAGE),
    "tournament-finish": (None, MANAGE),
    "tournament-cancel": (None, MANAGE),
    "tournament-reopen": (None, MANAGE),
    "tournament-rounds": (None, MANAGE),
    "tournament-top-cut-advance": (None, MANAGE),
    "tournament-deadline": (None, MANAGE),
    "tournament-log": (JUDGES, None),
    "tournament-drop": (None, MANAGE | PLAYER),  # a player drops their own entry
    "tournament-deck": (None, JUDGES | PLAYER),  # a player registers their own deck
    "tournament-check-in": (None, MANAGE),
    "tournament-capacity": (None, MANAGE),
    "tournament-join-code": (MANAGE, MANAGE),
    "tournament-waitlist": (EVERYONE, None),  # the organiser and staff see the list, others their number
    "tournament-waitlist-leave": (None, SIGNED_IN),
    "tournament-undo-drop": (None, MANAGE),
    "tournament-remove-entrant": (None, MANAGE),
    "tournament-round-repair": (None, MANAGE),
    "tournament-round-delete": (None, MANAGE),
    "api-match": (EVERYONE, None),
    "api-match-result": (None, RESULTS),
    "api-match-report": (None, PLAYER),
    "api-match-confirm": (None, PLAYER),
    "api-match-dispute": (None, PLAYER),
    "api-match-extend": (None, JUDGES),
    "tournament-build-seats": (EVERYONE, MANAGE),
    "tournament-build-clock": (None, MANAGE),
}
NOT_EVENT_ROUTES = {
    "tournaments:events",
    "tournaments:event_create",
    "tournaments:join_form",
    "tournaments:join",
    "tournament-list",
    "tournament-join",
}


def _routes(patterns, namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(filter(None, [namespace, pattern.namespace]))
            yield from _routes(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield ":".join(filter(None, [namespace, pattern.name])), pattern


def event_routes():
    """(name, its URL parameters) of every event page and endpoint in the URL conf."""
    found = {}
    for name, pattern in _routes(get_resolver().url_patterns):
        is_event = name.startswith("tournaments:") or name.startswith("tournament-") or name.startswith("api-match")
        if is_event and name not in NOT_EVENT_ROUTES and not name.endswith("-list"):
            found[name] = set(pattern.pattern.regex.groupindex)
    return found


@pytest.fixture
def world(organiser, alice, bob):
    # Sealed, so that the sealed pages (pools, seats, deck building) are open to those who may.
    event = event_services.create_event(organiser, "Matrix", "dust-collectorz", swiss_rounds=2, top_cut=0, sealed=True)
    mine = join_event(event, alice)
    walk_ins = [entrant_services.add_entrant(event, organiser, name=name) for name in ("Ben", "Cleo", "Dan")]
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    users = {
        "anonymous": None,
        "player": alice,
        "other_player": bob,
        "judge": make_user("jules"),
        "scorekeeper": make_user("sam"),
        "organiser": organiser,
        "other_organiser": make_user("oscar", organiser=True),
    }
    staff_services.add_staff(event, organiser, "jules", "judge")
    staff_services.add_staff(event, organiser, "sam", "scorekeeper")
    match = Match.objects.get(round__event=event, seats__entrant=mine)
    return {"event": event, "users": users, "entrant": walk_ins[0], "match": match, "mine": mine}


def url_of(name, params, world):
    values = {
        "pk": world["match"].pk if name.startswith("api-match") else world["event"].pk,
        "match_id": world["match"].pk,
        "entrant_id": world["entrant"].pk,
        "number": 1,
        "user_id": world["users"]["judge"].pk,
    }
    if not set(params) <= set(values):
        return None  # a parameter this file cannot fill: the generic checks of other tests apply
    return reverse(name, kwargs={key: values[key] for key in params})


def footprint(event):
    """Everything a write could change: refused writes leave it as it was."""
    event = Event.objects.get(pk=event.pk)
    return (
        AuditEntry.objects.filter(event=event).count(),
        Report.objects.filter(match__round__event=event).count(),
        EventStaff.objects.filter(event=event).count(),
        Entrant.objects.filter(event=event).count(),
        event.status,
        event.settings.publication,
        event.settings.deck_deadline,
        event.clock.ends_at,
        event.settings.capacity,
        event.join_code,
        event.waitlist.count(),
        event.sealed_setup.pools_frozen_at,
        tuple(Entrant.objects.filter(event=event).order_by("pk").values_list("build_seat", flat=True)),
    )


def request_as(client, api, user, name, url, method):
    is_api = not name.startswith("tournaments:")
    if is_api:
        api.force_authenticate(user)
        return api.get(url) if method == "GET" else api.post(url, {}, format="json")
    client.logout()
    if user is not None:
        client.force_login(user)
    return client.get(url) if method == "GET" else client.post(url, {})


def refused(response, role, is_api):
    if role == "anonymous" and not is_api:
        return response.status_code == 302 and "/accounts/login/" in response["Location"]
    return response.status_code in (401, 403, 404, 405)


def test_every_route_is_known_or_guarded_by_path(world):
    """New routes are checked by the generic rule below; this keeps the list honest about old ones."""
    routes = event_routes()
    gone = set(ACCESS) - set(routes)
    assert not gone, f"ACCESS names routes that no longer exist: {sorted(gone)}"


def test_every_page_and_endpoint_as_every_role(client, api, world):
    problems = []
    for name, params in sorted(event_routes().items()):
        url = url_of(name, params, world)
        if url is None:
            continue
        is_api = not name.startswith("tournaments:")
        rule = ACCESS.get(name)
        for method in ("GET", "POST"):
            allowed = None if rule is None else rule[0 if method == "GET" else 1]
            for role in ROLES:
                user = world["users"][role]
                if rule is None and "/manage/" not in url:
                    response = request_as(client, api, user, name, url, method)
                    if response.status_code >= 500:
                        problems.append(f"{method} {url} as {role}: {response.status_code}")
                    continue
                if rule is None:  # an unknown /manage/ route: outsiders are refused, the rest is its own tests'
                    if role in STAFF:
                        response = request_as(client, api, user, name, url, method)
                        if response.status_code >= 500:
                            problems.append(f"{method} {url} as {role}: {response.status_code}")
                        continue
                    allowed = STAFF
                if allowed is None:
                    continue  # not a way in (the method is refused for everyone, checked elsewhere)
                if role in allowed and method == "POST":
                    continue  # writes that succeed are the other tests' business
                before = footprint(world["event"])
                response = request_as(client, api, user, name, url, method)
                if response.status_code >= 500:
                    problems.append(f"{method} {url} as {role}: {response.status_code}")
                elif role in allowed:
                    if response.status_code not in (200, 302):
                        problems.append(f"{method} {url} as {role}: {response.status_code}, expected a way in")
                elif method == "GET" and not refused(response, role, is_api):
                    problems.append(f"GET {url} as {role}: {response.status_code}, expected a refusal")
                elif method == "POST" and footprint(world["event"]) != before:
                    problems.append(f"POST {url} as {role} changed the event")
                elif method == "POST" and response.status_code in (200, 201) and is_api:
                    problems.append(f"POST {url} as {role}: {response.status_code}, expected a refusal")
                if is_api and response.status_code in (400, 401, 403, 404, 409):
                    body = response.json()
                    if not body.get("message"):
                        problems.append(f"{method} {url} as {role}: refusal without a message")
    assert not problems, "\n".join(problems)


def test_refusals_say_who_may(client, world):
    event = world["event"]
    client.force_login(world["users"]["scorekeeper"])
    response = client.get(f"/en/events/{event.pk}/manage/decklists/")
    assert response.status_code == 403
    assert "Only the event" in response.content.decode()


def test_a_private_event_is_404_to_outsiders_and_open_to_its_people(client, world):
    event = world["event"]
    Event.objects.filter(pk=event.pk).update(is_public=False)
    for role in ROLES:
        user = world["users"][role]
        client.logout()
        if user is not None:
            client.force_login(user)
        status = client.get(f"/en/events/{event.pk}/").status_code
        expected = 200 if role in {"player", "judge", "scorekeeper", "organiser"} else 404
        assert status == expected, role


# Registered decklists in every publication mode, before and after the end.


def _paired_top_cut(event, entrant):
    """The top cut is paired with `entrant` in it (built directly: the pairing is not under test)."""
    round_ = Round.objects.create(event=event, number=event.rounds.count() + 1, stage=Round.Stage.TOP_CUT)
    match = Match.objects.create(round=round_, table=1, bracket_slot=1)
    Seat.objects.create(match=match, entrant=entrant)


@pytest.mark.parametrize("publication", ["none", "top_cut", "all"])
def test_decklists_for_anonymous_and_other_players_in_every_mode(client, api, organiser, alice, bob, publication):
    from catalogue.services import import_catalogue_file
    from decks.services import decks as deck_services
    from sample.management.commands.load_sample_data import SAMPLE_DIR

    for path in sorted(SAMPLE_DIR.glob("*.json")):
        import_catalogue_file(path)
    from tests.decks.test_deck_validation_api import legal_sample_deck

    game = Event._meta.get_field("game").related_model.objects.get(slug="dust-collectorz")
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), game)
    deck = deck_services.create_deck(alice, "Lint rush", game, "dc-prerelease", "public", cards, declarations)
    event = event_services.create_event(organiser, "Lists", game, swiss_rounds=1, top_cut=4, publication=publication)
    mine = entrant_services.add_entrant(event, alice, user=alice, deck_version=deck.latest_version())
    for name in ("Ben", "Cleo", "Dan"):
        entrant_services.add_entrant(event, organiser, name=name)

    def seen_by_outsiders():
        seen = []
        for viewer in (None, bob):
            client.logout()
            api.force_authenticate(viewer)
            if viewer is not None:
                client.force_login(viewer)
            page = "Lint rush" in client.get(f"/en/events/{event.pk}/").content.decode()
            listed = bool(api.get(f"/api/v1/tournaments/{event.pk}/decklists/").json())
            by_link = client.get(f"/en/decks/shared/{deck.share_token}/").status_code == 200
            by_id = api.get(f"/api/v1/decks/{deck.pk}/").status_code == 200
            entry = next(
                e for e in api.get(f"/api/v1/tournaments/{event.pk}/entrants/").json()["results"] if e["id"] == mine.pk
            )
            in_entrants = entry["deck"] is not None and entry["deck_legal"] is not None
            assert page == listed == by_link == by_id == in_entrants, (viewer, page, listed, by_link, by_id, entry)
            seen.append(page)
        assert seen[0] == seen[1]
        return seen[0]

    assert not seen_by_outsiders()  # registration
    for insider in (alice, organiser):
        api.force_authenticate(insider)
        entry = next(
            e for e in api.get(f"/api/v1/tournaments/{event.pk}/entrants/").json()["results"] if e["id"] == mine.pk
        )
        assert entry["deck"] == deck.latest_version().pk and entry["deck_legal"] is True
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    assert not seen_by_outsiders()  # Swiss rounds
    _paired_top_cut(event, mine)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.TOP_CUT)
    assert seen_by_outsiders() is (publication == "top_cut")  # top cut paired
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    assert seen_by_outsiders() is (publication != "none")  # after the end


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("tournament-rounds", {"round": "first"}),
        ("tournament-capacity", {"capacity": "many"}),
        ("tournament-deadline", {"deck_deadline": "soon"}),
        ("tournament-staff", {"username": ["jules"], "role": 7}),
        ("tournament-build-clock", {"minutes": "thirty"}),
    ],
)
def test_an_outsiders_malformed_body_is_refused_for_who_they_are_not_for_what_they_sent(api, world, name, body):
    """Access is decided before the body is read: a player or another organiser learns they may not,
    not which fields would have been wrong; the organiser, sending the same, is told the fields."""
    url = reverse(name, kwargs={"pk": world["event"].pk})
    before = footprint(world["event"])
    for role in ("player", "other_player", "judge", "other_organiser"):
        api.force_authenticate(world["users"][role])
        response = api.post(url, body, format="json")
        assert response.status_code == 403, (role, response.status_code, response.json())
        assert response.json()["code"] != "invalid"
    api.force_authenticate(world["users"]["organiser"])
    assert api.post(url, body, format="json").status_code == 400
    assert footprint(world["event"]) == before
