"""An event's staff: the organiser names judges and scorekeepers by username (tournaments.access
says what each role may do)."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..access import plays_in
from ..models import AuditAction, EventStaff
from .common import locked, log, organiser_only

define_messages(
    {
        "staff.unknown_user": _("There is no account named “%(username)s”."),
        "staff.role": _("A staff member is a judge or a scorekeeper."),
        "staff.organiser": _("The organiser already has every right at their own event."),
        "staff.same_role": _("%(name)s is already on the staff with that role."),
        "staff.not_found": _("That person is not on this event's staff."),
        "staff.plays": _(
            "%(name)s plays in this event, and staff don't play: a judge or scorekeeper who plays would see "
            "opponents' decklists and rule on their own table. Remove their entry first, or choose someone else."
        ),
        "staff.waiting": _(
            "%(name)s is on this event's waitlist, and staff don't play: they must leave the waitlist first."
        ),
    }
)


def _account(username):
    username = (username or "").strip()
    user = get_user_model().objects.filter(username__iexact=username, is_active=True).first() if username else None
    if user is None:
        raise DomainError("staff.unknown_user", "username", username=username[:150])
    return user


@transaction.atomic
def add_staff(event, actor, username, role):
    """Add someone as judge or scorekeeper; naming a staff member again changes their role."""
    event = locked(event)
    organiser_only(event, actor)
    if role not in EventStaff.Role.values:
        raise DomainError("staff.role", "role")
    user = _account(username)
    if user.pk == event.organiser_id:
        raise DomainError("staff.organiser", "username")
    _check_not_playing(event, user)
    member = EventStaff.objects.filter(event=event, user=user).first()
    if member is not None and member.role == role:
        raise DomainError("staff.same_role", "username", name=user.username)
    if member is None:
        member = EventStaff.objects.create(event=event, user=user, role=role)
        log(event, actor, AuditAction.STAFF_ADD, after={"user": user.pk, "username": user.username, "role": role})
    else:
        before, member.role = member.role, role
        member.save(update_fields=["role"])
        log(
            event,
            actor,
            AuditAction.STAFF_ROLE,
            before={"user": user.pk, "username": user.username, "role": before},
            after={"user": user.pk, "username": user.username, "role": role},
        )
    return member


def _check_not_playing(event, user):
    if plays_in(user, event):
        raise DomainError("staff.plays", "username", status=409, name=user.username)
    if event.waitlist.filter(user=user, promoted_at__isnull=True).exists():
        raise DomainError("staff.waiting", "username", status=409, name=user.username)


@transaction.atomic
def remove_staff(event, actor, user_id):
    event = locked(event)
    organiser_only(event, actor)
    member = EventStaff.objects.filter(event=event, user_id=user_id).select_related("user").first()
    if member is None:
        raise DomainError("staff.not_found", status=404)
    member.delete()
    username = member.user.username
    log(event, actor, AuditAction.STAFF_REMOVE, before={"user": user_id, "username": username, "role": member.role})
    return member


def event_staff(event):
    return list(EventStaff.objects.filter(event=event).select_related("user").order_by("role", "user__username"))
