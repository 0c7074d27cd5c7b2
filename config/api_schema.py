"""OpenAPI pieces shared by every endpoint: the JSON error body."""

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

ERROR_BODY = inline_serializer(
    "Error",
    fields={
        "message": serializers.CharField(),
        "errors": serializers.DictField(required=False, help_text="Messages per field, for invalid input."),
    },
)


def error_responses(*statuses):
    return {status: OpenApiResponse(ERROR_BODY) for status in statuses}
