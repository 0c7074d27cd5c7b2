"""The sweeper: sends reports to the workers again only when their delivery lease has ended, with
a backoff, so a deep queue is never multiplied; and nudges auto_pair events left waiting."""

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ..models import Event, Match, Report

LONGEST_LEASE_SECONDS = 600


def lease_seconds(sends):
    """How long a report sent `sends` times waits before the next send: doubling, capped."""
    return min(settings.SCORING_LEASE_SECONDS * 2**sends, LONGEST_LEASE_SECONDS)


def claim_due_reports(ignore_leases=False, limit=5000):
    """[(report id, event id)] of received reports whose lease has ended (or all of them), each
    claimed for one more send: its lease is renewed with a backoff before it is sent, and rows
    another sweeper holds are skipped. A report with no lease (older rows) is due."""
    now = timezone.now()
    with transaction.atomic():
        due = Report.objects.filter(status=Report.Status.RECEIVED)
        if not ignore_leases:
            due = due.exclude(resend_at__gt=now)
        rows = list(
            due.select_for_update(of=("self",), skip_locked=True)
            .order_by("pk")
            .values_list("pk", "sends", "match__round__event_id")[:limit]
        )
        by_sends = {}
        for report, sends, _event in rows:
            by_sends.setdefault(sends, []).append(report)
        for sends, reports in by_sends.items():
            resend_at = now + timezone.timedelta(seconds=lease_seconds(sends))
            Report.objects.filter(pk__in=reports).update(resend_at=resend_at, sends=sends + 1)
    return [(report, event) for report, _sends, event in rows]


def events_waiting_for_pairing():
    """auto_pair events whose latest Swiss round is complete and not the last one."""
    waiting = []
    for event in Event.objects.filter(auto_pair=True, status=Event.Status.SWISS).only("pk", "swiss_rounds"):
        latest = event.rounds.order_by("-number").only("pk", "number").first()
        if latest is None or event.all_swiss_rounds_paired(latest.number):
            continue
        if not Match.objects.filter(round=latest).exclude(status=Match.Status.CONFIRMED).exists():
            waiting.append(event.pk)
    return waiting
