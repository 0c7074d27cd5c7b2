"""A game's score sheet: what a player fills in at the table, declared by the game (plain Python).

A sheet lists its fields once per round (or once for the game), each asked for every player or once
for the table. `report_from` turns a filled-in sheet (form data: {name: text}) into the JSON report the
game's scorer reads, so the scorer stays the only judge of the rules: a value that is not a whole
number is passed on as text and the scorer refuses it, naming the field. A form field's name is the
path of its value in the report, dots as underscores (`rounds_2_dust_12`), so an error's field
(`games.1.rounds.2.dust.12`) names the input at fault.
"""

from dataclasses import dataclass

PLAYER, TABLE = "player", "table"


@dataclass(frozen=True)
class Count:
    """A whole number from `low` to `high` (the input's bounds; the scorer checks the rules)."""

    key: str
    label: str
    high: int
    low: int = 0
    per: str = PLAYER
    short: str = ""  # a column heading on a narrow screen
    # What the table's values add up to in a round, shown as they are typed: exactly `total`, or at
    # most `most` (a hint; the scorer refuses a wrong sum with the rules' message).
    total: int | None = None
    most: int | None = None


@dataclass(frozen=True)
class Tick:
    """A box per player; the report lists the players ticked (for example who met the Work Order)."""

    key: str
    label: str
    per: str = PLAYER
    short: str = ""


@dataclass(frozen=True)
class Choice:
    """One value for the table from `choices` ((value, label), ...), for example the Dust Value card."""

    key: str
    label: str
    choices: tuple
    per: str = TABLE


@dataclass(frozen=True)
class Side:
    """One player (or team) of the table, for example the last round's winner."""

    key: str
    label: str
    per: str = TABLE


@dataclass(frozen=True)
class Pile:
    """Counts by kind for each player under one key: {side: {kind: count}} (capture piles by rank,
    Young Champions' cards left in deck and in hand). `kinds`: ((kind, label, high), ...)."""

    key: str
    label: str
    kinds: tuple
    per: str = PLAYER


@dataclass(frozen=True)
class ScoreSheet:
    """One game's sheet: `rounds` rounds of `round_fields` (none: the fields are the game's), then
    `game_fields` once."""

    rounds: int = 0
    round_fields: tuple = ()
    game_fields: tuple = ()

    def sections(self):
        """[(round number or None, fields)] in the order they are filled in."""
        rounds = [(number, self.round_fields) for number in range(1, self.rounds + 1)]
        return rounds + ([(None, self.game_fields)] if self.game_fields else [])


def field_name(number, key, *rest):
    """The form name of a value: its path in the game's report, dots as underscores."""
    parts = (["rounds", str(number)] if number else []) + [key, *map(str, rest)]
    return "_".join(parts)


def report_from(sheet, data, sides):
    """The game's report (one game) from the sheet's form data; sides are entrant ids."""
    game = {}
    if sheet.rounds:
        game["rounds"] = [_section(sheet.round_fields, data, sides, number) for number in range(1, sheet.rounds + 1)]
    game.update(_section(sheet.game_fields, data, sides, None))
    return {"games": [game]}


def _section(fields, data, sides, number):
    values = {}
    for field in fields:
        if isinstance(field, Pile):
            values[field.key] = {
                str(side): {
                    kind: _number(data.get(field_name(number, field.key, side, kind)))
                    for kind, _label, _high in field.kinds
                }
                for side in sides
            }
        elif isinstance(field, Count):
            values[field.key] = {str(side): _number(data.get(field_name(number, field.key, side))) for side in sides}
        elif isinstance(field, Tick):
            values[field.key] = [str(side) for side in sides if data.get(field_name(number, field.key, side))]
        else:  # Choice or Side: the scorer says when it is missing or not one of the choices
            values[field.key] = (data.get(field_name(number, field.key)) or "").strip()
    return values


def _number(text):
    """An empty box is 0 (nothing won); a whole number is read as one; anything else is passed on
    for the scorer to refuse, naming the field."""
    text = (text or "").strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        return text[:20]


def error_name(field):
    """The form name an error's field points at (`games.1.rounds.2.tricks` -> `rounds_2_tricks`), or ""
    for the sheet as a whole."""
    parts = field.split(".") if field else []
    if parts[:2] == ["games", "1"]:
        parts = parts[2:]
    return "_".join(parts)
