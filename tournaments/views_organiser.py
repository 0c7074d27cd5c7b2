"""The organiser's pages (create an event, the dashboard and its actions) and player self-registration.

Lookups go through tournaments.access (404 when the event cannot be seen, 403 when it is not yours);
every write goes through tournaments.services, whose refusals (DomainError) are shown as they are."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.decorators import organiser_required
from core.errors import DomainError

from . import console, views_sealed
from .access import event_for_organiser, event_for_viewer
from .forms import (
    EventEditForm,
    EventForm,
    PlayerForm,
    PublicationForm,
    RegisterForm,
    ResultForm,
    TimerForm,
    WalkInForm,
    errors_in_one_line,
)
from .joining import join_panel, join_url
from .models import AuditAction, Entrant, Event, Match, WaitlistEntry
from .presenters import audit_roles, describe_audit, describe_note, round_title, timer_state, unscored_reports
from .services import decklists as decklist_services
from .services import entrants as entrant_services
from .services import events as event_services
from .services import results as result_services
from .services import rounds as round_services
from .services.results import last_result_entry
from .services.rounds import control_timer
from .views_staff import desk_url, registered_message, staff_view

AUDIT_ENTRIES = 30
EXTEND_MINUTES = 5


def organiser_view(view):
    """Signed in (else the login page), and the event's organiser: 404 if they cannot see it, else 403."""

    @login_required
    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        return view(request, event_for_organiser(request.user, pk), *args, **kwargs)

    return wrapper


def _dashboard(event, anchor=""):
    return redirect(reverse("tournaments:manage", args=[event.pk]) + (f"#{anchor}" if anchor else ""))


def _event_page(event):
    return reverse("tournaments:event", args=[event.pk])


def _attempt(request, call, *args, **kwargs):
    """Run a service call; on a refusal show its message. Returns (succeeded, result)."""
    try:
        return True, call(*args, **kwargs)
    except DomainError as error:
        messages.error(request, error.message)
        return False, None


# Creating an event


