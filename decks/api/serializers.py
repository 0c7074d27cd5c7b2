from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from decks.decklist import MAX_BYTES, MAX_QTY

from ..models import Format


class DeckCardSerializer(serializers.Serializer):
    card = serializers.IntegerField(min_value=1)
    qty = serializers.IntegerField(min_value=1, max_value=MAX_QTY)


class ValidateRequestSerializer(serializers.Serializer):
    format = serializers.SlugField()
    decklist = serializers.CharField(required=False, allow_blank=True, max_length=MAX_BYTES, trim_whitespace=False)
    cards = DeckCardSerializer(many=True, required=False, max_length=500)
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
