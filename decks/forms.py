from django import forms
from django.utils.translation import gettext_lazy as _

from .decklist import MAX_BYTES
from .models import Collection, Format, Visibility


class CollectionForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=Collection._meta.get_field("name").max_length)


class ImportForm(forms.Form):
    text = forms.CharField(
        label=_("Cards"),
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "3 Pocket Puff\n1 Dustpan Trap (PR1) 071"}),
        max_length=MAX_BYTES,
        strip=False,
        help_text=_(
            "One card per line: quantity and name, optionally (SET) number. Or CSV with qty and name, or set and number."
        ),
    )
    replace = forms.BooleanField(label=_("Replace the whole collection"), required=False)


class QuantityForm(forms.Form):
    card = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    qty = forms.IntegerField(label=_("Quantity"), min_value=0, max_value=9999)


def format_choices():
    """One choice per format slug (its newest version's name)."""
    choices = {}
    for row in Format.objects.select_related("game").order_by("slug", "-effective"):
        choices.setdefault(row.slug, f"{row.name} ({row.game.name})")
    return list(choices.items())


class DeckForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    format = forms.ChoiceField(label=_("Format"))
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices, initial=Visibility.PRIVATE)
    decklist = forms.CharField(
        label=_("Decklist (optional)"),
        required=False,
        strip=False,
        max_length=MAX_BYTES,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_(
            "Header lines such as “Tokui-Waza: Saiyan”, then one card per line: “2 Card Name” or “2x Card Name (SET) 012”."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()

    def game(self):
        row = Format.objects.filter(slug=self.cleaned_data["format"]).select_related("game").first()
        return row.game if row else None


class DeckSettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices)


class DecklistForm(forms.Form):
    decklist = forms.CharField(
        label=_("Decklist"),
        required=False,
        strip=False,
        max_length=MAX_BYTES,
        widget=forms.Textarea(attrs={"rows": 20}),
    )


class CheckForm(forms.Form):
    as_of = forms.DateField(label=_("Check as of"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    collection = forms.TypedChoiceField(label=_("Against collection"), required=False, coerce=int, empty_value=None)

    def __init__(self, *args, collections=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["collection"].choices = [("", _("No collection"))] + [(c.pk, c.name) for c in collections]


class BulkValidationForm(forms.Form):
    format = forms.ChoiceField(label=_("Format"))
    as_of = forms.DateField(label=_("Check as of"), widget=forms.DateInput(attrs={"type": "date"}))
    text = forms.CharField(
        label=_("Decklists"),
        required=False,
        strip=False,
        max_length=5 * 1024 * 1024,
        widget=forms.Textarea(
            attrs={"rows": 14, "placeholder": "Name: Alice\n2 Pocket Puff\n...\n---\nName: Bob\n..."}
        ),
        help_text=_(
            "Paste several decklists separated by a line of three dashes (---). A “Name:” line names each one."
        ),
    )
    upload = forms.FileField(label=_("Or a zip of .txt files"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()

    def clean(self):
        data = super().clean()
        if not data.get("text", "").strip() and not data.get("upload"):
            raise forms.ValidationError(_("Paste decklists or upload a zip file."))
        return data
