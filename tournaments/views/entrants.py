"""Entrants: adding players and teams, check-in, drops and removal; self-registration and the
waitlist; a player's own page of an event. The join code's pages: entrants_doors."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import DomainError, local_number
from core.numbers import whole_number

from .. import console
from ..access import event_for_viewer, event_for_waiting_player
from ..forms.common import errors_in_one_line
from ..forms.entrants import PlayerForm, RegisterForm, TeamForm, WalkInForm
from ..joining import event_with_code
from ..models import Entrant, Event, WaitlistEntry
from ..models.entrants import player_detail
from ..services import decklists as decklist_services
from ..services import entrants as entrant_services
from ..services import entrants_doors as doors
from ..services import entrants_teams
from ..services.common import status_refusal
from .common import (
    _attempt,
    _back,
    _dashboard,
    _event_page,
    organiser_view,
    staff_view,
)
from .decklists import _deck_message


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
def remove_entrant(request, event, entrant_id):
    """Remove a mistaken entry (before round 1), after a confirmation."""
    entrant = _entrant(event, entrant_id)
    if request.method == "POST":
        done, _removed = _attempt(request, entrant_services.remove_entrant, entrant, request.user)
        if done:
            messages.success(request, _("%(name)s is removed from the event.") % {"name": entrant.name})
        return redirect("tournaments:manage_players", event.pk)
    who = player_detail(entrant.pk, entrant.name, entrant.user.username if entrant.user_id else None)
    context = {
        "event": event,
        "title": _("Remove %(name)s?") % {"name": who},
        "explanation": " ".join(
            (
                _entrant_details(entrant),
                _("The entry is deleted, as if it had never been made. The log keeps a record of it."),
            )
        ),
        "button": _("Yes, remove %(name)s") % {"name": who},
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


def _entrant_details(entrant):
    """Who exactly is about to be removed: the name, the account or walk-in, when they registered."""
    account = (
        _("account %(username)s") % {"username": entrant.user.username}
        if entrant.user_id
        else _("walk-in without an account")
    )
    return _("%(name)s: %(account)s, registered %(when)s.") % {
        "name": entrant.name,
        "account": account,
        "when": date_format(timezone.localtime(entrant.created_at), "SHORT_DATETIME_FORMAT"),
    }


def _entrant(event, entrant_id):
    return get_object_or_404(Entrant, pk=entrant_id, event=event)


@organiser_view
@require_POST
def check_in_many(request, event):
    """Check in the ticked players, or everyone present (`all`): those who cannot are named."""
    everyone = request.POST.get("all") == "1"
    ticked = (whole_number(pk) for pk in request.POST.getlist("entrant"))
    chosen = None if everyone else [pk for pk in ticked if pk is not None]
    if chosen == []:
        messages.error(request, _("Tick the players to check in first."))
        return _back(request, event, "entrants")
    done, outcome = _attempt(request, entrant_services.check_in_many, event, request.user, chosen)
    if done:
        checked, refused = outcome
        messages.success(
            request,
            ngettext("%(count)s player checked in.", "%(count)s players checked in.", len(checked))
            % {"count": local_number(len(checked))},
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
    entrant = event.entrants.filter(pk=entrant_id).first()
    if entrant is None:  # removed meanwhile, or never entered here: say so, change nothing
        messages.error(request, DomainError("event.check_in_not_registered").message)
        return _back(request, event, "entrants")
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


def _event_to_register(request, pk):
    """The event, for a viewer who may see it, or for anyone holding its join code (a private
    event's code on the projector opens its registration)."""
    return event_with_code(request, pk, request.GET.get("code", "")) or event_for_viewer(request.user, pk)


@login_required
def register(request, pk):
    event = _event_to_register(request, pk)
    mine = event.entrants.filter(Q(user=request.user) | Q(members=request.user)).first()
    if mine is not None:
        refusal = doors.second_entry_refusal(event, request.user) if mine.dropped else None
        if refusal is not None and refusal.code == "event.withdrawn":  # not "registered": only the organiser undoes it
            messages.info(request, refusal.message)
            return redirect("tournaments:me", event.pk)
        if not event.uses_decks or mine.user_id != request.user.pk:  # a team's deck is registered at the desk
            return redirect("tournaments:me", event.pk)
        messages.info(request, _("You are registered for this event; you can change your deck here."))
        return redirect("tournaments:submit_deck", event.pk)
    team = next(iter(entrants_teams.teams_naming(event, request.user)), None)  # at a team event
    deck_required = team is None and doors.late_entry_needs_deck(event)
    data = request.POST if request.method == "POST" else None  # a form with no field posts nothing else
    form = RegisterForm(data, user=request.user, event=event, deck_required=deck_required)
    refusal = _registration_refusal(event, team)
    is_open = event.accepting_entrants and refusal is None
    late = decklist_services.deadline_passed(event)
    position = entrant_services.position(event, request.user)
    explained = refusal is not None and (event.accepting_entrants or event.is_cancelled)
    if request.method == "POST" and is_open and position is None and form.is_valid():
        # After the deadline a player still registers, without a deck: the message says what to do next.
        deck = None if late else form.cleaned_data.get("deck")
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
        "closed_reason": refusal.message if explained else "",
        "team": team,
        "late_entry": deck_required,
    }
    return render(request, "tournaments/manage/register.html", context)


