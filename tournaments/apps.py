from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from accounts.personal_data import Holder, register
        from decks.access import register_embargo

        from . import personal_data
        from .access import embargoed_decks
        from .services.entrants_accounts import release_account

        # A deck registered in an event stays out of sight until the event publishes its list.
        register_embargo(embargoed_decks)
        # A person's entries, events and roles: in their data download, and kept for the other
        # players, detached from the account, when they delete it.
        register(
            Holder("tournaments", export=personal_data.export, blockers=personal_data.blockers, release=release_account)
        )
