"""What the views share: the organiser and staff decorators, the dashboard and back links, the
live pages' fragment answers and the listing of long tables."""

from functools import wraps
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from core.errors import DomainError

from .. import page_cache
from ..access import (
    can,
    event_for_organiser,
    event_for_staff,
)
from ..models import (
    Match,
    WaitlistEntry,
)
from ..presenters.rounds import plain_rows, records_before

EXTEND_MINUTES = 5


def organiser_view(view):
    """Signed in (else the login page), and the event's organiser: 404 if they cannot see it, else 403."""

    @login_required
    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        return view(request, event_for_organiser(request.user, pk), *args, **kwargs)

    return wrapper


def _dashboard(event, anchor=""):
    return redirect(reverse("tournaments:manage", args=[event.pk]) + (f"#{anchor}" if anchor else ""))


def _event_page(event):
    return reverse("tournaments:event", args=[event.pk])


def _attempt(request, call, *args, **kwargs):
    """Run a service call; on a refusal show its message. Returns (succeeded, result)."""
    try:
        return True, call(*args, **kwargs)
    except DomainError as error:
        messages.error(request, error.message)
        return False, None


def _match(event, match_id):
    return get_object_or_404(Match.objects.select_related("round__event"), pk=match_id, round__event=event)


def _seats(match):
    return list(match.seats.select_related("entrant").order_by("pk"))


def _next_url(request, event):
    """The page the organiser came from (the dashboard with its filter, a round's page), if it is ours."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return desk_url(request.user, event)


def _back(request, event, anchor="round"):
    """Back to the page the form came from, else to the user's dashboard (or results desk) at `anchor`."""
    target = _next_url(request, event)
    return redirect(target if "next" in request.POST else f"{target}#{anchor}")


def staff_view(capability):
    """Signed in (else the login page) and allowed `capability` at the event: 404 if they cannot see it, else 403."""

    def decorate(view):
        @login_required
        @wraps(view)
        def wrapper(request, pk, *args, **kwargs):
            return view(request, event_for_staff(request.user, pk, capability), *args, **kwargs)

        return wrapper

    return decorate


def desk_url(user, event):
    """Where a result form returns to: the organiser's dashboard, or the staff's results desk."""
    name = "tournaments:manage" if can(user, event, "manage") else "tournaments:results_desk"
    return redirect(name, event.pk).url


def registered_message(request, entrant):
    """Staff registered a list for an entry: say whether it lets them check in."""
    if entrant.deck_legal:
        messages.success(request, _("Deck registered for %(name)s.") % {"name": entrant.name})
    else:
        messages.warning(request, _("Deck registered for %(name)s, but it is not legal.") % {"name": entrant.name})


# Rows per page on pairings and standings: a phone finds its table fast; ?all=1 prints every row.
PAGE_ROWS = 200


def _my_entrant(user, event):
    """The viewer's entry (as a player or a team member), or None."""
    if not user.is_authenticated:
        return None
    return event.entrants.filter(Q(user=user) | Q(members=user)).distinct().select_related("deck__deck").first()


def _round_or_404(event, number):
    return get_object_or_404(event.rounds, number=number)


def _wants_fragment(request):
    return request.GET.get("fragment") == "1"


def _render_live(request, template, fragment, context):
    """The whole page, or with ?fragment=1 only the part live.js swaps in every few seconds; either
    is a 304 when the phone already holds the same bytes (a weak signal pays for changes only)."""
    if _wants_fragment(request):
        return page_cache.content_tagged(request, render(request, fragment, context))
    # The page carries its live part's tag, so live.js's first poll of an unchanged page is a 304.
    live_html = render_to_string(fragment, context, request)
    live = {"live_html": live_html, "live_etag": page_cache.content_tag(request, live_html.encode())}
    return page_cache.content_tagged(request, render(request, template, {**context, **live}))


def _respond(request, tag, build):
    """304 when the client holds `tag` (nothing is rendered), else build()'s response with the ETag."""
    if page_cache.not_modified(request, tag):
        return page_cache.unchanged(tag)
    return page_cache.validated(build(), tag)


def _round_rows(event, round_):
    """The round's tables as plain rows, with each player's points and record before the round:
    computed once per page version and language (scores are words), shared by every page."""
    return page_cache.cached(
        event, "rows", (round_.number,), lambda: plain_rows(round_, records_before(event, round_.number))
    )


class Listing:
    """What the visitor asked for: a name to find, a page of rows, or every row (to print)."""

    def __init__(self, request):
        self.search = request.GET.get("q", "").replace("\x00", "").strip()[:120]
        self.show_all = request.GET.get("all") == "1"
        self.page_number = self._number(request.GET.get("page"))

    @staticmethod
    def _number(raw):
        """A missing, malformed or non-positive ?page= is the first page."""
        try:
            number = int(raw or 1)
        except ValueError:
            return 1
        return max(number, 1)

    @property
    def params(self):
        return (self.search, self.show_all, self.page_number)

    def cached(self, event, page, params, build):
        """A page of rows from the cache; a search is rendered each time from the cached rows, so
        that made-up names cannot fill the cache."""
        if self.search:
            return build()
        return page_cache.cached(event, page, (*params, *self.params), build)

    def filter(self, items, names):
        """The items whose names contain the search (any case)."""
        if not self.search:
            return items
        wanted = self.search.casefold()
        found = [item for item in items if any(wanted in name.casefold() for name in names(item))]
        return sorted(found, key=lambda item: min(closeness(wanted, name.casefold()) for name in names(item)))

    def page(self, items):
        """(rows of the asked page, the page for links or None); past the last page is a 404."""
        if self.show_all:
            return items, None
        paginator = Paginator(items, PAGE_ROWS)
        if self.page_number > paginator.num_pages:
            raise Http404(_("No such page."))
        page = paginator.page(self.page_number)
        return page.object_list, page

    def query(self, **extra):
        """The query string the page links keep (the order, the search), without the page."""
        kept = {**extra, "q": self.search} if self.search else extra
        return urlencode({key: value for key, value in kept.items() if value})


def closeness(wanted, name):
    """0 for the exact name (a label's name before its tag), 1 for a name that starts with the search,
    2 for one that merely contains it: "Ana" lists Ana before Hana. The sort keeps the order within."""
    if name == wanted or name.split(" (")[0] == wanted:
        return 0
    return 1 if name.startswith(wanted) else 2


def _seat_names(row):
    return [seat["name"] for seat in row["seats"]]


def _player_count(event):
    """Everyone registered except the no-shows left out when the event started."""
    return event.entrants.exclude(dropped_after=0).count()


def _got_place(event, entrant):
    """Did this entry come from the waitlist? Said on the player's pages until the event starts."""
    if entrant is None or not event.registration_open:
        return False
    return WaitlistEntry.objects.filter(entrant=entrant).exists()


def _judging(event, anchor=""):
    return redirect(reverse("tournaments:judging", args=[event.pk]) + (f"#{anchor}" if anchor else ""))
