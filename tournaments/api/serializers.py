from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

import games
from api import fields
from core.numbers import ID_MAX
from core.text import shown_multiline_text, shown_text

from ..engine.match_result import POD_TABLE_KEYS
from ..filters import MINE, SORTS
from ..models import Entrant, Event, EventSettings, EventStaff
from ..services.entrants import MAX_CAPACITY, MIN_CAPACITY
from ..services.events import MAX_ROUNDS


def _setting(row, field, serializer_field=serializers.ReadOnlyField, **options):
    return serializer_field(source=f"{row}.{field}", read_only=True, **options)


class EventSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    format = fields.CharField(source="format_slug", read_only=True)
    organiser = fields.CharField(source="organiser.username", read_only=True)
    players = serializers.SerializerMethodField()
    cancel_reason = serializers.CharField(
        read_only=True, help_text=_("Why the organiser cancelled the event; empty unless its status is cancelled.")
    )
    capacity = _setting("settings", "capacity", serializers.IntegerField, allow_null=True)
    pod_size = _setting("settings", "pod_size", serializers.IntegerField)
    pods_of_five = _setting("settings", "pods_of_five", serializers.BooleanField)
    tiebreakers = _setting("settings", "tiebreakers", serializers.ChoiceField, choices=EventSettings.Tiebreakers.values)
    publication = _setting("settings", "publication", serializers.ChoiceField, choices=EventSettings.Publication.values)
    deck_deadline = _setting("settings", "deck_deadline", serializers.DateTimeField, allow_null=True)
    late_entry_losses = _setting("settings", "late_entry_losses", serializers.BooleanField)
    auto_pair = _setting("settings", "auto_pair", serializers.BooleanField)
    pod_points = _setting("settings", "pod_points", serializers.DictField, child=serializers.IntegerField())
    game_options = _setting("settings", "game_options", serializers.DictField, help_text=_("The game's own options."))
    sealed = _setting("sealed_setup", "enabled", serializers.BooleanField)
    boosters = _setting(
        "sealed_setup", "boosters", serializers.IntegerField, allow_null=True,
        help_text=_("Boosters each player opens at a sealed event; null: the format's product's usual count."),
    )  # fmt: skip

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "starts_at",
            "venue",
            "capacity",
            "game",
            "format",
            "mode",
            "pod_size",
            "pods_of_five",
            "best_of",
            "swiss_rounds",
            "top_cut",
            "tiebreakers",
            "status",
            "cancel_reason",
            "organiser",
            "players",
            "is_public",
            "publication",
            "deck_deadline",
            "late_entry_losses",
            "auto_pair",
            "game_options",
            "sealed",
            "boosters",
            "pod_points",
        ]

    def get_players(self, event) -> int:
        counted = getattr(event, "player_count", None)  # a list counts them in its one query
        return event.entrants.count() if counted is None else counted


@extend_schema_serializer(many=False)  # one page of events, not a list of pages
class EventPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EventSerializer(many=True)


def count_per_event(model):
    """`model`'s rows of each event (0 when none), counted in the list's own query."""
    rows = model.objects.filter(event=OuterRef("pk")).order_by().values("event").annotate(n=Count("pk"))
    return Coalesce(Subquery(rows.values("n")), 0)


def listed_events(events, *rows):
    """`events` as a list reads them: the event with its game, its organiser and the `rows` of
    its own the list shows, its players counted along. Not every row an event's own page reads
    (models.events.SETUP): joined to all of them, PostgreSQL took 20 ms to plan a page."""
    related = events.select_related(None).select_related("game", "organiser", "cancellation", *rows)
    return related.annotate(player_count=count_per_event(Entrant))


# One choice set each with the event model, so the schema names one enum per field.
BEST_OF = Event._meta.get_field("best_of").choices
TOP_CUT = Event._meta.get_field("top_cut").choices
GAMES = [game.slug for game in games.registered()]  # catalogue.apps gives each its row


class EventListQuerySerializer(serializers.Serializer):
    """The events list's query: the events page's filters (`store`: a venue, an organiser's
    username or display name; `mine`: events you organise, play in or work at), its sorts (newest
    first by default) and the API's pages."""

    game = serializers.ChoiceField(choices=GAMES, required=False)
    status = serializers.ChoiceField(choices=Event.Status.values, required=False)
    store = serializers.CharField(required=False, allow_blank=True, max_length=100)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    mine = serializers.ChoiceField(choices=list(MINE), required=False)
    sort = serializers.ChoiceField(choices=list(SORTS), required=False)
    page = fields.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    page_size = fields.IntegerField(min_value=1, max_value=200, required=False)


@extend_schema_field(
    {
        "type": "object",
        "propertyNames": {"enum": list(POD_TABLE_KEYS)},
        "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 10},
    }
)
class PodPointsField(serializers.DictField):
    """Points per place in a pod, by the keys the scorer reads (the service checks their order)."""


BOOSTERS_HELP = _(
    "Boosters each player opens at a sealed event, within the format's product (null: its usual count); "
    "refused (409) once deck building has ended."
)


