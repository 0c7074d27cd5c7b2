"""Events and player lists read from the open formats (docs/interchange.md), written all or nothing.

An imported event is created as the organiser would create it, its players entered, its rounds
seated as the file pairs them, and every result written by the one writer of results
(services.results.record_result), round by round, so it is checked as a result entered by hand
is. A preview runs the same import and rolls it back: what it shows is what a confirmation does."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..engine.interchange import EventRecord
from ..engine.interchange_csv import read_player_list
from ..engine.interchange_json import read_json
from ..engine.interchange_trf import read_trf
from ..engine.pairing import Pairing
from ..models import AuditAction, Entrant, Event
from .common import locked, log, log_many, organiser_only
from .entrants import add_entrant
from .events import create_event
from .results import record_result
from .rounds import create_round

define_messages(
    {
        "interchange.line_refused": _("Line %(line)s: %(problem)s"),
        "interchange.table_refused": _("Round %(round)s, table %(table)s: %(problem)s"),
        "interchange.best_of": _("The file's matches are best of %(best_of)s; events here are best of 1 or 3."),
        "interchange.unnamed": _("Imported event"),
    }
)


def read_event_file(text, game):
    """(record, source) of a TRF-16 or JSON text, checked against `game` (a slug): JSON starts with "{"."""
    text = text.lstrip("\ufeff")
    if text.lstrip().startswith("{"):
        return read_json(text, game), "json"
    return read_trf(text, game), "trf"


def read_players(text):
    return read_player_list(text.lstrip("\ufeff"))


class _DryRun(Exception):
    """Raised to roll a preview back once it has been checked."""


def import_event(organiser, record: EventRecord, game, format_slug=None, source="json"):
    """A new event holding the record's players, rounds and results; returns it. All or nothing."""
    if record.best_of not in (1, 3):
        raise DomainError("interchange.best_of", best_of=record.best_of)
    with transaction.atomic():
        event = create_event(
            organiser,
            record.name or str(_("Imported event")),
            game,
            best_of=record.best_of,
            swiss_rounds=max(record.swiss_rounds or 0, len(record.rounds)) or None,
            format_slug=record.format if format_slug is None else format_slug,
            starts_at=_start(record.starts_on),
            venue=record.venue[:200],
            tiebreakers=record.tiebreakers if record.tiebreakers in ("mtr", "resistance") else "mtr",
            late_entry_losses=record.late_entry_losses,
        )
        event = locked(event)
        entrants = _enter_players(event, organiser, record)
        _begin(event, organiser, record, source)
        for round_ in record.rounds:
            _play_round(event, organiser, round_, entrants)
        _drop(event, organiser, record, entrants)
    return event


def preview_event_import(organiser, record, game, format_slug=None):
    """Check the import by running it, then undo it: raises what the import would raise."""
    try:
        with transaction.atomic():
            import_event(organiser, record, game, format_slug)
            raise _DryRun
    except _DryRun:
        return True


def _start(day):
    if not day:
        return None
    try:
        date = datetime.date.fromisoformat(day)
    except ValueError:
        return None
    return timezone.make_aware(datetime.datetime.combine(date, datetime.time(12)))


def _enter_players(event, organiser, record):
    """{start number: entrant id}; entrants are created in start order, so ids keep that order."""
    rows = [
        Entrant(event=event, name=player.name[:120], joined_round=player.joined_round, checked_in=True)
        for player in record.players
    ]
    created = Entrant.objects.bulk_create(rows)
    log_many(event, organiser, AuditAction.ENTRANT_ADD, [{"entrant": entrant} for entrant in created])
    return {player.number: entrant.pk for player, entrant in zip(record.players, created, strict=True)}


def _begin(event, organiser, record, source):
    event.status = Event.Status.SWISS
    event.save(update_fields=["status"])
    if record.seed is not None:
        event.settings.seed = record.seed
        event.settings.save(update_fields=["seed"])
    after = {"players": len(record.players), "rounds": len(record.rounds), "source": source}
    log(event, organiser, AuditAction.EVENT_IMPORT, after=after)


def _play_round(event, organiser, round_, entrants):
    """Seat the round as the file pairs it, then enter each result through the one writer."""
    pairs = sorted((table for table in round_.tables if not table.is_bye), key=lambda table: table.table)
    byes = [entrants[table.players[0]] for table in round_.tables if table.is_bye]
    pairing = Pairing(round_.number, [[entrants[n] for n in table.players] for table in pairs], byes)
    created = create_round(event, organiser, pairing)
    matches = {match.table: match for match in created.matches.filter(is_bye=False).select_related("round")}
    for position, table in enumerate(pairs, start=1):
        if table.wins is None:
            continue
        wins = {entrants[n]: won for n, won in zip(table.players, table.wins, strict=True)}
        try:
            record_result(matches[position], organiser, wins=wins, draws=table.draws)
        except DomainError as error:
            raise DomainError(
                "interchange.table_refused", round=round_.number, table=table.table, problem=error, status=error.status
            ) from None


def _drop(event, organiser, record, entrants):
    dropped = [player for player in record.players if player.dropped_after is not None]
    for player in dropped:
        Entrant.objects.filter(pk=entrants[player.number]).update(dropped_after=player.dropped_after)
    entries = [
        {"entrant": Entrant(pk=entrants[p.number], name=p.name), "after": {"after_round": p.dropped_after}}
        for p in dropped
    ]
    log_many(event, organiser, AuditAction.ENTRANT_DROP, entries)


# A player list


@transaction.atomic
def import_players(event, actor, names):
    """Enter each (line, name) as a walk-in, as the organiser would one by one; a refusal of any
    line refuses the whole list, saying which line and why."""
    event = locked(event)
    organiser_only(event, actor)
    added = []
    for line, name in names:
        try:
            added.append(add_entrant(event, actor, name=name))
        except DomainError as error:
            raise DomainError(
                "interchange.line_refused", "file", line=line, problem=error, status=error.status
            ) from None
    return added


def preview_players(event, actor, names):
    try:
        with transaction.atomic():
            import_players(event, actor, names)
            raise _DryRun
    except _DryRun:
        return True
