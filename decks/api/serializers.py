import datetime

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api import fields
from core.numbers import ID_MAX
from core.text import shown_text
from decks.decklist import MAX_BYTES, MAX_QTY
from decks.services.collections import ADD, IMPORT_MODES, MAX_COPIES, REPLACE
from decks.services.decks import version_entries, version_text

from ..models import DESCRIPTION_LENGTH, RESTORE_DAYS, CollectionVisibility, Format, Visibility
from ..variants import CONDITIONS, FINISHES, LANGUAGES, MAX_TAGS, NEAR_MINT, NORMAL, ROW_ORDER, TAG_LENGTH, UNSTATED


class DeckCardSerializer(serializers.Serializer):
    card = fields.IntegerField(min_value=1, max_value=ID_MAX)
    qty = fields.IntegerField(min_value=1, max_value=MAX_QTY)


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
    format = fields.SlugField()
    decklist = fields.CharField(required=False, allow_blank=True, max_length=MAX_BYTES, trim_whitespace=False)
    cards = DeckCardsField(required=False)
    as_of = serializers.DateField(required=False)
    collection = fields.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    summary = serializers.BooleanField(required=False, help_text=_("Also return counts by type, tribe and rank."))

    def validate(self, attrs):
        if ("decklist" in attrs) == ("cards" in attrs):
            raise serializers.ValidationError(_("Give either “decklist” or “cards”."))
        return attrs


class FormatSerializer(serializers.ModelSerializer):
    game = fields.CharField(source="game.slug")
    source = serializers.SerializerMethodField()

    class Meta:
        model = Format
        fields = ["slug", "version", "name", "game", "effective", "source", "definition"]

    def get_source(self, row) -> str:
        return row.definition.get("source", "")


class CollectionCardSerializer(serializers.Serializer):
    card = serializers.IntegerField(source="card_id", read_only=True)
    name = fields.CharField(source="card.name", read_only=True)
    set = fields.CharField(source="card.card_set.code", read_only=True)
    number = fields.CharField(source="card.number", read_only=True)
    game = fields.CharField(source="card.card_set.game.slug", read_only=True)
    finish = serializers.ChoiceField(choices=list(FINISHES.items()), read_only=True)
    condition = serializers.ChoiceField(choices=list(CONDITIONS.items()), read_only=True)
    language = serializers.ChoiceField(
        choices=list(LANGUAGES.items()), read_only=True, help_text=_("ISO 639-1 code; empty when not stated.")
    )
    tags = serializers.ListField(child=fields.CharField(max_length=TAG_LENGTH), read_only=True)
    qty = serializers.IntegerField(read_only=True)


def share_link(thing, request, route):
    """A deck's or collection's share key and the page it opens."""
    return {
        "share_token": thing.share_token,
        "share_url": request.build_absolute_uri(reverse(route, args=[thing.share_token])),
    }


def share_fields(thing, request, route):
    """The share key and link, shown to the owner only, while the thing is unlisted (else None)."""
    if thing.visibility != "unlisted" or request is None or thing.owner_id != getattr(request.user, "pk", None):
        return {"share_token": None, "share_url": None}
    return share_link(thing, request, route)


class CollectionSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = fields.CharField(max_length=120, validators=[shown_text])
    visibility = serializers.ChoiceField(choices=CollectionVisibility.choices, default=CollectionVisibility.PRIVATE)
    card_count = serializers.SerializerMethodField(help_text=_("Copies, as `copies` (kept for older clients)."))
    copies = serializers.SerializerMethodField(help_text=_("Every copy counted."))
    distinct_cards = serializers.SerializerMethodField(help_text=_("Each card counted once, whatever its copies."))
    share_token = serializers.SerializerMethodField()
    share_url = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField(read_only=True)
    updated_at = serializers.DateTimeField(read_only=True)

    def _owned(self, collection):
        cached = getattr(collection, "_owned_counts", None)
        if cached is None:
            cached = collection._owned_counts = collection.owned()
        return cached

    def get_card_count(self, collection) -> int:
        return self.get_copies(collection)

    def get_copies(self, collection) -> int:
        if hasattr(collection, "held_copies"):  # counted in the list's query (collections.with_counts)
            return collection.held_copies
        return sum(self._owned(collection).values())

    def get_distinct_cards(self, collection) -> int:
        if hasattr(collection, "held_cards"):
            return collection.held_cards
        return len(self._owned(collection))

    def get_share_token(self, collection) -> str | None:
        return share_fields(collection, self.context.get("request"), "decks:shared_collection")["share_token"]

    def get_share_url(self, collection) -> str | None:
        return share_fields(collection, self.context.get("request"), "decks:shared_collection")["share_url"]


