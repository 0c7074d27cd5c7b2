"""Plain data for pages and the API from event rows: score text, round titles, clocks, tables,
match states, the pairing explanation and the event log. Nothing here writes or parses text back."""

import datetime
from collections import namedtuple

from django.db.models import Count, Max, Prefetch, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import DomainError

from . import page_cache
from .engine import penalties
from .engine.match_result import VERSUS_POINTS, MatchResult
from .engine.standings import bye_outcome
from .models import AuditAction, CheckedDeck, Event, EventStaff, Match, Penalty, Report, Round, Seat
from .services.results import seated_result
from .services.rounds import remaining_seconds
from .services.standings import event_standings

STAGES = {4: "quarterfinals", 2: "semifinals", 1: "final"}


# Words for one result, one round, one clock


def stage_name(table_count):
    names = {"quarterfinals": _("Quarterfinals"), "semifinals": _("Semifinals"), "final": _("Final")}
    return names.get(STAGES.get(table_count), _("Top cut"))


def top_cut_stage(stage):
    """How far a player went in the top cut, in words (final standings)."""
    names = {
        "winner": _("Winner"),
        "finalist": _("Finalist"),
        "semi_finalist": _("Semi-finalist"),
        "quarter_finalist": _("Quarter-finalist"),
    }
    return names.get(stage, "")


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


def drawn_games(count):
    return ngettext("%(count)s drawn game", "%(count)s drawn games", count) % {"count": count}


def score_text(result, names=None, first=None):
    """“2–1 (1 drawn game)” with `first`'s games first; pods: “1. Ana · 2. Bo” when names are given."""
    if result.is_pod:
        if names is None:
            return ""
        placed = sorted(result.sides, key=lambda side: (result.placements[side], names.get(side, "")))
        return " · ".join(f"{result.placements[side]}. {names.get(side, '?')}" for side in placed)
    order = [first, *(side for side in result.sides if side != first)] if first in result.sides else result.sides
    score = "–".join(str(result.wins[side]) for side in order)
    return f"{score} ({drawn_games(result.draws)})" if result.draws else score


# Tables of a round


def round_matches(round_):
    seats = Seat.objects.select_related("entrant").order_by("pk")
    return list(round_.matches.prefetch_related(Prefetch("seats", queryset=seats)).order_by("table"))


def confirmed_result(match, seats):
    """The match's result once confirmed (not for byes), else None."""
    if match.is_bye or match.status != Match.Status.CONFIRMED:
        return None
    return seated_result(match, seats)


def table_end(event, extra_minutes):
    """When a table with a time extension ends: the round clock's end plus its minutes (None while
    the clock is paused or off, or without an extension)."""
    if not extra_minutes or event.timer_ends_at is None or event.timer_paused_seconds is not None:
        return None
    return event.timer_ends_at + datetime.timedelta(minutes=extra_minutes)


PlainSeat = namedtuple("PlainSeat", ("entrant_id", "name", "game_wins", "placement", "games_conceded"))
MATCH_FIELDS = ("pk", "table", "is_bye", "status", "draws", "version", "extra_minutes")
PlainMatch = namedtuple("PlainMatch", MATCH_FIELDS)


def plain_tables(round_):
    """The round's tables in order as (PlainMatch, [PlainSeat]), read as plain rows in two
    queries: a 4,096-player round builds no model instances."""
    seats = {}
    rows = Seat.objects.filter(match__round=round_).order_by("pk")
    columns = ("match_id", "entrant_id", "entrant__name", "game_wins", "placement", "games_conceded")
    for match, *seat in rows.values_list(*columns):
        seats.setdefault(match, []).append(PlainSeat(*seat))
    matches = round_.matches.order_by("table").values_list(*MATCH_FIELDS)
    return [(PlainMatch(*match), seats.get(match[0], [])) for match in matches]


