from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.decklist import MAX_BYTES, MAX_QTY

from ..models import Format


class DeckCardSerializer(serializers.Serializer):
    card = serializers.IntegerField(min_value=1)
    qty = serializers.IntegerField(min_value=1, max_value=MAX_QTY)


MAX_DECK_ENTRIES = 500


@extend_schema_field(DeckCardSerializer(many=True))
class DeckCardsField(serializers.Field):
    """[{"card": id, "qty": n}, ...] checked in one pass (validation runs on every request)."""

    def to_internal_value(self, data):
        if not isinstance(data, list) or len(data) > MAX_DECK_ENTRIES:
            raise serializers.ValidationError(
                _("Give a list of at most %(max)s {card, qty} objects.") % {"max": MAX_DECK_ENTRIES}
            )
        errors, cards = {}, []
        for index, item in enumerate(data):
            card = item.get("card") if isinstance(item, dict) else None
            qty = item.get("qty") if isinstance(item, dict) else None
            if not _whole(card, 1, None):
                errors[index] = {"card": [_("A card id (a positive whole number) is required.")]}
            elif not _whole(qty, 1, MAX_QTY):
                errors[index] = {
                    "qty": [_("The quantity must be a whole number from 1 to %(max)s.") % {"max": MAX_QTY}]
                }
            else:
                cards.append({"card": card, "qty": qty})
        if errors:
            raise serializers.ValidationError(errors)
        return cards

    def to_representation(self, value):
        return value


def _whole(value, minimum, maximum):
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value >= minimum
        and (maximum is None or value <= maximum)
    )


class ValidateRequestSerializer(serializers.Serializer):
    format = serializers.SlugField()
    decklist = serializers.CharField(required=False, allow_blank=True, max_length=MAX_BYTES, trim_whitespace=False)
    cards = DeckCardsField(required=False)
    as_of = serializers.DateField(required=False)
    collection = serializers.IntegerField(required=False, min_value=1)

    def validate(self, attrs):
        if ("decklist" in attrs) == ("cards" in attrs):
            raise serializers.ValidationError(_("Give either “decklist” or “cards”."))
        return attrs


class FormatSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug")
    source = serializers.SerializerMethodField()

    class Meta:
        model = Format
        fields = ["slug", "version", "name", "game", "effective", "source", "definition"]

    def get_source(self, row) -> str:
        return row.definition.get("source", "")
