from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _sync_formats(sender, **kwargs):
    from .services.legality import sync_shipped_formats

    sync_shipped_formats()


def _forget(**kwargs):
    from .services.legality import forget_snapshot

    forget_snapshot()


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Decks")

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from catalogue.signals import catalogue_imported

        from .models import Format

        post_migrate.connect(_sync_formats, sender=self)
        catalogue_imported.connect(_forget, dispatch_uid="decks-forget-on-import")
        post_save.connect(_forget, sender=Format, dispatch_uid="decks-forget-on-format-save")
        post_delete.connect(_forget, sender=Format, dispatch_uid="decks-forget-on-format-delete")
