"""Rounds for people: titles and top-cut stages, the clock, table rows and earlier records, the
bracket, the pairing engine's notes; and the log's words for pairing, the top cut and the clock."""

import datetime
from collections import namedtuple

from django.db.models import Count, Prefetch, Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from .. import page_cache
from ..engine.match_result import VERSUS_POINTS, MatchResult
from ..engine.standings import bye_outcome, name_order
from ..models import AuditAction, Match, Round, Seat
from ..models.entrants import event_player_labels
from ..services.rounds_clock import remaining_seconds
from ..services.standings import pod_bye_points, swiss_rounds_state
from .audit import actions_starting, describes
from .results import PlainSeat, _plain_table_payload, confirmed_result, head_start, points_text, score_text
from .standings import places_text

STAGES = {4: "quarterfinals", 2: "semifinals", 1: "final"}
# Marked here, translated when shown: a big event's standings name a stage on each of 2,048 rows,
# and translating every name for each row was a quarter of their rendering.
STAGE_NAMES = {
    "quarterfinals": gettext_noop("Quarterfinals"),
    "semifinals": gettext_noop("Semifinals"),
    "final": gettext_noop("Final"),
}
TOP_CUT_STAGES = {
    "winner": gettext_noop("Winner"),
    "finalist": gettext_noop("Finalist"),
    "semi_finalist": gettext_noop("Semi-finalist"),
    "quarter_finalist": gettext_noop("Quarter-finalist"),
}


def stage_name(table_count):
    return _(STAGE_NAMES.get(STAGES.get(table_count), gettext_noop("Top cut")))


def top_cut_stage(stage):
    """How far a player went in the top cut, in words (final standings)."""
    return _(TOP_CUT_STAGES[stage]) if stage in TOP_CUT_STAGES else ""


def round_title(round_, table_count=None):
    """“Round 3”, or the top-cut stage by its number of tables."""
    if round_.stage == Round.Stage.TOP_CUT:
        return stage_name(table_count if table_count is not None else round_.matches.count())
    return _("Round %(number)s") % {"number": round_.number}


def clock(seconds):
    """mm:ss (minutes may pass 59), or --:-- when no clock runs; the projector's script counts the same way."""
    if seconds is None:
        return "--:--"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def round_matches(round_):
    seats = Seat.objects.select_related("entrant").order_by("pk")
    return list(round_.matches.prefetch_related(Prefetch("seats", queryset=seats)).order_by("table"))


def table_end(event, extra_minutes):
    """When a table with a time extension ends: the round clock's end plus its minutes (None while
    the clock is paused or off, or without an extension)."""
    if not extra_minutes or event.clock.ends_at is None or event.clock.paused_seconds is not None:
        return None
    return event.clock.ends_at + datetime.timedelta(minutes=extra_minutes)


MATCH_FIELDS = ("pk", "table", "is_bye", "status", "draws", "version", "extra_minutes")
PlainMatch = namedtuple("PlainMatch", MATCH_FIELDS)


def plain_tables(round_, labelled=False):
    """The round's tables in order as (PlainMatch, [PlainSeat]), read as plain rows in two
    queries (three when `labelled`: players who share a name are told apart, for people to read):
    a 4,096-player round builds no model instances."""
    seats = {}
    rows = Seat.objects.filter(match__round=round_).order_by("pk")
    columns = ("match_id", "entrant_id", "entrant__name", "game_wins", "placement", "games_conceded")
    labels = event_player_labels(round_.event) if labelled else {}
    for match, *seat in rows.values_list(*columns):
        seat[1] = labels.get(seat[0], seat[1])
        seats.setdefault(match, []).append(PlainSeat(*seat))
    matches = round_.matches.order_by("table").values_list(*MATCH_FIELDS)
    return [(PlainMatch(*match), seats.get(match[0], [])) for match in matches]


