"""Reading and checking catalogue files (JSON or CSV), as plain Python.

Everything is checked before anything is written: `read_catalogue` either returns a
complete `CatalogueImport` or raises `CatalogueImportError` naming the file, card and field.
See docs/catalogue-format.md.
"""

import csv
import datetime
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from .schemas import SCHEMAS, CardFieldError, search_key

CSV_CARD_COLUMNS = ("number", "name", "type", "tribe", "rank", "ability", "text")
CSV_SET_COLUMNS = ("game", "set_code", "set_name", "set_released_on")
CSV_STAT_COLUMNS = ("power", "speed", "health", "cunning")


class CatalogueImportError(Exception):
    def __init__(self, source, message, card=None, field=None):
        self.source, self.card, self.field, self.message = source, card, field, message
        place = [str(source)]
        if card:
            place.append(f"card {card}")
        if field:
            place.append(f"field {field!r}")
        super().__init__(f"{': '.join(place)}: {message}")


@dataclass
class CatalogueImport:
    game: str
    set_code: str
    set_name: str
    released_on: datetime.date
    tribes: list = field(default_factory=list)  # [(name, beats)] in wheel order, or [] to keep the game's wheel
    cards: list = field(default_factory=list)  # cleaned card dicts


def read_catalogue(path, games, max_bytes, max_cards):
    """Read a file. `games` maps game slug -> (schema key, existing tribe names)."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as error:
        raise CatalogueImportError(path.name, f"cannot read the file ({error.strerror})") from None
    if size > max_bytes:
        raise CatalogueImportError(path.name, f"the file is {size} bytes; the limit is {max_bytes}")
    try:
        content = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise CatalogueImportError(path.name, "the file is not UTF-8 text") from None
    if path.suffix.lower() == ".csv":
        document = csv_to_document(content, path.name)
    else:
        try:
            document = json.loads(content)
        except json.JSONDecodeError as error:
            raise CatalogueImportError(path.name, f"invalid JSON at line {error.lineno}: {error.msg}") from None
    return check_document(document, path.name, games, max_cards)


def check_document(document, source, games, max_cards):
    if not isinstance(document, dict):
        raise CatalogueImportError(source, "the file must hold one JSON object")
    game = document.get("game")
    if game not in games:
        raise CatalogueImportError(
            source, f"unknown game {game!r}; known games: {', '.join(sorted(games))}", field="game"
        )
    schema_key, existing_tribes = games[game]
    schema = SCHEMAS[schema_key]
    set_code, set_name, released_on = _check_set(document.get("set"), source)
    tribes = _check_wheel(document.get("tribes"), source, schema)
    tribe_names = [name for name, _ in tribes] if tribes else list(existing_tribes)
    if schema.uses_tribes and not tribe_names:
        raise CatalogueImportError(source, "this game needs a tribe wheel: give 'tribes'", field="tribes")
    cards = _check_cards(document.get("cards"), source, schema, tribe_names, max_cards)
    return CatalogueImport(game, set_code, set_name, released_on, tribes, cards)


def _check_set(raw, source):
    if not isinstance(raw, dict):
        raise CatalogueImportError(source, "must be an object with code, name and released_on", field="set")
    code, name = raw.get("code"), raw.get("name")
    if not isinstance(code, str) or not code.strip() or len(code.strip()) > 16:
        raise CatalogueImportError(source, "must be text of 1 to 16 characters", field="set.code")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 120:
        raise CatalogueImportError(source, "must be text of 1 to 120 characters", field="set.name")
    try:
        released_on = datetime.date.fromisoformat(str(raw.get("released_on")))
    except ValueError:
        raise CatalogueImportError(source, "must be a date YYYY-MM-DD", field="set.released_on") from None
    return code.strip(), name.strip(), released_on


def _check_wheel(raw, source, schema):
    """Tribes must form one cycle: each beats exactly one other and is beaten by exactly one."""
    if raw in (None, []):
        return []
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise CatalogueImportError(source, "must be a list of {name, beats} objects", field="tribes")
    names = [str(item.get("name", "")).strip() for item in raw]
    beats = {str(item.get("name", "")).strip(): str(item.get("beats", "")).strip() for item in raw}
    if any(not name or len(name) > 60 for name in names):
        raise CatalogueImportError(source, "every tribe needs a name of 1 to 60 characters", field="tribes")
    if len({search_key(name) for name in names}) != len(names):
        raise CatalogueImportError(source, "a tribe is listed twice", field="tribes")
    if schema.tribe_count and len(names) != schema.tribe_count:
        raise CatalogueImportError(
            source, f"this game has {schema.tribe_count} tribes, not {len(names)}", field="tribes"
        )
    for name, beaten in beats.items():
        if beaten not in beats:
            raise CatalogueImportError(source, f"tribe {name!r} beats {beaten!r}, which is not a tribe", field="tribes")
        if beaten == name:
            raise CatalogueImportError(source, f"tribe {name!r} cannot beat itself", field="tribes")
    return _wheel_order(names, beats, source)


def _wheel_order(names, beats, source):
    ordered, current = [], names[0]
    while current not in ordered:
        ordered.append(current)
        current = beats[current]
    if len(ordered) != len(names) or current != names[0]:
        raise CatalogueImportError(
            source, f"the wheel is not one cycle: {' > '.join([*ordered, current])} leaves tribes out", field="tribes"
        )
    return [(name, beats[name]) for name in ordered]


def _check_cards(raw, source, schema, tribe_names, max_cards):
    if not isinstance(raw, list) or not raw:
        raise CatalogueImportError(source, "must be a non-empty list", field="cards")
    if len(raw) > max_cards:
        raise CatalogueImportError(source, f"{len(raw)} cards; the limit is {max_cards}", field="cards")
    cards, seen = [], {}
    for index, item in enumerate(raw, start=1):
        label = _card_label(index, item)
        if not isinstance(item, dict):
            raise CatalogueImportError(source, "must be an object", card=label)
        try:
            card = schema.clean(item, tribe_names)
        except CardFieldError as error:
            raise CatalogueImportError(source, error.message, card=label, field=error.field) from None
        if card["number"] in seen:
            raise CatalogueImportError(
                source,
                f"number {card['number']} is also used by card #{seen[card['number']]}",
                card=label,
                field="number",
            )
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
        raise CatalogueImportError(source, f"missing column(s): {', '.join(missing)}")
    rows = list(reader)
    if not rows:
        raise CatalogueImportError(source, "no cards", field="cards")
    first = rows[0]
    for line, row in enumerate(rows, start=2):
        for column in CSV_SET_COLUMNS:
            if row[column] != first[column]:
                raise CatalogueImportError(source, f"row {line}: {column} differs from the first row", field=column)
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
            raise CatalogueImportError(source, f"row {line}: stats must be whole numbers", field="stats") from None
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
