from django.core.management.base import BaseCommand

from core.tasks import send_once
from tournaments.services.results_reports import score
from tournaments.services.results_scoring import claim_due_reports


class Command(BaseCommand):
    help = (
        "Send reports left unscored (for example while the broker was down) to the workers again, once per "
        "event. --now ignores delivery leases and scores them in this process."
    )

    def add_arguments(self, parser):
        parser.add_argument("--now", action="store_true", help="score here, whatever their delivery lease")

    def handle(self, now, **options):
        due = claim_due_reports(ignore_leases=now)
        if now:
            for report_id, _event in due:
                score(report_id)
        else:
            for event_id in {event for _report, event in due}:
                send_once("tournaments.tasks.score_reports", event_id)
        self.stdout.write(f"{len(due)} report(s) {'scored' if now else 're-sent'}")
