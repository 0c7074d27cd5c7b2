from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The API's own plumbing: JSON errors, languages, Idempotency-Key, schema helpers."""

    name = "api"
    verbose_name = _("API")
