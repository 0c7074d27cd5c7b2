"""Collections and decks over the API; every lookup goes through decks.access (others get 404).

Numeric ids open your own decks and collections and public decks; an unlisted deck or
collection is read at /api/v1/shared/decks/<key>/ or /api/v1/shared/collections/<key>/.
"""

import datetime

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from api.parsers import StrictJSONParser
from api.schema import error_responses
from catalogue.api.pagination import PageQuerySerializer, StandardPagination
from catalogue.models import Card, Game
from core.errors import DomainError, define_messages
from core.numbers import whole_number
from decks.access import (
    collection_for,
    deck_for_owner,
    deck_for_viewer,
    listed_decks,
    recently_deleted,
    restorable_deck,
    shared_collection,
    shared_deck,
)
from decks.importing import read_as, read_upload
from decks.models import Collection
from decks.page_support import export_response
from decks.presenters import copy_name
from decks.services import building
from decks.services import collections as collection_services
from decks.services import decks as deck_services
from decks.services.legality import validate_request
from decks.services.sharing import regenerate_share_link

from .serializers import (
    CardCountSerializer,
    ChangeSerializer,
    CloneSerializer,
    CollectionDetailSerializer,
    CollectionImportSerializer,
    CollectionListSerializer,
    CollectionSerializer,
    CollectionUpdateSerializer,
    CollectionUploadSerializer,
    CompareSerializer,
    ConfirmSerializer,
    DeckSerializer,
    DeckUpdateSerializer,
    DeckVersionSerializer,
    DeckWriteSerializer,
    DeletedDeckPageSerializer,
    DeletedDeckSerializer,
    HistoryPageSerializer,
    HistorySerializer,
    ShareLinkSerializer,
    share_link,
)

define_messages(
    {
        "decks.unknown_game": _("Unknown game “%(game)s”."),
        "decks.collection_id": _("A collection id is a whole number."),
        "decks.as_of": _("Use a date YYYY-MM-DD."),
        "decks.version_number": _("Give version numbers as whole numbers (“older” and “newer”)."),
    }
)
SHARE_KEY_PATTERN = "[A-Za-z0-9_-]+"
PUBLIC_DECKS_LISTED = 500  # other players' public decks in the list; the caller's own are all listed
COMPARE_PARAMETERS = [OpenApiParameter("older", int), OpenApiParameter("newer", int)]


def _detail(collection, request, **extra):
    return Response({**CollectionDetailSerializer(collection, context={"request": request}).data, **extra})


def _written(result):
    """What an import, a preview, an emptying or an undo changes, for the API."""
    body = {
        "changes": ChangeSerializer(result.changes, many=True).data,
        "totals": result.totals,
        "digest": result.digest,
        "history_id": result.record.pk if result.record is not None else None,
    }
    if result.decklist is not None:
        body["read_as"] = read_as(result.decklist)
        body["notes"] = [note.as_dict() for note in result.decklist.notes]
    return body


