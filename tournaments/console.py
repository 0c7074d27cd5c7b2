"""What the organiser's console shows: one page of a round's tables (what needs acting on first),
one page of entrants, each side's claim on a reported table, and names for the log and the notes.
Every read here is a fixed number of queries whatever the size of the event (issue 18)."""

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.db.models import (
    Case,
    Count,
    Exists,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    Value,
    When,
    prefetch_related_objects,
)
from django.utils.translation import gettext_lazy as _

from core.numbers import whole_number

from .engine.match_result import MatchResult
from .models import Entrant, Match, Penalty, Report, Seat
from .models.entrants import event_player_labels
from .presenters.results import head_start, score_text
from .services.results import seated_result

TABLES_PER_PAGE = 25  # a screenful: the tables needing action come first
ENTRANTS_PER_PAGE = 50
SEARCH_LENGTH = 60

# Disputed tables first, then reported, then the ones still waiting, then the settled ones.
ACTION_ORDER = Case(
    When(status=Match.Status.DISPUTED, then=Value(0)),
    When(status=Match.Status.REPORTED, then=Value(1)),
    When(status=Match.Status.PENDING, then=Value(2)),
    default=Value(3),
    output_field=IntegerField(),
)

STATUS_FILTERS = {
    "open": (_("Without a result"), ~Q(status=Match.Status.CONFIRMED)),
    "disputed": (_("Disputed"), Q(status=Match.Status.DISPUTED)),
    "reported": (_("Reported by a player"), Q(status=Match.Status.REPORTED)),
    "pending": (_("Waiting"), Q(status=Match.Status.PENDING)),
    "confirmed": (_("Confirmed"), Q(status=Match.Status.CONFIRMED)),
}

ENTRANT_FILTERS = {
    "absent": (_("Not checked in"), Q(checked_in=False, dropped_after__isnull=True)),
    "present": (_("Checked in"), Q(checked_in=True, dropped_after__isnull=True)),
    "dropped": (_("Dropped"), Q(dropped_after__isnull=False)),
}


def search_text(request):
    """The searched name or table; a NUL byte is dropped (PostgreSQL text cannot hold one)."""
    return request.GET.get("q", "").replace("\x00", "").strip()[:SEARCH_LENGTH]


def chosen_filter(request, filters):
    wanted = request.GET.get("status", "")
    return wanted if wanted in filters else ""


def query_string(**values):
    """The filter and search part of a page link, so paging keeps them."""
    return urlencode({key: value for key, value in values.items() if value})


def round_tables(round_, request, action_first):
    """A page of a round's tables, filtered by status and searched by table number or player name."""
    matches = round_.matches.all()
    status = chosen_filter(request, STATUS_FILTERS)
    if status:
        matches = matches.filter(STATUS_FILTERS[status][1])
    text = search_text(request)
    table = whole_number(text)
    if table is not None:
        matches = matches.filter(table=table)
    elif text:
        matches = matches.filter(seats__entrant__name__icontains=text).distinct()
    order = (ACTION_ORDER, "table") if action_first else ("table",)
    page = Paginator(matches.order_by(*order), TABLES_PER_PAGE).get_page(request.GET.get("page"))
    rows = table_rows(list(page.object_list))
    return {
        "page": page,
        "rows": rows,
        "status": status,
        "q": text,
        "query": query_string(status=status, q=text),
        "filters": [(key, label) for key, (label, _condition) in STATUS_FILTERS.items()],
    }