def plain_rows(round_, records=None):
    """One dict per table, cached and shared between processes: the seats (name, game wins,
    placement, winner flag) and the score; each seat carries the entrant's points and record
    before the round when `records` is given."""
    records = records or {}
    rows = []
    for match, seats in plain_tables(round_, labelled=True):
        result = confirmed_result(match, seats)
        winner = result.winner if result else None
        rows.append(
            {
                "table": match.table,
                "bye": match.is_bye,
                "confirmed": result is not None,
                "score": score_text(result) if result else "",
                "extra_minutes": match.extra_minutes if result is None else 0,
                "ends_at": table_end(round_.event, match.extra_minutes) if result is None else None,
                "head_start": head_start(seats) if result is None else None,
                "seats": [
                    {
                        "entrant_id": seat.entrant_id,
                        "name": seat.name,
                        "wins": seat.game_wins,
                        "placement": seat.placement,
                        "won": winner is not None and seat.entrant_id == winner,
                        **_shown_record(records.get(seat.entrant_id), round_.event.is_pods),
                    }
                    for seat in seats
                ],
            }
        )
    return rows


def _shown_record(record, pods):
    """A seat's points and record before the round: places in words in pods, else wins-losses-draws."""
    if record is None:
        record = {"points": 0, "record": "0-0-0"}
    if pods:
        return {"points": record["points"], "record": places_text(record.get("places"))}
    return {"points": record["points"], "record": record["record"]}


def _swiss_outcomes_before(event, number):
    """Standings outcomes of every confirmed Swiss match (and bye) before round `number`, one query."""
    seats = (
        Seat.objects.filter(
            match__round__event=event,
            match__round__stage=Round.Stage.SWISS,
            match__round__number__lt=number,
            match__status=Match.Status.CONFIRMED,
        )
        .values_list(
            "match_id", "match__round__number", "match__is_bye", "match__draws", "entrant_id", "game_wins", "placement"
        )
        .order_by("match_id", "pk")
    )
    grouped = {}
    for row in seats:
        grouped.setdefault(row[0], []).append(row)
    pod_table = event.settings.pod_points or None
    bye_points = pod_bye_points(event)
    for rows in grouped.values():
        round_number, is_bye, draws = rows[0][1:4]
        sides = tuple(row[4] for row in rows)
        if is_bye:
            yield bye_outcome(round_number, sides[0], bye_points)
            continue
        if any(row[6] for row in rows):
            result = MatchResult(sides, placements={row[4]: row[6] for row in rows})
        else:
            result = MatchResult(sides, wins={row[4]: row[5] for row in rows}, draws=draws)
        yield from result.outcomes(round_number, pod_table)


def records_before(event, number):
    """{entrant id: {"points", "record", "places"}}: match points, wins-losses-draws and pod places
    before round `number`,
    as printed on pairings sheets (a late entry's missed rounds are losses when the event says so).
    Kept while the earlier rounds and the late entries are unchanged: results coming in for round
    `number` itself do not recompute them."""
    return page_cache.cached_on(event, "records", _earlier_rounds_state(event, number), lambda: _records(event, number))


def _earlier_rounds_state(event, number):
    """What the records before round `number` depend on, in two aggregate queries: the earlier
    rounds' results, and the late entries (they add losses)."""
    matches = [state for state in swiss_rounds_state(event) if state[0] < number]
    late = event.entrants.filter(joined_round__gt=1).aggregate(count=Count("pk"), rounds=Sum("joined_round"))
    return (number, matches, late, event.settings.late_entry_losses, event.settings.pod_points)


def _records(event, number):
    tally = {}
    for outcome in _swiss_outcomes_before(event, number):
        points = VERSUS_POINTS[outcome.result] if outcome.match_points is None else outcome.match_points
        mine = tally.setdefault(outcome.player, {"points": 0, "win": 0, "loss": 0, "draw": 0, "places": {}})
        mine["points"] += points
        mine[outcome.result] += 1
        if outcome.place:
            mine["places"][outcome.place] = mine["places"].get(outcome.place, 0) + 1
    if event.settings.late_entry_losses:
        for entrant, joined in event.entrants.filter(joined_round__gt=1).values_list("pk", "joined_round"):
            mine = tally.setdefault(entrant, {"points": 0, "win": 0, "loss": 0, "draw": 0, "places": {}})
            mine["loss"] += max(0, min(joined, number) - 1)
    return {entrant: _record_of(mine) for entrant, mine in tally.items()}


