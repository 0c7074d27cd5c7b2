"""Sealed events (plain Python): is a pool what the product gives, and is a deck buildable from it?

A format describes its product as `sealed_pool` constraints (docs/formats.md); a pool is a `Deck`
of the cards opened, and a deck is buildable when it uses no card more often than the pool holds.
"""

from collections import Counter

from .legality.engine import Context
from .legality.model import Violation


def check_pool(pool, fmt, as_of, domains=None):
    """Every way the pool differs from the format's sealed product ([] when it matches)."""
    if fmt.sealed_pool is None:
        return [Violation("no_sealed_product", "shared", {"format": fmt.name}, [], None, None)]
    ctx = Context(fmt, as_of, domains or {}, pool)
    violations = [_wrong_game(entry, fmt) for entry in pool.entries if entry.card.game != fmt.game]
    for constraint in fmt.sealed_pool.constraints:
        if constraint.in_force(as_of):
            violations.extend(constraint.check(pool, ctx))
    return violations


def _wrong_game(entry, fmt):
    params = {"card": entry.card.name, "game": entry.card.game, "expected": fmt.game}
    return Violation("wrong_game", "shared", params, [entry.card.name], fmt.game, entry.card.game)


def missing_from_pool(deck, pool):
    """One `not_in_pool` violation per card the deck uses more often than the pool holds, by name."""
    held = Counter()
    for entry in pool.entries:
        held[entry.card.id] += entry.qty
    wanted, names = Counter(), {}
    for entry in deck.entries:
        wanted[entry.card.id] += entry.qty
        names[entry.card.id] = entry.card.name
    short = [(names[card], qty - held[card], qty) for card, qty in wanted.items() if qty > held[card]]
    return [
        Violation("not_in_pool", "shared", {"card": name, "missing": missing}, [name], qty, qty - missing)
        for name, missing, qty in sorted(short, key=lambda row: row[0].casefold())
    ]


def picker_groups(pool_entries, fmt, domains=None):
    """The pool's cards grouped as the format's composition rule counts them (Dust Collectorz: per
    tribe, per rank slot), each group with the copies that rule wants; cards the rule does not count
    are grouped by card type. `pool_entries` are DeckEntry rows; returns plain dicts in wheel order."""
    rule = next((constraint for constraint in fmt.constraints if constraint.kind == "composition"), None)
    counted, others = {}, {}
    for entry in pool_entries:
        if rule is not None and rule.where(entry.card) and rule.get_slot(entry.card) in rule.slot_of:
            key = (rule.get_group(entry.card), rule.slot_of[rule.get_slot(entry.card)])
            counted.setdefault(key, []).append(entry)
        else:
            others.setdefault(entry.card.type, []).append(entry)
    groups = []
    if rule is not None:
        present = {group for group, _slot in counted}
        order = _domain(rule.groups, domains or {}, present)
        for group in [*order, *sorted(present - set(order))]:
            for index, (values, wanted) in enumerate(rule.slots):
                entries = counted.get((group, index))
                if entries:
                    groups.append({"group": group, "values": list(values), "wanted": wanted, "entries": entries})
    for card_type in sorted(others):
        groups.append({"group": "", "type": card_type, "values": [], "wanted": None, "entries": others[card_type]})
    for group in groups:
        group["entries"] = sorted(group["entries"], key=lambda entry: entry.card.name.casefold())
    return groups


def _domain(spec, domains, present):
    """A group rule's order: `@tribes` is the game's wheel; a literal list as is; else alphabetical."""
    if isinstance(spec, list):
        return list(spec)
    if isinstance(spec, str) and spec.startswith("@") and spec[1:] in domains:
        return list(domains[spec[1:]])
    return sorted(value for value in present if value)
