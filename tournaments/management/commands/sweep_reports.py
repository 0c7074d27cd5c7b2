from django.core.management.base import BaseCommand

from tournaments.services.reports import score
from tournaments.services.sweeper import unscored_reports
from tournaments.tasks import score_report


class Command(BaseCommand):
    help = "Score reports left unscored (for example while the broker was down). --now scores them in this process."

    def add_arguments(self, parser):
        parser.add_argument("--now", action="store_true", help="score here instead of sending them to the workers")
        parser.add_argument("--older-than", type=int, default=5, help="seconds (default 5)")

    def handle(self, now, older_than, **options):
        pending = unscored_reports(older_than)
        for report_id in pending:
            score(report_id) if now else score_report.send((report_id,))
        self.stdout.write(f"{len(pending)} report(s) {'scored' if now else 're-sent'}")
