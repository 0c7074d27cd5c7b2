"""Team members' accounts. The organiser enters a team of two by name; a member with an account
links it themselves, from the event page or the API, and only then reports and confirms for the
team: nobody is entered in an event without agreeing (issue 24)."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..models import AuditAction, Entrant, Event
from .common import locked, log

define_messages(
    {
        "team.not_named": _("You are not named as a member of %(name)s."),
        "team.already_in": _("You already play in this event, as %(name)s."),
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
    team = Entrant.objects.get(pk=team.pk, event=event)
    if not any(named_in(name, user) for name in team.member_names or []):
        raise DomainError("team.not_named", status=404, name=team.name)
    entered = event.entrants.filter(user=user).first() or event.entrants.filter(members=user).first()
    if entered is not None:
        raise DomainError("team.already_in", status=409, name=entered.name)
    team.members.add(user)
    log(event, user, AuditAction.TEAM_JOIN, entrant=team, after={"user": user.pk})
    return team
