from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SampleConfig(AppConfig):
    """Sample data for `make run`: the one place that may import every app."""

    name = "sample"
    verbose_name = _("Sample data")