@organiser_required
def event_create(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        arguments = form.service_arguments()
        try:
            event = event_services.create_event(request.user, arguments.pop("name"), arguments.pop("game"), **arguments)
        except DomainError as error:
            field = {"format_slug": "format"}.get(error.field, error.field)
            form.add_error(field if field in form.fields else None, error.message)
        else:
            messages.success(request, _("Event created. Add players, then start it."))
            return _dashboard(event)
    return render(request, "tournaments/manage/event_form.html", {"form": form})


# The dashboard: what the organiser acts on now, at any size of event (issue 18). Earlier rounds,
# the entrant list and one table's result form each have a page of their own.


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
    context = {
        "event": event,
        "counts": counts,
        "planned_rounds": event.planned_rounds(counts["active"]),
        "current": current,
        "current_label": round_title(current) if current else "",
        "missing": missing,
        "tables": console.round_tables(current, request, action_first=True) if current else None,
        "unscored": unscored_reports(event),
        "earlier_rounds": current.number - 1 if current else 0,
        "corrections": finished,
        "next_step": next_step(event, current, bool(missing)),
        "notes": [describe_note(note, names) for note in notes],
        "timer": timer_state(event),
        "publication_form": PublicationForm(initial={"publication": event.publication}),
        "walk_in_form": WalkInForm(auto_id="id_walk_in_%s"),
        "player_form": PlayerForm(auto_id="id_player_%s"),
        "can_add": event.accepting_entrants,
        "audit": _audit(event, entries, names),
        "extend_minutes": EXTEND_MINUTES,
    }
    if event.accepting_entrants:
        context.update(join_context(request, event))
    return render(request, "tournaments/manage/dashboard.html", context)


@staff_view("enter_results")
def round_tables(request, event, number):
    """One round's tables, paged and searchable; results of finished rounds change by correction."""
    round_ = get_object_or_404(event.rounds, number=number)
    current = event.rounds.order_by("-number").values_list("number", flat=True).first()
    context = {
        "event": event,
        "round": round_,
        "label": round_title(round_),
        "corrections": not event.results_open(round_.number == current),
        "tables": console.round_tables(round_, request, action_first=round_.number == current),
        "rounds": list(event.rounds.order_by("number").values_list("number", flat=True)),
        "home_url": desk_url(request.user, event),
    }
    return render(request, "tournaments/manage/round.html", context)


@organiser_view
def players(request, event):
    """The entrant list: paged, searchable, with check-in one by one or several at once."""
    context = {
        "event": event,
        "counts": console.entrant_counts(event),
        "entrants": console.entrant_page(event, request),
        "bulk": event.registration_open,
        "can_remove": not event.rounds.exists(),
        "swiss_rounds_paired": event.rounds.filter(stage="swiss").count(),
        "walk_in_form": WalkInForm(auto_id="id_walk_in_%s"),
        "player_form": PlayerForm(auto_id="id_player_%s"),
        "can_add": event.accepting_entrants,
        "waitlist": list(entrant_services.waiting(event)),
        "places_taken": entrant_services.places_taken(event),
    }
    return render(request, "tournaments/manage/players.html", context)


@staff_view("enter_results")
def table(request, event, match_id):
    """One table: its result form, built only when opened; each side's claim; who entered the result.
    With ?fragment=1 only the table's panel, for the dashboard to show in place."""
    match = _match(event, match_id)
    if match.is_bye:
        raise Http404(DomainError("result.bye").message)
    fragment = request.GET.get("fragment") == "1"
    template = "tournaments/manage/_table.html" if fragment else "tournaments/manage/table.html"
    context = {
        **_table_context(event, match),
        "next": _next_url(request, event),
        "home_url": desk_url(request.user, event),
    }
    return render(request, template, context)


def _table_context(event, match, form=None, stale=False, status=200):
    row = console.table_rows([match])[0]
    seats = row["seats"]
    pending = match.status != Match.Status.CONFIRMED
    latest = event.rounds.order_by("-number").values_list("pk", flat=True).first()
    correction = not event.results_open(match.round_id == latest)
    if form is None and not correction:
        initial = {"version": match.version, **({} if pending else ResultForm.initial_for(match, seats))}
        form = ResultForm(match=match, seats=seats, event=event, initial=initial, auto_id=f"id_m{match.pk}_%s")
    entry = None if pending else last_result_entry(match)
    return {
        "event": event,
        "match": match,
        "row": row,
        "form": form,
        "stale": stale,
        "correction": correction,
        "round_label": round_title(match.round),
        "entered_by": _entered_by(entry),
        "entered_at": entry.created_at if entry else None,
    }


def _entered_by(entry):
    if entry is None:
        return ""
    if entry.action == AuditAction.RESULT_CONFIRM:
        return _("the players, who both reported it")
    return entry.actor.username if entry.actor else _("System")


def _audit(event, entries, names):
    roles = audit_roles(event, users={entry.actor_id for entry in entries if entry.actor_id})
    return [describe_audit(entry, names, roles) for entry in entries]


def next_step(event, current, results_missing):
    """What the organiser should do now: one of the keys the dashboard template knows."""
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


# Dashboard actions (POST, back to the dashboard)


@organiser_view
@require_POST
def add_entrant(request, event):
    """A registered player (by username) or a walk-in (by name); a name already entered asks first."""
    by_account = "username" in request.POST
    form = PlayerForm(request.POST) if by_account else WalkInForm(request.POST)
    if not form.is_valid():
        messages.error(request, errors_in_one_line(form))
        return _back(request, event, "entrants")
    values = {"user": form.cleaned_data["username"]} if by_account else {"name": form.cleaned_data["name"]}
    confirmed = request.POST.get("confirm") == "1"
    try:
        entrant = entrant_services.add_entrant(event, request.user, confirmed_duplicate=confirmed, **values)
    except DomainError as error:
        if error.code == "event.duplicate_name":
            return _confirm_duplicate(request, event, error)
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s added.") % {"name": entrant.name})
    return _back(request, event, "entrants")


def _confirm_duplicate(request, event, error):
    kept = [(key, request.POST[key]) for key in ("username", "name", "next") if key in request.POST]
    context = {
        "event": event,
        "title": _("Add the same name again?"),
        "explanation": error.message,
        "button": _("Yes, add another entry"),
        "action": reverse("tournaments:add_entrant", args=[event.pk]),
        "hidden": [*kept, ("confirm", "1")],
    }
    return render(request, "tournaments/manage/confirm.html", context, status=409)


@organiser_view
def event_settings(request, event):
    """Edit the event: what cannot contradict play changes at any time; the rest says why not."""
    form = EventEditForm.for_event(event, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event_services.update_event(event, request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("Event settings saved."))
            return _dashboard(event)
    return render(request, "tournaments/manage/settings.html", {"event": event, "form": form})


@organiser_view
def remove_entrant(request, event, entrant_id):
    """Remove a mistaken entry (before round 1), after a confirmation."""
    entrant = _entrant(event, entrant_id)
    if request.method == "POST":
        done, _removed = _attempt(request, entrant_services.remove_entrant, entrant, request.user)
        if done:
            messages.success(request, _("%(name)s is removed from the event.") % {"name": entrant.name})
        return redirect("tournaments:manage_players", event.pk)
    context = {
        "event": event,
        "title": _("Remove %(name)s?") % {"name": entrant.name},
        "explanation": _("The entry is deleted, as if it had never been made. The log keeps a record of it."),
        "button": _("Yes, remove %(name)s") % {"name": entrant.name},
    }
    return render(request, "tournaments/manage/confirm.html", context)


@organiser_view
@require_POST
def undo_drop(request, event, entrant_id):
    entrant = _entrant(event, entrant_id)
    done, _entry = _attempt(request, entrant_services.undo_drop, entrant, request.user)
    if done:
        messages.success(request, _("%(name)s is back in the event.") % {"name": entrant.name})
    return _back(request, event, "entrants")


def _entrant(event, entrant_id):
    return get_object_or_404(Entrant, pk=entrant_id, event=event)


@organiser_view
def entrant_deck(request, event, entrant_id):
    """Register one of the organiser's own decks for an entrant: how a walk-in gets a deck to check in with."""
    entrant = get_object_or_404(Entrant.objects.select_related("deck__deck"), pk=entrant_id, event=event)
    form = RegisterForm(request.POST or None, user=request.user, event=event, deck_required=True, entrant=entrant)
    if request.method == "POST" and form.is_valid():
        try:
            entrant = decklist_services.submit_deck(entrant, form.cleaned_data["deck"], request.user)
        except DomainError as error:
            form.add_error("deck" if error.field == "deck" else None, error.message)
        else:
            registered_message(request, entrant)
            return _dashboard(event, "entrants")
    return render(request, "tournaments/manage/entrant_deck.html", {"event": event, "entrant": entrant, "form": form})


@organiser_view
@require_POST
def check_in_many(request, event):
    """Check in the ticked players, or everyone present (`all`): those who cannot are named."""
    everyone = request.POST.get("all") == "1"
    chosen = None if everyone else [int(pk) for pk in request.POST.getlist("entrant") if pk.isdigit()]
    if chosen == []:
        messages.error(request, _("Tick the players to check in first."))
        return _back(request, event, "entrants")
    done, outcome = _attempt(request, entrant_services.check_in_many, event, request.user, chosen)
    if done:
        checked, refused = outcome
        messages.success(
            request,
            ngettext("%(count)s player checked in.", "%(count)s players checked in.", len(checked))
            % {"count": len(checked)},
        )
        if refused:
            messages.warning(
                request,
                _("Not checked in, without a legal registered deck: %(names)s")
                % {"names": ", ".join(entrant.name for entrant in refused)},
            )
    return _back(request, event, "entrants")


@organiser_view
@require_POST
def check_in(request, event, entrant_id):
    entrant = _entrant(event, entrant_id)
    # The button says which state it asks for, so a repeated submission does not flip it back.
    wanted = request.POST["checked_in"] == "1" if "checked_in" in request.POST else not entrant.checked_in
    done, _result = _attempt(request, entrant_services.check_in, entrant, request.user, checked_in=wanted)
    if done:
        text = _("%(name)s is checked in.") if wanted else _("%(name)s is no longer checked in.")
        messages.success(request, text % {"name": entrant.name})
    return _back(request, event, "entrants")


@organiser_view
def drop(request, event, entrant_id):
    entrant = _entrant(event, entrant_id)
    if request.method == "POST":
        done, _result = _attempt(request, entrant_services.drop, entrant, request.user)
        if done:
            messages.success(request, _("%(name)s has dropped.") % {"name": entrant.name})
        return _dashboard(event, "entrants")
    context = {
        "event": event,
        "title": _("Drop %(name)s?") % {"name": entrant.name},
        "explanation": _("%(name)s will not be paired in later rounds. Results already played stay in the standings.")
        % {"name": entrant.name},
        "button": _("Yes, drop %(name)s") % {"name": entrant.name},
    }
    return render(request, "tournaments/manage/confirm.html", context)


@organiser_view
@require_POST
def start(request, event):
    done, started = _attempt(request, event_services.start_event, event, request.user)
    if done:
        messages.success(
            request,
            _("The event has started: %(players)s players, %(rounds)s Swiss rounds.")
            % {"players": started.entrants.filter(dropped_after__isnull=True).count(), "rounds": started.swiss_rounds},
        )
    return _dashboard(event)


def _round_number(request):
    value = request.POST.get("round", "") or request.GET.get("round", "")
    return int(value) if value.isdigit() else None


@organiser_view
def round_delete(request, event):
    """Delete the last round (no confirmed result yet), after a confirmation."""
    wording = {
        "done": _("Round %(number)s is deleted."),
        "title": _("Delete round %(number)s?"),
        "explanation": _(
            "Its pairings and any reported results are deleted, and the round can be paired again. "
            "The log keeps a record of it."
        ),
        "button": _("Yes, delete round %(number)s"),
    }
    return _round_action(request, event, round_services.delete_last_round, wording)


@organiser_view
def round_repair(request, event):
    """Pair the current round again (no result yet), after a confirmation."""
    wording = {
        "done": _("Round %(number)s is paired again."),
        "title": _("Pair round %(number)s again?"),
        "explanation": _(
            "The round's tables are paired again from the current players: use it after adding, removing "
            "or dropping a player. Print the new pairings. The log keeps a record of it."
        ),
        "button": _("Yes, pair round %(number)s again"),
    }
    return _round_action(request, event, round_services.repair_round, wording)


def _round_action(request, event, service, wording):
    """A confirmation page (GET), then the service on the round it names (POST): a stale tab names
    another round and is refused by the service."""
    number = _round_number(request)
    if request.method == "POST":
        done, _result = _attempt(request, service, event, request.user, number)
        if done:
            messages.success(request, wording["done"] % {"number": number})
        return _dashboard(event, "round")
    if number is None:
        return _dashboard(event, "round")
    context = {
        "event": event,
        "title": wording["title"] % {"number": number},
        "explanation": wording["explanation"],
        "button": wording["button"] % {"number": number},
        "hidden": [("round", number)],
    }
    return render(request, "tournaments/manage/confirm.html", context)


@organiser_view
@require_POST
def pair(request, event):
    """The button says which round it pairs, so a second press (or a stale tab) pairs nothing more."""
    expected = request.POST.get("round", "")
    expected = int(expected) if expected.isdigit() else None
    done, round_ = _attempt(request, round_services.pair_next_round, event, request.user, expected=expected)
    if done:
        messages.success(request, _("Round %(number)s is paired.") % {"number": round_.number})
    return _dashboard(event, "round")


def _match(event, match_id):
    return get_object_or_404(Match.objects.select_related("round__event"), pk=match_id, round__event=event)


def _seats(match):
    return list(match.seats.select_related("entrant").order_by("pk"))


def _next_url(request, event):
    """The page the organiser came from (the dashboard with its filter, a round's page), if it is ours."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return desk_url(request.user, event)


def _back(request, event, anchor="round"):
    """Back to the page the form came from, else to the user's dashboard (or results desk) at `anchor`."""
    target = _next_url(request, event)
    return redirect(target if "next" in request.POST else f"{target}#{anchor}")


@staff_view("enter_results")
@require_POST
def result(request, event, match_id):
    """The organiser, a judge or a scorekeeper enters a table's result (tournaments.access)."""
    match = _match(event, match_id)
    form = ResultForm(request.POST, match=match, seats=_seats(match), event=event)
    prefix = _("Table %(table)s:") % {"table": match.table}
    if not form.is_valid():
        messages.error(request, f"{prefix} {form.error_text()}")
        return _back(request, event)
    try:
        result_services.record_result(match, request.user, **form.service_arguments())
    except DomainError as error:
        if error.code == "result.stale":
            return _stale(request, event, match, error)
        messages.error(request, f"{prefix} {error.message}")
    else:
        _saved(request, match)
    return _back(request, event)


def _saved(request, match):
    messages.success(request, _("Table %(table)s: result saved.") % {"table": match.table})


def _stale(request, event, match, error):
    """The table changed after the form was opened: nothing saved. Show what it holds now, and the
    organiser's entry again, ready to overwrite it on purpose."""
    match.refresh_from_db()
    data = request.POST.copy()
    data["version"], data["overwrite"] = str(match.version), "1"
    form = ResultForm(data, match=match, seats=_seats(match), event=event, auto_id=f"id_m{match.pk}_%s")
    form.is_valid()
    context = {
        **_table_context(event, match, form=form, stale=True),
        "stale_message": error.message,
        "next": _next_url(request, event),
        "home_url": desk_url(request.user, event),
    }
    return render(request, "tournaments/manage/table.html", context, status=409)


@staff_view("enter_results")
@require_POST
def accept(request, event, match_id):
    """Accept one side's claim of a reported or disputed table as its result."""
    match = _match(event, match_id)
    report = request.POST.get("report", "")
    version = request.POST.get("version", "")
    done, _match_row = _attempt(
        request,
        result_services.accept_report,
        match,
        request.user,
        int(report) if report.isdigit() else None,
        expected_version=int(version) if version.isdigit() else None,
    )
    if done:
        _saved(request, match)
    return _back(request, event)


@staff_view("correct_results")
def correction(request, event, match_id):
    """A result of a finished round changes only with a reason, which goes into the log."""
    match = _match(event, match_id)
    seats = _seats(match)
    if match.is_bye:
        messages.error(request, _("A bye has no result to correct."))
        return redirect(desk_url(request.user, event) + "#earlier")
    form = ResultForm(
        request.POST or None,
        match=match,
        seats=seats,
        event=event,
        correction=True,
        initial=ResultForm.initial_for(match, seats),
    )
    if request.method == "POST" and form.is_valid():
        try:
            result_services.record_result(
                match, request.user, correction=form.cleaned_data["reason"], **form.service_arguments()
            )
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Round %(round)s, table %(table)s: result corrected.")
                % {"round": match.round.number, "table": match.table},
            )
            return redirect(desk_url(request.user, event) + "#log")
    context = {
        "event": event,
        "match": match,
        "seats": seats,
        "form": form,
        "round_label": round_title(match.round),
        "back_url": desk_url(request.user, event),
    }
    return render(request, "tournaments/manage/correction.html", context)


@organiser_view
@require_POST
def top_cut_start(request, event):
    done, _round = _attempt(request, round_services.start_top_cut, event, request.user)
    if done:
        messages.success(request, _("The top %(count)s is seeded from the standings.") % {"count": event.top_cut})
    return _dashboard(event, "round")


@organiser_view
@require_POST
def top_cut_advance(request, event):
    done, round_ = _attempt(request, round_services.advance_top_cut, event, request.user)
    if done:
        if round_ is None:
            messages.success(request, _("The final is played: the event is finished."))
        else:
            messages.success(request, _("The winners move on: %(round)s.") % {"round": round_title(round_)})
    return _dashboard(event, "round")


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
def timer(request, event):
    form = TimerForm(request.POST)
    if not form.is_valid():
        messages.error(request, DomainError("timer.cannot").message)
        return _back(request, event, "timer")
    action = form.cleaned_data["action"]
    minutes = form.cleaned_data["minutes"] or (EXTEND_MINUTES if action == "extend" else 0)
    done, _event = _attempt(request, control_timer, event, request.user, action, minutes)
    if done:
        words = {
            "start": _("The clock is started."),
            "pause": _("The clock is paused."),
            "resume": _("The clock is running again."),
            "extend": _("The round has %(minutes)s more minutes.") % {"minutes": minutes},
        }
        messages.success(request, words[action])
    return _back(request, event, "timer")


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


# Players: registering themselves and their deck


def _event_to_register(request, pk):
    """The event, for a viewer who may see it, or for anyone holding its join code (a private
    event's code on the projector opens its registration)."""
    code = entrant_services.normalised_code(request.GET.get("code", ""))
    found = Event.objects.filter(pk=pk, join_code=code).first() if code else None
    return found or event_for_viewer(request.user, pk)


@login_required
def register(request, pk):
    event = _event_to_register(request, pk)
    if event.entrants.filter(user=request.user).exists():
        messages.info(request, _("You are registered for this event; you can change your deck here."))
        return redirect("tournaments:submit_deck", event.pk)
    form = RegisterForm(request.POST or None, user=request.user, event=event)
    is_open = event.accepting_entrants
    late = decklist_services.deadline_passed(event)
    position = entrant_services.position(event, request.user)
    if request.method == "POST" and is_open and position is None and form.is_valid():
        # After the deadline a player still registers, without a deck: the message says what to do next.
        deck = None if late else form.cleaned_data["deck"]
        try:
            entry = entrant_services.register_player(event, request.user, deck_version=deck)
        except DomainError as error:
            form.add_error("deck" if error.field == "deck" else None, error.message)
        else:
            return _registered(request, event, entry, late)
    context = {
        "event": event,
        "form": form,
        "is_open": is_open,
        "entrant": None,
        "event_url": _event_page(event),
        "late": late,
        "waitlist_position": position,
        "free_places": entrant_services.free_places(event),
    }
    return render(request, "tournaments/manage/register.html", context)


def _registered(request, event, entry, late):
    if isinstance(entry, WaitlistEntry):
        messages.info(request, waitlist_message(entrant_services.position(event, request.user)))
        return redirect(request.get_full_path())
    messages.success(request, _("You are registered for %(name)s.") % {"name": event.name})
    if late:
        messages.warning(request, DomainError("event.deadline_passed").message)
    _deck_message(request, entry)
    return redirect(_event_page(event))


def waitlist_message(position):
    return _(
        "The event is full: you are number %(position)s on the waitlist. When a place is freed, the first "
        "in line gets it automatically and is told on the event page."
    ) % {"position": position}


@login_required
@require_POST
def leave_waitlist(request, pk):
    # A private event's waitlist is reached through its join code: being in line is enough to leave.
    event = Event.objects.filter(pk=pk, waitlist__user=request.user).first() or event_for_viewer(request.user, pk)
    done, _event = _attempt(request, entrant_services.leave_waitlist, event, request.user)
    if done:
        messages.success(request, _("You have left the waitlist of %(name)s.") % {"name": event.name})
    return redirect(_event_page(event) if event.is_public else reverse("tournaments:events"))


def join(request, code=""):
    """/events/join/<code>/: the registration of the event with that code (sign in first). Without a
    code, or with an unknown one, a box to type it."""
    code = code or request.GET.get("code", "")
    if not code:
        return render(request, "tournaments/join.html", {})
    try:
        event = entrant_services.event_by_join_code(code)
    except DomainError as error:
        return render(request, "tournaments/join.html", {"problem": error.message, "code": code[:12]}, status=404)
    target = reverse("tournaments:register", args=[event.pk]) + "?" + urlencode({"code": event.join_code})
    if not request.user.is_authenticated:
        return redirect_to_login(target)
    return redirect(target)


def join_context(request, event):
    """The dashboard's and the join sheet's join code, QR code, places and waitlist."""
    return {
        "join": join_panel(join_url(request, event), event.join_code),
        "places_taken": entrant_services.places_taken(event),
        "waiting_count": entrant_services.waiting(event).count(),
    }


@organiser_view
def join_sheet(request, event):
    """A printable page with the join code and its QR code, for the desk or the door."""
    return render(request, "tournaments/manage/join_sheet.html", {"event": event, **join_context(request, event)})


@organiser_view
def join_code(request, event):
    """Replace the join code, after a confirmation: the old code stops working."""
    if request.method == "POST":
        done, _event = _attempt(request, entrant_services.regenerate_join_code, event, request.user)
        if done:
            messages.success(
                request, _("New join code: %(code)s. The old code no longer works.") % {"code": _event.join_code}
            )
        return _dashboard(event, "join")
    context = {
        "event": event,
        "title": _("Replace the join code %(code)s?") % {"code": event.join_code},
        "explanation": _(
            "A new code and QR code replace the old ones, which stop working at once: printed or shared "
            "copies of the old code no longer lead to registration."
        ),
        "button": _("Yes, make a new code"),
    }
    return render(request, "tournaments/manage/confirm.html", context)


@login_required
def submit_deck(request, pk):
    event = event_for_viewer(request.user, pk)
    entrant = event.entrants.filter(user=request.user).select_related("deck__deck").first()
    if entrant is None:
        return redirect("tournaments:register", event.pk)
    form = RegisterForm(request.POST or None, user=request.user, event=event, deck_required=True)
    frozen = decklist_services.deck_frozen(event, entrant)
    is_open = not event.is_finished and not entrant.dropped and not frozen
    if request.method == "POST" and is_open and form.is_valid():
        try:
            entrant = decklist_services.submit_deck(entrant, form.cleaned_data["deck"], request.user)
        except DomainError as error:
            form.add_error("deck" if error.field == "deck" else None, error.message)
        else:
            messages.success(request, _("Your deck is registered."))
            _deck_message(request, entrant)
            return redirect(_event_page(event))
    context = {
        "event": event,
        "form": form,
        "is_open": is_open,
        "entrant": entrant,
        "event_url": _event_page(event),
        "closed_reason": _frozen_reason(event) if frozen and not event.is_finished else "",
        "sealed": views_sealed.player_state(event, entrant),
    }
    return render(request, "tournaments/manage/register.html", context)


def _frozen_reason(event):
    code = "event.deadline_passed" if decklist_services.deadline_passed(event) else "event.deck_frozen"
    return DomainError(code).message


def _deck_message(request, entrant):
    if entrant.deck_id and entrant.deck_legal is False:
        messages.warning(
            request,
            _("Your deck is not legal in this event's format, so you cannot check in with it: %(problems)s")
            % {"problems": " ".join(problem["message"] for problem in entrant.deck_problems)},
        )
