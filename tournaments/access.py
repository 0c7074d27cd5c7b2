"""Who may see and change an event: one place, used by pages, the API and the services.

One vocabulary of capabilities (`can(user, event, capability)`):
- "manage": settings, staff, pairing, starting and finishing: the organiser only;
- "see_decklists", "correct_results", "penalties", "deck_checks": the organiser and judges;
- "enter_results": the organiser, judges and scorekeepers.
"""

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import DomainError, define_messages

from .models import Entrant, Event, EventSettings, EventStaff, Match, Round, Webhook

CAPABILITIES = {
    EventStaff.Role.JUDGE: frozenset({"see_decklists", "enter_results", "correct_results", "penalties", "deck_checks"}),
    EventStaff.Role.SCOREKEEPER: frozenset({"enter_results"}),
}
KNOWN = frozenset({"manage"}).union(*CAPABILITIES.values())

# Why a capability was refused, in words a staff member understands (DomainError codes "access.<capability>").
define_messages(
    {
        "access.manage": gettext_lazy("Only the event's organiser can do this."),
        "access.see_decklists": gettext_lazy("Only the event's organiser and judges can see registered decklists."),
        "access.enter_results": gettext_lazy("Only the event's organiser, judges and scorekeepers can enter results."),
        "access.correct_results": gettext_lazy("Only the event's organiser and judges can correct results."),
        "access.penalties": gettext_lazy("Only the event's organiser and judges can issue penalties."),
        "access.deck_checks": gettext_lazy("Only the event's organiser and judges can do deck checks."),
        "access.not_playing": gettext_lazy("You are not playing in this event."),
    }
)


def visible_events(user):
    """Public events, and the ones you organise, play in or work at."""
    if not user.is_authenticated:
        return Event.objects.filter(is_public=True).select_related("game", "organiser")
    # Subqueries rather than joins: a 1,000-player event must not multiply the rows to de-duplicate.
    working = EventStaff.objects.filter(user=user).values("event_id")
    mine = Q(organiser=user) | Q(pk__in=_events_played_by(user)) | Q(pk__in=working)
    return Event.objects.filter(Q(is_public=True) | mine).select_related("game", "organiser")


def _events_played_by(user):
    """Ids of the events `user` is entered in, alone or in a team (a subquery)."""
    return Entrant.objects.filter(Q(user=user) | Q(members=user)).values("event_id")


def event_for_viewer(user, event_id):
    event = visible_events(user).filter(pk=event_id).first()
    if event is None:
        raise Http404(_("No such event."))
    return event


def event_for_waiting_player(user, event_id):
    """The event for a viewer who may see it, or for a player in its waitlist: a private event's
    line is joined through its join code, and being in it is enough to see one's place and leave."""
    waiting = user.is_authenticated and Event.objects.filter(pk=event_id, waitlist__user=user).first()
    return waiting or event_for_viewer(user, event_id)


def staff_role(user, event):
    """The user's staff role at the event ("judge", "scorekeeper"), or None.

    Staff don't play: a judge who plays would read opponents' decklists and rule on their own
    table. Adding staff and entering refuse it (services.staff, services.entrants); someone on
    the staff of an event they also play in (data from before that rule) has no staff rights."""
    if not getattr(user, "is_authenticated", False):
        return None
    cache = event.__dict__.setdefault("_staff_roles", {})
    if user.pk not in cache:
        role = event.staff.filter(user=user).values_list("role", flat=True).first()
        cache[user.pk] = None if role is not None and plays_in(user, event) else role
    return cache[user.pk]


def plays_in(user, event):
    """Is `user` entered in the event, alone or in a team?"""
    return event.entrants.filter(Q(user=user) | Q(members=user)).exists()


def can(user, event, capability):
    """May `user` do `capability` at `event`? The organiser may do everything."""
    if capability not in KNOWN:
        raise ValueError(f"unknown capability {capability!r}")
    if not getattr(user, "is_authenticated", False):
        return False
    if user.pk == event.organiser_id:
        return True
    role = staff_role(user, event)
    return role is not None and capability in CAPABILITIES[role]


