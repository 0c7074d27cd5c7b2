from django import forms
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny

import games
from api.schema import error_responses
from catalogue.filters import CardFilterForm, search_cards
from catalogue.models import Card, Game

from .serializers import CardSerializer, GameSerializer


class GameList(generics.ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = GameSerializer
    pagination_class = None
    queryset = Game.objects.prefetch_related("sets", "tribes__beats")


CARD_FILTER_HELP = {
    "game": "Game slug, e.g. dust-collectorz",
    "set": "Set code",
    "number": "Collector number within the set, e.g. 001",
    "tribe": "Tribe name",
    "rank": "bronze, silver, gold, platinum or epic",
    "type": "Card type",
    "q": "Part of the name, case- and accent-insensitive",
    "text": "Words of the rules text or ability, each of them (case-, accent- and apostrophe-insensitive)",
    "sort": "name, number, rank, power, speed, health or cunning",
}


def _filter_schema(name, field):
    """What CardFilterForm accepts in one query parameter: a game the site has (catalogue.apps
    creates a row for each), one of a choice's values, or text within its length."""
    if name == "game":
        return {"type": "string", "enum": ["", *(game.slug for game in games.registered())]}
    if isinstance(field, forms.ChoiceField):
        return {"type": "string", "enum": [value for value, _label in field.choices]}
    return {"type": "string", "maxLength": field.max_length}


CARD_FILTERS = [
    OpenApiParameter(name, _filter_schema(name, field), description=CARD_FILTER_HELP[name])
    for name, field in CardFilterForm.base_fields.items()
]


@extend_schema(parameters=CARD_FILTERS, responses={200: CardSerializer(many=True), **error_responses(400, 404)})
class CardList(generics.ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = CardSerializer

    def get_queryset(self):
        form = CardFilterForm(self.request.query_params)
        if not form.is_valid():
            raise ValidationError({field: [str(e) for e in errors] for field, errors in form.errors.items()})
        return search_cards(form.cleaned_data)


@extend_schema(responses={200: CardSerializer, **error_responses(404)})
class CardDetail(generics.RetrieveAPIView):
    permission_classes = [AllowAny]
    serializer_class = CardSerializer
    queryset = Card.objects.select_related("card_set__game", "tribe")