class EventCreateSerializer(serializers.Serializer):
    name = fields.CharField(max_length=120, validators=[shown_text])
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    venue = fields.CharField(max_length=200, required=False, allow_blank=True, default="", validators=[shown_text])
    capacity = fields.IntegerField(
        required=False, allow_null=True, default=None, min_value=MIN_CAPACITY, max_value=MAX_CAPACITY
    )
    game = serializers.ChoiceField(choices=GAMES)
    format = fields.SlugField(required=False, allow_blank=True, default="")
    mode = serializers.ChoiceField(choices=Event.Mode.values, default="versus")
    pod_size = fields.IntegerField(required=False, default=4, min_value=3, max_value=4)
    pods_of_five = serializers.BooleanField(
        default=False,
        help_text=_(
            "Free-for-all events of a game whose tables seat five (Dust: Reclamation): pods of 3, 4 or 5 "
            "players, so 5 players play one table instead of a pod of 4 and a bye."
        ),
    )
    best_of = serializers.ChoiceField(choices=BEST_OF, default=3)
    swiss_rounds = fields.IntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ROUNDS)
    top_cut = serializers.ChoiceField(choices=TOP_CUT, default=0)
    tiebreakers = serializers.ChoiceField(choices=EventSettings.Tiebreakers.values, default="mtr")
    is_public = serializers.BooleanField(default=True)
    deck_deadline = serializers.DateTimeField(required=False, allow_null=True, default=None)
    late_entry_losses = serializers.BooleanField(default=True)
    publication = serializers.ChoiceField(choices=EventSettings.Publication.values, default="none")
    auto_pair = serializers.BooleanField(default=False)
    game_options = serializers.DictField(
        required=False,
        default=dict,
        help_text=_(
            "The game's own options, checked by the game (Dust: Reclamation: split_work_order; Dust Collectorz: "
            "young_champions, versus or free-for-all only)."
        ),
    )
    sealed = serializers.BooleanField(default=False)
    boosters = fields.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=99, help_text=BOOSTERS_HELP
    )
    pod_points = PodPointsField(child=fields.IntegerField(min_value=0, max_value=10), required=False, default=dict)


class EventCancelSerializer(serializers.Serializer):
    reason = fields.CharField(
        max_length=300, validators=[shown_text], help_text=_("Why the event is cancelled: its players see it.")
    )


class EventUpdateSerializer(serializers.Serializer):
    """PATCH an event: only the settings given change (services.events.update_event says which may
    change now, and answers 409 with the reason when one may not)."""

    name = fields.CharField(max_length=120, required=False, validators=[shown_text])
    starts_at = serializers.DateTimeField(required=False, allow_null=True)
    venue = fields.CharField(max_length=200, required=False, allow_blank=True, validators=[shown_text])
    capacity = fields.IntegerField(required=False, allow_null=True, min_value=MIN_CAPACITY, max_value=MAX_CAPACITY)
    deck_deadline = serializers.DateTimeField(required=False, allow_null=True)
    publication = serializers.ChoiceField(choices=EventSettings.Publication.values, required=False)
    swiss_rounds = fields.IntegerField(required=False, allow_null=True, min_value=1, max_value=MAX_ROUNDS)
    top_cut = serializers.ChoiceField(choices=TOP_CUT, required=False)
    best_of = serializers.ChoiceField(choices=BEST_OF, required=False)
    sealed = serializers.BooleanField(required=False)
    boosters = fields.IntegerField(required=False, allow_null=True, min_value=1, max_value=99, help_text=BOOSTERS_HELP)
    game_options = serializers.DictField(
        required=False,
        help_text=_(
            "The game's own options to change, checked by the game (Dust: Reclamation: split_work_order; Dust "
            "Collectorz: young_champions); the others keep their value. Refused (409) once a result has been "
            "entered or reported."
        ),
    )


class EntrantSerializer(serializers.ModelSerializer):
    user = serializers.IntegerField(source="user_id", read_only=True, allow_null=True)
    deck = serializers.IntegerField(source="deck_id", read_only=True, allow_null=True)
    dropped = serializers.BooleanField(read_only=True)

    class Meta:
        model = Entrant
        fields = [
            "id",
            "name",
            "user",
            "member_names",
            "deck",
            "deck_legal",
            "checked_in",
            "dropped",
            "dropped_after",
            "joined_round",
        ]

    def to_representation(self, instance):
        """Which deck an entrant registered, and whether it is legal, only to those who may read the
        list (tournaments.access.visible_decklists: `readable` in the context, where it is given)."""
        data = super().to_representation(instance)
        readable = self.context.get("readable")
        if readable is not None and instance.pk not in readable:
            data["deck"] = data["deck_legal"] = None
        return data


class EntrantPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EntrantSerializer(many=True)


