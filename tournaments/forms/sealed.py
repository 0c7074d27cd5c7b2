"""Sealed events' forms: a pool, the seats' draw, the build clock."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .common import card_list_field


class PoolForm(forms.Form):
    """A sealed pool, written as a decklist (services.sealed.register_pool checks it)."""

    pool = card_list_field(
        _("Your pool"), _("Every card you opened, one a line with its quantity (for example “2 Card name”).")
    )


class SeatDrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Leave blank for a random draw; the seed is logged so the draw can be shown again."),
    )


class BuildClockForm(forms.Form):
    minutes = forms.IntegerField(label=_("Deck-building time (minutes)"), min_value=5, max_value=120, initial=30)
