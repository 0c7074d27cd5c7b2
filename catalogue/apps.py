from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def ensure_games(sender, using="default", **kwargs):
    """Every game of the registry has its catalogue row after every migrate (and test flush)."""
    import games

    from .models import Game

    for definition in games.registered():
        Game.objects.using(using).get_or_create(
            slug=definition.slug,
            defaults={
                "name": definition.name,
                "schema": definition.card_schema.key,
                "has_decks": definition.has_decks,
            },
        )


class CatalogueConfig(AppConfig):
    name = "catalogue"
    verbose_name = _("Card catalogue")

    def ready(self):
        post_migrate.connect(ensure_games, sender=self)
