"""The webhook form: where to send, and which news."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import WebhookKind
from ..services.webhooks import MAX_URL_LENGTH


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=_("Receiver URL"),
        max_length=MAX_URL_LENGTH,
        help_text=_("An http:// or https:// address outside this site; each delivery is a signed JSON POST."),
    )
    kinds = forms.MultipleChoiceField(
        label=_("Send when"), choices=WebhookKind.choices, widget=forms.CheckboxSelectMultiple
    )
