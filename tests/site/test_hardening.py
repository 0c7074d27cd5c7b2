"""Hardening (issue 17): each finding of the attack and fault drills, with its regression test."""

import json
import logging

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.authtoken.models import Token

from core.logging import EscapeControlCharacters
from decks.models import BulkValidation, Deck
from decks.services import bulk
from decks.services import decks as deck_services
from tests.conftest import join_event, make_user
from tests.tournaments.results.reporting_support import report
from tournaments.models import AuditEntry, Entrant, Event, Match, Report
from tournaments.services import entrants as entrant_services
from tournaments.services import events, results, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_deck(alice, sample):
    from catalogue.models import Game

    game = Game.objects.get(slug="dust-collectorz")
    return deck_services.create_deck(alice, "Secret tech", game, "dc-prerelease", "private", {})


# 2. One ownership rule for deck versions


def test_nobody_registers_another_players_private_deck(api, organiser, alice, bob, private_deck):
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    version = private_deck.latest_version().pk
    api.force_authenticate(organiser)
    walk_in = api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"name": "Wanda", "deck": version}, format="json")
    assert walk_in.status_code == 404 and walk_in.json()["code"] == "event.no_such_deck"
    bobs = join_event(event, bob)
    for who, entrant in ((organiser, bobs), (bob, bobs)):
        api.force_authenticate(who)
        refused = api.post(
            f"/api/v1/tournaments/{event.pk}/entrants/{entrant.pk}/deck/", {"deck": version}, format="json"
        )
        assert refused.status_code == 404
    assert not Entrant.objects.filter(deck_id=version).exists()
    alices = join_event(event, alice)
    api.force_authenticate(organiser)
    chosen = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{alices.pk}/deck/", {"deck": version}, format="json")
    assert chosen.status_code == 404, "staff never pick among a player's private decks (issue 24)"
    api.force_authenticate(alice)
    own = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{alices.pk}/deck/", {"deck": version}, format="json")
    assert own.status_code == 200 and own.json()["deck"] == version  # her own deck, by her


def test_deleting_a_registered_deck_leaves_the_event_its_list(api, client, organiser, alice, private_deck):
    """Deleting puts a deck aside (restorable for 30 days); the version an entry holds never goes."""
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    version = private_deck.latest_version()
    entrant = entrant_services.add_entrant(event, alice, user=alice, deck_version=version)
    client.force_login(alice)
    assert "It is registered in Store night" in client.get(f"/en/decks/{private_deck.pk}/delete/").text
    api.force_authenticate(alice)
    assert api.delete(f"/api/v1/decks/{private_deck.pk}/").status_code == 204
    entrant.refresh_from_db()
    assert entrant.deck_id == version.pk and Deck.objects.filter(pk=private_deck.pk).exists()


# 3. Degrade, don't fail, without Redis


DEAD_CACHE = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.2, "SOCKET_TIMEOUT": 0.2},
    }
}


def test_pages_and_pairing_work_with_the_cache_down(client, api, organiser, settings):
    event = events.create_event(organiser, "No Redis", "dust-collectorz", swiss_rounds=3)
    for name in ("Ana", "Bo", "Cy", "Di"):
        entrant_services.add_entrant(event, organiser, name=name)
    events.start_event(event, organiser)
    settings.CACHES = DEAD_CACHE
    cache.close()
    api.force_authenticate(organiser)
    paired = api.post(f"/api/v1/tournaments/{event.pk}/rounds/", {"round": 1}, format="json")
    assert paired.status_code == 201
    match = Match.objects.filter(round__event=event).first()
    results.record_result(match, organiser, wins={seat.entrant_id: 2 - i for i, seat in enumerate(match.seats.all())})
    client.force_login(organiser)
    for path in ("", "standings/", "standings.json", "rounds/1/pairings/", "manage/"):
        assert client.get(f"/en/events/{event.pk}/{path}").status_code == 200, path
    assert api.get(f"/api/v1/tournaments/{event.pk}/standings/").status_code == 200


