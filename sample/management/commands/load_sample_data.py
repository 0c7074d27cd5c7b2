"""Sample catalogue and demo accounts for `make run`. Running it again changes nothing."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

import games
from accounts.services import set_organiser
from catalogue.models import Game
from catalogue.services import import_catalogue_file
from core.errors import DomainError
from rules.reference import import_reference_documents
from sample.events import load_sample_event

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "catalogue"
DEMO_PASSWORD = "demo-pass-2026"  # noqa: S105 - published demo credentials for local use
ADMIN_PASSWORD = "admin-pass-2026"  # noqa: S105
DEMO_PLAYERS = [("alice", "Alice", "en"), ("bob", "Bob", "fr"), ("charlie", "Charlie", "it")]


class Command(BaseCommand):
    help = "Load the sample catalogue and demo accounts (idempotent)."

    def handle(self, **options):
        with transaction.atomic():
            for path in sorted(SAMPLE_DIR.glob("*.json")):
                try:
                    summary = import_catalogue_file(path)
                except DomainError as error:
                    raise CommandError(str(error)) from None
                self.stdout.write(f"{path.name}: {summary.created} new cards, {summary.updated} already present")
            sample_games = [definition.slug for definition in games.registered() if definition.sample_catalogue]
            Game.objects.filter(slug__in=sample_games).update(is_sample=True)
            self._demo_accounts()
            if load_sample_event():
                self.stdout.write("sample event created")
        imported = import_reference_documents(report=self.stdout.write)
        if imported:
            self.stdout.write(f"rules: {imported} reference document(s) imported")

    def _demo_accounts(self):
        User = get_user_model()
        admin, created = User.objects.get_or_create(
            username="admin", defaults={"is_staff": True, "is_superuser": True, "display_name": "Admin"}
        )
        if created:
            admin.set_password(ADMIN_PASSWORD)
            admin.save()
        organiser = self._user("organiser", "Olivia Organiser", "en")
        set_organiser(organiser, granted=True)
        for username, display_name, language in DEMO_PLAYERS:
            self._user(username, display_name, language)

    def _user(self, username, display_name, language):
        user, created = get_user_model().objects.get_or_create(
            username=username,
            defaults={
                "display_name": display_name,
                "preferred_language": language,
                "email": f"{username}@example.org",
            },
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
            self.stdout.write(f"demo account {username} created")
        return user
