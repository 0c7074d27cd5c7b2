"""One event search, shared by the events page and the API: by game, status, date, store and
whose events. Every filter is a column of the event itself (indexed), so a page of a thousand
events' list costs the same few queries as a page of ten."""

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game

from .access import visible_events
from .models import Entrant, Event, EventStaff

SORTS = {
    "newest": ("-created_at", "-pk"),
    "date": ("starts_at", "pk"),
    "-date": ("-starts_at", "-pk"),
    "name": ("name", "pk"),
}

MINE = {
    "organising": _("Events I organise"),
    "playing": _("Events I play in"),
    "working": _("Events I work at"),
}


class EventFilterForm(forms.Form):
    q = forms.CharField(required=False, max_length=100, label=_("Name"))
    game = forms.SlugField(required=False, label=_("Game"))
    status = forms.ChoiceField(required=False, label=_("Status"))
    store = forms.CharField(required=False, max_length=100, label=_("Store or organiser"))
    starts_from = forms.DateField(required=False, label=_("From"), widget=forms.DateInput(attrs={"type": "date"}))
    starts_until = forms.DateField(required=False, label=_("Until"), widget=forms.DateInput(attrs={"type": "date"}))
    mine = forms.ChoiceField(required=False, label=_("Whose"))
    sort = forms.ChoiceField(
        required=False,
        label=_("Sort by"),
        choices=[
            ("newest", _("Newest first")),
            ("date", _("Date")),
            ("-date", _("Date, latest first")),
            ("name", _("Name")),
        ],
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["status"].choices = [("", _("Any status")), *Event.Status.choices]
        self.fields["mine"].choices = [("", _("All events I can see"))]
        if user is not None and user.is_authenticated:
            self.fields["mine"].choices += list(MINE.items())

    def clean_game(self):
        slug = self.cleaned_data["game"]
        if slug and not Game.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("Unknown game “%(game)s”."), params={"game": slug})
        return slug

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("starts_from"), cleaned.get("starts_until")
        if start and end and end < start:
            self.add_error("starts_until", _("The end date is before the start date."))
        return cleaned


def search_events(user, filters):
    """The events `user` may see that match cleaned EventFilterForm data, in the chosen order."""
    events = filter_events(visible_events(user), filters)
    if not filters.get("status"):
        events = without_cancelled(events, user)
    events = _whose(events, user, filters.get("mine"))
    # A row of the list shows the event and its game (and a cancelled one's reason), none of the rows
    # read along with one event (models.events.SETUP): joined to those too, PostgreSQL took 13-22 ms to
    # plan each page.
    events = events.select_related(None).select_related("game", "cancellation")
    return events.order_by(*SORTS[filters.get("sort") or "newest"])


def filter_events(events, filters):
    """`events` narrowed by the filters given (the pages' form and the public API share them)."""
    if filters.get("q"):
        events = events.filter(name__icontains=filters["q"].strip())
    if filters.get("game"):
        events = events.filter(game__slug=filters["game"])
    if filters.get("format"):
        events = events.filter(format_slug=filters["format"])
    if filters.get("status"):
        events = events.filter(status=filters["status"])
    if filters.get("organiser"):
        events = events.filter(organiser__username__iexact=filters["organiser"])
    if filters.get("store"):
        store = filters["store"].strip()
        events = events.filter(
            Q(venue__icontains=store)
            | Q(organiser__username__iexact=store)
            | Q(organiser__display_name__icontains=store)
        )
    if filters.get("starts_from"):
        events = events.filter(starts_at__date__gte=filters["starts_from"])
    if filters.get("starts_until"):
        events = events.filter(starts_at__date__lte=filters["starts_until"])
    return events


def without_cancelled(events, user=None):
    """A list not filtered by status leaves cancelled events out, except for the people they concern
    (who organise, play in or work at one): a store's called-off night does not crowd everyone's
    list, and its players still find it, marked "Cancelled" with the reason (docs/events.md)."""
    listed = ~Q(status=Event.Status.CANCELLED)
    if user is None or not user.is_authenticated:
        return events.filter(listed)
    playing = Entrant.objects.filter(Q(user=user) | Q(members=user)).values("event_id")
    working = EventStaff.objects.filter(user=user).values("event_id")
    return events.filter(listed | Q(organiser=user) | Q(pk__in=playing) | Q(pk__in=working))


def _whose(events, user, mine):
    if not mine or not user.is_authenticated:
        return events
    if mine == "organising":
        return events.filter(organiser=user)
    if mine == "playing":
        return events.filter(pk__in=Entrant.objects.filter(Q(user=user) | Q(members=user)).values("event_id"))
    return events.filter(pk__in=EventStaff.objects.filter(user=user).values("event_id"))