@pytest.mark.usefixtures("eager_celery")
def test_the_sweeper_resends_bulk_jobs_nobody_took(organiser, sample):
    import datetime

    from django.utils import timezone

    from decks.tasks import sweep_bulk_validations

    job = BulkValidation.objects.create(
        owner=organiser,
        format_slug="dc-prerelease",
        as_of=datetime.date(2026, 11, 1),
        items=[{"name": "A", "text": "1 Fluffnip"}],
        total=1,
    )
    BulkValidation.objects.filter(pk=job.pk).update(created_at=timezone.now() - datetime.timedelta(minutes=5))
    assert bulk.stalled_jobs() == [job.pk]
    sweep_bulk_validations()
    assert BulkValidation.objects.get(pk=job.pk).status == BulkValidation.Status.DONE


# 6. An audit log you can rely on


@pytest.mark.usefixtures("eager_celery")
def test_reports_are_logged_and_actors_shown_by_username_and_role(
    client, paired, alice, bob, organiser, api, django_capture_on_commit_callbacks
):
    event, match, ids = paired
    alice.display_name = "Olivia Organiser"  # a player cannot pass for the organiser
    alice.save()
    report(
        api, alice, match, {"wins": {str(ids[alice.pk]): 2, str(ids[bob.pk]): 0}}, django_capture_on_commit_callbacks
    )
    assert AuditEntry.objects.filter(event=event, action="report.submit", actor=alice).exists()
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/").text
    assert "alice (player)" in page and "Result reported by a player" in page
    assert "Olivia Organiser (" not in page


def test_display_names_refuse_control_characters(client, alice):
    client.force_login(alice)
    response = client.post(
        "/en/accounts/profile/",
        {"display_name": "Ann\r\nFAKE LOG LINE", "email": "a@example.org", "preferred_language": "en"},
    )
    assert "control characters" in response.text
    assert get_user_model().objects.get(pk=alice.pk).display_name == ""


def test_log_lines_escape_user_text():
    record = logging.LogRecord("t", logging.INFO, __file__, 1, "entrant %s added", ("Ann\nFAKE 2026 INFO admin",), None)
    EscapeControlCharacters().filter(record)
    assert record.getMessage() == "entrant Ann\\nFAKE 2026 INFO admin added"


# 7. Safe CSV everywhere


def test_every_export_neutralises_formulas(client, organiser, alice, tmp_path, django_capture_on_commit_callbacks):
    from catalogue.services import import_catalogue_file
    from decks.models import Collection
    from tests.conftest import dc_document, write_catalogue

    document = dc_document()
    document["cards"][0]["name"] = '=HYPERLINK("http://evil.example")'
    import_catalogue_file(write_catalogue(tmp_path, document))
    event = events.create_event(organiser, "CSV night", "dust-collectorz")
    entrant_services.add_entrant(event, organiser, name="=cmd|' /C calc'!A0")
    standings = client.get(f"/en/events/{event.pk}/standings.csv").text
    assert "'=cmd" in standings and "\n=cmd" not in standings
    from catalogue.models import Card

    pool = Collection.objects.create(owner=alice, name="Pool")
    pool.items.create(card=Card.objects.get(name__startswith="=HYPERLINK"), qty=1)
    client.force_login(alice)
    exported = client.get(f"/en/collections/{pool.pk}/export/?as=csv").text
    assert "'=HYPERLINK" in exported
    job = BulkValidation.objects.create(owner=organiser, format_slug="dc-prerelease", as_of="2026-11-01", total=1)
    problem = {"code": "decklist.not_text", "field": "decklist", "params": {}}
    job.results = [{"name": "@SUM(1+1)", "legal": False, "card_count": 0, "hash": "-", "problem": problem}]
    assert bulk.report_csv(job).splitlines()[1].startswith("'@SUM(1+1),no,0,'-,decklist.not_text,")


# 8. Strict report bodies


