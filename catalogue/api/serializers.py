from rest_framework import serializers

from catalogue.models import Card, CardSet, Game


class CardSetSerializer(serializers.ModelSerializer):
    class Meta:
        model = CardSet
        fields = ["code", "name", "released_on"]


class GameSerializer(serializers.ModelSerializer):
    sets = CardSetSerializer(many=True, read_only=True)
    tribes = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["slug", "name", "has_decks", "is_sample", "tribes", "sets"]

    def get_tribes(self, game) -> list[dict]:
        return [{"name": tribe.name, "beats": tribe.beats.name if tribe.beats else None} for tribe in game.wheel()]


class CardSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="card_set.game.slug", read_only=True)
    set = serializers.CharField(source="card_set.code", read_only=True)
    tribe = serializers.CharField(source="tribe.name", default=None, read_only=True, allow_null=True)
    stats = serializers.DictField(child=serializers.IntegerField(), read_only=True)

    class Meta:
        model = Card
        fields = [
            "id",
            "game",
            "set",
            "number",
            "name",
            "type",
            "tribe",
            "rank",
            "ability",
            "stats",
            "text",
            "attributes",
        ]
