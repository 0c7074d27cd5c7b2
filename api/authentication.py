"""API tokens that can expire (API_TOKEN_LIFETIME_DAYS; 0 keeps them until revoked)."""

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from core.prepared import Columns, PreparedQuery, instances, lookups

_TOKEN = Columns(Token)
_USER = Columns(get_user_model(), "user")
# Every API call with a token reads it: compiled once per process (a player's report is the hot path).
_TOKEN_WITH_USER = PreparedQuery(lambda key: Token.objects.filter(key=key).values_list(*lookups(_TOKEN, _USER)), str)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        rows = _TOKEN_WITH_USER.rows(key)
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))  # DRF's own message and translations
        token, user = instances(rows[0], _TOKEN, _USER)
        token.user = user
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        days = settings.API_TOKEN_LIFETIME_DAYS
        if days and token.created < timezone.now() - datetime.timedelta(days=days):
            token.delete()
            raise exceptions.AuthenticationFailed(_("This token has expired: ask for a new one."))
        return user, token
