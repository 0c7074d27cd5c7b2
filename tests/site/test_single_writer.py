"""One writer for each fact (issue 24, docs/architecture.md): a match's result, the event log and
page freshness are each written by one module. A new path that writes one of them itself, skipping
the writer's checks, fails here with the file and line to route through the writer instead."""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The site's code; bench/ and tests/ fabricate played rounds in bulk on purpose.
APPS = ("accounts", "api", "catalogue", "config", "core", "decks", "games", "rules", "sample", "tournaments")

RESULT_WRITER = "tournaments/services/results.py"
LOG_WRITER = "tournaments/services/common.py"

RESULT_FIELDS = {"game_wins", "placement", "draws", "games_conceded"}
FRESHNESS_FIELDS = {"results_version", "pages_version"}
WRITING_CALLS = {"save", "update", "update_rows", "insert_rows", "bulk_update", "bulk_create", "create"}


def _call_name(call):
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _names_in(node):
    """String constants and keyword names anywhere inside a call's arguments."""
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            yield child.value
        if isinstance(child, ast.keyword) and child.arg:
            yield child.arg


def _is_match_status(node):
    return isinstance(node, ast.Attribute) and ast.unparse(node).startswith("Match.Status.")


def result_writes(tree):
    """(line, what) of every write of a match's result fields or status in `tree`."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr in RESULT_FIELDS:
                    yield node.lineno, f"assigns .{target.attr}"
                if isinstance(target, ast.Attribute) and target.attr == "status" and _is_match_status(node.value):
                    yield node.lineno, "assigns a match status"
        if isinstance(node, ast.Call) and _call_name(node) in WRITING_CALLS:
            written = RESULT_FIELDS & set(_names_in(node))
            if written:
                yield node.lineno, f"{_call_name(node)}() writes {sorted(written)}"
            status = [kw for kw in node.keywords if kw.arg == "status" and _is_match_status(kw.value)]
            if status:
                yield node.lineno, f"{_call_name(node)}() writes a match status"


def log_and_freshness_writes(tree):
    """(line, what) of every log entry made, or page version bumped, in `tree`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if (
                name == "AuditEntry"
                or ast.unparse(node.func).startswith("AuditEntry.objects.")
                and name in WRITING_CALLS
            ):
                yield node.lineno, "writes a log entry"
            if name in WRITING_CALLS | {"F"} and FRESHNESS_FIELDS & set(_names_in(node)):
                yield node.lineno, "bumps a page or results version"


def _project_modules():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" not in relative:
                yield relative, ast.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("check", "writer"), [(result_writes, RESULT_WRITER), (log_and_freshness_writes, LOG_WRITER)], ids=["result", "log"]
)
def test_only_the_writer_writes_the_fact(check, writer):
    found = [
        f"{path}:{line}: {what}" for path, tree in _project_modules() if path != writer for line, what in check(tree)
    ]
    assert not found, f"route these through {writer}:\n" + "\n".join(found)


def test_the_writers_themselves_are_found_by_the_checks():
    """The checks are not blind: each writer's own module is where they find its writes."""
    modules = dict(_project_modules())
    assert list(result_writes(modules[RESULT_WRITER]))
    assert list(log_and_freshness_writes(modules[LOG_WRITER]))


@pytest.mark.parametrize(
    "source",
    [
        "seat.game_wins = 2",
        "match.status = Match.Status.CONFIRMED",
        "match.draws += 1",
        "seat.save(update_fields=['game_wins'])",
        "Seat.objects.filter(pk=1).update(game_wins=2)",
        "insert_rows(Seat, ('match', 'entrant', 'game_wins'), rows)",
        "Match.objects.filter(pk=1).update(status=Match.Status.CONFIRMED)",
    ],
)
def test_a_second_door_to_the_result_is_caught(source):
    assert list(result_writes(ast.parse(source)))


@pytest.mark.parametrize(
    "source",
    [
        "AuditEntry.objects.bulk_create(entries)",
        "insert_instance(AuditEntry(event=event, action=action))",
        "PageCounters.objects.filter(event_id=1).update(pages_version=F('pages_version') + 1)",
    ],
)
def test_a_second_door_to_the_log_or_page_freshness_is_caught(source):
    assert list(log_and_freshness_writes(ast.parse(source)))


@pytest.mark.django_db
def test_checking_everyone_in_logs_each_player_and_marks_the_pages_stale_once(organiser):
    from tournaments.models import AuditEntry
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events

    event = events.create_event(organiser, "Desk", "dust-collectorz", swiss_rounds=3)
    for name in ("Ana", "Bo", "Cy"):
        entrant_services.add_entrant(event, organiser, name=name)
    event.entrants.update(checked_in=False)
    event.refresh_from_db()
    before = event.counters.pages_version
    checked, refused = entrant_services.check_in_many(event, organiser)
    event.refresh_from_db()
    assert len(checked) == 3 and not refused
    assert event.counters.pages_version == before + 1, "one bulk action, one new page version"
    logged = AuditEntry.objects.filter(event=event, action="entrant.check_in", actor=organiser)
    assert sorted(logged.values_list("entrant_name", flat=True)) == ["Ana", "Bo", "Cy"]


@pytest.mark.parametrize(
    ("model_name", "facts"),
    [
        ("Match", {"is_bye", "status", "draws", "version"}),
        ("Seat", {"entrant", "game_wins", "placement", "games_conceded", "game_total"}),
        ("Entrant", {"deck", "deck_legal", "checked_in", "dropped_after"}),
    ],
)
def test_the_admin_shows_results_and_entrant_states_but_never_writes_them(model_name, facts):
    """The admin is a second door: a result, a drop, a check-in or a deck changed there would skip the
    writer's checks, the log and the pages' freshness (the standings would stay as they were)."""
    from django.contrib import admin

    from tournaments import models

    model = getattr(models, model_name)
    if model in admin.site._registry:
        editors = [admin.site._registry[model]]
    else:
        editors = [
            inline(registered.model, admin.site)
            for registered in admin.site._registry.values()
            for inline in registered.inlines
            if inline.model is model
        ]
    assert editors, f"{model_name} is not in the admin: nothing to check"
    for editor in editors:
        assert facts <= set(editor.get_readonly_fields(None)), f"{model_name}: the admin can change these"
