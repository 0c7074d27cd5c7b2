from django.contrib import admin

from .models import FindingReview, RulesDocument, Terminology


@admin.register(Terminology)
class TerminologyAdmin(admin.ModelAdmin):
    list_display = ("game", "concept", "language", "term", "variants", "alternatives")
    list_filter = ("game", "language", "concept")
    search_fields = ("concept", "term", "variants", "alternatives")


@admin.register(RulesDocument)
class RulesDocumentAdmin(admin.ModelAdmin):
    list_display = ("game", "language", "version", "title", "is_current", "imported_at")
    list_filter = ("game", "language", "is_current")
    readonly_fields = ("content_hash", "structure", "source_text", "imported_at", "imported_by")


@admin.register(FindingReview)
class FindingReviewAdmin(admin.ModelAdmin):
    list_display = ("game", "key", "note", "accepted_by", "accepted_at")
    list_filter = ("game",)
    search_fields = ("key", "note")
