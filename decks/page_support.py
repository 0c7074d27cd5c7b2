"""What the deck and collection pages (and the API) share: showing a refusal, going back, replacing a
share link, a collection as a download."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import DomainError

from .services.collections import EXPORTS
from .services.sharing import regenerate_share_link


def refuse(request, form, field, error):
    """Show a refusal on the form, so its error summary leads to the field; rejected lines are also
    returned, to be listed each with its number and suggestions (templates/decks/rejected_lines.html)."""
    form.add_error(field if field in form.fields else None, error.message)
    return error.details.get("lines") or []


def first_matches(cards, limit):
    """A card search's first `limit` cards and how many match in all, so a page can say it shows only
    the first ones (counted only when there may be more)."""
    shown = list(cards[:limit])
    return shown, cards.count() if len(shown) == limit else len(shown)


def back_to(request, default):
    """The page the form was posted from, if it is on this site."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


def replace_share_link(request, thing, route):
    """A new share key for the owner's deck or collection; the old link stops working."""
    try:
        regenerate_share_link(thing)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The share link was replaced: the old link no longer works."))
    return redirect(route, thing.pk)


def export_response(collection, kind):
    """The collection as text (default) or CSV, as a download."""
    export, content_type, extension = EXPORTS.get(kind, EXPORTS["text"])
    response = HttpResponse(export(collection), content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(collection.name) or "collection"}.{extension}"'
    return response