def plain_rows(round_, records=None):
    """One dict per table, cached and shared between processes: the seats (name, game wins,
    placement, winner flag) and the score; each seat carries the entrant's points and record
    before the round when `records` is given."""
    records = records or {}
    rows = []
    for match, seats in plain_tables(round_):
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
                        **records.get(seat.entrant_id, {"points": 0, "record": "0-0-0"}),
                    }
                    for seat in seats
                ],
            }
        )
    return rows


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
    pod_table = event.pod_points or None
    for rows in grouped.values():
        round_number, is_bye, draws = rows[0][1:4]
        sides = tuple(row[4] for row in rows)
        if is_bye:
            yield bye_outcome(round_number, sides[0])
            continue
        if any(row[6] for row in rows):
            result = MatchResult(sides, placements={row[4]: row[6] for row in rows})
        else:
            result = MatchResult(sides, wins={row[4]: row[5] for row in rows}, draws=draws)
        yield from result.outcomes(round_number, pod_table)


def records_before(event, number):
    """{entrant id: {"points", "record"}}: match points and wins-losses-draws before round `number`,
    as printed on pairings sheets (a late entry's missed rounds are losses when the event says so).
    Kept while the earlier rounds and the late entries are unchanged: results coming in for round
    `number` itself do not recompute them."""
    return page_cache.cached_on(event, "records", _earlier_rounds_state(event, number), lambda: _records(event, number))


def _earlier_rounds_state(event, number):
    """What the records before round `number` depend on, in two aggregate queries: every result
    change saves its match (a new `updated_at` and version), and late entries add losses."""
    earlier = Match.objects.filter(round__event=event, round__stage=Round.Stage.SWISS, round__number__lt=number)
    matches = earlier.aggregate(count=Count("pk"), changed=Max("updated_at"), versions=Sum("version"))
    late = event.entrants.filter(joined_round__gt=1).aggregate(count=Count("pk"), rounds=Sum("joined_round"))
    return (number, matches, late, event.late_entry_losses, event.pod_points)


def _records(event, number):
    tally = {}
    for outcome in _swiss_outcomes_before(event, number):
        points = VERSUS_POINTS[outcome.result] if outcome.match_points is None else outcome.match_points
        mine = tally.setdefault(outcome.player, {"points": 0, "win": 0, "loss": 0, "draw": 0})
        mine["points"] += points
        mine[outcome.result] += 1
    if event.late_entry_losses:
        for entrant, joined in event.entrants.filter(joined_round__gt=1).values_list("pk", "joined_round"):
            mine = tally.setdefault(entrant, {"points": 0, "win": 0, "loss": 0, "draw": 0})
            mine["loss"] += max(0, min(joined, number) - 1)
    return {
        entrant: {"points": mine["points"], "record": f"{mine['win']}-{mine['loss']}-{mine['draw']}"}
        for entrant, mine in tally.items()
    }


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
    return sorted(lines, key=lambda line: (line["name"].casefold(), line["table"]))


def head_start(seats):
    """A table without a result that starts from game losses given before it ("ben leads 1–0: game
    loss to lena"), as plain data for templates (tournaments/_head_start.html) and the API; None
    without one. `seats`: Seats or PlainSeats."""
    losses = {seat.entrant_id: seat.games_conceded for seat in seats}
    if not any(losses.values()):
        return None
    start = penalties.head_start(list(losses), losses)
    names = {seat.entrant_id: getattr(seat, "name", None) or seat.entrant.name for seat in seats}
    ordered = sorted(losses, key=lambda side: -start.wins[side])
    return {
        "wins": {str(side): start.wins[side] for side in losses},
        "game_losses": {str(side): games for side, games in losses.items() if games},
        "leader": names[start.winner] if start.winner is not None else "",
        "score": "–".join(str(start.wins[side]) for side in ordered),
        "penalised": ", ".join(names[side] for side in losses if losses[side]),
        "games": sum(losses.values()),
    }


