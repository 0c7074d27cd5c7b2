"""Reading and checking catalogue files (JSON or CSV), as plain Python.

Everything is checked before anything is written: `read_catalogue` either returns a
complete `CatalogueImport` or raises DomainError naming the file, card and field.
See docs/catalogue-format.md.
"""

import csv
import datetime
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

import games
from core.errors import DomainError, define_messages
from games.cards import search_key

CSV_CARD_COLUMNS = ("number", "name", "type", "tribe", "rank", "ability", "text")
CSV_SET_COLUMNS = ("game", "set_code", "set_name", "set_released_on")
CSV_STAT_COLUMNS = ("power", "speed", "health", "cunning")


define_messages(
    {
        "catalogue.file_problem": _("%(source)s: %(problem)s"),
        "catalogue.card_problem": _("%(source)s, card %(card)s: %(problem)s"),
        "catalogue.unreadable": _("Cannot read the file (%(reason)s)."),
        "catalogue.too_large": _("The file is %(size)s bytes; the limit is %(limit)s."),
        "catalogue.not_utf8": _("The file is not UTF-8 text."),
        "catalogue.bad_json": _("Invalid JSON at line %(line)s: %(reason)s."),
        "catalogue.not_an_object": _("The file must hold one JSON object."),
        "catalogue.unknown_game": _("Unknown game “%(game)s”; known games: %(known)s."),
        "catalogue.set_shape": _("“set” must be an object with code, name and released_on."),
        "catalogue.set_text": _("“%(name)s” must be text of 1 to %(max)s characters."),
        "catalogue.set_date": _("“set.released_on” must be a date YYYY-MM-DD."),
        "catalogue.wheel_needed": _("This game needs a tribe wheel: give “tribes”."),
        "catalogue.wheel_shape": _("“tribes” must be a list of objects with a name and the tribe it beats."),
        "catalogue.tribe_name": _("Every tribe needs a name of 1 to 60 characters."),
        "catalogue.tribe_twice": _("A tribe is listed twice."),
        "catalogue.tribe_count": ngettext_lazy(
            "This game has %(expected)s tribe, not %(count)s.",
            "This game has %(expected)s tribes, not %(count)s.",
            "expected",
        ),
        "catalogue.beats_unknown": _("Tribe “%(tribe)s” beats “%(beaten)s”, which is not a tribe."),
        "catalogue.beats_itself": _("Tribe “%(tribe)s” cannot beat itself."),
        "catalogue.not_one_cycle": _("The wheel is not one cycle: %(path)s leaves tribes out."),
        "catalogue.cards_shape": _("“cards” must be a non-empty list."),
        "catalogue.too_many_cards": ngettext_lazy(
            "%(count)s card; the limit is %(limit)s.", "%(count)s cards; the limit is %(limit)s.", "count"
        ),
        "catalogue.card_shape": _("A card must be an object."),
        "catalogue.number_twice": _("Number %(number)s is also used by card #%(other)s."),
        "catalogue.csv_columns": ngettext_lazy(
            "Missing column: %(columns)s.", "Missing columns: %(columns)s.", "count"
        ),
        "catalogue.no_cards": _("The file has no cards."),
        "catalogue.csv_differs": _("Row %(row)s: %(column)s differs from the first row."),
        "catalogue.csv_stats": _("Row %(row)s: stats must be whole numbers."),
        "catalogue.tribe_missing": _("Tribe “%(tribe)s” has cards but is missing from the wheel."),
    }
)


def file_error(source, code, field=None, **params):
    """A problem with the whole file, named with the file it was found in."""
    problem = DomainError(code, field, **params)
    return DomainError("catalogue.file_problem", problem.field, source=str(source), problem=problem)


def card_error(source, card, problem):
    return DomainError("catalogue.card_problem", problem.field, source=str(source), card=card, problem=problem)


@dataclass
class CatalogueImport:
    game: str
    set_code: str
    set_name: str
    released_on: datetime.date
    tribes: list = field(default_factory=list)  # [(name, beats)] in wheel order, or [] to keep the game's wheel
    cards: list = field(default_factory=list)  # cleaned card dicts


