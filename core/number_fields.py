"""A form's whole-number field whose refusals write their bounds the reader's way ("at most 9 999"
in French, not "9999"). The bounds themselves stay plain numbers: the input's min and max
attributes are read by the browser."""

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator

from .errors import local_number


class _LocalBound:
    """Django's bound check with the limit shown grouped in its message (Django passes it raw)."""

    def __call__(self, value):
        cleaned = self.clean(value)
        limit = self.limit_value() if callable(self.limit_value) else self.limit_value
        if self.compare(cleaned, limit):
            params = {"limit_value": local_number(limit), "show_value": cleaned, "value": value}
            raise ValidationError(self.message, code=self.code, params=params)


class LocalMaxValueValidator(_LocalBound, MaxValueValidator):
    pass


class LocalMinValueValidator(_LocalBound, MinValueValidator):
    pass


LOCAL_BOUNDS = {MaxValueValidator: LocalMaxValueValidator, MinValueValidator: LocalMinValueValidator}


class IntegerField(forms.IntegerField):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators = [
            LOCAL_BOUNDS[type(validator)](validator.limit_value, validator.message)
            if type(validator) in LOCAL_BOUNDS
            else validator
            for validator in self.validators
        ]
