"""Forms of the organiser and registration pages. The services validate again; these keep the pages friendly."""

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from catalogue.models import Game
from decks.models import Deck, DeckVersion, Format

from .engine.lifecycle import SWISS_ROUNDS, default_swiss_rounds
from .models import CheckedDeck, Event, EventStaff, Penalty
from .services.decklists import registrable_versions
from .services.events import MAX_ROUNDS
from .services.results import played_result

DEADLINE_HELP = _("Players cannot change their deck after this; leave blank for no deadline.")


def swiss_rounds_help():
    """“Leave blank for the default: 3 rounds up to 8 players, 4 up to 16, …” from the model's table."""
    (first_players, first_rounds), *others = SWISS_ROUNDS
    steps = [
        ngettext(
            "%(rounds)s round up to %(players)s players", "%(rounds)s rounds up to %(players)s players", first_rounds
        )
        % {"rounds": first_rounds, "players": first_players}
    ]
    steps += [_("%(rounds)s up to %(players)s") % {"rounds": rounds, "players": players} for players, rounds in others]
    return _(
        "Leave blank to use the default for the number of players when the event starts: %(steps)s, then %(most)s."
    ) % {"steps": ", ".join(steps), "most": default_swiss_rounds(10**6)}


def format_choices():
    """Every format slug (its newest version's name) grouped by game; the service checks the game matches."""
    groups = {}
    for row in Format.objects.select_related("game").order_by("game__name", "slug", "-effective"):
        groups.setdefault(row.game.name, {}).setdefault(row.slug, row.name)
    return [("", _("No format (any deck)")), *((game, list(formats.items())) for game, formats in groups.items())]


SEALED_HELP = _(
    "Players build their deck from a pool they open at the event (a prerelease): each registers the "
    "pool, then a deck built from it. Choose a format that describes the product, such as dc-prerelease."
)

# The places table of a pod: match points for 1st, 2nd, 3rd and 4th (a shared first place scores 1).
POD_POINT_TABLES = {
    "3-1-0-0": ("3 / 1 / 0 / 0", {"win": 3, "shared_win": 1, "2": 1, "3": 0, "4": 0, "other": 0}),
    "4-2-1-0": ("4 / 2 / 1 / 0", {"win": 4, "shared_win": 1, "2": 2, "3": 1, "4": 0, "other": 0}),
}


def capacity_field():
    return forms.IntegerField(
        label=_("Capacity"),
        required=False,
        min_value=2,
        help_text=_("The most players who get a place; later registrations join a waitlist. Blank: no limit."),
    )


def starts_at_field():
    return forms.DateTimeField(
        label=_("Date"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Day and start time, shown on every page and printout of the event."),
    )


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    starts_at = starts_at_field()
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    capacity = capacity_field()
    game = forms.ChoiceField(label=_("Game"))
    format = forms.ChoiceField(
        label=_("Format"),
        required=False,
        help_text=_("With a format, every deck is checked and players need a legal deck to check in."),
    )
    mode = forms.ChoiceField(label=_("Mode"), choices=Event.Mode.choices, initial=Event.Mode.VERSUS)
    pod_size = forms.TypedChoiceField(
        label=_("Pod size"),
        choices=[(4, "4"), (3, "3")],
        coerce=int,
        initial=4,
        help_text=_("Free-for-all pods only."),
    )
    pod_points = forms.ChoiceField(
        label=_("Pod points (1st / 2nd / 3rd / 4th)"),
        choices=[(key, label) for key, (label, _table) in POD_POINT_TABLES.items()],
        initial="3-1-0-0",
        required=False,
        help_text=_("Free-for-all pods only: the match points for each place. A shared first place scores 1."),
    )
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[(3, "3"), (1, "1")], coerce=int, initial=3)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), required=False, min_value=1, max_value=MAX_ROUNDS)
    top_cut = forms.TypedChoiceField(
        label=_("Top cut"), choices=[(0, _("None")), (4, "4"), (8, "8")], coerce=int, initial=0
    )
    tiebreakers = forms.ChoiceField(label=_("Tiebreakers"), choices=Event.Tiebreakers.choices)
    round_minutes = forms.IntegerField(label=_("Round length (minutes)"), min_value=5, max_value=240, initial=50)
    is_public = forms.BooleanField(
        label=_("Public event page"),
        required=False,
        initial=True,
        help_text=_("A private event is seen only by its organiser and its players."),
    )
    deck_deadline = forms.DateTimeField(
        label=_("Decklist deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=DEADLINE_HELP,
    )
    late_entry_losses = forms.BooleanField(
        label=_("Late entrants get losses for the rounds they missed"), required=False, initial=True
    )
    publication = forms.ChoiceField(label=_("Decklist publication"), choices=Event.Publication.choices)
    sealed = forms.BooleanField(label=_("Sealed"), required=False, help_text=SEALED_HELP)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game.slug, game.name) for game in Game.objects.order_by("name")]
        self.fields["format"].choices = format_choices()
        self.fields["swiss_rounds"].help_text = swiss_rounds_help()

    def service_arguments(self):
        """Keyword arguments for services.events.create_event (besides the organiser)."""
        data = dict(self.cleaned_data)
        data["format_slug"] = data.pop("format")
        table = POD_POINT_TABLES[data.pop("pod_points") or "3-1-0-0"][1]
        data["pod_points"] = table if data["mode"] == Event.Mode.FFA else {}
        return data


