"""Format definitions (data, see docs/formats.md) compiled into checkable formats."""

import datetime
from dataclasses import dataclass, field

import games
from core.errors import DomainError
from games.boosters import compile_boosters
from games.cards import search_key
from games.deck_rules import compile_where, format_error, parse_date

from .constraints import kinds_for

OPENING_HAND_KINDS = ("setup", "draw_phase")


@dataclass(frozen=True, slots=True)
class ListEntry:
    name: str
    keys: frozenset
    since: datetime.date | None


@dataclass(frozen=True)
class SealedProduct:
    """The product players open at a sealed event (docs/formats.md): its boosters (games/boosters.py,
    None when the format does not model them) and constraints on the pool; the rule a pool's count
    problems cite."""

    product: str
    constraints: list
    boosters: object = None
    rule: str = ""
    anchor: str = ""


@dataclass
class Format:
    slug: str
    name: str
    game: str
    version: str
    effective: datetime.date
    covers_from: datetime.date  # the earliest date its rules describe; before it no rules were in force
    source: str
    declarations: list
    lists: dict
    constraints: list
    definition: dict = field(repr=False)
    sealed_pool: SealedProduct | None = None  # what a sealed pool of this format must look like
    opening_hand: int | None = None  # cards each player draws to start a game (a deck page's sample hand)
    opening_hand_kind: str = "setup"  # "setup": the rules' opening hand; "draw_phase": a first turn's draw
    set_aside: object = None  # a Where: cards that start the game in play, never drawn (named by the format data)

    def list_keys(self, name, as_of):
        return frozenset(
            key
            for entry in self.lists.get(name, ())
            if entry.since is None or as_of >= entry.since
            for key in entry.keys
        )


def compile_format(definition):
    """Check a definition and compile it; raises DomainError naming the place."""
    if not isinstance(definition, dict):
        raise DomainError("format.not_an_object", "definition")
    for key in ("slug", "name", "game", "version", "effective", "constraints"):
        if key not in definition:
            raise DomainError("format.key_required", "definition", key=key)
    effective = parse_date(definition["effective"], "effective")
    covers_from = parse_date(definition.get("covers_from"), "covers_from") or effective
    if covers_from > effective:
        raise format_error("format.covers_from_after_effective", "covers_from")
    lists = {name: _compile_list(name, entries) for name, entries in definition.get("lists", {}).items()}
    kinds = kinds_for(games.get(definition["game"]))
    constraints = [
        _compile_constraint(spec, index, lists, kinds) for index, spec in enumerate(definition["constraints"], 1)
    ]
    return Format(
        slug=definition["slug"],
        name=definition["name"],
        game=definition["game"],
        version=definition["version"],
        effective=effective,
        covers_from=covers_from,
        source=definition.get("source", ""),
        declarations=list(definition.get("declarations", [])),
        lists=lists,
        constraints=constraints,
        definition=definition,
        sealed_pool=_compile_sealed(definition.get("sealed_pool"), lists, kinds),
        opening_hand=_opening_hand(definition.get("opening_hand")),
        opening_hand_kind=_opening_hand_kind(definition.get("opening_hand_kind", "setup")),
        set_aside=compile_where(definition["set_aside"], "set_aside") if definition.get("set_aside") else None,
    )


def _opening_hand(value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
        raise format_error("format.opening_hand", "opening_hand")
    return value


def _opening_hand_kind(value):
    if value not in OPENING_HAND_KINDS:
        raise format_error("format.opening_hand_kind", "opening_hand_kind")
    return value


def _compile_sealed(spec, lists, kinds):
    """`sealed_pool`: {"product": text, "boosters": {...}, "constraints": [...]} with the deck constraint kinds."""
    if spec is None:
        return None
    if not isinstance(spec, dict) or not isinstance(spec.get("constraints"), list):
        raise format_error("format.sealed_shape", "sealed_pool")
    constraints = [
        _compile_constraint(item, index, lists, kinds, prefix="sealed_pool.constraints")
        for index, item in enumerate(spec["constraints"], 1)
    ]
    boosters = compile_boosters(spec["boosters"], "sealed_pool.boosters") if "boosters" in spec else None
    return SealedProduct(
        str(spec.get("product", "")), constraints, boosters, str(spec.get("rule", "")), str(spec.get("anchor", ""))
    )


def _compile_list(name, entries):
    if not isinstance(entries, list):
        raise format_error("format.list_shape", f"lists.{name}")
    compiled = []
    for index, entry in enumerate(entries, 1):
        if isinstance(entry, str):
            entry = {"name": entry}
        place = f"lists.{name}[{index}]"
        if not isinstance(entry, dict) or not entry.get("name"):
            raise format_error("format.list_entry", place)
        keys = frozenset(search_key(alias) for alias in [entry["name"], *entry.get("aliases", [])])
        compiled.append(ListEntry(entry["name"], keys, parse_date(entry.get("since"), place)))
    return compiled


def _compile_constraint(spec, index, lists, kinds, prefix="constraints"):
    place = f"{prefix}[{index}]"
    if not isinstance(spec, dict) or spec.get("kind") not in kinds:
        raise format_error("format.unknown_kind", place, kind=str(spec.get("kind") if isinstance(spec, dict) else spec))
    for key in ("list", "skip_list"):
        if spec.get(key) and spec[key] not in lists:
            raise format_error("format.unknown_list", place, list=str(spec[key]))
    return kinds[spec["kind"]](spec, f"{place} ({spec.get('code', spec['kind'])})")