def is_staff_or_organiser(user, event):
    return can(user, event, "manage") or staff_role(user, event) is not None


def refusal(capability):
    """The refusal of `capability` as a DomainError (403) for services and the API."""
    return DomainError(f"access.{capability}", status=403)


def require(user, event, capability):
    """Services call this before a write: a DomainError (403) names who may do it."""
    if not can(user, event, capability):
        raise refusal(capability)


def event_for_staff(user, event_id, capability):
    """The event when `user` may do `capability` there; 404 when they may not even see it, else
    PermissionDenied with a message saying who may."""
    event = event_for_viewer(user, event_id)
    if not can(user, event, capability):
        raise PermissionDenied(refusal(capability).message)
    return event


def event_for_organiser(user, event_id):
    """The event when `user` organises it; 404 when they may not even see it, else PermissionDenied."""
    return event_for_staff(user, event_id, "manage")


def match_for_viewer(user, match_id):
    match = Match.objects.select_related("round__event").filter(pk=match_id).first()
    if match is None or not visible_events(user).filter(pk=match.round.event_id).exists():
        raise Http404(_("No such match."))
    return match


def webhooks_of(user):
    """The webhooks `user` may read and change: those of the events they organise, and for the
    site's administrators those registered for every event."""
    if not getattr(user, "is_authenticated", False):
        return Webhook.objects.none()
    mine = Q(event__organiser=user) | (Q(event__isnull=True) if user.is_superuser else Q(pk__in=[]))
    return Webhook.objects.filter(mine).select_related("event")


def webhook_for_owner(user, webhook_id):
    """Someone else's webhook is 404, as if it did not exist."""
    webhook = webhooks_of(user).filter(pk=webhook_id).first()
    if webhook is None:
        raise Http404(_("No such webhook."))
    return webhook


# Registered decklists (issue 13, section 1): the organiser and judges always see them, a player
# their own; everyone else only what the event publishes, once it may (finished, or for a top-cut
# publication once the top cut is paired).


def _decklists_visible_q(user):
    """Entrants whose registered list `user` may read, as a filter on Entrant."""
    publication = "event__settings__publication"
    published = Q(event__status=Event.Status.FINISHED, **{publication: EventSettings.Publication.ALL}) | Q(
        **{publication: EventSettings.Publication.TOP_CUT}, seats__match__round__stage=Round.Stage.TOP_CUT
    )
    if not getattr(user, "is_authenticated", False):
        return published
    return (
        published
        | Q(user=user)
        | Q(members=user)
        | Q(event__organiser=user)
        # a judge who also plays (data from before staff_role's rule) reads no one else's list
        | (
            Q(event__staff__user=user, event__staff__role=EventStaff.Role.JUDGE)
            & ~Q(event_id__in=_events_played_by(user))
        )
    )


def visible_decklists(user, event):
    """The event's entrants with a registered list that `user` may read, by name."""
    visible = Entrant.objects.filter(_decklists_visible_q(user), event=event, deck__isnull=False).values("pk")
    return event.entrants.filter(pk__in=visible).select_related("deck__deck__game").order_by("name")


def published_entrants():
    """Entrants whose registered list every visitor may read (their event publishes it)."""
    return Entrant.objects.filter(_decklists_visible_q(None), deck__isnull=False)


def decklist_visible(user, entrant):
    return visible_decklists(user, entrant.event).filter(pk=entrant.pk).exists()


def decklists_published(event_id):
    """Does the event show any registered list to everyone yet?"""
    return Entrant.objects.filter(_decklists_visible_q(None), event_id=event_id, deck__isnull=False).exists()


def embargoed_decks(user):
    """Ids of decks with a version registered in an event that does not let `user` read it yet:
    the deck's own pages and API must not show it to them either (decks.access)."""
    visible = Entrant.objects.filter(_decklists_visible_q(user), deck__isnull=False).values("pk")
    return Entrant.objects.filter(deck__isnull=False).exclude(pk__in=visible).values("deck__deck_id")