class EntrantCreateSerializer(serializers.Serializer):
    name = fields.CharField(max_length=120, required=False, allow_blank=True, validators=[shown_text])
    user = fields.IntegerField(required=False, min_value=1)
    deck = fields.IntegerField(required=False, min_value=1)
    confirm_duplicate = serializers.BooleanField(
        default=False, help_text=_("Add a name already entered anyway (otherwise 409): it is another person.")
    )
    members = serializers.ListField(
        child=fields.CharField(max_length=120, validators=[shown_text]), min_length=2, max_length=2, required=False
    )  # a team: two usernames or names

    def validate(self, attrs):
        if not attrs.get("name") and not attrs.get("user") and "members" not in attrs:
            raise serializers.ValidationError(_("Give a name (walk-in) or a user id."))
        return attrs


class CapacitySerializer(serializers.Serializer):
    capacity = fields.IntegerField(
        allow_null=True, min_value=MIN_CAPACITY, max_value=MAX_CAPACITY, help_text=_("Places; null for no limit.")
    )


class JoinSerializer(serializers.Serializer):
    code = fields.CharField(max_length=20)
    deck = fields.IntegerField(required=False, min_value=1)


class WaitlistEntrySerializer(serializers.Serializer):
    user = serializers.IntegerField(source="user_id")
    username = fields.CharField(source="user.username")
    since = serializers.DateTimeField(source="created_at")


class StaffSerializer(serializers.ModelSerializer):
    user = serializers.IntegerField(source="user_id", read_only=True)
    username = fields.CharField(source="user.username", read_only=True)

    class Meta:
        model = EventStaff
        fields = ["user", "username", "role"]


class StaffCreateSerializer(serializers.Serializer):
    username = fields.CharField(max_length=150)
    role = serializers.ChoiceField(choices=EventStaff.Role.choices)


class DeckSubmitSerializer(serializers.Serializer):
    deck = fields.IntegerField(min_value=1, required=False)
    decklist = fields.CharField(max_length=20000, required=False)
    reason = fields.CharField(max_length=300, required=False, allow_blank=True, default="", validators=[shown_text])

    def validate(self, attrs):
        if ("deck" in attrs) == ("decklist" in attrs):
            raise serializers.ValidationError(_("Give a deck version id (deck) or a pasted list (decklist)."))
        return attrs


class DecklistSerializer(serializers.Serializer):
    """A registered list as the decklists endpoint gives it (schema only: the view builds the dict)."""

    entrant = serializers.IntegerField()
    name = fields.CharField()
    deck_version = serializers.IntegerField()
    deck_name = fields.CharField()
    version = serializers.IntegerField()
    legal = serializers.BooleanField(allow_null=True)
    decklist = fields.CharField()


class DeadlineSerializer(serializers.Serializer):
    deck_deadline = serializers.DateTimeField(allow_null=True)


class ResultSerializer(serializers.Serializer):
    wins = serializers.DictField(child=fields.IntegerField(min_value=0, max_value=9), required=False)
    draws = fields.IntegerField(min_value=0, max_value=9, default=0)
    placements = serializers.DictField(child=fields.IntegerField(min_value=1, max_value=4), required=False)
    correction = fields.CharField(max_length=300, required=False, allow_blank=True, default="", validators=[shown_text])
    expected_version = fields.IntegerField(
        min_value=0,
        required=False,
        help_text=_("The match's `version` your result replaces: 409 if the match changed since."),
    )

    def validate(self, attrs):
        if ("wins" in attrs) == ("placements" in attrs):
            raise serializers.ValidationError(_("Give either “wins” or “placements”."))
        return attrs


class PairSerializer(serializers.Serializer):
    round = fields.IntegerField(min_value=1, max_value=99, required=False)
    force = serializers.BooleanField(default=False)


class TimerSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["start", "pause", "resume", "extend"])
    minutes = fields.IntegerField(min_value=1, max_value=60, default=5)


class LogQuerySerializer(serializers.Serializer):
    """The log's query: a round, an entrant (an unknown one narrows nothing), a page (past the last
    is the last)."""

    round = fields.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    player = fields.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    page = fields.IntegerField(min_value=1, max_value=ID_MAX, required=False)


class EventImportSerializer(serializers.Serializer):
    """A whole Swiss event from TRF-16 or this site's JSON (docs/interchange.md)."""

    game = serializers.ChoiceField(choices=GAMES)
    format = fields.CharField(
        required=False, allow_null=True, allow_blank=True, max_length=50,
        help_text=_("The event's format: null takes the file's, empty means none."),
    )  # fmt: skip
    content = fields.CharField(
        max_length=2 * 1024 * 1024, trim_whitespace=False, validators=[shown_multiline_text],
        help_text=_("The file's text: TRF-16, or JSON starting with “{”."),
    )  # fmt: skip
    confirm = serializers.BooleanField(default=False, help_text=_("Import it: without it, nothing changes."))


class PlayerListImportSerializer(serializers.Serializer):
    content = fields.CharField(
        max_length=2 * 1024 * 1024, trim_whitespace=False, validators=[shown_multiline_text],
        help_text=_("CSV whose first line names the columns: name (or first and last name, or username)."),
    )  # fmt: skip
    confirm = serializers.BooleanField(default=False, help_text=_("Enter them: without it, nothing changes."))
