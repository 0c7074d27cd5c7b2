"""The import forms: a whole event from TRF-16 or JSON, and a player list from CSV (a file or pasted)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from decks.forms import UploadMixin

from .events import format_choices

MAX_FILE_BYTES = 2 * 1024 * 1024


class EventImportForm(UploadMixin, forms.Form):
    max_bytes = MAX_FILE_BYTES
    game = forms.ChoiceField(label=_("Game"))
    format = forms.ChoiceField(
        label=_("Format"),
        required=False,
        help_text=_("Leave empty to take the format the file names."),
    )
    text = forms.CharField(
        label=_("Paste the file"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_("TRF-16 (as FIDE, bbpPairings and JaVaFo read it) or this site's JSON (NRTM style)."),
    )
    file = forms.FileField(
        label=_("Or upload it"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".trf,.txt,.json,text/plain,application/json"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game.slug, game.name) for game in Game.objects.order_by("name")]
        self.fields["format"].choices = [
            ("", _("As the file says")),
            ("-", _("No format (any deck)")),
            *format_choices()[1:],
        ]

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("text", "").strip():
            raise forms.ValidationError(_("Paste the file or upload it."))
        return data

    def format_slug(self):
        """None: the file's format; "": none."""
        chosen = self.cleaned_data.get("format") or ""
        return None if chosen == "" else "" if chosen == "-" else chosen


class PlayerListForm(UploadMixin, forms.Form):
    max_bytes = MAX_FILE_BYTES
    text = forms.CharField(
        label=_("Paste the list"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Name\nAna Lima\nBo Chen"}),
        help_text=_("CSV with a first line naming the columns: a name (or first and last name, or a username)."),
    )
    file = forms.FileField(
        label=_("Or upload it"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.tsv,.txt,text/csv,text/plain"}),
    )

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("text", "").strip():
            raise forms.ValidationError(_("Paste the list or upload it."))
        return data
