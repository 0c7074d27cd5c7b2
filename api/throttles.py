"""The API token endpoint under the login limits of the pages (accounts.limits): a refused attempt
is answered 429 with Retry-After before the password is checked; only failures count, and a
success clears the account's failures."""

from django.conf import settings
from rest_framework import exceptions
from rest_framework.throttling import SimpleRateThrottle

from accounts import limits
from core.errors import DomainError
from core.text import username_key


def _submitted_username(request):
    value = request.data.get("username", "") if hasattr(request.data, "get") else ""
    return value if isinstance(value, str) else ""


def limited_token(request, respond):
    """Run the token view's `respond()` under the limits; its refusal (400 or 401) is a failure."""
    username = _submitted_username(request)
    keys = limits.login_keys(request, username)
    wait = limits.wait(keys)
    if wait:
        raise exceptions.Throttled(wait)
    try:
        response = respond()
    except (exceptions.ValidationError, DomainError):
        limits.record(keys)
        raise
    limits.clear("login_account", username_key(username))
    return response


class PublicRateThrottle(SimpleRateThrottle):
    """The public read API's limit per client address (accounts.limits.client_address, behind trusted
    proxies), counted in the shared cache: `PUBLIC_API_RATE` requests a minute by default."""

    scope = "public"

    def get_rate(self):
        return settings.PUBLIC_API_RATE

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": limits.client_address(request)}
