"""Login limits that protect people: failed logins (and password-reset e-mails) are counted per
account and per client address in fixed windows (settings.LOGIN_LIMITS). A successful login clears
the account's failures, so normal logins never lock anyone out. Counts live in the cache; while the
cache is down they live in the database (`LoginFailures`), so the limits still hold."""

import contextlib
import datetime
import functools
import hashlib
import ipaddress
import math

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages
from core.text import username_key

from .models import LoginFailures

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate(scope):
    """(allowed, seconds) of a scope: "10/hour" → (10, 3600), as DRF writes rates."""
    allowed, period = settings.LOGIN_LIMITS[scope].split("/")
    return int(allowed), PERIODS[period.strip()[0]]


# Who is asking


def client_address(request):
    """The client's address: REMOTE_ADDR, or, when that is a trusted proxy, the right-most hop of
    X-Forwarded-For that is not a trusted proxy. A header from anyone else is ignored."""
    remote = request.META.get("REMOTE_ADDR", "")
    if not _trusted(remote):
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if _ip(hop) is None:
            return remote  # a trusted proxy always appends an address: the chain is not one we can read
        if not _trusted(hop):
            return hop
    return hops[0] if hops else remote


def _ip(text):
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(address):
    ip = _ip(address)
    return ip is not None and any(ip in network for network in _proxies(tuple(settings.TRUSTED_PROXIES)))


@functools.cache
def _proxies(entries):
    try:
        return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)
    except ValueError as error:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES: {error}") from None


def login_keys(request, username):
    """The login scopes and keys of one attempt: the normalised username and the client address."""
    keys = {"login_address": client_address(request)}
    if username_key(username or ""):
        keys["login_account"] = username_key(username)
    return keys


def reset_keys(request, email):
    keys = {"reset_address": client_address(request)}
    if username_key(email or ""):
        keys["reset_account"] = username_key(email)
    return keys


define_messages(
    {
        "account.password_attempts": ngettext_lazy(
            "Too many wrong passwords. Try again in %(minutes)s minute.",
            "Too many wrong passwords. Try again in %(minutes)s minutes.",
            "minutes",
        )
    }
)


def password_confirmed(request, user, action):
    """Run `action`, which checks the account's current password (deleting the account), under the
    login limits: refused (429) while the account or the address is over them, and a wrong password
    counts as a failed login, so a session left open cannot be used to try passwords one after another."""
    keys = login_keys(request, user.get_username())
    seconds = wait(keys)
    if seconds:
        minutes = max(1, math.ceil(seconds / 60))
        raise DomainError("account.password_attempts", "password", status=429, seconds=seconds, minutes=minutes)
    try:
        return action()
    except DomainError as error:
        if error.code == "account.wrong_password":
            record(keys)
        raise


# Counting


def wait(keys):
    """Seconds until every limit of `keys` ({scope: key}) allows another attempt; 0 when one is allowed."""
    now = timezone.now()
    waits = [0]
    for scope, key in keys.items():
        allowed, _seconds = rate(scope)
        count, ends = _read(scope, _digest(key), now)
        if count >= allowed:
            waits.append(max(1, math.ceil((ends - now).total_seconds())))
    return max(waits)


def record(keys):
    """Count one failure (or one reset e-mail) against every scope of `keys`."""
    now = timezone.now()
    for scope, key in keys.items():
        _seconds = rate(scope)[1]
        if not _cache_count(scope, _digest(key), now, _seconds):
            _database_count(scope, _digest(key), now, _seconds)


def clear(scope, key):
    """A success: the account starts again from no failures, wherever they were counted."""
    digest = _digest(key)
    with contextlib.suppress(Exception):  # a cache that is down lost its count or lets it expire
        cache.delete_many([_cache_key(scope, digest), _cache_key(scope, digest) + ":ends"])
    LoginFailures.objects.filter(scope=scope, key=digest).delete()


def _digest(key):
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()  # any text, a safe key


def _cache_key(scope, digest):
    return f"limit:{scope}:{digest}"


def _read(scope, digest, now):
    """(count, window end) from the cache; from the database when the cache holds none (a cache that
    is down answers like an empty one, and failures counted during an outage still hold after it)."""
    name = _cache_key(scope, digest)
    try:
        values = cache.get_many([name, name + ":ends"])
    except Exception:  # noqa: BLE001 - any cache failure means: ask the database
        values = {}
    if values.get(name) is not None and values.get(name + ":ends") is not None:
        return int(values[name]), datetime.datetime.fromtimestamp(values[name + ":ends"], tz=datetime.UTC)
    row = LoginFailures.objects.filter(scope=scope, key=digest, window_ends__gt=now).first()
    return (row.count, row.window_ends) if row else (0, now)


def _cache_count(scope, digest, now, seconds):
    """Count in the cache; False when the cache is down (the caller counts in the database)."""
    name = _cache_key(scope, digest)
    try:
        started = cache.add(name, 0, timeout=seconds)
        if started is None:
            return False
        if started:
            cache.set(name + ":ends", now.timestamp() + seconds, timeout=seconds)
        return cache.incr(name) is not None
    except ValueError:  # the window ended between add and incr: this failure starts a new one
        cache.set(name, 1, timeout=seconds)
        cache.set(name + ":ends", now.timestamp() + seconds, timeout=seconds)
        return True
    except Exception:  # noqa: BLE001
        return False


def _database_count(scope, digest, now, seconds):
    with transaction.atomic():
        LoginFailures.objects.filter(window_ends__lte=now).delete()  # the table holds open windows only
        row, _created = LoginFailures.objects.get_or_create(
            scope=scope, key=digest, defaults={"window_ends": now + datetime.timedelta(seconds=seconds)}
        )
        LoginFailures.objects.filter(pk=row.pk).update(count=F("count") + 1)
