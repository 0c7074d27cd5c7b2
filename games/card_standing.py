"""A card's standing in a format, read from the format's definition (plain Python): legal,
banned or restricted (each since the date its list gives), or not allowed at all (a flag such as
Battle Simulator). Card pages show it for every format of the card's game."""

import datetime
from dataclasses import dataclass

from .cards import search_key

LEGAL, BANNED, RESTRICTED, NOT_ALLOWED = "legal", "banned", "restricted", "not_allowed"


@dataclass(frozen=True)
class Standing:
    status: str
    since: datetime.date | None = None
    limit: int | None = None


def card_standing(definition, name, card_type, attributes, as_of):
    """The Standing of one card (its title, type and attributes) in a format definition on a date."""
    key = search_key(name)
    for spec in definition.get("constraints", []):
        if not _in_force(spec.get("since"), as_of):
            continue
        if spec.get("kind") in ("banned", "restricted"):
            since = _listed_since(definition.get("lists", {}).get(spec.get("list"), []), key, as_of)
            if since is not False:
                limit = spec.get("max", 1) if spec["kind"] == "restricted" else None
                return Standing(BANNED if spec["kind"] == "banned" else RESTRICTED, since, limit)
        if spec.get("kind") == "flagged_illegal" and _matches(spec.get("where") or {}, card_type, attributes):
            return Standing(NOT_ALLOWED, _date(spec.get("since")))
    return Standing(LEGAL)


def _listed_since(entries, key, as_of):
    """The date a list names the card from (None: always), or False when it does not name it."""
    for entry in entries:
        entry = {"name": entry} if isinstance(entry, str) else entry
        names = [entry.get("name", ""), *entry.get("aliases", [])]
        if key in {search_key(alias) for alias in names} and _in_force(entry.get("since"), as_of):
            return _date(entry.get("since"))
    return False


def _matches(where, card_type, attributes):
    values = {**attributes, "type": card_type}
    for field, wanted in where.items():
        allowed = wanted if isinstance(wanted, list) else [wanted]
        if values.get(field) not in allowed:
            return False
    return bool(where)


def _in_force(since, as_of):
    return not since or datetime.date.fromisoformat(since) <= as_of


def _date(value):
    return datetime.date.fromisoformat(value) if value else None
