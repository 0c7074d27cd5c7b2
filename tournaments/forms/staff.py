"""The staff form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import EventStaff


class StaffForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=EventStaff.Role.choices)
