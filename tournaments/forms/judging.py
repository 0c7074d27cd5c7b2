"""Judges' forms: penalties, time extensions and deck checks."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import shown_text

from ..models import CheckedDeck, Penalty


class PenaltyForm(forms.Form):
    entrant = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("Penalty"), choices=Penalty.Kind.choices)
    reason = forms.CharField(label=_("Reason"), max_length=300, validators=[shown_text])
    round = forms.IntegerField(label=_("Round"), min_value=1, max_value=99, required=False)
    correction = forms.CharField(
        label=_("Correction reason"),
        max_length=300,
        required=False,
        validators=[shown_text],
        help_text=_("Needed when the match already has its result."),
    )

    def __init__(self, *args, entrants=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [(entrant.pk, entrant.name) for entrant in entrants]


class TakeBackForm(forms.Form):
    reason = forms.CharField(label=_("Why it is taken back"), max_length=300, validators=[shown_text])


class ExtensionForm(forms.Form):
    minutes = forms.IntegerField(label=_("Minutes"), min_value=1, max_value=30, initial=3)


class DeckCheckDrawForm(forms.Form):
    count = forms.IntegerField(label=_("Tables"), min_value=1, max_value=999, initial=2)
    top = forms.IntegerField(label=_("Among the top tables"), min_value=1, max_value=999, required=False)
    allow_repeat = forms.BooleanField(label=_("Players already checked may be drawn again"), required=False)
    seed = forms.CharField(label=_("Seed (empty: a new random one)"), max_length=64, required=False)


class DeckCheckOutcomeForm(forms.Form):
    outcome = forms.ChoiceField(
        label=_("Outcome"), choices=[(CheckedDeck.Outcome.OK, _("OK")), (CheckedDeck.Outcome.PROBLEM, _("Problem"))]
    )
    note = forms.CharField(label=_("Note"), max_length=300, required=False, validators=[shown_text])
    penalty = forms.ChoiceField(
        label=_("Penalty"), choices=[("", _("No penalty")), *Penalty.Kind.choices], required=False
    )
    correction = forms.CharField(label=_("Correction reason"), max_length=300, required=False, validators=[shown_text])
