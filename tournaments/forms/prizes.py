"""The prize plan's form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core import number_fields
from core.errors import DomainError
from core.numbers import whole_number


class PrizePlanForm(forms.Form):
    scheme = forms.ChoiceField(
        label=_("Payout"),
        choices=[
            ("record", _("By record")),
            ("standing", _("By final standing")),
            ("curve", _("A curve fitted to the pool")),
        ],
    )
    per_entrant = number_fields.IntegerField(label=_("Prizes per entrant"), min_value=0, max_value=100_000, initial=0)
    fixed = number_fields.IntegerField(label=_("Fixed prizes"), min_value=0, max_value=100_000, initial=0)
    table = forms.CharField(
        label=_("Payout table"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_(
            "By record: one line per Swiss record, e.g. “3-0: 8” (top cut matches do not count). By standing: "
            "the prizes from first place down, e.g. “8, 5, 3”, the top cut’s places first."
        ),
    )
    participation = number_fields.IntegerField(
        label=_("Participation prize"), min_value=0, max_value=100_000, initial=0
    )

    def __init__(self, *args, pods=False, **kwargs):
        """At a pod event players have places, not records: the form offers no payout by record."""
        super().__init__(*args, **kwargs)
        if pods:
            scheme = self.fields["scheme"]
            scheme.choices = [choice for choice in scheme.choices if choice[0] != "record"]

    def plan(self):
        """The form as the JSON the service takes; a table line that cannot be read is a form error, a
        record listed twice a DomainError."""
        data = dict(self.cleaned_data)
        text = data.pop("table").strip()
        if data["scheme"] == "record":
            data["by_record"] = _record_table(text)
        elif data["scheme"] == "standing":
            data["by_standing"] = [_prize_number(part) for part in text.replace("\n", ",").split(",") if part.strip()]
        return data


def _record_table(text):
    """{record: prize}; a record written twice is refused, not silently replaced by its last line."""
    table = {}
    for line in text.splitlines():
        if line.strip():
            record, prize = _record_line(line)
            if record in table:
                raise DomainError("prizes.record_twice", "by_record", record=record)
            table[record] = prize
    return table


def _record_line(line):
    record, _sep, prize = line.partition(":")
    return record.strip(), _prize_number(prize)


def _prize_number(text):
    text = text.strip()
    number = whole_number(text)
    return -1 if number is None else number  # -1: the service refuses it with its own message