def outcome_for(match, seats, entrant_id):
    """pending, bye, win, draw or loss from one entrant's seat, with the score from their side."""
    result = confirmed_result(match, seats)
    if match.status != Match.Status.CONFIRMED:
        return "pending", ""
    if match.is_bye:
        return "bye", ""
    return result.outcome_of(entrant_id), "" if result.is_pod else score_text(result, first=entrant_id)


# The API's shapes


def table_payload(match, seats=None):
    seats = list(match.seats.all()) if seats is None else seats
    return _plain_table_payload(
        match, [PlainSeat(s.entrant_id, s.entrant.name, s.game_wins, s.placement, s.games_conceded) for s in seats]
    )


def _plain_table_payload(match, seats):
    """`match`: a Match or a PlainMatch; `seats`: PlainSeats."""
    confirmed = match.status == Match.Status.CONFIRMED
    return {
        "table": match.table,
        "match": match.pk,
        "entrants": [seat.entrant_id for seat in seats],
        "names": [seat.name for seat in seats],
        "bye": match.is_bye,
        "status": match.status,
        "wins": {str(seat.entrant_id): seat.game_wins for seat in seats} if confirmed else None,
        "placements": {str(seat.entrant_id): seat.placement for seat in seats if seat.placement} or None,
        "draws": match.draws,
        "version": match.version,
        "extra_minutes": match.extra_minutes,
        "head_start": head_start(seats) if not confirmed else None,
    }


def penalty_payload(penalty):
    return {
        "id": penalty.pk,
        "entrant": penalty.entrant_id,
        "name": penalty.entrant.name,
        "kind": penalty.kind,
        "kind_label": str(penalty.get_kind_display()),
        "reason": penalty.reason,
        "round": penalty.round_number,
        "correction": penalty.correction,
        "judge": penalty.judge.username if penalty.judge_id else None,
        "created_at": penalty.created_at,
    }


def deck_check_payload(check):
    return {
        "id": check.pk,
        "round": check.round_number,
        "seed": check.seed,
        "options": check.options,
        "tables": check.tables,
        "decks": [
            {
                "id": deck.pk,
                "entrant": deck.entrant_id,
                "name": deck.entrant.name,
                "table": deck.table,
                "outcome": deck.outcome,
                "note": deck.note,
                "penalty": deck.penalty_id,
            }
            for deck in check.decks.select_related("entrant")
        ],
    }


def round_payload(round_):
    tables = [_plain_table_payload(match, seats) for match, seats in plain_tables(round_)]
    return {"number": round_.number, "stage": round_.stage, "tables": tables, "notes": round_.notes}


# Exports carry the event's date and venue (docs/events.md): CSV files as their last two columns,
# JSON as an "event" object. Times are the site's local time, written the same in every language.
EXPORT_COLUMNS = ["starts_at", "venue"]


def event_export(event):
    """{"name", "starts_at" (ISO 8601 with offset, or None), "venue"} for JSON and the API."""
    starts = timezone.localtime(event.starts_at).isoformat() if event.starts_at else None
    return {"name": event.name, "starts_at": starts, "venue": event.venue}


def export_cells(event):
    """The event's last cells of a CSV row: start as YYYY-MM-DD HH:MM (local time) or empty, venue."""
    starts = timezone.localtime(event.starts_at).strftime("%Y-%m-%d %H:%M") if event.starts_at else ""
    return [starts, event.venue]


def standings_payload(event):
    """The standings as the API and standings.json give them, computed once per page version."""

    def build():
        swiss = event.rounds.filter(stage=Round.Stage.SWISS).count()
        return {"event": event_export(event), "round": swiss, "standings": event_standings(event)}

    return page_cache.cached(event, "standings-data", (), build)


def bracket_payload(event):
    rounds = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("number")
    return {"size": event.top_cut, "status": event.status, "rounds": [round_payload(r) for r in rounds]}


def report_problem(report):
    """Why a report could not be scored, in the reader's language."""
    return DomainError.from_dict(report.problem).message if report.problem else None


