"""A card's standing in a format, read from the format's definition (plain Python): legal,
banned or restricted (each since the date its list gives), or not allowed at all (a flag such as
Battle Simulator, or an attribute outside the range a rule allows, such as an Ally above level 2),
or not yet legal (Card Eligibility: a title waits some days after its first printing's release).
Card pages show it for every format of the card's game."""

import datetime
from dataclasses import dataclass

from .cards import search_key

LEGAL, BANNED, RESTRICTED, NOT_ALLOWED, NOT_YET = "legal", "banned", "restricted", "not_allowed", "not_yet"


@dataclass(frozen=True)
class Standing:
    status: str
    since: datetime.date | None = None
    limit: int | None = None


def card_standing(definition, name, card_type, attributes, as_of, eligible_from=None):
    """The Standing of one card (its title, type and attributes) in a format definition on a date.
    `eligible_from` is the release of the title's first printing (the legality engine's reading):
    a title still waiting is NOT_YET, unless a list or rule keeps it out for longer anyway."""
    key = search_key(name)
    waiting = None
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
        if spec.get("kind") == "attribute_range" and _out_of_range(spec, card_type, attributes):
            return Standing(NOT_ALLOWED, _date(spec.get("since")))
        if spec.get("kind") == "eligibility" and eligible_from is not None:
            legal_from = eligible_from + datetime.timedelta(days=spec.get("days", 0))
            waiting = Standing(NOT_YET, legal_from) if as_of < legal_from else waiting
    return waiting or Standing(LEGAL)


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


def _out_of_range(spec, card_type, attributes):
    """Whether an `attribute_range` rule keeps this card out of every deck (the legality engine's
    reading: a card it selects without a value in [min, max] is not allowed)."""
    if not _matches(spec.get("where") or {}, card_type, attributes):
        return False
    value = attributes.get(spec.get("attribute"))
    low, high = spec.get("min"), spec.get("max")
    return value is None or (low is not None and value < low) or (high is not None and value > high)


def _in_force(since, as_of):
    return not since or datetime.date.fromisoformat(since) <= as_of


def _date(value):
    return datetime.date.fromisoformat(value) if value else None
