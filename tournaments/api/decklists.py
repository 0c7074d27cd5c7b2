"""Registered decklists over the API: a deck for an entrant, the lists the reader may see, the deadline."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from decks.services.decks import version_text, version_texts

from ..access import event_for_viewer, visible_decklists
from ..services import decklists as decklist_services
from .common import _valid
from .serializers import (
    DeadlineSerializer,
    DecklistSerializer,
    DeckSubmitSerializer,
    EntrantSerializer,
    EventSerializer,
)


def decklist_payloads(entrants):
    """Each entrant's registered list (decklist_payload), their cards read in one query."""
    texts = version_texts([entrant.deck for entrant in entrants])
    return [decklist_payload(entrant, texts[entrant.deck_id]) for entrant in entrants]


def decklist_payload(entrant, text=None):
    version = entrant.deck
    return {
        "entrant": entrant.pk,
        "name": entrant.name,
        "deck_version": version.pk,
        "deck_name": version.deck.name,
        "version": version.number,
        "legal": entrant.deck_legal,
        "decklist": version_text(version) if text is None else text,
    }


class DecklistActions:
    """An entrant's registered deck, the event's decklists and their deadline."""

    @extend_schema(request=DeckSubmitSerializer, responses={200: EntrantSerializer})
    @action(detail=True, methods=["post"], url_path=r"entrants/(?P<entrant_id>[0-9]+)/deck")
    def deck(self, request, pk=None, entrant_id=None):
        """{"deck": version id} (one of the entry's owner's decks) or, for the organiser and judges,
        {"decklist": "3 Card name..."}; once the list is frozen only they may, with {"reason": "..."}."""
        entrant = self._entrant(request, pk, entrant_id)
        data = _valid(DeckSubmitSerializer, request.data)
        if "decklist" in data:
            entrant = decklist_services.register_decklist_text(entrant, request.user, data["decklist"], data["reason"])
        else:
            entrant = decklist_services.submit_deck(entrant, data["deck"], request.user, reason=data["reason"])
        return Response(EntrantSerializer(entrant).data)

    @extend_schema(responses={200: DecklistSerializer(many=True)})
    @action(detail=True, methods=["get"])
    def decklists(self, request, pk=None):
        """The registered lists this user may read: all for the organiser and judges, a player's own,
        and what the event publishes once it may."""
        event = event_for_viewer(request.user, pk)
        return Response(decklist_payloads(list(visible_decklists(request.user, event))))

    @extend_schema(request=DeadlineSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def deadline(self, request, pk=None):
        """Move or clear ({"deck_deadline": null}) the decklist deadline; a past date is refused."""
        event = self._organised(request, pk)
        data = _valid(DeadlineSerializer, request.data)
        event = decklist_services.set_deck_deadline(event, request.user, data["deck_deadline"])
        return Response(EventSerializer(event).data)
