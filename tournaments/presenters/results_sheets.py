"""Score sheets for people: a game's declared sheet (games/sheets.py) laid out for a table's players,
filled in or blank, with the fields an error names; and the points the site computed, line by line."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.numbers import whole_number
from games.sheets import Choice, Count, Pile, Side, Tick, error_name, field_name

from .standings import PLACE_NAMES


def sheet_for(event):
    """The game's score sheet for this event (as its options choose: Young Champions or not), or None
    where a result is places or game wins: a sheet is one game, so a versus match of more than one
    game is reported as wins."""
    definition = event.game.definition
    if definition.score_sheet is None or (event.best_of > 1 and not event.is_pods):
        return None
    return definition.score_sheet(event.mode, definition.chosen_options(event.settings.game_options))


def sheet_view(sheet, seats, data=None, error=None):
    """The sheet as sections for templates/tournaments/_score_sheet.html. `seats`: the table's seats
    (reporter first where it matters); `data`: the form data sent; `error`: the DomainError refusing it."""
    data = data or {}
    players = [(seat.entrant_id, seat.entrant.name) for seat in seats]
    labels = {}
    sections = [_section(number, fields, players, data, labels) for number, fields in sheet.sections()]
    wrong = error_name(error.field) if error is not None else ""
    marked = []
    for section in sections:
        for cell in _cells(section):
            # the error names this input, or a group it is in: a column, a pile, or a whole round
            groups = (cell["name"], *cell.get("groups", ()), section["round"])
            cell["invalid"] = bool(wrong) and wrong in groups
            if cell["invalid"]:
                marked.append(cell["name"])
    error_at = _label_of(wrong, labels) if wrong else ""
    # For the error summary: the refusal, linked to the first field it marks (after the sheet's prefix).
    problems = [{"message": error.message, "label": error_at, "target": marked[0] if marked else ""}] if error else []
    return {
        "sections": sections,
        "error": error.message if error is not None else "",
        "error_at": error_at,
        "problems": problems,
    }


def _section(number, fields, players, data, labels):
    title = game_round(number) if number else ""
    section = {"title": title, "round": f"rounds_{number}" if number else None}
    section.update({"table": [], "columns": [], "rows": [], "piles": []})
    per_player = [field for field in fields if isinstance(field, (Count, Tick))]
    for field in fields:
        name = field_name(number, field.key)
        labels[name] = _joined(title, field.label)
        if isinstance(field, (Choice, Side)):
            choices = field.choices if isinstance(field, Choice) else [(str(side), who) for side, who in players]
            section["table"].append(
                {"name": name, "label": field.label, "choices": choices, "value": data.get(name, ""), "kind": "choice"}
            )
        elif isinstance(field, Pile):
            section["piles"] = [_pile(number, field, side, who, data, labels, title) for side, who in players]
    section["columns"] = [{"label": field.label, "short": field.short or field.label} for field in per_player]
    section["sums"] = [_sum(number, field, players, data) for field in per_player]
    for side, who in players:
        cells = []
        for field in per_player:
            name = field_name(number, field.key, side)
            labels[name] = _joined(title, field.label, who)
            cell = _cell(field, name, _joined(field.label, who), data)
            cells.append({**cell, "groups": [field_name(number, field.key)]})
        section["rows"].append({"name": who, "cells": cells})
    return section


def _pile(number, field, side, who, data, labels, title):
    labels[field_name(number, field.key, side)] = _joined(title, field.label, who)
    cells = []
    for kind, label, high in field.kinds:
        name = field_name(number, field.key, side, kind)
        labels[name] = _joined(title, field.label, who, label)
        cells.append(
            {
                "name": name,
                "label": label,
                "aria": _joined(label, who),
                "value": data.get(name, ""),
                "kind": "count",
                "low": 0,
                "high": high,
                "groups": [field_name(number, field.key), field_name(number, field.key, side)],
            }
        )
    return {"name": who, "legend": _joined(field.label, who), "cells": cells}


def _sum(number, field, players, data):
    """A column's sum so far, against what it must add up to (None: no sum is shown)."""
    limit = getattr(field, "total", None) or getattr(field, "most", None)
    if limit is None:
        return None
    values = [(data.get(field_name(number, field.key, side)) or "").strip() for side, _who in players]
    added = sum(whole_number(value) or 0 for value in values)
    exact = getattr(field, "total", None) is not None
    wrong = added != limit if exact else added > limit
    return {"value": added, "limit": limit, "exact": exact, "wrong": wrong}


def _cell(field, name, aria, data):
    if isinstance(field, Tick):
        return {"name": name, "aria": aria, "kind": "tick", "checked": bool(data.get(name))}
    return {
        "name": name,
        "aria": aria,
        "kind": "count",
        "value": data.get(name, ""),
        "low": field.low,
        "high": field.high,
    }


def _cells(section):
    """A section's inputs in the order the sheet shows them (its choices come after the piles)."""
    if not section["piles"]:
        yield from section["table"]
    for row in section["rows"]:
        yield from row["cells"]
    for pile in section["piles"]:
        yield from pile["cells"]
    if section["piles"]:
        yield from section["table"]


def _label_of(wrong, labels):
    """The words for an error's field: the field itself, or the nearest group it belongs to."""
    parts = wrong.split("_")
    while parts:
        name = "_".join(parts)
        if name in labels:
            return labels[name]
        parts.pop()
    return ""


def game_round(number):
    """A round of a game (a Reclamation hand of eight tricks), not a round of the tournament."""
    return pgettext("a round of one game", "Round %(number)s") % {"number": number}


def _joined(*parts):
    return " · ".join(str(part) for part in parts if part)


LINE_LABELS = {
    "captures": lambda number: _("Captured cards"),
    "last_round": lambda number: _("Last round won"),
    "round": lambda number: game_round(number),
    "cards_in_deck": lambda number: _("Cards left in deck"),
    "cards_in_hand": lambda number: _("Cards left in hand"),
    "last_play": lambda number: _("Last successful play"),
}
# Lines that say who did something (1 or 0), shown as a mark rather than a number.
MARKED_LINES = {"last_play"}


def points_tables(result, seats):
    """What the site computed for a scored report or result, as one table per game, for the players to
    check before they confirm: {"caption", "names", "lines": [(label, [values by seat])], "total_label",
    "totals"}. Points line by line and their totals; or, for a game decided by cards left (Young
    Champions), each player's cards left and the place they give. [] when the games have no lines."""
    keys = [str(seat.entrant_id) for seat in seats]
    names = [seat.entrant.name for seat in seats]
    tables = []
    for game in (result or {}).get("games") or []:
        lines = [line for line in game.get("lines") or [] if line.get("kind") in LINE_LABELS]
        if lines:
            tables.append(_game_table(game, lines, keys, names))
    return tables


def _game_table(game, lines, keys, names):
    rows = [(LINE_LABELS[line["kind"]](line.get("number")), [_line_value(line, key) for key in keys]) for line in lines]
    table = {"names": names, "lines": rows}
    if any(line["kind"] == "cards_in_hand" for line in lines):
        places = game.get("placements") or {}
        return {
            **table,
            "caption": _("Cards left and places as the site read them"),
            "total_label": _("Place"),
            "totals": [str(PLACE_NAMES.get(places.get(key), "–")) for key in keys],
        }
    points = game.get("points") or {}
    return {
        **table,
        "caption": _("Points as the site computed them"),
        "total_label": _("Total"),
        "totals": [points.get(key, 0) for key in keys],
    }


def _line_value(line, key):
    value = line["points"].get(key, 0)
    if line["kind"] in MARKED_LINES:
        return "✓" if value else ""
    return value
