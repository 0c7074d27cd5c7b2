"""API tokens that can expire (API_TOKEN_LIFETIME_DAYS; 0 keeps them until revoked)."""

import datetime

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        days = settings.API_TOKEN_LIFETIME_DAYS
        if days and token.created < timezone.now() - datetime.timedelta(days=days):
            token.delete()
            raise exceptions.AuthenticationFailed(_("This token has expired: ask for a new one."))
        return user, token