def table_rows(matches):
    """Each table with its seats, its result in words and, when reported or disputed, each side's claim."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("entrant").order_by("pk"))
    scored = Report.objects.filter(status=Report.Status.SCORED).select_related("entrant", "reporter")
    claims = Prefetch("reports", queryset=scored.order_by("created_at", "pk"), to_attr="scored_reports")
    prefetch_related_objects(matches, seats)
    # Only tables without a result have claims to weigh; an empty list still costs its query.
    prefetch_related_objects([match for match in matches if match.status != Match.Status.CONFIRMED], claims)
    labels = event_player_labels(matches[0].round.event) if matches else {}
    return [table_row(match, labels) for match in matches]


def table_row(match, labels=None):
    seated = list(match.seats.all())
    names = {seat.entrant_id: (labels or {}).get(seat.entrant_id, seat.entrant.name) for seat in seated}
    for seat in seated:
        seat.label = names[seat.entrant_id]
    confirmed = match.status == Match.Status.CONFIRMED
    score = ""
    if confirmed and not match.is_bye:
        score = named_score(seated_result(match, seated), names)
    return {
        "match": match,
        "seats": seated,
        "pending": not confirmed,
        "score": score,
        "claims": side_claims(match, seated, names) if not confirmed else [],
        "head_start": head_start(seated) if not confirmed and not match.is_bye else None,
    }


def side_claims(match, seated, names):
    """The latest scored report of each side: what it claims, who sent it and when."""
    latest = {}
    for report in getattr(match, "scored_reports", None) or []:
        latest[report.entrant_id] = report
    sides = [seat.entrant_id for seat in seated]
    claims = []
    for report in latest.values():
        try:
            result = MatchResult.from_dict(sides, report.result)
        except (KeyError, TypeError, ValueError):
            continue  # a claim about seats that changed since is no claim on this table
        claims.append(
            {
                "report": report,
                "side": report.entrant.name if report.entrant else "",
                "sender": report.reporter.username if report.reporter else "",
                "score": named_score(result, names),
                "when": report.created_at,
            }
        )
    return claims


def named_score(result, names):
    """“Ana 2–1 Bo (1 drawn game)”: the organiser reads who won without counting seats; pods by place."""
    if result.is_pod or len(result.sides) != 2:
        return score_text(result, names)
    first, second = result.sides
    score = score_text(result, first=first)
    numbers, _space, drawn = score.partition(" ")
    return " ".join(part for part in (names.get(first, "?"), numbers, names.get(second, "?"), drawn) if part)


def entrant_page(event, request):
    """A page of the event's entrants, searched by name or username and filtered by presence; each
    knows whether a judge disqualified it (a drop that cannot be undone)."""
    disqualified = Penalty.objects.filter(entrant=OuterRef("pk"), kind=Penalty.Kind.DISQUALIFICATION)
    entrants = event.entrants.select_related("user", "deck__deck").annotate(disqualified=Exists(disqualified))
    status = chosen_filter(request, ENTRANT_FILTERS)
    if status:
        entrants = entrants.filter(ENTRANT_FILTERS[status][1])
    text = search_text(request)
    order = ("name", "pk")
    if text:
        entrants = entrants.filter(Q(name__icontains=text) | Q(user__username__icontains=text))
        order = (closeness(text), *order)  # "Ana" lists Ana before Hana
    page = Paginator(entrants.order_by(*order), ENTRANTS_PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    labels = event_player_labels(event)
    for entrant in shown:
        entrant.label = labels[entrant.pk]
    return {
        "page": page,
        "entrants": shown,
        "status": status,
        "q": text,
        "query": query_string(status=status, q=text),
        "filters": [(key, label) for key, (label, _condition) in ENTRANT_FILTERS.items()],
    }


def closeness(text):
    """How well a player matches a search, for ordering: the exact name or username first, then
    names that start with it, then the rest (a name that merely contains it)."""
    return Case(
        When(Q(name__iexact=text) | Q(user__username__iexact=text), then=Value(0)),
        When(Q(name__istartswith=text) | Q(user__username__istartswith=text), then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )


def entrant_counts(event):
    """Entrants, active ones and checked-in active ones, in one query."""
    active = Q(dropped_after__isnull=True)
    return event.entrants.aggregate(
        entrants=Count("pk"),
        active=Count("pk", filter=active),
        checked_in=Count("pk", filter=active & Q(checked_in=True)),
    )


def names_of(event, ids):
    """{entrant id: name} for the entrants a page mentions, not the whole event."""
    # Always one query, even for no names (id 0 is never used), so the page's cost never varies.
    wanted = {whole_number(entrant) for entrant in ids} - {None} or {0}
    return dict(Entrant.objects.filter(event=event, pk__in=wanted).values_list("pk", "name"))


def note_entrants(notes):
    for note in notes:
        yield from (note[key] for key in ("player", "opponent") if key in note)
        yield from note.get("players", ())


def audit_entrants(entries):
    for entry in entries:
        for snapshot in (entry.before or {}, entry.after or {}):
            yield from (snapshot.get("seats") or {}).keys()
            result = snapshot.get("result") or {}
            for key in ("wins", "placements"):
                yield from (result.get(key) or {}).keys()
            if isinstance(snapshot.get("entrant"), int):
                yield snapshot["entrant"]