@pytest.mark.usefixtures("eager_celery")
def test_reports_are_strict_replace_earlier_ones_and_stay_private(
    api, paired, alice, bob, django_capture_on_commit_callbacks
):
    _event, match, ids = paired
    wins = {str(ids[alice.pk]): 2, str(ids[bob.pk]): 1}
    junk = report(api, alice, match, {"wins": wins, "notes": "x" * 100}, django_capture_on_commit_callbacks)
    assert junk.status_code == 400 and junk.json()["code"] == "report.unknown_fields"
    huge = report(
        api,
        alice,
        match,
        {"games": [{"winner": ids[alice.pk], "pad": "x" * 20000}]},
        django_capture_on_commit_callbacks,
    )
    assert huge.status_code == 413
    for _ in range(3):
        assert report(api, alice, match, {"wins": wins}, django_capture_on_commit_callbacks).status_code == 202
    assert Report.objects.filter(match=match).count() == 1, "a new report replaces the player's earlier one"
    logged = AuditEntry.objects.filter(action="report.submit", round_number=match.round.number, table=match.table)
    assert logged.count() == 3, "the log keeps every report"
    api.force_authenticate(None)
    public = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert public["reports"] == [] and public["status"] == "reported"
    api.force_authenticate(bob)
    assert len(api.get(f"/api/v1/matches/{match.pk}/").json()["reports"]) == 1


# 9. Accounts


def test_login_and_token_are_throttled_per_account(api, client, alice):
    for attempt in range(10):
        assert api.post("/api/v1/auth/token/", {"username": "alice", "password": f"wrong-{attempt}"}).status_code == 401
    refused = api.post("/api/v1/auth/token/", {"username": "alice", "password": "pw-alice"})
    assert refused.status_code == 429 and "message" in refused.json()
    page = client.post("/en/accounts/login/", {"username": "alice", "password": "pw-alice"})
    assert page.status_code == 429 and "Too many attempts to log in" in page.text
    assert "_auth_user_id" not in client.session


def test_a_new_password_or_logging_out_everywhere_revokes_access(api, client, alice):
    token = Token.objects.create(user=alice).key
    alice.set_password("a-brand-new-pass-2026")
    alice.save()
    assert not Token.objects.filter(key=token).exists()
    token = Token.objects.create(user=alice).key
    other = make_user("other-device")  # a second browser of alice's, simulated with a second client
    client.force_login(alice)
    from django.test import Client

    phone = Client()
    phone.force_login(alice)
    response = client.post("/en/accounts/logout-everywhere/", follow=True)
    assert response.redirect_chain[-1][0].startswith("/en/accounts/login/")
    assert phone.get("/en/accounts/profile/").status_code == 302, "the other session has ended"
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/collections/").status_code == 401
    assert other.is_active


def test_tokens_expire_after_the_configured_lifetime(api, alice, settings):
    import datetime

    from django.utils import timezone

    settings.API_TOKEN_LIFETIME_DAYS = 30
    token = Token.objects.create(user=alice)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api.get("/api/v1/collections/").status_code == 200
    Token.objects.filter(pk=token.pk).update(created=timezone.now() - datetime.timedelta(days=31))
    expired = api.get("/api/v1/collections/")
    assert expired.status_code == 401 and "expired" in expired.json()["message"]


# 10. No 500 on any input


def test_bad_input_is_a_4xx_with_a_message(api, alice, organiser, sample, settings):
    api.force_authenticate(alice)
    assert (
        api.post("/api/v1/decks/validate/", {"format": None, "decklist": "1 Fluffnip"}, format="json").status_code
        == 400
    )
    surrogate = '{"format": "dc-prerelease", "decklist": "1 Fluffnip \\ud800"}'
    response = api.post("/api/v1/decks/validate/", surrogate, content_type="application/json")
    assert response.status_code == 400 and "message" in response.json()
    nul = '{"name": "Zero\\u0000Day"}'
    assert api.post("/api/v1/collections/", nul, content_type="application/json").status_code == 400
    api.force_authenticate(organiser)
    created = api.post(
        "/api/v1/tournaments/", {"name": "Neg", "game": "dust-collectorz", "pod_size": -1}, format="json"
    )
    assert created.status_code == 400 and "pod_size" in created.json()["errors"]
    big = json.dumps({"format": "dc-prerelease", "decklist": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})
    too_large = api.post("/api/v1/decks/validate/", big, content_type="application/json")
    assert too_large.status_code == 413 and "larger than" in too_large.json()["message"]
    api.force_authenticate(alice)
    api.post("/api/v1/collections/", {"name": "Binder"}, format="json")
    second = api.post("/api/v1/collections/", {"name": "Spare"}, format="json").json()["id"]
    renamed = api.patch(f"/api/v1/collections/{second}/", {"name": "Binder"}, format="json")
    assert renamed.status_code == 409 and renamed.json()["code"] == "collections.name_taken"


