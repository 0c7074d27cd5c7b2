"""What a player needs to get in from a screen or a sheet: the join code, its absolute URL and a QR
code of that URL (an inline SVG drawn by segno, no image request, nothing external); and the limits
on typing codes, so that nobody finds a private event's code by trying them all."""

import math

import segno
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy

from accounts import limits
from core.errors import DomainError, define_messages

from .services import entrants_doors as doors

define_messages(
    {
        "join.too_many_codes": ngettext_lazy(
            "Too many unknown join codes were typed from here. Try again in %(minutes)s minute.",
            "Too many unknown join codes were typed from here. Try again in %(minutes)s minutes.",
            "minutes",
        ),
    }
)


def join_url(request, event):
    return request.build_absolute_uri(reverse("tournaments:join", args=[event.join_code]))


def qr_svg(url):
    """The URL as a QR code: dark on white with a quiet zone, so it scans from a projector too."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=4, border=4, dark="#000", light="#fff", svgclass="qr-code", omitsize=True,
                          title=_("Scan to register"))  # fmt: skip
    return mark_safe(svg)  # noqa: S308 - segno's markup of our own URL, escaped by segno


def join_panel(url, code):
    return {"code": code, "url": url, "qr": qr_svg(url)}


# Typed codes. Only unknown codes count, per client address and, signed in, per account
# (settings.LOGIN_LIMITS' join scopes); a code typed over the limit is not even looked up.


def _typing_keys(request):
    keys = {"join_address": limits.client_address(request)}
    if request.user.is_authenticated:
        keys["join_account"] = str(request.user.pk)
    return keys


def code_wait(request):
    """Seconds until this client may type another join code; 0 when it may now."""
    return limits.wait(_typing_keys(request))


def event_by_typed_code(request, code):
    """The event a typed join code opens. An unknown code is a 404 refusal and counts against the
    typist; over the limits the refusal is a 429 saying when to try again (its `seconds` too)."""
    wait = code_wait(request)
    if wait:
        minutes = max(1, math.ceil(wait / 60))
        raise DomainError("join.too_many_codes", "code", status=429, minutes=minutes, seconds=wait)
    try:
        return doors.event_by_join_code(code)
    except DomainError:
        limits.record(_typing_keys(request))
        raise


def event_with_code(request, pk, code):
    """Event `pk` when `code` is its join code (a private event's registration opens to its code),
    else None; a wrong code counts as an unknown one, and over the limits no code is looked up."""
    if not code or code_wait(request):
        return None
    found = doors.event_with_join_code(pk, code)
    if found is None:
        limits.record(_typing_keys(request))
    return found
