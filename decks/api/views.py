from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api.negotiation import JSONOnly
from api.parsers import StrictJSONParser
from api.schema import error_responses
from decks.access import collection_for
from decks.models import Format
from decks.services.legality import validate_request

from .requests import parse_validate_request
from .serializers import FormatSerializer, ValidateRequestSerializer


class ValidateDeck(APIView):
    """Check a decklist or a list of card ids against a format as of a date."""

    permission_classes = [AllowAny]
    parser_classes = [StrictJSONParser]
    content_negotiation_class = JSONOnly

    @extend_schema(request=ValidateRequestSerializer, responses={200: dict, **error_responses(400, 404)})
    def post(self, request):
        data = parse_validate_request(request.data)
        owned = collection_for(request.user, data["collection"]).owned() if "collection" in data else None
        payload = validate_request(
            data["format"],
            decklist=data.get("decklist"),
            cards=data.get("cards"),
            as_of=data.get("as_of"),
            owned=owned,
            summary=data["summary"],
        )
        return Response(payload)


class FormatList(generics.ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = FormatSerializer
    pagination_class = None
    queryset = Format.objects.select_related("game")
