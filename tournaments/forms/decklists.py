"""Decklists' forms: the deadline and a pasted list."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import shown_text

from ..services.decklists import registrable_versions
from .common import card_list_field
from .events import DEADLINE_HELP


class DeadlineForm(forms.Form):
    deck_deadline = forms.DateTimeField(
        label=_("Decklist deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=DEADLINE_HELP,
    )


class DecklistPasteForm(forms.Form):
    decklist = card_list_field(
        _("Decklist"), _("One card a line with its quantity, as players write it (for example “3 Card name”).")
    )
    reason = forms.CharField(label=_("Reason for the change"), max_length=300, required=False, validators=[shown_text])


def _submitted_choices(event, entrant, actor):
    """Staff registering for a player with an account choose only among the lists that entry was
    registered with (services.decklists.registrable_versions), never among the player's decks."""
    versions = registrable_versions(event, entrant, actor).filter(deck__game=event.game).select_related("deck")
    label = _("%(name)s, version %(number)s")
    return [(version.pk, label % {"name": version.deck.name, "number": version.number}) for version in versions]