@extend_schema(responses=error_responses(400, 401, 404))
class CollectionViewSet(viewsets.ViewSet):
    permission_classes = [IsAuthenticated]
    lookup_value_regex = "[0-9]+"

    @extend_schema(responses={200: CollectionSerializer(many=True)})
    def list(self, request):
        collections = collection_services.with_counts(Collection.objects.filter(owner=request.user))
        return Response(CollectionSerializer(collections, many=True, context={"request": request}).data)

    @extend_schema(request=CollectionSerializer, responses={201: CollectionDetailSerializer, **error_responses(400)})
    def create(self, request):
        serializer = CollectionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        collection = collection_services.create_collection(request.user, **serializer.validated_data)
        return Response(
            CollectionDetailSerializer(collection, context={"request": request}).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(responses={200: CollectionDetailSerializer, **error_responses(404)})
    def retrieve(self, request, pk=None):
        return _detail(collection_for(request.user, pk), request)

    @extend_schema(
        request=CollectionUpdateSerializer, responses={200: CollectionDetailSerializer, **error_responses(400, 404)}
    )
    def partial_update(self, request, pk=None):
        """Rename, or make private or unlisted (reached by its share link)."""
        collection = collection_for(request.user, pk)
        serializer = CollectionUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        collection_services.edit_collection(collection, **serializer.validated_data)
        return _detail(collection, request)

    @extend_schema(responses={204: None, **error_responses(404)})
    def destroy(self, request, pk=None):
        collection_services.delete_collection(collection_for(request.user, pk), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        request=CardCountSerializer, responses={200: CollectionDetailSerializer, **error_responses(400, 404)}
    )
    @action(detail=True, methods=["post"])
    def cards(self, request, pk=None):
        """Add copies of one card (`add`, negative removes; never below zero) or set its count
        (`qty`, 0 removes it). The answer's `change` gives the count before and after, and
        `history_id` the history entry that undoes it (`history/{id}/undo/`)."""
        collection = collection_for(request.user, pk)
        serializer = CardCountSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        card = get_object_or_404(Card.objects.select_related("card_set"), pk=data["card"])
        variant, tags = (data["finish"], data["condition"], data["language"]), data.get("tags")
        if "add" in data:
            written = collection_services.add_copies(collection, card, data["add"], variant, request.user, tags)
        else:
            written = collection_services.set_copies(collection, card, data["qty"], variant, request.user, tags)
        history_id = written.record.pk if written.record is not None else None
        return _detail(collection, request, change=ChangeSerializer(written.change).data, history_id=history_id)

    @extend_schema(
        request={"application/json": CollectionListSerializer, "multipart/form-data": CollectionUploadSerializer},
        responses={200: CollectionDetailSerializer, **error_responses(400, 404, 409)},
    )
    @action(detail=True, methods=["post"], url_path="import", parser_classes=[StrictJSONParser, MultiPartParser])
    def import_cards(self, request, pk=None):
        """Add (`mode: add`), set the listed cards (`set`) or replace the collection (`replace`)
        from text or CSV (`text`), or an uploaded file (`file`, multipart); all or nothing.
        `preview: true` writes nothing and answers with what would change and its `digest`; a
        replace needs `confirm: true` (with that `digest`, the write is refused with 409 if the
        changes differ). The answer lists every change (`changes`: before and after), `totals`, how
        the list was read, and `history_id`: `POST history/{history_id}/undo/` undoes it."""
        collection = collection_for(request.user, pk)
        serializer = CollectionImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        text, encoding = data.get("text") or "", ""
        if data.get("file"):
            text, encoding = read_upload(data["file"], collection_services.MAX_IMPORT_BYTES)
        parsed = collection_services.read_collection_list(text)
        parsed.encoding = encoding
        if data["preview"] or (data["mode"] == collection_services.REPLACE and not data["confirm"]):
            preview = collection_services.preview_import(collection, parsed, data["mode"])
            if not data["preview"]:
                raise DomainError("collections.confirm_needed", "confirm", status=409, details=_written(preview))
            return _detail(collection, request, preview=True, **_written(preview))
        result = collection_services.import_into_collection(
            collection, parsed, data["mode"], expected=data.get("digest") or None, actor=request.user
        )
        return _detail(collection, request, preview=False, **_written(result))

    @extend_schema(request=ConfirmSerializer, responses={200: CollectionDetailSerializer, **error_responses(404, 409)})
    @action(detail=True, methods=["post"])
    def clear(self, request, pk=None):
        """Empty the collection. Without `confirm: true` nothing changes: the answer (409) holds the
        preview and its `digest`; send both back to empty it. Undoable from the history."""
        collection = collection_for(request.user, pk)
        serializer = ConfirmSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        preview = collection_services.preview_clear(collection)
        if not serializer.validated_data["confirm"]:
            raise DomainError("collections.confirm_needed", "confirm", status=409, details=_written(preview))
        digest = serializer.validated_data.get("digest") or preview.digest
        result = collection_services.clear_collection(collection, digest, request.user)
        return _detail(collection, request, **_written(result))

    @extend_schema(
        responses={200: HistoryPageSerializer, **error_responses(400, 404)},
        parameters=[PageQuerySerializer],
    )
    @action(detail=True, methods=["get"])
    def history(self, request, pk=None):
        """Every change (imports, counts, edits, emptying, undo), newest first, 50 a page (up to 200
        with `page_size`), with each card's count before and after."""
        pages = StandardPagination()
        records = collection_services.history_records(collection_for(request.user, pk))
        page = collection_services.describe_history(pages.paginate_queryset(records, request, view=self))
        return pages.get_paginated_response(HistorySerializer(page, many=True).data)

    @extend_schema(request=None, responses={200: CollectionDetailSerializer, **error_responses(404, 409)})
    @action(detail=True, methods=["post"], url_path=r"history/(?P<change_id>[0-9]+)/undo")
    def undo(self, request, pk=None, change_id=None):
        """Undo one change of the history; the undo is itself in the history."""
        collection = collection_for(request.user, pk)
        result = collection_services.undo_change(collection, int(change_id), request.user)
        return _detail(collection, request, **_written(result))

    @extend_schema(responses={(200, "text/plain"): str, **error_responses(404)})
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        """The collection as text (default) or CSV (?as=csv); either imports back unchanged."""
        return export_response(collection_for(request.user, pk), request.query_params.get("as"))

    @extend_schema(request=None, responses={200: ShareLinkSerializer, **error_responses(404)})
    @action(detail=True, methods=["post"], url_path="share-link")
    def share_link(self, request, pk=None):
        """A new share key; the old link stops working."""
        collection = regenerate_share_link(collection_for(request.user, pk))
        return Response(share_link(collection, request, "decks:shared_collection"))


@extend_schema(responses=error_responses(404))
class SharedCollectionViewSet(viewsets.ViewSet):
    """An unlisted collection, read-only, by its share key."""

    permission_classes = [AllowAny]
    lookup_field = "token"
    lookup_value_regex = SHARE_KEY_PATTERN

    @extend_schema(responses={200: CollectionDetailSerializer, **error_responses(404)})
    def retrieve(self, request, token=None):
        collection = shared_collection(token)
        return _detail(collection, request, owner=collection.owner.username)

    @extend_schema(responses={(200, "text/plain"): str, **error_responses(404)})
    @action(detail=True, methods=["get"])
    def export(self, request, token=None):
        return export_response(shared_collection(token), request.query_params.get("as"))


class DeckReading:
    """What anyone who can see a deck may do with it; `deck(request, key)` finds it."""

    def deck(self, request, key):
        raise NotImplementedError

    @extend_schema(responses={200: DeckVersionSerializer, **error_responses(404)})
    def retrieve(self, request, **kwargs):
        deck = self.deck(request, self._key(kwargs))
        data = DeckSerializer(deck, context={"request": request}).data
        return Response({**data, "latest": DeckVersionSerializer(deck.latest_version()).data})

    @extend_schema(responses={200: DeckVersionSerializer(many=True), **error_responses(404)})
    @action(detail=True, methods=["get"])
    def versions(self, request, **kwargs):
        deck = self.deck(request, self._key(kwargs))
        versions = list(deck.versions.all())
        context = {"entries": deck_services.versions_entries(versions)}  # every version's cards in one read
        return Response(DeckVersionSerializer(versions, many=True, context=context).data)

    @extend_schema(responses={200: dict, **error_responses(400, 404)})
    @action(detail=True, methods=["get"])
    def validate(self, request, **kwargs):
        """The latest version checked against the deck's format (?as_of=YYYY-MM-DD, ?collection=id)."""
        deck = self.deck(request, self._key(kwargs))
        version = deck.latest_version()
        cards = [{"card": card_id, "qty": qty} for card_id, qty in deck_services.version_cards(version).items()]
        payload = validate_request(
            deck.format_slug,
            cards=cards,
            as_of=_as_of(request),
            owned=_owned(request),
            declarations=version.declarations,
        )
        return Response({**payload, "version": version.number, "hash": version.content_hash})

    @extend_schema(parameters=COMPARE_PARAMETERS, responses={200: CompareSerializer, **error_responses(400, 404)})
    @action(detail=True, methods=["get"])
    def compare(self, request, **kwargs):
        """The cards whose counts differ between two versions (?older=n&newer=m)."""
        deck = self.deck(request, self._key(kwargs))
        older, newer = (_version(deck, request.query_params.get(name)) for name in ("older", "newer"))
        changes = [
            {"card": card.pk, "name": card.name, "before": before, "after": after}
            for card, before, after in deck_services.diff_versions(older, newer)
        ]
        return Response(
            {
                "older": older.number,
                "newer": newer.number,
                "older_hash": older.content_hash,
                "newer_hash": newer.content_hash,
                "changes": changes,
            }
        )

    @extend_schema(request=CloneSerializer, responses={201: DeckSerializer, **error_responses(400, 401, 404)})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def clone(self, request, **kwargs):
        """A private copy of the deck's newest version, owned by you."""
        deck = self.deck(request, self._key(kwargs))
        serializer = CloneSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        name = serializer.validated_data.get("name") or copy_name(deck)
        copy = deck_services.clone_deck(deck, request.user, name)
        return Response(DeckSerializer(copy, context={"request": request}).data, status=status.HTTP_201_CREATED)

    @staticmethod
    def _key(kwargs):
        return kwargs.get("pk") or kwargs.get("token")


@extend_schema(responses=error_responses(400, 401, 403, 404))
class DeckViewSet(DeckReading, viewsets.ViewSet):
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = "[0-9]+"

    def deck(self, request, key):
        return deck_for_viewer(request.user, key)

    @extend_schema(responses={200: DeckSerializer(many=True)})
    def list(self, request):
        """Every deck of yours, and the public decks of others saved last (at most 500), newest first."""
        decks = listed_decks(request.user).order_by("-updated_at", "-pk")
        if not request.user.is_authenticated:
            return self._listed(request, decks[:PUBLIC_DECKS_LISTED])
        mine = list(decks.filter(owner=request.user))
        others = list(decks.exclude(owner=request.user)[:PUBLIC_DECKS_LISTED])
        return self._listed(
            request, sorted([*mine, *others], key=lambda deck: (deck.updated_at, deck.pk), reverse=True)
        )

    @staticmethod
    def _listed(request, decks):
        decks = list(decks)
        context = {"request": request, "latest": building.latest_versions(decks)}  # one read for every deck
        return Response(DeckSerializer(decks, many=True, context=context).data)

    @extend_schema(request=DeckWriteSerializer, responses={201: DeckSerializer, **error_responses(400)})
    def create(self, request):
        serializer = DeckWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game = Game.objects.filter(slug=data["game"]).first()
        if game is None:
            raise DomainError("decks.unknown_game", "game", game=data["game"])
        cards, declarations = _content(data, game, {})
        deck = deck_services.create_deck(
            request.user,
            data["name"],
            game,
            data["format_slug"],
            data["visibility"],
            cards,
            declarations,
            description=data.get("description", ""),
        )
        return Response(DeckSerializer(deck, context={"request": request}).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=DeckUpdateSerializer, responses={200: DeckSerializer, **error_responses(400, 404)})
    def partial_update(self, request, pk=None):
        deck = deck_for_owner(request.user, pk)
        serializer = DeckUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        has_content = "decklist" in data or "cards" in data
        deck_services.edit_deck(
            deck,
            data.get("name"),
            data.get("visibility"),
            data.get("format_slug"),
            content=(lambda declarations: _content(data, deck.game, declarations)) if has_content else None,
            description=data.get("description"),
        )
        return Response(DeckSerializer(deck, context={"request": request}).data)

    @extend_schema(responses={204: None, **error_responses(404)})
    def destroy(self, request, pk=None):
        """Delete the deck: it answers 404 and leaves every list at once, and you can restore it as it
        was for 30 days (`POST {id}/restore/`, `GET deleted/`); then it is purged."""
        deck_services.delete_deck(deck_for_owner(request.user, pk), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={200: DeckSerializer, **error_responses(401, 404)})
    @action(
        detail=True, methods=["post"], url_path="restore", url_name="undelete", permission_classes=[IsAuthenticated]
    )
    def undelete(self, request, pk=None):
        """Restore a deck of yours deleted less than 30 days ago, exactly as it was (versions, share key,
        visibility). A deck that is not deleted is answered as it is."""
        deck = restorable_deck(request.user, pk)
        deck_services.restore_deck(deck, request.user)
        return Response(DeckSerializer(deck, context={"request": request}).data)

    @extend_schema(
        responses={200: DeletedDeckPageSerializer, **error_responses(400, 401, 404)},
        parameters=[PageQuerySerializer],
    )
    @action(detail=False, methods=["get"], permission_classes=[IsAuthenticated])
    def deleted(self, request):
        """Your decks deleted less than 30 days ago, last deleted first, 50 a page: each can still be
        restored."""
        pages = StandardPagination()
        page = pages.paginate_queryset(recently_deleted(request.user), request, view=self)
        return pages.get_paginated_response(DeletedDeckSerializer(page, many=True).data)

    @extend_schema(
        request=None, responses={201: DeckVersionSerializer, 200: DeckVersionSerializer, **error_responses(404)}
    )
    @action(detail=True, methods=["post"], url_path=r"versions/(?P<number>[0-9]+)/restore")
    def restore(self, request, pk=None, number=None):
        """Save an old version's cards as the newest version (200 when they already are)."""
        deck = deck_for_owner(request.user, pk)
        latest = deck.latest_version()
        restored = deck_services.restore_version(deck, int(number))
        code = status.HTTP_200_OK if restored == latest else status.HTTP_201_CREATED
        return Response(DeckVersionSerializer(restored).data, status=code)

    @extend_schema(request=None, responses={200: ShareLinkSerializer, **error_responses(404)})
    @action(detail=True, methods=["post"], url_path="share-link")
    def share_link(self, request, pk=None):
        """A new share key; the old link stops working."""
        deck = regenerate_share_link(deck_for_owner(request.user, pk))
        return Response(share_link(deck, request, "decks:shared_deck"))


@extend_schema(responses=error_responses(404))
class SharedDeckViewSet(DeckReading, viewsets.ViewSet):
    """An unlisted (or public) deck, read by its share key."""

    permission_classes = [AllowAny]
    lookup_field = "token"
    lookup_value_regex = SHARE_KEY_PATTERN

    def deck(self, request, key):
        return shared_deck(key, request.user)


def _content(data, game, declarations):
    if "decklist" in data:
        return deck_services.cards_from_decklist(data["decklist"], game)
    cards = {}
    for item in data.get("cards", []):
        cards[item["card"]] = cards.get(item["card"], 0) + item["qty"]
    unknown = set(cards) - set(Card.objects.filter(pk__in=cards, card_set__game=game).values_list("pk", flat=True))
    if unknown:
        raise DomainError("decks.cards_wrong_game", "cards", game=game.name, cards=sorted(unknown))
    return cards, declarations


def _version(deck, raw):
    if raw is None:
        return deck.latest_version()
    number = whole_number(raw)
    if number is None:
        raise DomainError("decks.version_number", "version")
    return get_object_or_404(deck.versions, number=number)


def _owned(request):
    collection_id = request.query_params.get("collection")
    if not collection_id:
        return None
    number = whole_number(collection_id)
    if number is None:
        raise DomainError("decks.collection_id", "collection")
    return collection_for(request.user, number).owned()


def _as_of(request):
    raw = request.query_params.get("as_of")
    try:
        return datetime.date.fromisoformat(raw) if raw else None
    except ValueError:
        raise DomainError("decks.as_of", "as_of") from None
