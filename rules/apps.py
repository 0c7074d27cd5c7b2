from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

# Game terms per language as the publisher's translations use them: (term, other forms of the same
# word, other words seen for the same concept). The checker reports documents mixing the latter.
DUST_COLLECTORZ_TERMS = {
    "rank-bronze": {"en": ("Bronze", "", ""), "fr": ("Bronze", "", ""), "it": ("Bronzo", "", "")},
    "rank-silver": {"en": ("Silver", "", ""), "fr": ("Argent", "", ""), "it": ("Argento", "", "")},
    "rank-gold": {"en": ("Gold", "", ""), "fr": ("Or", "", ""), "it": ("Oro", "", "")},
    "rank-platinum": {"en": ("Platinum", "", ""), "fr": ("Platine", "", "Platinum"), "it": ("Platino", "", "")},
    "rank-epic": {"en": ("Epic", "", ""), "fr": ("Épique", "Epique", ""), "it": ("Epica", "Epiche, Epico, Epici", "")},
    "counter-type": {
        "en": ("Counter Type", "Counter", ""),
        "fr": ("type Contre", "", "type Pion, type compteur, type Counter"),
        "it": ("Contrattacco", "", "Contratto"),
    },
    "tribe": {"en": ("Tribe", "Tribes", ""), "fr": ("Tribu", "Tribus", ""), "it": ("Tribù", "tribale, tribali", "")},
    "deck": {"en": ("Deck", "Decks", ""), "fr": ("Deck", "Decks", "pioche"), "it": ("Mazzo", "Mazzi", "Deck")},
}


def seed_terminology(sender, **kwargs):
    """Give Dust Collectorz its terminology once; after that the admin owns it."""
    from catalogue.models import Game

    from .models import Terminology

    game = Game.objects.filter(slug="dust-collectorz").first()
    if game is None or Terminology.objects.filter(game=game).exists():
        return
    for concept, languages in DUST_COLLECTORZ_TERMS.items():
        for language, (term, variants, alternatives) in languages.items():
            Terminology.objects.create(
                game=game, concept=concept, language=language, term=term, variants=variants, alternatives=alternatives
            )


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules")

    def ready(self):
        post_migrate.connect(seed_terminology, sender=self)
