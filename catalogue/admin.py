from django.contrib import admin

from .models import Card, CardSet, Game, Tribe


class TribeInline(admin.TabularInline):
    model = Tribe
    fk_name = "game"
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "schema", "has_decks", "is_sample")
    inlines = [TribeInline]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game", "released_on")
    list_filter = ("game",)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name", "number", "card_set", "type", "tribe", "rank", "ability")
    list_filter = ("card_set__game", "card_set", "type", "rank", "tribe")
    search_fields = ("name", "search_name", "ability")
    list_select_related = ("card_set", "tribe")
