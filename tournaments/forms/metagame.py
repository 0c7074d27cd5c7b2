"""The season report's filter: whose events, which format, which dates."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

import games
from decks.models import Format


def _format_choices():
    """Formats of the games that have decks (a game without decks has no metagame)."""
    rows = Format.objects.select_related("game").order_by("name", "-effective")
    seen = {}
    for row in rows:
        if games.of(row.game).archetype is not None:
            seen.setdefault(row.slug, row.name)
    return [("", _("Choose a format")), *seen.items()]


class SeasonForm(forms.Form):
    organiser = forms.CharField(label=_("Store or organiser (username)"), max_length=150)
    format = forms.ChoiceField(label=_("Format"))
    date_from = forms.DateField(required=False, label=_("From"), widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(required=False, label=_("Until"), widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = _format_choices()

    def clean_organiser(self):
        username = self.cleaned_data["organiser"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(_("No organiser is called “%(name)s”."), params={"name": username})
        return user

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", _("The end date comes before the start date."))
        return cleaned
