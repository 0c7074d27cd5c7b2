"""What the forms share."""

from django import forms


def errors_in_one_line(form):
    """A form's errors as one line for the messages framework."""
    return " ".join(error for errors in form.errors.values() for error in errors)


def card_list_field(label, help_text):
    """A pasted list of cards, one a line with its quantity (a decklist or a sealed pool)."""
    widget = forms.Textarea(attrs={"rows": 14, "spellcheck": "false"})
    return forms.CharField(label=label, max_length=20000, widget=widget, help_text=help_text)
