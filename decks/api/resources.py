"""Collections and decks over the API; every lookup goes through decks.access (others get 404)."""

import datetime

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from api.schema import error_responses
from catalogue.models import Card, Game
from core.errors import DomainError, define_messages
from decks.access import collection_for, deck_for_owner, deck_for_viewer, listed_decks
from decks.models import Collection
from decks.services import collections as collection_services
from decks.services import decks as deck_services
from decks.services.legality import validate_request

from .serializers import (
    CollectionDetailSerializer,
    CollectionImportSerializer,
    CollectionSerializer,
    DeckSerializer,
    DeckUpdateSerializer,
    DeckVersionSerializer,
    DeckWriteSerializer,
    SetQuantitySerializer,
)

define_messages(
    {
        "decks.unknown_game": _("Unknown game “%(game)s”."),
        "decks.collection_id": _("A collection id is a whole number."),
        "decks.as_of": _("Use a date YYYY-MM-DD."),
    }
)


@extend_schema(responses=error_responses(400, 401, 404))
class CollectionViewSet(viewsets.ViewSet):
    permission_classes = [IsAuthenticated]
    lookup_value_regex = "[0-9]+"

    @extend_schema(responses={200: CollectionSerializer(many=True)})
    def list(self, request):
        collections = Collection.objects.filter(owner=request.user)
        return Response(CollectionSerializer(collections, many=True).data)

    @extend_schema(request=CollectionSerializer, responses={201: CollectionDetailSerializer, **error_responses(400)})
    def create(self, request):
        serializer = CollectionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        collection = collection_services.create_collection(request.user, serializer.validated_data["name"])
        return Response(CollectionDetailSerializer(collection).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: CollectionDetailSerializer, **error_responses(404)})
    def retrieve(self, request, pk=None):
        return Response(CollectionDetailSerializer(collection_for(request.user, pk)).data)

    @extend_schema(
        request=CollectionSerializer, responses={200: CollectionDetailSerializer, **error_responses(400, 404)}
    )
    def partial_update(self, request, pk=None):
        collection = collection_for(request.user, pk)
        serializer = CollectionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        collection_services.rename_collection(collection, serializer.validated_data["name"])
        return Response(CollectionDetailSerializer(collection).data)

    @extend_schema(responses={204: None, **error_responses(404)})
    def destroy(self, request, pk=None):
        collection_for(request.user, pk).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        request=SetQuantitySerializer, responses={200: CollectionDetailSerializer, **error_responses(400, 404)}
    )
    @action(detail=True, methods=["post"])
    def cards(self, request, pk=None):
        """Set the quantity of one card (0 removes it)."""
        collection = collection_for(request.user, pk)
        serializer = SetQuantitySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        card = get_object_or_404(Card, pk=serializer.validated_data["card"])
        collection_services.set_quantity(collection, card, serializer.validated_data["qty"])
        return Response(CollectionDetailSerializer(collection).data)

    @extend_schema(
        request=CollectionImportSerializer, responses={200: CollectionDetailSerializer, **error_responses(400, 404)}
    )
    @action(detail=True, methods=["post"], url_path="import")
    def import_cards(self, request, pk=None):
        """Add `N Card Name` lines or CSV rows (qty, name or set+number); all or nothing."""
        collection = collection_for(request.user, pk)
        serializer = CollectionImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        collection_services.import_into_collection(collection, **serializer.validated_data)
        return Response(CollectionDetailSerializer(collection).data)

    @extend_schema(responses={(200, "text/plain"): str, **error_responses(404)})
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        """The collection as text (default) or CSV (?as=csv)."""
        collection = collection_for(request.user, pk)
        if request.query_params.get("as") == "csv":
            return HttpResponse(collection_services.export_csv(collection), content_type="text/csv; charset=utf-8")
        return HttpResponse(collection_services.export_text(collection), content_type="text/plain; charset=utf-8")


@extend_schema(responses=error_responses(400, 401, 403, 404))
class DeckViewSet(viewsets.ViewSet):
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = "[0-9]+"

    @extend_schema(responses={200: DeckSerializer(many=True)})
    def list(self, request):
        return Response(DeckSerializer(listed_decks(request.user).order_by("-updated_at")[:500], many=True).data)

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
            request.user, data["name"], game, data["format_slug"], data["visibility"], cards, declarations
        )
        return Response(DeckSerializer(deck).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: DeckVersionSerializer, **error_responses(404)})
    def retrieve(self, request, pk=None):
        deck = deck_for_viewer(request.user, pk)
        return Response({**DeckSerializer(deck).data, "latest": DeckVersionSerializer(deck.latest_version()).data})

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
        )
        return Response(DeckSerializer(deck).data)

    @extend_schema(responses={204: None, **error_responses(404)})
    def destroy(self, request, pk=None):
        deck_services.delete_deck(deck_for_owner(request.user, pk), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={200: DeckVersionSerializer(many=True), **error_responses(404)})
    @action(detail=True, methods=["get"])
    def versions(self, request, pk=None):
        deck = deck_for_viewer(request.user, pk)
        return Response(DeckVersionSerializer(deck.versions.all(), many=True).data)

    @extend_schema(responses={200: dict, **error_responses(400, 404)})
    @action(detail=True, methods=["get"])
    def validate(self, request, pk=None):
        """The latest version checked against the deck's format (?as_of=YYYY-MM-DD, ?collection=id)."""
        deck = deck_for_viewer(request.user, pk)
        version = deck.latest_version()
        owned = _owned(request)
        as_of = _as_of(request)
        cards = [{"card": card_id, "qty": qty} for card_id, qty in deck_services.version_cards(version).items()]
        payload = validate_request(
            deck.format_slug, cards=cards, as_of=as_of, owned=owned, declarations=version.declarations
        )
        return Response({**payload, "version": version.number, "hash": version.content_hash})


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


def _owned(request):
    collection_id = request.query_params.get("collection")
    if not collection_id:
        return None
    if not collection_id.isdigit():
        raise DomainError("decks.collection_id", "collection")
    return collection_for(request.user, int(collection_id)).owned()


def _as_of(request):
    raw = request.query_params.get("as_of")
    try:
        return datetime.date.fromisoformat(raw) if raw else None
    except ValueError:
        raise DomainError("decks.as_of", "as_of") from None
