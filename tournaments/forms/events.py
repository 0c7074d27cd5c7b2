"""An event's forms: creating it, editing it, its decklist publication."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import games
from catalogue.models import Game
from core.text import shown_text
from decks.models import Format
from decks.services.legality import booster_product

from ..engine.lifecycle import SWISS_ROUNDS, default_swiss_rounds
from ..engine.pairing.pods import FIVE
from ..models import Event, EventSettings
from ..services.events import MAX_ROUNDS, current_setting, results_begun
from ..services.events_cancel import MAX_CANCEL_REASON

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

BOOSTERS_HELP = _(
    "Sealed events: the boosters each player opens; pools are checked against that many boosters of the "
    "format’s product. Blank: the product’s usual count."
)


def boosters_field():
    return forms.IntegerField(
        label=_("Boosters per player"), required=False, min_value=1, max_value=99, help_text=BOOSTERS_HELP
    )


# The places table of a pod: match points for 1st, 2nd, 3rd and 4th, and 5th at a table of five
# (tied players share the places they span: engine.match_result.shared_place_points).
POD_POINT_TABLES = {
    "3-1-0-0": ("3 / 1 / 0 / 0", {"win": 3, "2": 1, "3": 0, "4": 0, "5": 0, "other": 0}),
    "4-2-1-0": ("4 / 2 / 1 / 0", {"win": 4, "2": 2, "3": 1, "4": 0, "5": 0, "other": 0}),
}


def pods_of_five_field():
    return forms.BooleanField(
        label=_("Pods of five"),
        required=False,
        help_text=_(
            "Free-for-all events of a game played by five at a table (Dust: Reclamation): pods seat 3, 4 or "
            "5 players, so 5 players play one table instead of a pod of 4 and a bye, and 9 play 5 + 4. The "
            "pod size above stays the usual size; a fifth place scores 0."
        ),
    )


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
    name = forms.CharField(label=_("Name"), max_length=120, validators=[shown_text])
    starts_at = starts_at_field()
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False, validators=[shown_text])
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
    pods_of_five = pods_of_five_field()
    pod_points = forms.ChoiceField(
        label=_("Pod points (1st / 2nd / 3rd / 4th)"),
        choices=[(key, label) for key, (label, _table) in POD_POINT_TABLES.items()],
        initial="3-1-0-0",
        required=False,
        help_text=_(
            "Free-for-all pods only: the match points for each place. Tied players share the places they "
            "span: each gets their average, rounded half up (two tied for first with 4 / 2 / 1 / 0 get 3 each)."
        ),
    )
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[(3, "3"), (1, "1")], coerce=int, initial=3)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), required=False, min_value=1, max_value=MAX_ROUNDS)
    top_cut = forms.TypedChoiceField(
        label=_("Top cut"), choices=[(0, _("None")), (4, "4"), (8, "8")], coerce=int, initial=0
    )
    tiebreakers = forms.ChoiceField(label=_("Tiebreakers"), choices=EventSettings.Tiebreakers.choices)
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
    publication = forms.ChoiceField(label=_("Decklist publication"), choices=EventSettings.Publication.choices)
    sealed = forms.BooleanField(label=_("Sealed"), required=False, help_text=SEALED_HELP)
    boosters = boosters_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game.slug, game.name) for game in Game.objects.order_by("name")]
        self.fields["format"].choices = format_choices()
        self.fields["swiss_rounds"].help_text = swiss_rounds_help()
        for definition in games.registered():
            for option in definition.options:
                self.fields[option_field(definition.slug, option.key)] = game_option_field(option)

    def service_arguments(self):
        """Keyword arguments for services.events.create_event (besides the organiser): the chosen
        game's options as `game_options`, the other games' left out."""
        data = {name: value for name, value in self.cleaned_data.items() if OPTION_SEPARATOR not in name}
        data["format_slug"] = data.pop("format")
        table = POD_POINT_TABLES[data.pop("pod_points") or "3-1-0-0"][1]
        data["pod_points"] = table if data["mode"] == Event.Mode.FFA else {}
        chosen = games.get(data["game"])
        data["game_options"] = {
            option.key: self.cleaned_data[option_field(chosen.slug, option.key)] for option in chosen.options
        }
        return data

    def field_for(self, name):
        """The form field a service's refusal names (a game option's key names the chosen game's box),
        or None for the form as a whole."""
        chosen = games.get(self.cleaned_data.get("game"))
        name = {"format_slug": "format"}.get(name, name)
        if chosen.slug and option_field(chosen.slug, name) in self.fields:
            return option_field(chosen.slug, name)
        return name if name in self.fields else None


OPTION_SEPARATOR = "__"


def option_field(game_slug, key):
    return f"{game_slug}{OPTION_SEPARATOR}{key}"


def game_option_field(option):
    """A game's option on the event form (its label names the game): a box, or a whole number."""
    if option.low is None:
        return forms.BooleanField(label=option.label, required=False, initial=option.default, help_text=option.help)
    return forms.IntegerField(
        label=option.label, min_value=option.low, max_value=option.high, initial=option.default, help_text=option.help
    )


