from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.services import set_organiser


class Command(BaseCommand):
    help = "Grant (or with --revoke, remove) the organiser role for a user."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--revoke", action="store_true", help="Remove the role instead of granting it.")

    def handle(self, username, revoke, **options):
        try:
            user = get_user_model().objects.get(username=username)
        except get_user_model().DoesNotExist:
            raise CommandError(f"No user named {username!r}.") from None
        set_organiser(user, granted=not revoke)
        self.stdout.write(f"{username}: organiser role {'revoked' if revoke else 'granted'}.")
