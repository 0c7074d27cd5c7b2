"""The round clock's form."""

from django import forms
from django.utils.translation import gettext_lazy as _


class TimerForm(forms.Form):
    action = forms.ChoiceField(
        choices=[("start", _("Start")), ("pause", _("Pause")), ("resume", _("Resume")), ("extend", _("Extend"))]
    )
    minutes = forms.IntegerField(required=False, min_value=1, max_value=60)