def unscored_reports(event):
    """Reports that could not be scored and still matter to the organiser: the match has no confirmed
    result and the player has not reported again since. Rows: round, table, match, player, reason."""
    # A player's new report replaces their earlier one (services.results_reports.submit_report), so reading
    # only the invalid ones keeps this query to the few that matter, not the whole round's reports.
    reports = (
        Report.objects.filter(match__round__event=event, status=Report.Status.INVALID)
        .exclude(match__status=Match.Status.CONFIRMED)
        .select_related("match__round", "entrant")
        .order_by("match__round__number", "match__table", "created_at", "pk")
    )
    latest = {}
    for report in reports:
        latest[report.match_id, report.entrant_id] = report
    return [
        {
            "round": report.match.round.number,
            "table": report.match.table,
            "match": report.match_id,
            "player": report.entrant.name if report.entrant else "",
            "reason": report_problem(report),
        }
        for report in latest.values()
        if report.status == Report.Status.INVALID
    ]


def report_state(report):
    return {
        "id": report.pk,
        "match": report.match_id,
        "entrant": report.entrant_id,
        "status": report.status,
        "result": report.result,
        "error": report_problem(report),
        "created_at": report.created_at.isoformat(),
    }


def match_state(match, with_reports=True):
    """A match's status, its result once confirmed, and (for its players and organiser) its reports."""
    reports = list(match.reports.order_by("created_at", "pk"))
    seats = list(match.seats.all())
    result = None
    confirmed = confirmed_result(match, seats)
    if confirmed is not None:
        latest = next((r for r in reversed(reports) if r.status == Report.Status.SCORED), None)
        games = (latest.result or {}).get("games", []) if latest else []
        wins = {str(seat.entrant_id): seat.game_wins for seat in seats}
        placements = confirmed.as_dict()["placements"]
        result = {
            "winner": confirmed.winner,
            "wins": wins,
            "draws": match.draws,
            "games": games,
            "placements": placements,
        }
    return {
        "id": match.pk,
        "round": match.round.number,
        "table": match.table,
        "status": match.status,
        "version": match.version,
        "entrants": [seat.entrant_id for seat in seats],
        "reports": [report_state(report) for report in reports] if with_reports else [],
        "result": result,
        "head_start": head_start(seats) if confirmed is None and not match.is_bye else None,
    }


def report_lines(report, seats):
    """[(name, games won or place)] of a scored report, in seat order."""
    result = MatchResult.from_dict([seat.entrant_id for seat in seats], report.result)
    values = result.placements if result.is_pod else result.wins
    return [(seat.entrant.name, values.get(seat.entrant_id)) for seat in seats]


# The pairing engine's explanation


def points_text(points):
    return ngettext("%(count)s point", "%(count)s points", points) % {"count": points}


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
                    "Bye: %(name)s, %(points)s (fewest byes; a lower-ranked player's bye would have meant a "
                    "rematch or larger pair-downs)"
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


# The event log


def audit_target(entry):
    """The log entry's target in words: an entrant, a table of a round, or a round."""
    if entry.entrant_name:
        return entry.entrant_name
    if entry.action == AuditAction.TOP_CUT_START and (entry.after or {}).get("size"):
        return _("Top %(count)s") % {"count": entry.after["size"]}
    if entry.round_number is not None and entry.table is not None:
        return _("Round %(round)s, table %(table)s") % {"round": entry.round_number, "table": entry.table}
    if entry.round_number is not None:
        return _("Round %(round)s") % {"round": entry.round_number}
    return ""


def audit_actor(entry, roles):
    """Who acted, by username (which nobody can change to look like someone else) and role."""
    if not entry.actor_id:
        return _("System")
    role = roles.get(entry.actor_id)
    return f"{entry.actor.username} ({role})" if role else entry.actor.username


def audit_roles(event, users=None):
    """{user id: role} of the people who act on an event (of `users` only, when given)."""
    players = event.entrants.exclude(user=None)
    staff = event.staff.all()
    if users is not None:
        players, staff = players.filter(user_id__in=users), staff.filter(user_id__in=users)
    roles = {user: _("player") for user in players.values_list("user_id", flat=True)}
    for user, role in staff.values_list("user_id", "role"):
        roles[user] = EventStaff.Role(role).label
    roles[event.organiser_id] = _("organiser")
    return roles


