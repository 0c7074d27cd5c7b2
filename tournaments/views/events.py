"""Events: the public list and an event's page; creating, editing, starting, finishing, cancelling,
reopening and deleting one, its decklist publication and the organiser's dashboard."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.decorators import organiser_required
from catalogue.models import Game
from core.errors import DomainError
from decks.models import Format
from decks.presenters import registered_lists

from .. import console, page_cache
from ..access import event_for_viewer, visible_decklists
from ..filters import EventFilterForm, search_events
from ..forms.entrants import PlayerForm, WalkInForm
from ..forms.events import EventEditForm, EventForm, PublicationForm
from ..models import Entrant, Event, Match, Round
from ..presenters.audit import audit_roles, describe_audit
from ..presenters.decklists import missing_deck_rows, verdict_change_message
from ..presenters.events import game_options_shown, players_and_rounds
from ..presenters.results import unscored_reports
from ..presenters.rounds import describe_note, round_title, timer_state
from ..presenters.sealed import pools_off_count_message
from ..services import entrants as entrant_services
from ..services import entrants_teams
from ..services import events as event_services
from ..services.results_pause import scoring_paused_since
from ..services.rounds import current_round, held_up_by_decks
from .common import (
    EXTEND_MINUTES,
    _attempt,
    _dashboard,
    _got_place,
    _my_entrant,
    _player_count,
    _respond,
    _round_rows,
    _wants_fragment,
    organiser_view,
)
from .entrants_doors import join_context

# Tables shown on the event page; the pairings pages list every table.
EVENT_PAGE_TABLES = 50
EVENTS_PER_PAGE = 50


def _swiss_rounds_played(event):
    return event.rounds.filter(stage=Round.Stage.SWISS).count()


def _swiss_progress(event):
    """(Swiss rounds paired, Swiss rounds with every result in), in one query."""
    stats = event.rounds.filter(stage=Round.Stage.SWISS).aggregate(
        paired=Count("pk", distinct=True),
        open=Count("pk", filter=Q(matches__status=Match.Status.PENDING), distinct=True),
    )
    return stats["paired"], stats["paired"] - stats["open"]


def event_list(request):
    form = EventFilterForm(request.GET or None, user=request.user)
    filters = form.cleaned_data if form.is_bound and form.is_valid() else {}
    players = (
        Entrant.objects.filter(event=OuterRef("pk"))
        .exclude(dropped_after=0)
        .values("event")
        .annotate(count=Count("pk"))
        .values("count")
    )
    events = search_events(request.user, filters).annotate(
        players=Coalesce(Subquery(players, output_field=IntegerField()), 0)
    )
    page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {"page": page, "form": form, "games": Game.objects.order_by("name"), "query": query.urlencode()}
    context["rows_html"] = _event_rows_html(request.user, page)
    return render(request, "tournaments/event_list.html", context)


def _event_rows_html(user, page):
    """The list's rows, rendered once for what they show: every stored field of each event, its
    game's name, a cancelled one's reason, its players and whether the reader organises it (the
    "Manage" link)."""
    fields = [field.attname for field in Event._meta.concrete_fields]
    shown = [
        (
            [getattr(event, name) for name in fields],
            event.game.name,
            event.cancel_reason,
            event.players,
            event.organiser_id == user.pk,
        )
        for event in page.object_list
    ]

    def build():
        return render_to_string("tournaments/_event_rows.html", {"page": page, "user": user})

    return mark_safe(page_cache.cached_by_content("event-rows", shown, build))  # noqa: S308 - our template


def _format_name(event):
    if not event.format_slug:
        return ""
    found = Format.objects.filter(slug=event.format_slug).order_by("-effective").values_list("name", flat=True).first()
    return found or event.format_slug


def _readable_decks(user, event):
    """(entrant, registered list) pairs this viewer may read (tournaments.access.visible_decklists)."""
    entrants = list(visible_decklists(user, event))
    return list(zip(entrants, registered_lists([entrant.deck for entrant in entrants]), strict=True))


def _event_live_html(event, organiser_view):
    """The live part of the event page (status, current round, entrants), rendered once per version."""

    def build():
        round_ = current_round(event)
        rows = _round_rows(event, round_) if round_ else []
        entrants = None
        if event.registration_open:  # who holds a place: not those who withdrew (as _player_count)
            registered = event.entrants.filter(dropped_after__isnull=True)
            entrants = list(registered.order_by("name").values("name", "checked_in"))
        context = {
            "event": event,
            "round": round_,
            "round_title": round_title(round_, len(rows)) if round_ else "",
            "rows": rows[:EVENT_PAGE_TABLES],
            "more_tables": max(0, len(rows) - EVENT_PAGE_TABLES),
            "players": _player_count(event),
            "entrants": entrants,
            "rounds_planned": event.planned_rounds(),
            "swiss_played": _swiss_rounds_played(event),
            "is_pods": event.is_pods,
            "organiser_view": organiser_view,
        }
        return render_to_string("tournaments/_event_live.html", context)

    return mark_safe(page_cache.cached(event, "event-live", (organiser_view,), build))  # noqa: S308 - our template


def event_detail(request, pk):
    event = event_for_viewer(request.user, pk)
    organiser_view = event.organiser_id == request.user.pk
    live_tag = page_cache.etag(event, "event-live", organiser_view)
    if _wants_fragment(request):
        return _respond(request, live_tag, lambda: HttpResponse(_event_live_html(event, organiser_view)))

    def build():
        me = _my_entrant(request.user, event)
        context = {
            "event": event,
            "live_html": _event_live_html(event, organiser_view),
            "live_etag": live_tag,
            "format_name": _format_name(event),
            "game_options": game_options_shown(event),
            "me": me,
            "got_place": _got_place(event, me),
            "waitlist_position": entrant_services.position(event, request.user),
            "places_taken": entrant_services.places_taken(event) if event.settings.capacity else None,
            "places_waiting": entrant_services.waiting(event).count() if event.settings.capacity else 0,
            "decks": _readable_decks(request.user, event),
            "teams_naming_me": [] if me or event.is_cancelled else entrants_teams.teams_naming(event, request.user),
        }
        return render(request, "tournaments/event_detail.html", context)

    return _respond(request, page_cache.etag(event, "event", request.user.pk), build)


AUDIT_ENTRIES = 30
DECK_STEPS = {"start", "pair", "top_cut", "advance"}  # the next steps that seat players: each needs their decks


@organiser_required
def event_create(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        arguments = form.service_arguments()
        try:
            event = event_services.create_event(request.user, arguments.pop("name"), arguments.pop("game"), **arguments)
        except DomainError as error:
            form.add_error(form.field_for(error.field), error.message)
        else:
            messages.success(request, _("Event created. Add players, then start it."))
            return _dashboard(event)
    return render(request, "tournaments/manage/event_form.html", {"form": form})


@organiser_view
def manage(request, event):
    current = event.rounds.order_by("-number").first()
    # A finished event takes no plain results: its tables without one are corrected like the others.
    finished = event.is_finished
    missing = current.matches.exclude(status=Match.Status.CONFIRMED).count() if current and not finished else 0
    counts = console.entrant_counts(event)
    notes = current.notes if current else []
    entries = list(event.audit.select_related("actor")[:AUDIT_ENTRIES])
    names = console.names_of(event, [*console.note_entrants(notes), *console.audit_entrants(entries)])
    step = next_step(event, current, bool(missing))
    context = {
        "event": event,
        "counts": counts,
        "planned_rounds": event.planned_rounds(counts["active"]),
        "current": current,
        "current_label": round_title(current) if current else "",
        "missing": missing,
        "tables": console.round_tables(current, request, action_first=True) if current else None,
        "unscored": unscored_reports(event),
        "scoring_paused_since": scoring_paused_since(event),
        "earlier_rounds": current.number - 1 if current else 0,
        "corrections": finished,
        "deletable": not counts["entrants"] and current is None,  # the delete page checks the waitlist too
        "next_step": step,
        "notes": [describe_note(note, names) for note in notes],
        "timer": timer_state(event),
        "publication_form": PublicationForm(initial={"publication": event.settings.publication}),
        "walk_in_form": WalkInForm(auto_id="id_walk_in_%s"),
        "player_form": PlayerForm(auto_id="id_player_%s"),
        "can_add": event.accepting_entrants,
        "audit": _audit(event, entries, names),
        "extend_minutes": EXTEND_MINUTES,
        # Listed before the start or pairing button they hold up (the service refuses them anyway).
        "waiting_for_decks": missing_deck_rows(event, held_up_by_decks(event)) if step in DECK_STEPS else [],
    }
    if event.registration_open:  # once the event starts the dashboard is for rounds, not the door
        context.update(join_context(request, event))
    return render(request, "tournaments/manage/dashboard.html", context)


def _audit(event, entries, names):
    roles = audit_roles(event, users={entry.actor_id for entry in entries if entry.actor_id})
    return [describe_audit(entry, names, roles) for entry in entries]


def next_step(event, current, results_missing):
    """What the organiser should do now: one of the keys the dashboard template knows."""
    if event.is_cancelled:
        return "cancelled"
    if event.registration_open:
        return "start"
    if event.is_finished:
        return "finished"
    if results_missing:
        return "results"
    if event.status == Event.Status.TOP_CUT:
        return "final" if current.matches.count() == 1 else "advance"
    if current is None or not event.all_swiss_rounds_paired(current.number):
        return "pair"
    return "top_cut" if event.top_cut else "finish"


@organiser_view
def event_settings(request, event):
    """Edit the event: what cannot contradict play changes at any time; the rest says why not."""
    form = EventEditForm.for_event(event, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = event_services.update_event(event, request.user, **form.service_arguments())
        except DomainError as error:
            form.add_error(form.field_for(error.field), error.message)
        else:
            messages.success(request, _("Event settings saved."))
            for entrant in getattr(event, "verdicts_changed", ()):
                messages.warning(request, verdict_change_message(entrant))
            off_count = getattr(event, "pools_off_count", ())
            if off_count:
                messages.warning(request, pools_off_count_message(event, off_count))
            return _dashboard(event)
    return render(request, "tournaments/manage/settings.html", {"event": event, "form": form})


@organiser_view
@require_POST
def start(request, event):
    done, started = _attempt(request, event_services.start_event, event, request.user)
    if done:
        messages.success(
            request,
            _("The event has started: %(players_and_rounds)s.")
            % {
                "players_and_rounds": players_and_rounds(
                    started.entrants.filter(dropped_after__isnull=True).count(), started.swiss_rounds
                )
            },
        )
    return _dashboard(event)


@organiser_view
def finish(request, event):
    if request.method == "POST":
        done, _event = _attempt(request, event_services.finish_event, event, request.user)
        if done:
            messages.success(request, _("The event is finished."))
        return _dashboard(event)
    context = {
        "event": event,
        "title": _("Finish %(name)s?") % {"name": event.name},
        "explanation": _(
            "No more rounds can be paired and no more results entered. Results can still be corrected, with a reason."
        ),
        "button": _("Yes, finish the event"),
    }
    return render(request, "tournaments/manage/confirm.html", context)


@organiser_view
@require_POST
def publication(request, event):
    form = PublicationForm(request.POST)
    if not form.is_valid():
        messages.error(request, DomainError("event.publication").message)
        return _dashboard(event, "publication")
    done, _event = _attempt(
        request, event_services.set_publication, event, request.user, form.cleaned_data["publication"]
    )
    if done:
        messages.success(request, _("Decklist publication saved."))
    return _dashboard(event, "publication")
