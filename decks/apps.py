from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _sync_formats(sender, **kwargs):
    from .services.legality import sync_shipped_formats

    sync_shipped_formats()


def _definition_in_force(slug, as_of):
    from core.errors import DomainError

    from .services.legality import format_for

    try:
        return format_for(slug, as_of)[0].definition
    except DomainError:
        return None


def _forget(**kwargs):
    from .services.legality import forget_snapshot

    forget_snapshot()


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Decks")

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from accounts.personal_data import Holder, register
        from catalogue.signals import catalogue_imported
        from games.formats import install_source

        from . import personal_data
        from .models import Format
        from .services.accounts import release_account

        install_source(_definition_in_force)
        post_migrate.connect(_sync_formats, sender=self)
        catalogue_imported.connect(_forget, dispatch_uid="decks-forget-on-import")
        post_save.connect(_forget, sender=Format, dispatch_uid="decks-forget-on-format-save")
        post_delete.connect(_forget, sender=Format, dispatch_uid="decks-forget-on-format-delete")
        # A person's decks and collections: in their data download, and gone with their account
        # (but for the lists registered in events, which those events keep).
        register(Holder("decks", export=personal_data.export, release=release_account))