def _registration_refusal(event, team):
    """Why this player cannot enter by themselves now (a DomainError), or None: a team event where no
    team names them, every Swiss round paired, or the deadline passed once the event started; or the
    event is cancelled (its reason)."""
    if event.is_cancelled:
        return status_refusal(event)
    if event.mode == Event.Mode.TEAM:  # joining a team that has its place already
        return None if team is not None else DomainError("event.teams_only", status=409)
    return doors.late_entry_refusal(event)


def _registered(request, event, entry, late):
    if isinstance(entry, WaitlistEntry):
        messages.info(request, waitlist_message(entrant_services.position(event, request.user)))
        return redirect(request.get_full_path())
    if entry.user_id != request.user.pk:  # the team that names them
        messages.success(request, _("You play in this event as a member of %(name)s.") % {"name": entry.name})
        return redirect(_event_page(event))
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
    event = event_for_waiting_player(request.user, pk)
    done, _event = _attempt(request, entrant_services.leave_waitlist, event, request.user)
    if done:
        messages.success(request, _("You have left the waitlist of %(name)s.") % {"name": event.name})
    return redirect(_event_page(event) if event.is_public else reverse("tournaments:events"))


@staff_view("manage")
@require_POST
def add_team(request, event):
    form = TeamForm(request.POST)
    if not form.is_valid():
        messages.error(request, errors_in_one_line(form))
    else:
        data = form.cleaned_data
        try:
            team = entrants_teams.add_team(event, request.user, data["team_name"], [data["member_1"], data["member_2"]])
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("%(name)s added.") % {"name": team.name})
    return redirect(reverse("tournaments:manage_players", args=[event.pk]))


@login_required
def drop_self(request, pk):
    """A player leaves the event from their phone: after their last result, before the next pairing."""
    event = event_for_viewer(request.user, pk)
    entrant = event.entrants.filter(user=request.user).first()
    if entrant is None:
        raise Http404(DomainError("access.not_playing").message)
    if request.method == "POST":
        try:
            entrant_services.drop(entrant, request.user)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("You have dropped from %(name)s. Thank you for playing!") % {"name": event.name}
            )
        return redirect("tournaments:me", pk)
    return render(request, "tournaments/drop_self.html", {"event": event, "entrant": entrant})


@login_required
@require_POST
def join_team(request, pk, entrant_id):
    """A member named in a team links their account to it, and may then report for the team."""
    event = event_for_viewer(request.user, pk)
    team = get_object_or_404(event.entrants, pk=entrant_id)
    try:
        entrants_teams.join_team(team, request.user)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You play in this event as a member of %(name)s.") % {"name": team.name})
    return redirect(reverse("tournaments:event", args=[event.pk]))
