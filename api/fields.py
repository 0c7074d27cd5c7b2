"""Text fields that take JSON strings only: DRF's would read the number 0 as the text "0", which
the schema (type: string) does not allow. Whole numbers whose refusals write their bounds the
reader's way ("at most 9 999" in French, not "9999")."""

from django.core.validators import MaxValueValidator, MinValueValidator
from rest_framework import serializers
from rest_framework.utils.formatting import lazy_format

from core.errors import local_number


class _StringOnly:
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class CharField(_StringOnly, serializers.CharField):
    pass


class SlugField(_StringOnly, serializers.SlugField):
    pass


class IntegerField(serializers.IntegerField):
    """DRF's, with min_value and max_value grouped the reader's way in their messages only: the
    bounds themselves (the schema's minimum and maximum) stay plain numbers."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        bounds = {MaxValueValidator: ("max_value", self.max_value), MinValueValidator: ("min_value", self.min_value)}
        for validator in self.validators:
            name, bound = bounds.get(type(validator), (None, None))
            if name and bound is not None and validator.limit_value is bound:
                # The number is written when the message is shown, in the language of that request.
                validator.message = lazy_format(self.error_messages[name], **{name: local_number(bound)})
