"""The open formats over the API: exports (TRF-16, NRTM-style JSON, plain standings CSV) for anyone
who may see the event, cached per change with ETags; imports for organisers, previewed unless
`confirm` (docs/interchange.md)."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from api.negotiation import JSONOnly
from api.schema import error_responses

from .. import page_cache
from ..access import event_for_viewer
from ..presenters.interchange import export_text, export_variant, import_preview
from ..services import interchange as interchange_services
from .common import _valid
from .serializers import EventImportSerializer, EventSerializer, PlayerListImportSerializer

CSV_TYPE = "text/csv"
TRF_EXAMPLE = "012 Store night\r\n062 2\r\n001    1      Ana Lima   ...   3.0    1     2 w 1\r\n"

PREVIEW = inline_serializer(
    "EventImportPreview",
    fields={
        "preview": serializers.DictField(help_text="name, players, names, dropped, rounds, next_round"),
        "event": EventSerializer(required=False),
    },
)
PLAYERS = inline_serializer(
    "PlayerListImport",
    fields={"players": serializers.ListField(child=serializers.CharField()), "added": serializers.IntegerField()},
)


def _export(request, pk, kind, media_type):
    event = event_for_viewer(request.user, pk)
    variant = export_variant(event, request.user, kind)
    tag = page_cache.etag(event, variant)
    if page_cache.not_modified(request, tag):
        return page_cache.unchanged(tag)
    text = page_cache.cached(event, variant, (), lambda: export_text(event, kind, variant.endswith("seeded")))
    return page_cache.validated(HttpResponse(text.encode(), content_type=f"{media_type}; charset=utf-8"), tag)


def _text_response(media_type, example):
    """A file in the response body: text, or for JSON the document itself (an object)."""
    kind = OpenApiTypes.OBJECT if media_type == "application/json" else OpenApiTypes.STR
    return {
        (200, media_type): OpenApiResponse(kind, examples=[OpenApiExample("file", example)]),
        **error_responses(404, 409),
    }


class InterchangeActions:
    """Exports and imports in the open formats."""

    @extend_schema(responses=_text_response("text/plain", TRF_EXAMPLE))
    @action(detail=True, methods=["get"], url_path="export/trf", content_negotiation_class=JSONOnly)
    def export_trf(self, request, pk=None):
        """The event as FIDE's TRF-16 (Swiss rounds with every result; 409 for a team or pod event)."""
        return _export(request, pk, "trf", "text/plain")

    @extend_schema(responses=_text_response("application/json", {"name": "Store night", "players": []}))
    @action(detail=True, methods=["get"], url_path="export/json", content_negotiation_class=JSONOnly)
    def export_json(self, request, pk=None):
        """The event as NRTM-style JSON, as cobra writes it, with this site's `cardEvents` members."""
        return _export(request, pk, "json", "application/json")

    @extend_schema(responses=_text_response(CSV_TYPE, "Rank,Player,Points,Record,OMW%,GW%,OGW%\r\n"))
    @action(detail=True, methods=["get"], url_path="export/standings-csv", content_negotiation_class=JSONOnly)
    def export_standings_csv(self, request, pk=None):
        """The standings as plain CSV: rank, player, points, record, OMW%, GW%, OGW%."""
        return _export(request, pk, "csv", CSV_TYPE)

    @extend_schema(
        request=EventImportSerializer, responses={200: PREVIEW, 201: PREVIEW, **error_responses(400, 403, 409)}
    )
    @action(detail=False, methods=["post"], url_path="import")
    def import_event(self, request):
        """A new event from TRF-16 or JSON: without `confirm`, only the preview (nothing is written);
        with it, the event (201). All or nothing; a bad file is 400 and says why."""
        data = _valid(EventImportSerializer, request.data)
        format_slug = data.get("format")
        record, source = interchange_services.read_event_file(data["content"], data["game"])
        if not data["confirm"]:
            interchange_services.preview_event_import(request.user, record, data["game"], format_slug)
            return Response({"preview": import_preview(record)})
        event = interchange_services.import_event(request.user, record, data["game"], format_slug, source)
        return Response({"preview": import_preview(record), "event": EventSerializer(event).data}, status=201)

    @extend_schema(
        request=PlayerListImportSerializer, responses={200: PLAYERS, 201: PLAYERS, **error_responses(400, 403, 409)}
    )
    @action(detail=True, methods=["post"], url_path="players/import")
    def import_players(self, request, pk=None):
        """Players from another tool's CSV, entered as walk-ins by name; a preview unless `confirm`."""
        event = self._organised(request, pk)
        data = _valid(PlayerListImportSerializer, request.data)
        rows = interchange_services.read_players(data["content"])
        names = [name for _line, name in rows]
        if not data["confirm"]:
            interchange_services.preview_players(event, request.user, rows)
            return Response({"players": names, "added": 0})
        added = interchange_services.import_players(event, request.user, rows)
        return Response({"players": names, "added": len(added)}, status=status.HTTP_201_CREATED)
