"""The report's hot path (issue 18): queries compiled once per process (core/prepared.py) and plain
statements (core/bulk.py) must give and write exactly what the ORM does, on SQLite and PostgreSQL."""

import datetime
import re

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from rest_framework.authtoken.models import Token

from core import bulk
from core.prepared import PreparedQuery
from tests.tournaments.results.test_scoring_batches import report_both, table_event
from tournaments.models import AuditEntry, Event, Match, Report, Round
from tournaments.services import rounds
from tournaments.services.results_reports import locked_for_report, submit_report

pytestmark = pytest.mark.django_db

MATCH_FIELDS = (
    "pk",
    "table",
    "is_bye",
    "status",
    "updated_at",
    "round__notes",
    "round__event__name",
    "seats__entrant_id",
)


def test_a_prepared_query_gives_the_orms_rows_for_every_parameter(organiser):
    event, _matches = table_event(organiser, 7)
    Round.objects.filter(event=event).update(notes=[{"kind": "pairing", "text": "é"}])
    query = PreparedQuery(
        lambda event_id: (
            Match.objects.filter(round__event_id=event_id).order_by("seats__pk").values_list(*MATCH_FIELDS)
        ),
        int,
    )
    for event_id in (event.pk, event.pk + 1000):  # the second finds nothing
        expected = list(Match.objects.filter(round__event_id=event_id).order_by("seats__pk").values_list(*MATCH_FIELDS))
        assert query.rows(event_id) == expected
    rows = query.rows(event.pk)
    assert len(rows) == 7 and any(is_bye for _pk, _t, is_bye, *_rest in rows)
    _pk, _table, _bye, _status, updated_at, notes, *_rest = rows[0]
    assert notes == [{"kind": "pairing", "text": "é"}] and timezone.is_aware(updated_at)


def test_a_prepared_query_refuses_a_lookup_that_rewrites_its_parameter():
    query = PreparedQuery(lambda name: Event.objects.filter(name__icontains=name).values_list("pk"), str)
    with pytest.raises(ImproperlyConfigured, match="exact lookups"):
        query.rows("Burst")


def test_the_report_context_is_what_the_orm_reads(organiser, sent, django_capture_on_commit_callbacks):
    event, matches = table_event(organiser, 6)
    match = matches[1]
    expected = Match.objects.select_related("round__event__game").get(pk=match.pk)
    with transaction.atomic():
        table = locked_for_report(match.pk)
    read = table.match
    for made, orm in ((read, expected), (read.round, expected.round), (read.round.event, expected.round.event)):
        for field in ("status", "is_bye", "table", "version", "number", "stage", "best_of", "mode", "name"):
            assert getattr(made, field, None) == getattr(orm, field, None), field
    assert read.round.event.game.definition == expected.round.event.game.definition
    seats = list(expected.seats.select_related("entrant").order_by("pk"))
    assert [(s.pk, s.entrant.pk, s.entrant.user_id, s.entrant.name) for s in table.seats] == [
        (s.pk, s.entrant.pk, s.entrant.user_id, s.entrant.name) for s in seats
    ]
    assert table.later_round is False and table.reported_by == set()
    first, _second = (seat.entrant for seat in seats)
    submit_report(match, first.user, {"wins": {str(first.pk): 2, str(_second.pk): 0}, "draws": 0})
    with transaction.atomic():
        assert locked_for_report(match.pk).reported_by == {first.pk}  # their next report replaces this one
    assert read.round.event.prizes.plan == expected.round.event.prizes.plan  # a deferred field loads when read
    for at_table in matches:
        report_both(at_table, django_capture_on_commit_callbacks)
    from tournaments.services.results_scoring import score_pending

    score_pending(event.pk)
    rounds.pair_next_round(Event.objects.get(pk=event.pk), organiser)
    with transaction.atomic():
        assert locked_for_report(match.pk).later_round is True
        with pytest.raises(Match.DoesNotExist):
            locked_for_report(match.pk + 10_000)


