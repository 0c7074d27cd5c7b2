"""The validate endpoint's request, checked without building a serializer per request: it is the
hot path the benchmark measures. ValidateRequestSerializer documents the same shape in the schema."""

import datetime
import re

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from decks.decklist import MAX_BYTES

from .serializers import DeckCardsField

SLUG = re.compile(r"^[-a-zA-Z0-9_]+$")
_cards = DeckCardsField()  # stateless: its to_internal_value reads only its argument


def parse_validate_request(data):
    if not isinstance(data, dict):
        raise ValidationError({"non_field_errors": [_("Send a JSON object.")]})
    errors, parsed = {}, {}
    for field, check in (
        ("format", _format),
        ("decklist", _decklist),
        ("cards", _card_list),
        ("as_of", _date),
        ("collection", _id),
    ):
        if field in data and data[field] is not None:
            try:
                parsed[field] = check(data[field])
            except ValidationError as error:
                errors[field] = error.detail if isinstance(error.detail, (list, dict)) else [error.detail]
    if data.get("format") is None:
        errors["format"] = [_("This field is required.")]
    if not errors and ("decklist" in parsed) == ("cards" in parsed):
        errors["non_field_errors"] = [_("Give either “decklist” or “cards”.")]
    if errors:
        raise ValidationError(errors)
    parsed["summary"] = data.get("summary") is True
    return parsed


def _format(value):
    if not isinstance(value, str) or not SLUG.match(value):
        raise ValidationError(_("Enter a valid format slug."))
    return value


def _decklist(value):
    if not isinstance(value, str):
        raise ValidationError(_("Not a valid string."))
    if len(value) > MAX_BYTES:
        raise ValidationError(_("The decklist is larger than 100 KB."))
    return value


def _card_list(value):
    return _cards.to_internal_value(value)


def _date(value):
    try:
        return datetime.date.fromisoformat(value) if isinstance(value, str) else _not_a_date()
    except ValueError:
        return _not_a_date()


def _not_a_date():
    raise ValidationError(_("Use a date YYYY-MM-DD."))


def _id(value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValidationError(_("A collection id is a positive whole number."))
    return value