class EventEditForm(forms.Form):
    """The settings an organiser may change after creating the event (services.events.update_event
    decides which may change now and says why not)."""

    name = forms.CharField(label=_("Name"), max_length=120, validators=[shown_text])
    starts_at = starts_at_field()
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False, validators=[shown_text])
    capacity = capacity_field()
    deck_deadline = forms.DateTimeField(
        label=_("Decklist deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    publication = forms.ChoiceField(label=_("Decklist publication"), choices=EventSettings.Publication.choices)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), required=False, min_value=1, max_value=MAX_ROUNDS)
    top_cut = forms.TypedChoiceField(label=_("Top cut"), choices=[(0, _("None")), (4, "4"), (8, "8")], coerce=int)
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[(3, "3"), (1, "1")], coerce=int)
    sealed = forms.BooleanField(label=_("Sealed"), required=False, help_text=SEALED_HELP)
    boosters = boosters_field()
    pods_of_five = pods_of_five_field()

    @classmethod
    def for_event(cls, event, data=None):
        initial = {name: current_setting(event, name) for name in cls.base_fields}
        form = cls(data, initial=initial)
        if not event.registration_open or event.sealed_setup.pools_frozen_at is not None:
            del form.fields["sealed"]  # decided while registration is open (services.events.update_event)
        form.fit_boosters(event)
        if not event.is_pods or event.game.definition.largest_pod < FIVE:
            del form.fields["pods_of_five"]  # only where five can play (services.events.check_pods_of_five)
        form.add_game_options(event)
        return form

    def fit_boosters(self, event):
        """The boosters per player: at a sealed event whose product has boosters, until deck building
        ends (services.sealed.check_booster_change), with the product's range."""
        product = booster_product(event.format_slug) if event.format_slug and event.is_sealed else None
        if product is None or not event.registration_open or event.sealed_setup.pools_frozen_at is not None:
            del self.fields["boosters"]
            return
        field = self.fields["boosters"]
        field.widget.attrs["placeholder"] = product.default
        field.help_text = _(
            "The boosters each player opens, from %(fewest)s to %(most)s; pools are checked against that many. "
            "Blank: %(default)s, the product’s usual count. A pool registered before a change is registered again."
        ) % {"fewest": product.fewest, "most": product.most, "default": product.default}

    def add_game_options(self, event):
        """The event's game's options (Reclamation's Work Order reading), as on the new-event form;
        shown but locked once a result is entered or reported (services.events.update_event)."""
        self.game_option_keys = {}
        chosen = event.game.definition.check_options(event.settings.game_options or {})
        locked = results_begun(event)
        for option in event.game.definition.options:
            if not option.allowed_in(event.mode) and not chosen[option.key]:
                continue  # not played in this mode (Young Champions at a team event)
            name = option_field(event.game.slug, option.key)
            field = game_option_field(option)
            field.initial = chosen[option.key]
            if locked:
                field.disabled = True
                field.help_text = _("%(help)s Locked: a result has been entered or reported.") % {"help": option.help}
            self.fields[name] = field
            self.game_option_keys[name] = option.key

    def field_for(self, name):
        """The form field a service's refusal names (a game option's key names its box), or None."""
        name = {key: field for field, key in self.game_option_keys.items()}.get(name, name)
        return name if name in self.fields else None

    def service_arguments(self):
        """Keyword arguments for services.events.update_event: the game's options as `game_options`. A
        date shown to the minute and sent back as shown keeps its stored value (set through the API
        with seconds, say): it is no change, so a passed deadline does not block saving the rest."""
        data = {name: value for name, value in self.cleaned_data.items() if name not in self.game_option_keys}
        if self.game_option_keys:
            data["game_options"] = {key: self.cleaned_data[name] for name, key in self.game_option_keys.items()}
        for name in ("starts_at", "deck_deadline"):
            stored = self.initial.get(name)
            if stored is not None and data.get(name) == stored.replace(second=0, microsecond=0):
                data[name] = stored
        return data


class PublicationForm(forms.Form):
    publication = forms.ChoiceField(label=_("Decklist publication"), choices=EventSettings.Publication.choices)


class CancelForm(forms.Form):
    reason = forms.CharField(
        label=_("Why it is cancelled (players see this)"), max_length=MAX_CANCEL_REASON, validators=[shown_text]
    )