class EventEditForm(forms.Form):
    """The settings an organiser may change after creating the event (services.events.update_event
    decides which may change now and says why not)."""

    name = forms.CharField(label=_("Name"), max_length=120)
    starts_at = starts_at_field()
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    capacity = capacity_field()
    deck_deadline = forms.DateTimeField(
        label=_("Decklist deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    publication = forms.ChoiceField(label=_("Decklist publication"), choices=Event.Publication.choices)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), required=False, min_value=1, max_value=MAX_ROUNDS)
    top_cut = forms.TypedChoiceField(label=_("Top cut"), choices=[(0, _("None")), (4, "4"), (8, "8")], coerce=int)
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[(3, "3"), (1, "1")], coerce=int)
    sealed = forms.BooleanField(label=_("Sealed"), required=False, help_text=SEALED_HELP)

    @classmethod
    def for_event(cls, event, data=None):
        initial = {name: getattr(event, name) for name in cls.base_fields}
        form = cls(data, initial=initial)
        if not event.registration_open or event.pools_frozen_at is not None:
            del form.fields["sealed"]  # decided while registration is open (services.events.update_event)
        return form


class WalkInForm(forms.Form):
    name = forms.CharField(label=_("Walk-in name"), max_length=120)


class TeamForm(forms.Form):
    team_name = forms.CharField(label=_("Team name"), max_length=120)
    member_1 = forms.CharField(label=_("First member"), max_length=120)
    member_2 = forms.CharField(label=_("Second member"), max_length=120)


class PlayerForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(_("No account with the username “%(username)s”.") % {"username": username})
        return user


class TimerForm(forms.Form):
    action = forms.ChoiceField(
        choices=[("start", _("Start")), ("pause", _("Pause")), ("resume", _("Resume")), ("extend", _("Extend"))]
    )
    minutes = forms.IntegerField(required=False, min_value=1, max_value=60)


class PublicationForm(forms.Form):
    publication = forms.ChoiceField(label=_("Decklist publication"), choices=Event.Publication.choices)


class DeadlineForm(forms.Form):
    deck_deadline = forms.DateTimeField(
        label=_("Decklist deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=DEADLINE_HELP,
    )


def errors_in_one_line(form):
    """A form's errors as one line for the messages framework."""
    return " ".join(error for errors in form.errors.values() for error in errors)


def card_list_field(label, help_text):
    """A pasted list of cards, one a line with its quantity (a decklist or a sealed pool)."""
    widget = forms.Textarea(attrs={"rows": 14, "spellcheck": "false"})
    return forms.CharField(label=label, max_length=20000, widget=widget, help_text=help_text)


class DecklistPasteForm(forms.Form):
    decklist = card_list_field(
        _("Decklist"), _("One card a line with its quantity, as players write it (for example “3 Card name”).")
    )
    reason = forms.CharField(label=_("Reason for the change"), max_length=300, required=False)


class StaffForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=EventStaff.Role.choices)


class ResultForm(forms.Form):
    """One table's result: game wins of each player and drawn games, or a place for everyone in a pod.

    Field names are `wins_<entrant id>` / `place_<entrant id>`, so several tables' forms can share a page."""

    def __init__(self, *args, match, seats, event, correction=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.match, self.seats, self.pods = match, seats, event.is_pods
        needed = event.best_of // 2 + 1
        for seat in seats:
            if self.pods:
                self.fields[f"place_{seat.entrant_id}"] = forms.TypedChoiceField(
                    label=seat.entrant.name,
                    choices=[("", "–")] + [(place, str(place)) for place in range(1, len(seats) + 1)],
                    coerce=int,
                )
            else:
                self.fields[f"wins_{seat.entrant_id}"] = forms.IntegerField(
                    label=seat.entrant.name,
                    min_value=0,
                    max_value=needed,
                    widget=forms.NumberInput(attrs={"class": "qty"}),
                )
        if not self.pods:
            self.fields["draws"] = forms.IntegerField(
                label=_("Drawn games"),
                min_value=0,
                max_value=event.best_of,
                required=False,
                widget=forms.NumberInput(attrs={"class": "qty"}),
            )
        # The match version the form was built from (optimistic concurrency); `overwrite` is set only
        # on the page that showed the organiser the newer result they are replacing.
        self.fields["version"] = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
        self.fields["overwrite"] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        if correction:
            self.fields["reason"] = forms.CharField(
                label=_("Reason for the correction"),
                max_length=200,
                help_text=_("Kept in the event's log, e.g. “slip signed 2-1, entered 1-2”."),
            )

    @classmethod
    def initial_for(cls, match, seats):
        """The recorded result as initial values (for editing a reported table)."""
        played = played_result(match, seats)  # the site adds the game losses given before the result
        initial = {"draws": match.draws, "version": match.version}
        for seat in seats:
            initial[f"wins_{seat.entrant_id}"] = played.wins[seat.entrant_id] if played.wins else 0
            initial[f"place_{seat.entrant_id}"] = seat.placement
        return initial

    def service_arguments(self):
        data = self.cleaned_data
        concurrency = {"expected_version": data.get("version"), "overwrite": bool(data.get("overwrite"))}
        if self.pods:
            return {
                "placements": {seat.entrant_id: data[f"place_{seat.entrant_id}"] for seat in self.seats},
                **concurrency,
            }
        return {
            "wins": {seat.entrant_id: data[f"wins_{seat.entrant_id}"] for seat in self.seats},
            "draws": data.get("draws") or 0,
            **concurrency,
        }

    def error_text(self):
        """All errors as one line for the messages framework."""
        parts = []
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else ""
            parts += [f"{label}: {error}" if label else str(error) for error in errors]
        return " ".join(parts)


def latest_deck_versions(user, game):
    """The user's decks of `game`, each with the pk of its latest version (`latest`)."""
    latest = DeckVersion.objects.filter(deck=OuterRef("pk")).order_by("-number").values("pk")[:1]
    return (
        Deck.objects.filter(owner=user, game=game)
        .annotate(latest=Subquery(latest))
        .filter(latest__isnull=False)
        .order_by("name")
    )


class RegisterForm(forms.Form):
    deck = forms.TypedChoiceField(label=_("Deck"), coerce=int, empty_value=None)

    def __init__(self, *args, user, event, deck_required=False, entrant=None, **kwargs):
        super().__init__(*args, **kwargs)
        if entrant is not None and entrant.user_id not in (None, user.pk):
            choices = _submitted_choices(event, entrant, user)
        else:
            choices = [
                (deck.latest, f"{deck.name} ({deck.format_slug})") for deck in latest_deck_versions(user, event.game)
            ]
        field = self.fields["deck"]
        field.required = deck_required
        field.choices = choices if deck_required else [("", _("No deck yet")), *choices]
        field.help_text = _("The latest version of one of your %(game)s decks is registered; later edits are not.") % {
            "game": event.game.name
        }


def _submitted_choices(event, entrant, actor):
    """Staff registering for a player with an account choose only among the lists that entry was
    registered with (services.decklists.registrable_versions), never among the player's decks."""
    versions = registrable_versions(event, entrant, actor).filter(deck__game=event.game).select_related("deck")
    label = _("%(name)s, version %(number)s")
    return [(version.pk, label % {"name": version.deck.name, "number": version.number}) for version in versions]


class PenaltyForm(forms.Form):
    entrant = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("Penalty"), choices=Penalty.Kind.choices)
    reason = forms.CharField(label=_("Reason"), max_length=300)
    round = forms.IntegerField(label=_("Round"), min_value=1, max_value=99, required=False)
    correction = forms.CharField(
        label=_("Correction reason"),
        max_length=300,
        required=False,
        help_text=_("Needed when the match already has its result."),
    )

    def __init__(self, *args, entrants=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [(entrant.pk, entrant.name) for entrant in entrants]


class ExtensionForm(forms.Form):
    minutes = forms.IntegerField(label=_("Minutes"), min_value=1, max_value=30, initial=3)


class DeckCheckDrawForm(forms.Form):
    count = forms.IntegerField(label=_("Tables"), min_value=1, max_value=999, initial=2)
    top = forms.IntegerField(label=_("Among the top tables"), min_value=1, max_value=999, required=False)
    allow_repeat = forms.BooleanField(label=_("Players already checked may be drawn again"), required=False)
    seed = forms.CharField(label=_("Seed (empty: a new random one)"), max_length=64, required=False)


class DeckCheckOutcomeForm(forms.Form):
    outcome = forms.ChoiceField(
        label=_("Outcome"), choices=[(CheckedDeck.Outcome.OK, _("OK")), (CheckedDeck.Outcome.PROBLEM, _("Problem"))]
    )
    note = forms.CharField(label=_("Note"), max_length=300, required=False)
    penalty = forms.ChoiceField(
        label=_("Penalty"), choices=[("", _("No penalty")), *Penalty.Kind.choices], required=False
    )
    correction = forms.CharField(label=_("Correction reason"), max_length=300, required=False)


class PrizePlanForm(forms.Form):
    scheme = forms.ChoiceField(
        label=_("Payout"),
        choices=[
            ("record", _("By record")),
            ("standing", _("By final standing")),
            ("curve", _("A curve fitted to the pool")),
        ],
    )
    per_entrant = forms.IntegerField(label=_("Prizes per entrant"), min_value=0, max_value=100_000, initial=0)
    fixed = forms.IntegerField(label=_("Fixed prizes"), min_value=0, max_value=100_000, initial=0)
    table = forms.CharField(
        label=_("Payout table"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_(
            "By record: one line per record, e.g. “3-0: 8”. By standing: the prizes from first place down, e.g. “8, 5, 3”."
        ),
    )
    participation = forms.IntegerField(label=_("Participation prize"), min_value=0, max_value=100_000, initial=0)

    def plan(self):
        """The form as the JSON the service takes; a table line that cannot be read is a form error."""
        data = dict(self.cleaned_data)
        text = data.pop("table").strip()
        if data["scheme"] == "record":
            data["by_record"] = dict(_record_line(line) for line in text.splitlines() if line.strip())
        elif data["scheme"] == "standing":
            data["by_standing"] = [_prize_number(part) for part in text.replace("\n", ",").split(",") if part.strip()]
        return data


def _record_line(line):
    record, _sep, prize = line.partition(":")
    return record.strip(), _prize_number(prize)


def _prize_number(text):
    text = text.strip()
    return int(text) if text.isdigit() else -1  # -1: the service refuses it with its own message


class PoolForm(forms.Form):
    """A sealed pool, written as a decklist (services.sealed.register_pool checks it)."""

    pool = card_list_field(
        _("Your pool"), _("Every card you opened, one a line with its quantity (for example “2 Card name”).")
    )


class SeatDrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Leave blank for a random draw; the seed is logged so the draw can be shown again."),
    )


class BuildClockForm(forms.Form):
    minutes = forms.IntegerField(label=_("Deck-building time (minutes)"), min_value=5, max_value=120, initial=30)
