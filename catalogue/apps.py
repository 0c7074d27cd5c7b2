from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

SUPPORTED_GAMES = [
    ("dust-collectorz", "Dust Collectorz: Champions Unleashed", "dust-collectorz", True),
    ("dbz-ccg", "Dragon Ball Z CCG", "dbz-ccg", True),
    ("dust-reclamation", "Dust: Reclamation", "generic", False),
]


def ensure_games(sender, using="default", **kwargs):
    """The games the product supports exist after every migrate (and test flush)."""
    from .models import Game

    for slug, name, schema, has_decks in SUPPORTED_GAMES:
        Game.objects.using(using).get_or_create(
            slug=slug, defaults={"name": name, "schema": schema, "has_decks": has_decks}
        )


class CatalogueConfig(AppConfig):
    name = "catalogue"
    verbose_name = _("Card catalogue")

    def ready(self):
        post_migrate.connect(ensure_games, sender=self)
