"""Sealed events (plain Python): is a pool what the product gives, and is a deck buildable from it?

A format describes its product as `sealed_pool` (docs/formats.md): boosters of rarity slots
(games/boosters.py) and constraints; a pool is a `Deck` of the cards opened, and a deck is buildable
when it uses no card more often than the pool holds.
"""

from collections import Counter

from .legality.engine import Context
from .legality.model import Violation


def check_pool(pool, fmt, as_of, domains=None, boosters=None):
    """Every way the pool differs from the format's sealed product of `boosters` boosters (None: the
    product's default) ([] when it matches)."""
    if fmt.sealed_pool is None:
        return [Violation("no_sealed_product", "shared", {"format": fmt.name}, [], None, None)]
    ctx = Context(fmt, as_of, domains or {}, pool)
    violations = [_wrong_game(entry, fmt) for entry in pool.entries if entry.card.game != fmt.game]
    if fmt.sealed_pool.boosters is not None:
        same_game = [entry for entry in pool.entries if entry.card.game == fmt.game]
        violations.extend(_booster_violations(same_game, fmt.sealed_pool, boosters))
    for constraint in fmt.sealed_pool.constraints:
        if constraint.in_force(as_of):
            violations.extend(constraint.check(pool, ctx))
    return violations


# A finding of games/boosters.py -> the code of its message (decks/legality/messages.py).
FINDING_CODES = {"too_many": "pool_rarity_excess", "too_few": "pool_rarity_short"}


def _booster_violations(entries, sealed, boosters):
    """The pool's counts by rarity against `boosters` boosters of the product (games/boosters.py)."""
    product = sealed.boosters
    boosters = boosters or product.default
    counts, names, violations = {}, {}, []
    for entry in entries:
        rarity = product.rarity_of(entry.card)
        if rarity is None:
            violations.append(_booster_violation(sealed, "pool_off_product", {"card": entry.card.name}, [entry.card]))
            continue
        counts[rarity] = counts.get(rarity, 0) + entry.qty
        names.setdefault(rarity, []).append(entry.card.name)
    for finding in product.findings(boosters, counts):
        params = {"boosters": boosters, "values": list(finding.rarities)}
        if finding.kind == "cards":
            code = "pool_cards_missing" if finding.actual < finding.expected else "pool_cards_extra"
            params = {"boosters": boosters, "gap": abs(finding.expected - finding.actual)}
        else:
            code = FINDING_CODES[finding.kind]
        cards = [name for rarity in finding.rarities for name in names.get(rarity, ())]
        violations.append(_booster_violation(sealed, code, params, cards, finding.expected, finding.actual))
    return violations


def _booster_violation(sealed, code, params, cards, expected=None, actual=None):
    names = sorted({card if isinstance(card, str) else card.name for card in cards})
    return Violation(code, "shared", params, names, expected, actual, sealed.rule, sealed.anchor)


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
