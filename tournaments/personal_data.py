"""A person's part in events, for their data download and their account's deletion
(accounts.personal_data, docs/privacy.md).

The download holds what is theirs: their entries (the name they entered under, their registered
list, their final place, the penalties they received), the events they organise, their staff
roles, waitlist places, the results they reported and their webhooks (never a secret). It holds
nothing of other players: no opponent's list, no log of what the staff did."""

from django.db.models import Prefetch, Q

from accounts.personal_data import Blocker, when
from decks.models import DeckVersionCard
from decks.personal_data import card_row

from .models import Entrant, Event, EventStaff, Penalty, Report, WaitlistEntry, Webhook
from .presenters.events import event_export
from .services.standings import event_standings


def blockers(user):
    """Unfinished events the account is still needed for: one it organises (the organiser finishes it),
    or one it plays in without having dropped (the player drops, or waits for the end). A cancelled
    event holds nobody: it has no end to wait for."""
    unfinished = Event.objects.exclude(status__in=[Event.Status.FINISHED, Event.Status.CANCELLED]).order_by("pk")
    playing = Entrant.objects.filter(Q(user=user) | Q(members=user), dropped_after__isnull=True).values("event_id")
    return [_blocker("organiser", event) for event in unfinished.filter(organiser=user)] + [
        _blocker("player", event) for event in unfinished.filter(pk__in=playing)
    ]


def _blocker(role, event):
    return Blocker(role, event.pk, event.name, event.get_absolute_url(), event.get_status_display(), event.status)


def export(user):
    return {
        "event_entries": [_entry(entrant) for entrant in _entries(user)],
        "events_organised": [_event(event) for event in Event.objects.filter(organiser=user).order_by("pk")],
        "staff_roles": [
            {"event": _event(member.event), "role": member.role, "since": when(member.created_at)}
            for member in EventStaff.objects.filter(user=user).select_related("event__game").order_by("pk")
        ],
        "waitlists": [
            {"event": _event(entry.event), "joined_at": when(entry.created_at), "promoted_at": when(entry.promoted_at)}
            for entry in WaitlistEntry.objects.filter(user=user).select_related("event__game").order_by("pk")
        ],
        "result_reports": [_report(report) for report in _reports(user)],
        "webhooks": [
            {
                "event": webhook.event_id,
                "url": webhook.url,
                "kinds": webhook.kinds,
                "created_at": when(webhook.created_at),
            }
            for webhook in Webhook.objects.filter(owner=user).order_by("pk")
        ],
    }


def _event(event):
    return {"id": event.pk, **event_export(event), "game": event.game.slug, "status": event.status}


def _entries(user):
    cards = DeckVersionCard.objects.select_related("card__card_set").order_by("card__name")
    mine = Entrant.objects.filter(Q(user=user) | Q(members=user)).values("pk")
    return (
        Entrant.objects.filter(pk__in=mine)
        .select_related("event__game", "deck__deck")
        .prefetch_related(
            Prefetch("deck__cards", queryset=cards), Prefetch("penalties", Penalty.objects.order_by("pk"))
        )
        .order_by("event_id")
    )


def _entry(entrant):
    return {
        "event": _event(entrant.event),
        "entered_as": entrant.name,
        "team_members": entrant.member_names or None,
        "entered_at": when(entrant.created_at),
        "joined_round": entrant.joined_round,
        "dropped_after_round": entrant.dropped_after,
        "deck": _registered(entrant),
        "standing": _standing(entrant),
        "penalties": [
            {
                "kind": penalty.kind,
                "reason": penalty.reason,
                "round": penalty.round_number,
                "given_at": when(penalty.created_at),
            }
            for penalty in entrant.penalties.all()
        ],
    }


def _registered(entrant):
    """The list registered for the entry (the player always reads their own)."""
    if entrant.deck is None:
        return None
    cards = [card_row(row) for row in entrant.deck.cards.all()]
    return {"name": entrant.deck.deck.name, "version": entrant.deck.number, "legal": entrant.deck_legal, "cards": cards}


STANDING_KEYS = ("rank", "swiss_rank", "top_cut", "match_points", "wins", "losses", "draws", "places")


def _standing(entrant):
    """The final standing, once the event is finished (its standings are cached per results version)."""
    event = Event.objects.get(pk=entrant.event_id) if entrant.event.is_finished else None
    row = next((row for row in event_standings(event) if row["entrant"] == entrant.pk), None) if event else None
    return {key: row[key] for key in STANDING_KEYS if key in row} if row else None


def _reports(user):
    return Report.objects.filter(reporter=user).select_related("match__round__event").order_by("pk")


def _report(report):
    return {
        "event": report.match.round.event_id,
        "round": report.match.round.number,
        "table": report.match.table,
        "reported": report.payload,
        "status": report.status,
        "reported_at": when(report.created_at),
    }
