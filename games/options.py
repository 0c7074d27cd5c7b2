"""A game's options: settings an event of the game may choose (Reclamation shares the Work Order
points or not), declared with their types on the GameDefinition and checked here (plain Python)."""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

define_messages(
    {
        "game.unknown_option": _("Unknown option “%(name)s”; expected one of %(expected)s."),
        "game.option_not_boolean": _("“%(name)s” must be true or false."),
        "game.option_whole_number": _("“%(name)s” must be a whole number from %(low)s to %(high)s."),
        "game.option_mode": _("“%(label)s” cannot be chosen for this mode of play."),
    }
)


@dataclass(frozen=True)
class GameOption:
    """One option: true or false (`low`/`high` unset), or a whole number from `low` to `high`."""

    key: str
    label: str
    default: bool | int = False
    low: int | None = None
    high: int | None = None
    help: str = ""  # what each value means, shown on the event form
    # how a chosen value reads on the event page: (when true, when false) for a box
    shown: tuple = ()
    # the event modes (versus, team, ffa) where a box may be ticked, all when empty; `refusal` is the
    # code of the game's own message when it is ticked in another (Young Champions has no teams)
    modes: tuple = ()
    refusal: str = "game.option_mode"

    def shown_value(self, value):
        """The chosen value in words, for the event page."""
        if self.low is None and self.shown:
            return self.shown[0] if value else self.shown[1]
        return str(value)

    def allowed_in(self, mode):
        """Whether an event of this mode may tick the box."""
        return not self.modes or mode in self.modes

    def check(self, value):
        if self.low is None:
            if not isinstance(value, bool):
                raise DomainError("game.option_not_boolean", self.key, name=self.key)
        elif isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise DomainError("game.option_whole_number", self.key, name=self.key, low=self.low, high=self.high)
        return value


def check_options(declared, values, mode=None):
    """{key: value} for every declared option, its default where `values` has none; with the event's
    `mode`, a box ticked where that mode cannot play it is refused with the game's message."""
    by_key = {option.key: option for option in declared}
    unknown = sorted(set(values or {}) - set(by_key))
    if unknown:
        raise DomainError("game.unknown_option", unknown[0], name=unknown[0], expected=list(by_key) or "—")
    chosen = {
        key: option.check(values[key]) if key in (values or {}) else option.default for key, option in by_key.items()
    }
    for key, option in by_key.items():
        if mode is not None and chosen[key] is True and not option.allowed_in(mode):
            raise DomainError(option.refusal, key, label=option.label)
    return chosen
