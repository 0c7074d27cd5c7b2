from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings

from core.errors import DomainError, define_messages

from .schema import error_responses
from .throttles import limited_token

define_messages({"api.wrong_credentials": _("Wrong username or password.")})


class ObtainToken(ObtainAuthToken):
    """POST {"username", "password"} -> {"token"}; then send `Authorization: Token <token>`.
    Wrong credentials are 401 (a missing field 400); failed attempts are limited per account and per
    address (429 says when to try again)."""

    throttle_classes = ()
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # the strict JSON parser, not DRF's own

    @extend_schema(
        responses={
            200: inline_serializer("Token", fields={"token": serializers.CharField()}),
            **error_responses(400, 401, 429),
        }
    )
    def post(self, request, *args, **kwargs):
        return limited_token(request, lambda: self._obtain(request, *args, **kwargs))

    def _obtain(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except exceptions.ValidationError as error:
            # DRF's serializer refuses well-formed but wrong credentials as invalid input.
            if error.get_codes() == {"non_field_errors": ["authorization"]}:
                raise DomainError("api.wrong_credentials", status=401) from None
            raise
