"""The open formats on the pages: exports anyone who may see the event downloads (cached per change,
with ETags), and the organiser's imports, each previewed before it is confirmed (docs/interchange.md)."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.decorators import organiser_required
from core.errors import DomainError, local_number

from .. import page_cache
from ..access import event_for_viewer
from ..forms.interchange import EventImportForm, PlayerListForm
from ..presenters.interchange import EXPORTS, export_text, export_variant, import_preview
from ..services import interchange as interchange_services
from .common import _dashboard, _event_page, _respond, organiser_view

CSV_TYPE = "text/csv; charset=utf-8"


def export(request, pk, kind):
    """TRF-16 (`trf`), NRTM-style JSON (`json`) or the plain standings CSV (`csv`)."""
    event = event_for_viewer(request.user, pk)
    media_type, suffix = (CSV_TYPE, "csv") if kind == "csv" else EXPORTS[kind][1:]
    variant = export_variant(event, request.user, kind)

    def build():
        try:
            text = page_cache.cached(event, variant, (), lambda: export_text(event, kind, variant.endswith("seeded")))
        except DomainError as error:
            messages.error(request, error.message)
            return redirect(_event_page(event))
        response = HttpResponse(text.encode(), content_type=media_type)
        name = "standings" if kind == "csv" else "event"
        response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-{name}.{suffix}"'
        return response

    return _respond(request, page_cache.etag(event, variant), build)


@organiser_required
def import_event(request):
    """Paste or upload a TRF-16 or JSON file: a preview of what will be created, then, confirmed, a new
    event to continue from its next round. Nothing is written until then, and then all or nothing."""
    form = EventImportForm(request.POST or None, request.FILES or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        game, format_slug = form.cleaned_data["game"], form.format_slug()
        try:
            record, source = interchange_services.read_event_file(form.cleaned_data["text"], game)
            if request.POST.get("confirm"):
                event = interchange_services.import_event(request.user, record, game, format_slug, source)
                messages.success(request, _("Event imported: pair its next round when you are ready."))
                return _dashboard(event)
            interchange_services.preview_event_import(request.user, record, game, format_slug)
            preview = import_preview(record)
        except DomainError as error:
            form.add_error("text", error.message)
    return render(request, "tournaments/manage/import_event.html", {"form": form, "preview": preview})


@organiser_view
def import_players(request, event):
    """A player list from another tool: a preview of the names, then, confirmed, every one entered."""
    form = PlayerListForm(request.POST or None, request.FILES or None)
    names = None
    if request.method == "POST" and form.is_valid():
        try:
            rows = interchange_services.read_players(form.cleaned_data["text"])
            if request.POST.get("confirm"):
                added = interchange_services.import_players(event, request.user, rows)
                count = len(added)
                messages.success(
                    request,
                    ngettext("%(count)s player added.", "%(count)s players added.", count)
                    % {"count": local_number(count)},
                )
                return redirect("tournaments:manage_players", event.pk)
            interchange_services.preview_players(event, request.user, rows)
            names = [name for _line, name in rows]
        except DomainError as error:
            form.add_error("text", error.message)
    context = {"event": event, "form": form, "names": names}
    return render(request, "tournaments/manage/import_players.html", context)
