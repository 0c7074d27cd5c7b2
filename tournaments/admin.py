"""The admin's lists stay a page of rows whatever the site holds: related rows are read in the
same query, large tables are picked by id, and an event's players are a list of their own (an
inline of 4,096 rows would make the event's page grow with its players)."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import AuditEntry, Entrant, Event, Match, Round, Seat

LIST_PER_PAGE = 50


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "mode", "status", "organiser", "starts_at", "created_at")
    list_filter = ("status", "mode", "game", "is_public")
    list_select_related = ("game", "organiser")
    list_per_page = LIST_PER_PAGE
    search_fields = ("name", "venue", "organiser__username")
    date_hierarchy = "created_at"
    raw_id_fields = ("organiser",)
    readonly_fields = ("players",)

    def get_queryset(self, request):
        # The changelist adds list_select_related only to a queryset that selects nothing yet, and
        # Event.objects already selects the event's own rows.
        return super().get_queryset(request).select_related(*self.list_select_related)

    @admin.display(description=_("players"))
    def players(self, event):
        url = reverse("admin:tournaments_entrant_changelist") + f"?event__id__exact={event.pk}"
        return format_html('<a href="{}">{}</a>', url, _("The event's players"))


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ("name", "event", "user", "checked_in", "deck_legal", "dropped_after")
    list_filter = ("checked_in", "deck_legal")
    list_select_related = ("event", "user")
    list_per_page = LIST_PER_PAGE
    search_fields = ("name", "user__username", "event__name")
    raw_id_fields = ("event", "user")
    fields = ("event", "name", "user", "deck", "deck_legal", "checked_in", "joined_round", "dropped_after")
    # Shown, not changed here: a drop, a check-in or a deck has its one writer (services.entrants,
    # services.decklists), which checks who may, logs it and marks the pages stale.
    readonly_fields = ("deck", "deck_legal", "checked_in", "dropped_after")


class SeatInline(admin.TabularInline):
    """A table's seats, shown: who sits where changes by pairing (services.rounds) and a result by its
    one writer (services.results: a correction with a reason), both logged, never here."""

    model = Seat
    extra = 0
    can_delete = False
    readonly_fields = ("entrant", "game_wins", "placement", "games_conceded", "game_total")

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "status", "is_bye")
    list_filter = ("status",)
    list_select_related = ("round__event",)
    list_per_page = LIST_PER_PAGE
    raw_id_fields = ("round",)
    inlines = [SeatInline]
    readonly_fields = ("is_bye", "status", "draws", "version")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "event", "actor", "action", "round_number", "table", "entrant_name")
    list_filter = ("action",)
    list_select_related = ("event", "actor")
    list_per_page = LIST_PER_PAGE
    readonly_fields = (
        "event",
        "actor",
        "action",
        "round_number",
        "table",
        "entrant",
        "entrant_name",
        "before",
        "after",
        "created_at",
    )


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "stage")
    list_select_related = ("event",)
    list_per_page = LIST_PER_PAGE
    raw_id_fields = ("event",)
