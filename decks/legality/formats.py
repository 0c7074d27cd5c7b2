"""Format definitions (data, see docs/formats.md) compiled into checkable formats."""

import datetime
from dataclasses import dataclass, field

from catalogue.schemas import search_key

from .constraints import KINDS, FormatError, parse_date


@dataclass(frozen=True, slots=True)
class ListEntry:
    name: str
    keys: frozenset
    since: datetime.date | None


@dataclass
class Format:
    slug: str
    name: str
    game: str
    version: str
    effective: datetime.date
    source: str
    declarations: list
    lists: dict
    constraints: list
    definition: dict = field(repr=False)

    def list_keys(self, name, as_of):
        return frozenset(
            key
            for entry in self.lists.get(name, ())
            if entry.since is None or as_of >= entry.since
            for key in entry.keys
        )


def compile_format(definition):
    """Check a definition and compile it; raises FormatError naming the place."""
    if not isinstance(definition, dict):
        raise FormatError("a format definition must be a JSON object")
    for key in ("slug", "name", "game", "version", "effective", "constraints"):
        if key not in definition:
            raise FormatError(f"{key!r} is required")
    effective = parse_date(definition["effective"], "effective")
    lists = {name: _compile_list(name, entries) for name, entries in definition.get("lists", {}).items()}
    constraints = [_compile_constraint(spec, index, lists) for index, spec in enumerate(definition["constraints"], 1)]
    return Format(
        slug=definition["slug"],
        name=definition["name"],
        game=definition["game"],
        version=definition["version"],
        effective=effective,
        source=definition.get("source", ""),
        declarations=list(definition.get("declarations", [])),
        lists=lists,
        constraints=constraints,
        definition=definition,
    )


def _compile_list(name, entries):
    if not isinstance(entries, list):
        raise FormatError(f"lists.{name}: must be a list")
    compiled = []
    for index, entry in enumerate(entries, 1):
        if isinstance(entry, str):
            entry = {"name": entry}
        place = f"lists.{name}[{index}]"
        if not isinstance(entry, dict) or not entry.get("name"):
            raise FormatError(f"{place}: needs a 'name'")
        keys = frozenset(search_key(alias) for alias in [entry["name"], *entry.get("aliases", [])])
        compiled.append(ListEntry(entry["name"], keys, parse_date(entry.get("since"), place)))
    return compiled


def _compile_constraint(spec, index, lists):
    place = f"constraints[{index}]"
    if not isinstance(spec, dict) or spec.get("kind") not in KINDS:
        raise FormatError(f"{place}: unknown kind {spec.get('kind') if isinstance(spec, dict) else spec!r}")
    for key in ("list", "skip_list"):
        if spec.get(key) and spec[key] not in lists:
            raise FormatError(f"{place}: no list named {spec[key]!r}")
    return KINDS[spec["kind"]](spec, f"{place} ({spec.get('code', spec['kind'])})")