def _record_of(mine):
    """Points and wins-losses-draws, and a pod player's places (shown in the reader's language by
    plain_rows)."""
    record = {"points": mine["points"], "record": f"{mine['win']}-{mine['loss']}-{mine['draw']}"}
    return {**record, "places": mine["places"]} if mine["places"] else record


def by_name(rows):
    """Wall-sheet lines: every seated player, alphabetically, with their table and opponents."""
    lines = []
    for row in rows:
        for seat in row["seats"]:
            opponents = [other["name"] for other in row["seats"] if other is not seat]
            lines.append(
                {
                    "name": seat["name"],
                    "table": row["table"],
                    "bye": row["bye"],
                    "opponents": opponents,
                    "points": seat.get("points"),
                    "record": seat.get("record"),
                }
            )
    return sorted(lines, key=lambda line: (name_order(line["name"]), line["table"]))


def round_payload(round_):
    tables = [_plain_table_payload(match, seats) for match, seats in plain_tables(round_)]
    return {"number": round_.number, "stage": round_.stage, "tables": tables, "notes": round_.notes}


def bracket_payload(event):
    rounds = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("number")
    return {"size": event.top_cut, "status": event.status, "rounds": [round_payload(r) for r in rounds]}


def _names(ids, names):
    return ", ".join(names.get(entrant, "?") for entrant in ids)


def describe_note(note, names):
    """One line of the pairing engine's explanation, in words."""
    kind = note.get("kind")
    if kind == "bye":
        values = {"name": names.get(note["player"], "?"), "points": points_text(note.get("points", 0))}
        if note.get("lowest") is False:
            return (
                _(
                    "Bye: %(name)s, %(points)s (fewest byes; each lower-ranked player's bye would have forced a "
                    "rematch this pairing avoids)"
                )
                % values
            )
        if note.get("earlier_byes"):
            return (
                _("Bye: %(name)s, %(points)s (every player had a bye already: lowest-ranked with the fewest byes)")
                % values
            )
        return _("Bye: %(name)s, %(points)s (lowest-ranked player without a bye)") % values
    if kind == "pair_down" and "player" in note:
        return _("Table %(table)s: %(player)s (%(from)s) paired down to %(opponent)s (%(to)s)") % {
            "table": note["table"],
            "player": names.get(note["player"], "?"),
            "from": points_text(note["from_points"]),
            "opponent": names.get(note["opponent"], "?"),
            "to": points_text(note["to_points"]),
        }
    if kind == "pair_down":
        return _("Table %(table)s: %(players)s (%(to)s) paired up into a pod led by %(from)s") % {
            "table": note["table"],
            "players": _names(note["players"], names),
            "from": points_text(note["from_points"]),
            "to": points_text(note["to_points"]),
        }
    if kind == "rematch":
        return _("Rematch: %(players)s meet again (no pairing without a rematch was possible)") % {
            "players": _names(note["players"], names)
        }
    return ""


def timer_state(event):
    """The organiser's view of the clock: off, running, paused or over, and the time shown."""
    remaining = remaining_seconds(event)
    if remaining is None:
        state = "off"
    elif event.clock.paused_seconds is not None:
        state = "paused"
    else:
        state = "running" if remaining > 0 else "over"
    return {"state": state, "remaining": remaining, "clock": clock(remaining)}


@describes(AuditAction.ROUND_FORCE)
def _forced_round(entry, after, before, names):
    tables = after.get("unconfirmed_tables")
    if not tables:
        return []
    return ngettext("table without a result: %(tables)s", "tables without a result: %(tables)s", len(tables)) % {
        "tables": ", ".join(map(str, tables))
    }


@describes(AuditAction.TOP_CUT_RESEAT)
def _top_cut_reseat(entry, after, before, names):
    if not after.get("entrant"):
        return []
    return _("%(new)s takes the place of %(old)s") % {
        "new": names.get(after["entrant"], "?"),
        "old": names.get(before.get("entrant"), "?"),
    }


@describes(*actions_starting("timer."))
def _clock_left(entry, after, before, names):
    if after.get("remaining") is None:
        return []
    return _("%(clock)s left") % {"clock": clock(after["remaining"])}