def _result_words(snapshot, names):
    seats = (snapshot or {}).get("seats") or {}
    if not seats:
        return ""
    if any(seat.get("place") for seat in seats.values()):
        placed = sorted(seats.items(), key=lambda item: item[1].get("place") or 99)
        return " · ".join(f"{seat.get('place') or '–'}. {names.get(int(entrant), '?')}" for entrant, seat in placed)
    words = ", ".join(f"{names.get(int(entrant), '?')} {seat.get('wins', 0)}" for entrant, seat in seats.items())
    if snapshot.get("draws"):
        words += ", " + drawn_games(snapshot["draws"])
    return words


def _confirmed_words(result, names):
    """A players' confirmation records the agreed MatchResult."""
    wins, placements = result.get("wins"), result.get("placements")
    seats = {key: {"wins": value} for key, value in (wins or {}).items()}
    seats.update({key: {"place": value} for key, value in (placements or {}).items()})
    return _result_words({"seats": seats, "draws": result.get("draws", 0)}, names)


def audit_details(entry, names):
    """The before and after of an entry, in words (the raw values stay in the database for disputes)."""
    after, before = entry.after or {}, entry.before or {}
    action = entry.action
    details = []
    if action in (AuditAction.RESULT_ENTER, AuditAction.RESULT_CORRECT, AuditAction.RESULT_ACCEPT):
        details.append(_result_words(after, names))
        if after.get("reported_by"):
            details.append(_("as reported by %(name)s") % {"name": after["reported_by"]})
        if action == AuditAction.RESULT_CORRECT and before.get("status") == Match.Status.CONFIRMED:
            details.append(_("was: %(result)s") % {"result": _result_words(before, names)})
        if after.get("reason"):
            details.append(_("reason: %(reason)s") % {"reason": after["reason"]})
    elif action in (AuditAction.RESULT_CONFIRM, AuditAction.REPORT_SUBMIT, AuditAction.REPORT_CONFIRM) and after.get(
        "result"
    ):
        details.append(_confirmed_words(after["result"], names))
    elif action == AuditAction.ROUND_FORCE and after.get("unconfirmed_tables"):
        tables = after["unconfirmed_tables"]
        details.append(
            ngettext("table without a result: %(tables)s", "tables without a result: %(tables)s", len(tables))
            % {"tables": ", ".join(map(str, tables))}
        )
    elif action == AuditAction.TOP_CUT_RESEAT and after.get("entrant"):
        details.append(
            _("%(new)s takes the place of %(old)s")
            % {"new": names.get(after["entrant"], "?"), "old": names.get(before.get("entrant"), "?")}
        )
    elif action == AuditAction.DECK_SUBMIT and "legal" in after:
        details.append(_("legal") if after["legal"] else _("illegal"))
    elif action == AuditAction.PENALTY_GIVE and after.get("kind"):
        details.append(_judging_words(after))
    elif action == AuditAction.DECK_CHECK_SELECT and after.get("seed"):
        details.append(
            _("seed %(seed)s, tables %(tables)s")
            % {"seed": after["seed"], "tables": ", ".join(map(str, after.get("tables", [])))}
        )
    elif action == AuditAction.BUILD_SEATS and after.get("seed") is not None:
        details.append(
            ngettext("seed %(seed)s, %(count)s player", "seed %(seed)s, %(count)s players", after.get("players", 0))
            % {"seed": after["seed"], "count": after.get("players", 0)}
        )
    elif action == AuditAction.DECK_CHECK_RECORD and after.get("outcome"):
        details.append(" — ".join(filter(None, [str(CheckedDeck.Outcome(after["outcome"]).label), after.get("note")])))
    elif action == AuditAction.TABLE_EXTEND and after.get("minutes"):
        details.append(
            ngettext("%(count)s more minute", "%(count)s more minutes", after["minutes"]) % {"count": after["minutes"]}
        )
    elif action == AuditAction.ENTRANT_DROP and after.get("after_round") is not None:
        details.append(_("after round %(number)s") % {"number": after["after_round"]})
    elif action == AuditAction.EVENT_PUBLICATION and after.get("publication"):
        details.append(str(Event.Publication(after["publication"]).label))
    elif action.startswith("staff."):
        member = after or before
        details.append(
            _("%(username)s, %(role)s")
            % {"username": member.get("username", "?"), "role": EventStaff.Role(member.get("role", "judge")).label}
        )
    elif action.startswith("timer.") and after.get("remaining") is not None:
        details.append(_("%(clock)s left") % {"clock": clock(after["remaining"])})
    elif action == AuditAction.EVENT_CAPACITY:
        details.append(
            _("places: %(before)s → %(after)s")
            % {"before": before.get("capacity") or _("no limit"), "after": after.get("capacity") or _("no limit")}
        )
    elif action == AuditAction.WAITLIST_JOIN and after.get("position"):
        details.append(_("number %(position)s in line") % {"position": after["position"]})
    elif action == AuditAction.JOIN_CODE_NEW and after.get("join_code"):
        details.append(f"{before.get('join_code', '?')} → {after['join_code']}")
    elif action == AuditAction.EVENT_START and after.get("players"):
        details.append(
            _("%(players)s players, %(rounds)s Swiss rounds")
            % {"players": after["players"], "rounds": after.get("swiss_rounds")}
        )
    return "; ".join(detail for detail in details if detail)


