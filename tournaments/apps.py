from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from decks.access import register_embargo

        from .access import embargoed_decks

        # A deck registered in an event stays out of sight until the event publishes its list.
        register_embargo(embargoed_decks)
