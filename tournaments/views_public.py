"""Pages anyone who may see an event reads: list, event page, pairings, standings, bracket, timer."""

from django.core.paginator import Paginator
from django.shortcuts import render

from .access import visible_events


def event_list(request):
    events = visible_events(request.user).order_by("-created_at")
    page = Paginator(events, 50).get_page(request.GET.get("page"))
    return render(request, "tournaments/event_list.html", {"page": page})
