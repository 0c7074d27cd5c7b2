"""Teams of two, a part of entrants. The organiser enters a team by name; a member with an account
links it themselves, from the event page or the API, and only then reports and confirms for the
team: nobody is entered in an event without agreeing (issue 24)."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..models import AuditAction, Entrant, Event
from .common import locked, log, organiser_only, require_status
from .entrants import require_place
from .entrants_doors import late_entry_refusal, require_not_staff

define_messages(
    {
        "event.team_name": _("A team needs a name."),
        "event.team_members": _("A team has two different members: give a username or a name for each."),
        "team.not_named": _("You are not named as a member of %(name)s."),
        "team.already_in": _("You already play in this event, as %(name)s."),
        "team.deck_at_desk": _(
            "A team's deck is registered by the organiser or a judge at the desk: join the team without a deck."
        ),
    }
)


def named_in(name, user):
    """Is `user` the member `name` the organiser typed (their username, whatever its case)?"""
    return name.strip().casefold() == user.get_username().casefold()


def teams_naming(event, user):
    """The teams of this event that name `user` as a member without their account linked yet."""
    if not user.is_authenticated or event.mode != Event.Mode.TEAM:
        return []
    teams = event.entrants.filter(user__isnull=True).exclude(member_names=[]).exclude(members=user)
    return [team for team in teams if any(named_in(name, user) for name in team.member_names)]


@transaction.atomic
def join_team(team, user):
    """Link `user`'s account to the team that names them, so they may report for it."""
    event = locked(team.event)
    # Not once the event has finished: its teams are history, and a name freed by a deleted account
    # (docs/privacy.md) must not let a newcomer into a past team.
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS, Event.Status.TOP_CUT)
    team = Entrant.objects.get(pk=team.pk, event=event)
    if not any(named_in(name, user) for name in team.member_names or []):
        raise DomainError("team.not_named", status=404, name=team.name)
    entered = event.entrants.filter(user=user).first() or event.entrants.filter(members=user).first()
    if entered is not None:
        raise DomainError("team.already_in", status=409, name=entered.name)
    require_not_staff(event, user)
    team.members.add(user)
    log(event, user, AuditAction.TEAM_JOIN, entrant=team, after={"user": user.pk})
    return team


def enter_team(event, user, deck_version=None):
    """A player entering a team event by its join code, its link or the API joins the team that names
    them (join_team): there a player plays in a team, and in one only. The caller holds the event's lock."""
    entered = event.entrants.filter(user=user).first() or event.entrants.filter(members=user).first()
    if entered is not None:
        raise DomainError("team.already_in", status=409, name=entered.name)
    named = teams_naming(event, user)
    if not named:
        raise DomainError("event.teams_only", status=409)
    if deck_version is not None:
        raise DomainError("team.deck_at_desk", "deck", status=409)
    return join_team(named[0], user)


@transaction.atomic
def add_team(event, actor, name, members):
    """A team of two in a team event: `members` are two names. A member with an account links it
    themselves (join_team), and may then report and confirm the team's results."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS)
    if event.mode != Event.Mode.TEAM:
        raise DomainError("event.not_team_mode", "name")
    name = (name or "").strip()
    members = [str(member or "").strip()[:120] for member in members or []]
    if not name:
        raise DomainError("event.team_name", "name")
    if len(members) != 2 or not all(members) or members[0].casefold() == members[1].casefold():
        raise DomainError("event.team_members", "members")
    _check_members_free(event, members)
    refusal = late_entry_refusal(event, by_organiser=True)
    if refusal is not None:
        raise refusal
    require_place(event, name)
    joined = event.rounds.count() + 1
    entrant = Entrant.objects.create(
        event=event, name=name[:120], joined_round=joined, checked_in=not event.format_slug, member_names=members
    )
    log(event, actor, AuditAction.TEAM_ADD, entrant=entrant, after={"members": members})
    return entrant


def _check_members_free(event, members):
    """A name is a member of one team only (whether or not it is someone's username)."""
    wanted = {member.casefold() for member in members}
    for team in event.entrants.exclude(member_names=[]):
        if wanted & {name.casefold() for name in team.member_names}:
            raise DomainError("event.already_registered", "members", name=team.name)
