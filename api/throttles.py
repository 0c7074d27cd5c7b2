"""Password guessing is throttled per account and per address, on the login page and the token
endpoint alike, with the configured cache (rates in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])."""

import hashlib

from rest_framework.throttling import SimpleRateThrottle


def _submitted(request, field):
    data = getattr(request, "data", None)
    if data is None or not hasattr(data, "get"):
        data = request.POST
    value = data.get(field, "")
    return value.strip().casefold() if isinstance(value, str) else ""


class LoginAddressThrottle(SimpleRateThrottle):
    scope = "login_address"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class LoginAccountThrottle(SimpleRateThrottle):
    scope = "login_account"

    def get_cache_key(self, request, view):
        username = _submitted(request, "username")
        if not username:
            return None
        ident = hashlib.sha256(username.encode("utf-8", "surrogatepass")).hexdigest()  # any text, a safe key
        return self.cache_format % {"scope": self.scope, "ident": ident}


LOGIN_THROTTLES = (LoginAccountThrottle, LoginAddressThrottle)


def login_wait(request):
    """Seconds to wait before another login attempt, or None when one is allowed now (and counted)."""
    waits = []
    for throttle_class in LOGIN_THROTTLES:
        throttle = throttle_class()
        if not throttle.allow_request(request, None):
            waits.append(throttle.wait() or 60)
    return max(waits) if waits else None