def read_catalogue(path, known, max_bytes, max_cards):
    """Read a file. `known` maps game slug -> (schema key, existing tribe names)."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as error:
        raise file_error(path.name, "catalogue.unreadable", reason=error.strerror) from None
    if size > max_bytes:
        raise file_error(path.name, "catalogue.too_large", size=size, limit=max_bytes)
    try:
        content = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise file_error(path.name, "catalogue.not_utf8") from None
    if path.suffix.lower() == ".csv":
        document = csv_to_document(content, path.name)
    else:
        try:
            document = json.loads(content)
        except json.JSONDecodeError as error:
            raise file_error(path.name, "catalogue.bad_json", line=error.lineno, reason=error.msg) from None
    return check_document(document, path.name, known, max_cards)


def check_document(document, source, known, max_cards):
    if not isinstance(document, dict):
        raise file_error(source, "catalogue.not_an_object")
    game = document.get("game")
    if game not in known:
        raise file_error(source, "catalogue.unknown_game", "game", game=str(game)[:60], known=sorted(known))
    schema_key, existing_tribes = known[game]
    schema = games.card_schemas()[schema_key]
    set_code, set_name, released_on = _check_set(document.get("set"), source)
    tribes = _check_wheel(document.get("tribes"), source, schema)
    tribe_names = [name for name, _beats in tribes] if tribes else list(existing_tribes)
    if schema.uses_tribes and not tribe_names:
        raise file_error(source, "catalogue.wheel_needed", "tribes")
    cards = _check_cards(document.get("cards"), source, schema, tribe_names, max_cards)
    return CatalogueImport(game, set_code, set_name, released_on, tribes, cards)


def _check_set(raw, source):
    if not isinstance(raw, dict):
        raise file_error(source, "catalogue.set_shape", "set")
    code, name = raw.get("code"), raw.get("name")
    if not isinstance(code, str) or not code.strip() or len(code.strip()) > 16:
        raise file_error(source, "catalogue.set_text", "set.code", name="set.code", max=16)
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 120:
        raise file_error(source, "catalogue.set_text", "set.name", name="set.name", max=120)
    try:
        released_on = datetime.date.fromisoformat(str(raw.get("released_on")))
    except ValueError:
        raise file_error(source, "catalogue.set_date", "set.released_on") from None
    return code.strip(), name.strip(), released_on


def _check_wheel(raw, source, schema):
    """Tribes must form one cycle: each beats exactly one other and is beaten by exactly one."""
    if raw in (None, []):
        return []
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise file_error(source, "catalogue.wheel_shape", "tribes")
    names = [str(item.get("name", "")).strip() for item in raw]
    beats = {str(item.get("name", "")).strip(): str(item.get("beats", "")).strip() for item in raw}
    if any(not name or len(name) > 60 for name in names):
        raise file_error(source, "catalogue.tribe_name", "tribes")
    if len({search_key(name) for name in names}) != len(names):
        raise file_error(source, "catalogue.tribe_twice", "tribes")
    if schema.tribe_count and len(names) != schema.tribe_count:
        raise file_error(source, "catalogue.tribe_count", "tribes", expected=schema.tribe_count, count=len(names))
    for name, beaten in beats.items():
        if beaten not in beats:
            raise file_error(source, "catalogue.beats_unknown", "tribes", tribe=name, beaten=beaten)
        if beaten == name:
            raise file_error(source, "catalogue.beats_itself", "tribes", tribe=name)
    return _wheel_order(names, beats, source)


def _wheel_order(names, beats, source):
    ordered, current = [], names[0]
    while current not in ordered:
        ordered.append(current)
        current = beats[current]
    if len(ordered) != len(names) or current != names[0]:
        raise file_error(source, "catalogue.not_one_cycle", "tribes", path=" > ".join([*ordered, current]))
    return [(name, beats[name]) for name in ordered]


def _check_cards(raw, source, schema, tribe_names, max_cards):
    if not isinstance(raw, list) or not raw:
        raise file_error(source, "catalogue.cards_shape", "cards")
    if len(raw) > max_cards:
        raise file_error(source, "catalogue.too_many_cards", "cards", count=len(raw), limit=max_cards)
    cards, seen = [], {}
    for index, item in enumerate(raw, start=1):
        label = _card_label(index, item)
        if not isinstance(item, dict):
            raise card_error(source, label, DomainError("catalogue.card_shape"))
        try:
            card = schema.clean(item, tribe_names)
        except DomainError as error:
            raise card_error(source, label, error) from None
        if card["number"] in seen:
            problem = DomainError("catalogue.number_twice", "number", number=card["number"], other=seen[card["number"]])
            raise card_error(source, label, problem)
        seen[card["number"]] = index
        cards.append(card)
    return cards


def _card_label(index, item):
    if isinstance(item, dict) and item.get("name"):
        return f"#{index} ({item.get('number', '?')} {item['name']})"
    return f"#{index}"


def csv_to_document(content, source):
    """One card per row; set columns repeat on every row and must agree."""
    reader = csv.DictReader(io.StringIO(content))
    missing = [
        column for column in (*CSV_SET_COLUMNS, "number", "name", "type") if column not in (reader.fieldnames or [])
    ]
    if missing:
        raise file_error(source, "catalogue.csv_columns", columns=missing, count=len(missing))
    rows = list(reader)
    if not rows:
        raise file_error(source, "catalogue.no_cards", "cards")
    first = rows[0]
    for line, row in enumerate(rows, start=2):
        for column in CSV_SET_COLUMNS:
            if row[column] != first[column]:
                raise file_error(source, "catalogue.csv_differs", column, row=line, column=column)
    return {
        "game": first["game"],
        "set": {"code": first["set_code"], "name": first["set_name"], "released_on": first["set_released_on"]},
        "tribes": _csv_wheel(rows),
        "cards": [_csv_card(row, line, source) for line, row in enumerate(rows, start=2)],
    }


def _csv_wheel(rows):
    pairs = {}
    for row in rows:
        if row.get("tribe") and row.get("tribe_beats"):
            pairs.setdefault(row["tribe"].strip(), row["tribe_beats"].strip())
    return [{"name": name, "beats": beats} for name, beats in pairs.items()]


def _csv_card(row, line, source):
    card = {column: row[column] for column in CSV_CARD_COLUMNS if row.get(column)}
    stats = {column: row[column] for column in CSV_STAT_COLUMNS if row.get(column)}
    if stats:
        try:
            card["stats"] = {key: int(value) for key, value in stats.items()}
        except ValueError:
            raise file_error(source, "catalogue.csv_stats", "stats", row=line) from None
    skip = {*CSV_SET_COLUMNS, *CSV_CARD_COLUMNS, *CSV_STAT_COLUMNS, "tribe_beats"}
    attributes = {key: _csv_value(value) for key, value in row.items() if key not in skip and key and value}
    if attributes:
        card["attributes"] = attributes
    return card


def _csv_value(value):
    """CSV cells are text; read whole numbers and true/false as such."""
    lowered = value.strip().lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if lowered.lstrip("-").isdigit():
        return int(lowered)
    return value.strip()