def test_an_oversize_form_gets_a_page_not_a_raw_400(client, alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    client.force_login(alice)
    response = client.post("/en/collections/", {"name": "x" * 4096})
    assert response.status_code == 413 and "larger than" in response.text and "<html" in response.text


# 11. Small items


def test_correcting_a_top_cut_result_reseats_the_next_round(organiser):
    event = events.create_event(organiser, "Top four", "dust-collectorz", top_cut=4, swiss_rounds=1)
    for name in ("Ana", "Bo", "Cy", "Di"):
        entrant_services.add_entrant(event, organiser, name=name)
    events.start_event(event, organiser)
    for match in rounds.pair_next_round(event, organiser).matches.all():
        first, second = (seat.entrant_id for seat in match.seats.all())
        results.record_result(match, organiser, wins={first: 2, second: 0})
    semis = list(rounds.start_top_cut(event, organiser).matches.order_by("bracket_slot"))
    winners = []
    for match in semis:
        first, second = (seat.entrant_id for seat in match.seats.all())
        results.record_result(match, organiser, wins={first: 2, second: 1})
        winners.append((first, second))
    final = rounds.advance_top_cut(event, organiser).matches.get()
    (winner, loser) = winners[0]
    results.record_result(semis[0], organiser, wins={winner: 1, loser: 2}, correction="slip read wrong")
    assert set(final.seats.values_list("entrant_id", flat=True)) == {loser, winners[1][0]}
    assert AuditEntry.objects.filter(event=event, action="top_cut.reseat").exists()
    results.record_result(final, organiser, wins={loser: 2, winners[1][0]: 0})
    with pytest.raises(Exception, match="already played"):
        results.record_result(semis[1], organiser, wins={winners[1][0]: 0, winners[1][1]: 2}, correction="late")


def test_players_cannot_check_themselves_in(api, organiser, alice):
    event = events.create_event(organiser, "Desk", "dust-collectorz")
    mine = entrant_services.add_entrant(event, alice, user=alice)
    api.force_authenticate(alice)
    refused = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{mine.pk}/check-in/")
    assert refused.status_code == 403 and not Entrant.objects.get(pk=mine.pk).checked_in
    assert Event.objects.get(pk=event.pk).audit.filter(action="entrant.check_in").count() == 0


@pytest.mark.usefixtures("eager_celery")
def test_a_damaged_zip_member_is_a_clear_message(client, organiser, sample, django_capture_on_commit_callbacks):
    import zipfile
    from io import BytesIO

    from django.core.files.uploadedfile import SimpleUploadedFile

    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("deck.txt", "3 Pocket Puff\n" * 50)
    data = bytearray(buffer.getvalue())
    start = data.index(b"deck.txt") + len("deck.txt")  # inside the first member's compressed bytes
    data[start + 2 : start + 12] = b"\xff" * 10
    client.force_login(organiser)
    upload = SimpleUploadedFile("decks.zip", bytes(data), content_type="application/zip")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/en/decks/bulk/", {"format": "dc-prerelease", "as_of": "2026-11-01", "text": "", "upload": upload}
        )
    assert response.status_code == 302  # each file gets its own verdict: this one could not be read
    (row,) = bulk.result_rows(BulkValidation.objects.get())
    assert not row["readable"] and "cannot be unpacked" in row["messages"][0]


def test_the_registration_form_offers_only_the_players_own_decks(client, organiser, alice, bob, private_deck):
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    client.force_login(bob)
    response = client.post(f"/en/events/{event.pk}/register/", {"deck": private_deck.latest_version().pk})
    assert response.status_code == 200 and not Entrant.objects.filter(event=event).exists()