class CollectionUpdateSerializer(serializers.Serializer):
    name = fields.CharField(max_length=120, required=False, validators=[shown_text])
    visibility = serializers.ChoiceField(choices=CollectionVisibility.choices, required=False)


class CollectionDetailSerializer(CollectionSerializer):
    cards = serializers.SerializerMethodField()

    @extend_schema_field(CollectionCardSerializer(many=True))
    def get_cards(self, collection):
        items = collection.items.select_related("card__card_set__game").order_by("card__name", *ROW_ORDER)
        return CollectionCardSerializer(items, many=True).data


class ChangeSerializer(serializers.Serializer):
    """One row's count before and after a write (the row: card, finish, condition, language)."""

    card = serializers.IntegerField()
    name = fields.CharField()
    set = fields.CharField()
    number = fields.CharField()
    finish = serializers.ChoiceField(choices=list(FINISHES.items()))
    condition = serializers.ChoiceField(choices=list(CONDITIONS.items()))
    language = serializers.ChoiceField(choices=list(LANGUAGES.items()))
    before = serializers.IntegerField()
    after = serializers.IntegerField()


class HistorySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    kind = serializers.CharField()
    label = serializers.CharField(source="get_kind_display")
    created_at = serializers.DateTimeField()
    actor = serializers.CharField(source="actor.username", default=None)
    lines = serializers.IntegerField()
    undone_by = serializers.IntegerField(source="undone_by_id", allow_null=True)
    undoes = serializers.IntegerField(source="undoes_id", allow_null=True)
    totals = serializers.DictField()
    changes = ChangeSerializer(many=True)


class HistoryPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = HistorySerializer(many=True)


class CardCountSerializer(serializers.Serializer):
    """Either `add` (copies to add; negative removes) or `qty` (the count to set), for the card's row
    in one finish, condition and language (each defaults as rows from before variants: normal,
    near_mint, not stated); `tags`, when given, become the row's tags."""

    card = fields.IntegerField(min_value=1, max_value=ID_MAX)
    add = fields.IntegerField(min_value=-MAX_COPIES, max_value=MAX_COPIES, required=False)
    qty = fields.IntegerField(min_value=0, max_value=MAX_COPIES, required=False)
    finish = serializers.ChoiceField(choices=list(FINISHES.items()), default=NORMAL)
    condition = serializers.ChoiceField(choices=list(CONDITIONS.items()), default=NEAR_MINT)
    language = serializers.ChoiceField(choices=list(LANGUAGES.items()), default=UNSTATED)
    tags = serializers.ListField(
        child=fields.CharField(max_length=TAG_LENGTH, allow_blank=True),
        max_length=MAX_TAGS,
        required=False,
        help_text=_("The row's tags (replacing its tags); separators (, ^ #) and hidden characters are left out."),
    )

    def validate(self, attrs):
        if ("add" in attrs) == ("qty" in attrs):
            raise serializers.ValidationError(_("Give either “add” (copies to add) or “qty” (the count to set)."))
        return attrs


class ConfirmSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(default=False, help_text=_("Write it: without it, nothing changes."))
    digest = fields.CharField(
        required=False, max_length=64, help_text=_("The preview's digest: refused (409) if the changes differ now.")
    )


class CollectionImportSerializer(ConfirmSerializer):
    """A pasted list (`text`) or an uploaded file (`file`, multipart), text or CSV."""

    text = fields.CharField(required=False, allow_blank=True, trim_whitespace=False)
    file = serializers.FileField(required=False)
    mode = serializers.ChoiceField(choices=IMPORT_MODES, required=False)
    replace = serializers.BooleanField(default=False, help_text=_("Same as mode=replace."))
    preview = serializers.BooleanField(default=False, help_text=_("Write nothing: answer with what would change."))

    def validate(self, attrs):
        has_text, has_file = bool(attrs.get("text", "").strip()), bool(attrs.get("file"))
        # A blank `text` alone is an empty list (refused by the import, saying so), not a missing one.
        if (has_text and has_file) or (not has_file and "text" not in attrs):
            raise serializers.ValidationError(_("Give either “text” or “file”."))
        attrs["mode"] = attrs.get("mode") or (REPLACE if attrs.pop("replace", False) else ADD)
        attrs.pop("replace", None)
        return attrs


class CollectionListSerializer(ConfirmSerializer):
    """The schema of a JSON import: the list as text (CSV too); only a form upload sends a file."""

    text = fields.CharField(help_text=_("The cards, one a line, or CSV."))
    mode = serializers.ChoiceField(choices=IMPORT_MODES, required=False)
    replace = serializers.BooleanField(default=False, help_text=_("Same as mode=replace."))
    preview = serializers.BooleanField(default=False, help_text=_("Write nothing: answer with what would change."))