def _judging_words(after):
    words = [str(Penalty.Kind(after["kind"]).label), after.get("reason", "")]
    if after.get("correction"):
        words.append(_("correction: %(reason)s") % {"reason": after["correction"]})
    return " — ".join(word for word in words if word)


def describe_audit(entry, names, roles):
    """Who did what, to what, when, in the reader's language."""
    return {
        "when": entry.created_at,
        "who": audit_actor(entry, roles),
        "what": AuditAction(entry.action).label,
        "target": audit_target(entry),
        "details": audit_details(entry, names),
    }


LOG_PAGE = 50


def log_filters(event, query):
    """(round number or None, entrant id or None) from ?round=&player=, ignoring anything unknown."""
    round_text, player_text = query.get("round", ""), query.get("player", "")
    round_number = int(round_text) if round_text.isdigit() else None
    entrant_id = int(player_text) if player_text.isdigit() else None
    if entrant_id is not None and not event.entrants.filter(pk=entrant_id).exists():
        entrant_id = None
    return round_number, entrant_id


def filtered_audit(event, round_number=None, entrant_id=None):
    """The event's log, newest first, for one round and/or one entrant (their own entries and those of
    the tables they sat at)."""
    entries = event.audit.select_related("actor")
    if round_number is not None:
        entries = entries.filter(round_number=round_number)
    if entrant_id is not None:
        about = Q(entrant_id=entrant_id)
        for number, table in Seat.objects.filter(entrant_id=entrant_id, match__round__event=event).values_list(
            "match__round__number", "match__table"
        ):
            about |= Q(round_number=number, table=table)
        entries = entries.filter(about)
    return entries


def audit_payload(entry, names, roles):
    """One log entry for the API: words in the reader's language plus the structured target."""
    return {
        **describe_audit(entry, names, roles),
        "action": entry.action,
        "round": entry.round_number,
        "table": entry.table,
        "entrant": entry.entrant_id,
    }


def timer_state(event):
    """The organiser's view of the clock: off, running, paused or over, and the time shown."""
    remaining = remaining_seconds(event)
    if remaining is None:
        state = "off"
    elif event.timer_paused_seconds is not None:
        state = "paused"
    else:
        state = "running" if remaining > 0 else "over"
    return {"state": state, "remaining": remaining, "clock": clock(remaining)}