@pytest.mark.django_db(transaction=True)
def test_a_prepared_query_that_locks_is_refused_outside_a_transaction(organiser):
    event, matches = table_event(organiser, 2)
    with transaction.atomic():
        locked_for_report(matches[0].pk)  # compiled here, where locking is allowed
    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            locked_for_report(matches[0].pk)


def test_api_tokens_read_through_the_prepared_query(api, alice):
    token = Token.objects.create(user=alice)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    answer = api.get("/api/v1/collections/")
    assert answer.status_code == 200
    api.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    refused = api.get("/api/v1/collections/", HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 401 and refused.json()["message"] == "Jeton d’API invalide."
    alice.is_active = False
    alice.save()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    inactive = api.get("/api/v1/collections/")
    assert inactive.status_code == 401 and inactive.json()["message"] == "User inactive or deleted."


def test_insert_instance_is_save_for_a_new_row(organiser):
    event, _matches = table_event(organiser, 2)
    before = timezone.now()
    entry = bulk.insert_instance(AuditEntry(event=event, action="report.submit", after={"report": None, "n": 1}))
    stored = AuditEntry.objects.get(pk=entry.pk)
    assert stored.after == {"report": None, "n": 1} and stored.before is None
    assert stored.created_at == entry.created_at and entry.created_at >= before  # auto_now_add, as save sets it
    assert not entry._state.adding


def test_delete_rows_deletes_exactly_the_matching_rows_and_refuses_a_model_with_dependents(
    organiser,
    sent,
    django_capture_on_commit_callbacks,
):
    event, matches = table_event(organiser, 4)
    for match in matches:
        report_both(match, django_capture_on_commit_callbacks)
    first = Report.objects.filter(match=matches[0]).first()
    assert bulk.delete_rows(Report, match=matches[0].pk, entrant=first.entrant_id) == 1
    assert Report.objects.filter(match__round__event=event).count() == 3
    with pytest.raises(ValueError, match="related rows"):
        bulk.delete_rows(Match, table=1)
    assert Match.objects.filter(round__event=event).count() == 2


def test_update_rows_writes_each_rows_own_values_and_nothing_else(
    organiser,
    sent,
    monkeypatch,
    django_capture_on_commit_callbacks,
):
    monkeypatch.setattr(bulk, "ROWS_PER_STATEMENT", 2)  # several statements
    event, matches = table_event(organiser, 10)
    for match in matches:
        report_both(match, django_capture_on_commit_callbacks)
    reports = list(Report.objects.filter(match__round__event=event).order_by("pk"))
    scored_at = timezone.now() - datetime.timedelta(minutes=3)
    for number, report in enumerate(reports[:-1]):
        report.status = "scored" if number % 2 else "invalid"
        report.result = {"wins": {"1": number}} if number % 2 else None
        report.problem = None if number % 2 else {"code": "x", "message": f"problem {number}"}
        report.scored_at = scored_at
        report.payload = {"changed": True}  # not among the fields written
    bulk.update_rows(reports[:-1], ["status", "result", "problem", "scored_at"])
    for number, stored in enumerate(Report.objects.filter(pk__in=[r.pk for r in reports]).order_by("pk")):
        if number == len(reports) - 1:
            assert stored.status == "received" and stored.scored_at is None  # not in the list: untouched
            continue
        assert stored.status == ("scored" if number % 2 else "invalid")
        assert stored.result == ({"wins": {"1": number}} if number % 2 else None)
        assert stored.problem == (None if number % 2 else {"code": "x", "message": f"problem {number}"})
        assert stored.scored_at == scored_at and stored.payload != {"changed": True}


def test_insert_rows_writes_every_value_and_returns_what_was_asked(organiser):
    event, matches = table_event(organiser, 4)
    round_ = matches[0].round
    when = timezone.now() - datetime.timedelta(hours=1)
    columns = ("round", "table", "is_bye", "status", "draws", "version", "extra_minutes", "updated_at", "bracket_slot")
    rows = [
        (round_.pk, 100 + n, n == 2, "pending", n, 0, 0, bulk.db_value(Match, "updated_at", when), None)
        for n in range(3)  # a column of NULLs only
    ]
    inserted = bulk.insert_rows(Match, columns, rows, returning=("id", "table"))
    assert sorted(table for _pk, table in inserted) == [100, 101, 102]
    stored = {m.table: m for m in Match.objects.filter(pk__in=[pk for pk, _t in inserted])}
    assert [(stored[100 + n].is_bye, stored[100 + n].draws) for n in range(3)] == [(False, 0), (False, 1), (True, 2)]
    assert all(m.updated_at == when and m.bracket_slot is None for m in stored.values())
    stamp = bulk.db_value(AuditEntry, "created_at", when)
    entries = [
        (event.pk, "report.submit", bulk.db_value(AuditEntry, "after", {"n": n}), None, "é" * n, stamp)
        for n in range(2)
    ]
    bulk.insert_rows(AuditEntry, ("event", "action", "after", "before", "entrant_name", "created_at"), entries)
    logged = AuditEntry.objects.filter(action="report.submit").order_by("entrant_name")
    assert list(logged.values_list("after", "before", "entrant_name", "created_at")) == [
        ({"n": 0}, None, "", when),
        ({"n": 1}, None, "é", when),
    ]
    assert bulk.insert_rows(Match, columns, []) == []


def test_a_report_through_the_api_reads_its_table_once(api, organiser, sent):
    """A player's report, the hot path of every burst: the token, the idempotency key, the table
    (locked, with its seats and players), the report, the log entry and the key's answer. Whether
    the opponent has an account is read from the seats already there, not asked again."""
    from django.test.utils import CaptureQueriesContext

    _event, matches = table_event(organiser, 4)
    match = matches[0]
    first, second = (seat.entrant for seat in match.seats.all())
    body = {"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0}
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=first.user).key}")
    with CaptureQueriesContext(connection) as queries:
        answer = api.post(f"/api/v1/matches/{match.pk}/report/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert answer.status_code == 202 and answer.json()["awaits_organiser"] is False
    statements = [_verb_and_table(query["sql"]) for query in queries.captured_queries]
    assert [statement for statement in statements if statement[0] not in ("SAVEPOINT", "RELEASE")] == [
        ("SELECT", "authtoken_token"),
        ("INSERT", "api_idempotentrequest"),
        ("SELECT", "tournaments_match"),
        ("INSERT", "tournaments_report"),
        ("INSERT", "tournaments_auditentry"),
        ("UPDATE", "api_idempotentrequest"),
    ]
    assert Report.objects.filter(match=match, entrant=first).count() == 1


def _verb_and_table(sql):
    """("SELECT", "tournaments_match") for a statement: its verb and its outermost table."""
    outermost = sql
    while re.search(r"\([^()]*\)", outermost):  # subqueries and column lists out
        outermost = re.sub(r"\([^()]*\)", "", outermost)
    verb = re.search(r"\b(SELECT|INSERT|UPDATE|DELETE|SAVEPOINT|RELEASE)\b", sql, re.IGNORECASE).group(1).upper()
    table = re.search(r'(?:FROM|INTO|UPDATE)\s+"?(\w+)"?', outermost)
    return verb, table.group(1) if table else None


def test_prepared_statements_are_planned_once_per_connection(organiser):
    """PostgreSQL planned the scoring run's and the report's joins again on every run (1-5 ms, more
    than running them) while it guessed a generic plan dearer: the connection asks for generic
    plans, which only the prepared hot paths use (Django's own queries are not prepared)."""
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's (CI's second pass sets DATABASE_URL)")
    _event, matches = table_event(organiser, 4)
    with transaction.atomic():
        for _run in range(7):  # PostgreSQL tries custom plans for the first five runs unless told
            locked_for_report(matches[0].pk)
        with connection.cursor() as cursor:
            cursor.execute("SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE from_sql = false")
            plans = cursor.fetchall()
    assert plans, "the report's query was not prepared"
    assert all(custom == 0 for _generic, custom in plans), plans
    assert max(generic for generic, _custom in plans) >= 7