class CollectionUploadSerializer(ConfirmSerializer):
    """The schema of a multipart import: an uploaded file, text or CSV."""

    file = serializers.FileField()
    mode = serializers.ChoiceField(choices=IMPORT_MODES, required=False)
    replace = serializers.BooleanField(default=False, help_text=_("Same as mode=replace."))
    preview = serializers.BooleanField(default=False, help_text=_("Write nothing: answer with what would change."))


class DeckSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = fields.CharField(max_length=120, validators=[shown_text])
    description = fields.CharField(
        max_length=DESCRIPTION_LENGTH, required=False, allow_blank=True, default="", trim_whitespace=True
    )
    game = fields.SlugField(source="game.slug", read_only=True)
    format = fields.SlugField(source="format_slug")
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    owner = fields.CharField(source="owner.username", read_only=True)
    version = serializers.SerializerMethodField()
    share_token = serializers.SerializerMethodField()
    share_url = serializers.SerializerMethodField()
    updated_at = serializers.DateTimeField(read_only=True)

    def get_version(self, deck) -> dict | None:
        known = self.context.get("latest")  # a list's decks: {deck id: newest version}, read at once
        latest = known.get(deck.pk) if known is not None else deck.latest_version()
        return {"number": latest.number, "hash": latest.content_hash} if latest else None

    def get_share_token(self, deck) -> str | None:
        return share_fields(deck, self.context.get("request"), "decks:shared_deck")["share_token"]

    def get_share_url(self, deck) -> str | None:
        return share_fields(deck, self.context.get("request"), "decks:shared_deck")["share_url"]


class DeletedDeckSerializer(serializers.Serializer):
    """A deck in its owner's "Recently deleted": what it is, and until when it can be restored."""

    id = serializers.IntegerField(read_only=True)
    name = fields.CharField(read_only=True)
    game = fields.SlugField(source="game.slug", read_only=True)
    format = fields.SlugField(source="format_slug", read_only=True)
    deleted_at = serializers.DateTimeField(read_only=True)
    restorable_until = serializers.SerializerMethodField()

    def get_restorable_until(self, deck) -> datetime.datetime:
        return deck.deleted_at + datetime.timedelta(days=RESTORE_DAYS)


class DeletedDeckPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = DeletedDeckSerializer(many=True)


class ShareLinkSerializer(serializers.Serializer):
    share_token = fields.CharField()
    share_url = fields.CharField()


class CloneSerializer(serializers.Serializer):
    name = fields.CharField(max_length=120, required=False, validators=[shown_text])


class DiffRowSerializer(serializers.Serializer):
    card = serializers.IntegerField()
    name = fields.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()


class CompareSerializer(serializers.Serializer):
    older = serializers.IntegerField()
    newer = serializers.IntegerField()
    older_hash = fields.CharField()
    newer_hash = fields.CharField()
    changes = DiffRowSerializer(many=True)


class DeckWriteSerializer(DeckSerializer):
    game = fields.SlugField()
    decklist = fields.CharField(required=False, allow_blank=True, max_length=MAX_BYTES, trim_whitespace=False)
    cards = DeckCardsField(required=False)

    def validate(self, attrs):
        if "decklist" in attrs and "cards" in attrs:
            raise serializers.ValidationError(_("Give either “decklist” or “cards”, not both."))
        return attrs


class DeckUpdateSerializer(serializers.Serializer):
    name = fields.CharField(max_length=120, required=False, validators=[shown_text])
    description = fields.CharField(max_length=DESCRIPTION_LENGTH, required=False, allow_blank=True)
    format = fields.SlugField(source="format_slug", required=False)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    decklist = fields.CharField(required=False, allow_blank=True, max_length=MAX_BYTES, trim_whitespace=False)
    cards = DeckCardsField(required=False)


class DeckVersionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    hash = fields.CharField(source="content_hash")
    declarations = serializers.DictField()
    created_at = serializers.DateTimeField()
    cards = serializers.SerializerMethodField()
    decklist = serializers.SerializerMethodField()

    def _entries(self, version):
        """The version's (Card, qty): from the context when a list read every version's at once."""
        known = self.context.get("entries")
        return known[version.pk] if known is not None else version_entries(version)

    @extend_schema_field(DeckCardSerializer(many=True))
    def get_cards(self, version):
        return [{"card": card.pk, "qty": qty} for card, qty in self._entries(version)]

    def get_decklist(self, version) -> str:
        return version_text(version, self._entries(version))
