"""What a player needs to get in from a screen or a sheet: the join code, its absolute URL and a QR
code of that URL (an inline SVG drawn by segno, no image request, nothing external)."""

import segno
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _


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
