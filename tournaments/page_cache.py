"""Public pages rendered once per change, served many times (docs/caching.md).

An event's page version changes whenever anything a public page shows changes: the log's one
writer marks it for each action (services.common.log, STALE_AFTER), and edits to the event row itself change the digest
of its fields. Keys hold the version, so invalidation is a new key, never a deletion or a timer,
and every web process sees it at once through the configured cache. A cache that is down is a
miss: the page renders as before."""

import hashlib
import logging
import re
import time

from django.core.cache import cache
from django.http import HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags
from django.utils.translation import get_language

logger = logging.getLogger("cardevents.cache")

# Long enough to outlive a convention day; old versions just age out, nothing depends on it.
CACHE_SECONDS = 24 * 3600

# What the public pages show of the event and its rows (read along with it, models.events.SETUP):
# an edit to any of them is a new version, whichever service made it.
SHOWN_FIELDS = {
    "": (
        *("name", "starts_at", "venue", "join_code", "status", "mode", "best_of", "swiss_rounds", "top_cut"),
        *("is_public", "format_slug", "game_id", "organiser_id"),
    ),
    "settings": (
        "capacity",
        "pod_size",
        "pods_of_five",
        "tiebreakers",
        "publication",
        "pod_points",
        "late_entry_losses",
        "game_options",
        "deck_deadline",
    ),
    "clock": ("ends_at", "paused_seconds", "deck_building"),  # end times follow it; "Deck building" titles
    "sealed_setup": ("enabled", "pools_frozen_at"),
}


def version(event):
    """The event's page version, from the rows already loaded with it (no query)."""
    shown = []
    for row, fields in SHOWN_FIELDS.items():
        holder = getattr(event, row) if row else event
        shown += [getattr(holder, field) for field in fields]
    digest = hashlib.blake2b(repr(shown).encode(), digest_size=6).hexdigest()
    return f"{event.counters.pages_version}.{event.counters.results_version}.{digest}"


def _digest(parts):
    return hashlib.blake2b(repr(parts).encode(), digest_size=10).hexdigest()


def key(event, page, *params):
    """Cache key of one rendering: event, version, language, page and its parameters."""
    return f"page:{event.pk}:{version(event)}:{get_language()}:{page}:{_digest(params)}"


def cached(event, page, params, build):
    """The value stored for (event, version, language, page, params), or `build()` stored now."""
    return _lookup(key(event, page, *params), build)


def cached_on(event, part, state, build):
    """Like `cached`, but keyed on `state`, which the caller reads, instead of the page version:
    for a part that depends on less than the whole event, such as the records before a round,
    which the results of the round being played do not change. Language independent."""
    return _lookup(f"part:{event.pk}:{part}:{_digest(state)}", build)


def cached_by_content(part, shown, build):
    """For a part that shows many events (a list): keyed on what it shows, `shown`, which the caller
    has read, and the language. Fresh by construction: any change to what it shows is a new key."""
    return _lookup(f"shown:{part}:{get_language()}:{_digest(shown)}", build)


def _lookup(name, build):
    try:
        value = cache.get(name, MISSING)
    except Exception:  # noqa: BLE001 - any cache failure is a miss; the page still renders
        logger.warning("page cache unavailable (get %s)", name, exc_info=True)
        return build()
    return _build_once(name, build) if value is MISSING else value


MISSING = object()  # a stored None (a player without a standing yet) is a value, not a miss

# A new round's pairings are asked for by a whole hall at once: one process renders them while
# the others wait this long for its result, then render themselves (a builder that died).
BUILD_WAIT_SECONDS = 5
BUILD_POLL_SECONDS = 0.05


def _build_once(name, build):
    """Build a missing value in one process only; the others wait for it (single flight)."""
    claim = f"building:{name}"
    try:
        claimed = cache.add(claim, 1, BUILD_WAIT_SECONDS)
    except Exception:  # noqa: BLE001 - without the cache every process builds, as before
        claimed = None
    if claimed is False:  # another process is rendering it (None: the cache is away, so no wait)
        value = _wait_for(name)
        if value is not MISSING:
            return value
    try:
        value = build()
        _store(name, value)
    finally:
        if claimed:
            _forget(claim)
    return value


def _store(name, value):
    try:
        cache.set(name, value, CACHE_SECONDS)
    except Exception:  # noqa: BLE001 - not stored; the next request renders again
        logger.warning("page cache unavailable (set %s)", name, exc_info=True)


def _forget(claim):
    try:
        cache.delete(claim)
    except Exception:  # noqa: BLE001 - the claim expires by itself
        logger.warning("page cache unavailable (delete %s)", claim)


def _wait_for(name):
    deadline = time.monotonic() + BUILD_WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(BUILD_POLL_SECONDS)
        try:
            value = cache.get(name, MISSING)
        except Exception:  # noqa: BLE001 - build it ourselves
            return MISSING
        if value is not MISSING:
            return value
    return MISSING


def etag(event, page, *params):
    """A strong validator for a response derived from the version (and language, params)."""
    return f'"{_digest((event.pk, version(event), get_language(), page, params))}"'


def not_modified(request, tag):
    """True when the client already holds `tag` (If-None-Match); a malformed header is no match."""
    header = request.headers.get("If-None-Match", "")
    if not header or _messages_waiting(request):
        return False
    try:
        tags = parse_etags(header)
    except (ValueError, TypeError):
        return False
    # "*" is no match: a 304 must never stand in for a 404 (a round that does not exist).
    return tag in tags or tag in (t.removeprefix("W/") for t in tags)


def _messages_waiting(request):
    """A flash message ("Registered") must be rendered, not hidden behind a 304."""
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0


def unchanged(tag):
    """The 304 answer: no body, nothing rendered."""
    response = HttpResponseNotModified()
    return validated(response, tag)


def validated(response, tag):
    """Mark a response with its ETag; browsers and live.js must revalidate before reusing it."""
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    return response


# Each rendering masks the CSRF token anew; the secret behind it is what a form needs.
_MASKED_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def content_tagged(request, response):
    """For a page that depends on too much to name a version (the player's own page): tag the
    rendered bytes, so that a phone holding the same page gets a 304 instead of the page again.
    Saves the transfer, not the rendering. The tag covers the CSRF secret, so a 304 never leaves an
    old token in a form."""
    if response.status_code != 200 or response.streaming:
        return response
    tag = content_tag(request, response.content)
    if not_modified(request, tag):
        return unchanged(tag)
    return validated(response, tag)


def content_tag(request, body):
    """The ETag of rendered bytes: the same for every rendering of the same page to the same session."""
    secret = request.META.get("CSRF_COOKIE", "").encode()
    unmasked = _MASKED_TOKEN.sub(b"", body)
    return f'"{hashlib.blake2b(secret + b"\0" + unmasked, digest_size=12).hexdigest()}"'
