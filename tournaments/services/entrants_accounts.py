"""An account's part in events when it is deleted (accounts.services.delete_account, docs/privacy.md).

Other players' events stay exactly as they were: standings, tiebreakers, pairings, the log and the
published lists read the entry, never the account. So an entry is kept under the name it was
registered with and detached from the account (`Entrant.user` may be empty: a walk-in's is), a team
forgets the member's account (its member names stay), and what must name someone (an event's
organiser, who acted in the log, a judge's penalties and deck checks, a reporter) names the
placeholder account instead. Staff roles, waitlist places and webhooks go. accounts.personal_data
refuses the deletion first while an unfinished event still needs the account
(tournaments.personal_data.blockers)."""

import logging

from django.db.models import Q

from ..models import (
    AuditAction,
    DeckCheck,
    Entrant,
    Event,
    EventStaff,
    JudgeCall,
    Penalty,
    Report,
    SealedPool,
    WaitlistEntry,
    Webhook,
)
from .common import locked, log, reattribute

logger = logging.getLogger(__name__)

# Who did what, outside the log: the rows keep their meaning ("a judge gave this penalty"), under
# the placeholder's name (rather than none, which reads as "the system").
DONE_BY = (
    (Penalty, "judge"),
    (DeckCheck, "judge"),
    (JudgeCall, "judge"),
    (Report, "reporter"),
    (SealedPool, "registered_by"),
)


def release_account(user, placeholder):
    """Detach `user` from every event it is part of, one event at a time under its lock (in id order),
    each change logged in that event's log; then who acted names the placeholder. The caller holds
    the transaction, and deletes the account row after."""
    for event_id in involved_events(user):
        _release_in(locked(Event(pk=event_id)), user, placeholder)
    reattribute(user, placeholder)
    for model, field in DONE_BY:
        model.objects.filter(**{field: user}).update(**{field: placeholder})
    webhooks, _ = Webhook.objects.filter(owner=user).delete()
    logger.info("account %s: released from its events; its webhooks deleted (%s rows)", user.pk, webhooks)


def involved_events(user):
    """Ids of the events the account organises, plays in (alone or in a team), works at or waits for."""
    rows = (
        Entrant.objects.filter(Q(user=user) | Q(members=user)).values_list("event_id", flat=True),
        EventStaff.objects.filter(user=user).values_list("event_id", flat=True),
        WaitlistEntry.objects.filter(user=user).values_list("event_id", flat=True),
        Event.objects.filter(organiser=user).values_list("pk", flat=True),
    )
    return sorted({event_id for query in rows for event_id in query})


def _release_in(event, user, placeholder):
    roles, entry = [], None
    if event.organiser_id == user.pk:
        Event.objects.filter(pk=event.pk).update(organiser=placeholder)
        roles.append("organiser")
    for entrant in event.entrants.filter(Q(user=user) | Q(members=user)).distinct():
        if entrant.user_id == user.pk:
            Entrant.objects.filter(pk=entrant.pk).update(user=None)
        entrant.members.remove(user)
        roles.append("player")
        entry = entrant
    for member in event.staff.filter(user=user):
        roles.append(member.role)
        member.delete()
    waiting = event.waitlist.filter(user=user)
    if waiting.filter(promoted_at__isnull=True).exists():
        roles.append("waitlist")
    waiting.delete()
    log(event, None, AuditAction.ACCOUNT_DELETE, entrant=entry, before={"roles": roles})
