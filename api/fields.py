"""Text fields that take JSON strings only: DRF's would read the number 0 as the text "0", which
the schema (type: string) does not allow."""

from rest_framework import serializers


class _StringOnly:
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class CharField(_StringOnly, serializers.CharField):
    pass


class SlugField(_StringOnly, serializers.SlugField):
    pass
