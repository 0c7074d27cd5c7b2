from django.contrib import admin

from .models import AuditEntry, Entrant, Event, Match, Round, Seat


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ("name", "user", "deck", "deck_legal", "checked_in", "joined_round", "dropped_after")
    raw_id_fields = ("user", "deck")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "mode", "status", "organiser", "created_at")
    list_filter = ("status", "mode", "game")
    search_fields = ("name",)
    inlines = [EntrantInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "status", "is_bye")
    list_filter = ("status",)
    inlines = [SeatInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "event", "actor", "action", "round_number", "table", "entrant_name")
    list_filter = ("action",)
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


admin.site.register(Round)
