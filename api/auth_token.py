from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings

from .schema import error_responses
from .throttles import limited_token


class ObtainToken(ObtainAuthToken):
    """POST {"username", "password"} -> {"token"}; then send `Authorization: Token <token>`.
    Failed attempts are limited per account and per address (429 says when to try again)."""

    throttle_classes = ()
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # the strict JSON parser, not DRF's own

    @extend_schema(
        responses={
            200: inline_serializer("Token", fields={"token": serializers.CharField()}),
            **error_responses(400, 429),
        }
    )
    def post(self, request, *args, **kwargs):
        return limited_token(request, lambda: super(ObtainToken, self).post(request, *args, **kwargs))
