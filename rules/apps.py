from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def seed_terminology(sender, **kwargs):
    """Give each game the terminology its registry entry knows, once; after that the admin owns it."""
    from catalogue.models import Game

    from .models import Terminology

    for game in Game.objects.all():
        terms = game.definition.terminology
        if not terms or Terminology.objects.filter(game=game).exists():
            continue
        for concept, languages in terms.items():
            for language, (term, variants, alternatives) in languages.items():
                Terminology.objects.create(
                    game=game,
                    concept=concept,
                    language=language,
                    term=term,
                    variants=variants,
                    alternatives=alternatives,
                )


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules")

    def ready(self):
        post_migrate.connect(seed_terminology, sender=self)
