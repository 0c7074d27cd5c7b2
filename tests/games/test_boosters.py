"""A sealed product's boosters (games/boosters.py): the exact check of a pool's counts by rarity
against the boosters' slots, held to a brute force that tries every way of filling the slots."""

import random

import pytest

from core.errors import DomainError
from games.boosters import BoosterProduct, Slot, booster_findings, compile_boosters

RARITIES = ("a", "b", "c")


def product_of(slots):
    names = list(dict.fromkeys(name for takes, _count in slots for name in takes))  # in the slots' order
    return BoosterProduct(tuple((name, None) for name in names), tuple(Slot(t, c) for t, c in slots), 1, 1, 3)


def _fillings(takes, capacity, left):
    """Every way to put at most `capacity` cards of the rarities `takes` in one slot: (placed, left)."""
    if not takes:
        yield 0, left
        return
    first, *others = takes
    for placed in range(min(capacity, left.get(first, 0)) + 1):
        for more, rest in _fillings(others, capacity - placed, {**left, first: left.get(first, 0) - placed}):
            yield placed + more, rest


def brute_force(slots, boosters, counts):
    """(every card placed and every slot full, every card placed, every slot full), tried every way."""
    found = {"both": False, "placed": False, "full": False}

    def place(index, left, all_full):
        if index == len(slots):
            placed = not any(left.values())
            found["both"] |= placed and all_full
            found["placed"] |= placed
            found["full"] |= all_full
            return
        takes, count = slots[index]
        for filled, rest in _fillings(list(takes), count * boosters, left):
            place(index + 1, rest, all_full and filled == count * boosters)

    place(0, dict(counts), True)
    return found["both"], found["placed"], found["full"]


def random_case(rng):
    slots = [(tuple(rng.sample(RARITIES, rng.randint(1, 3))), rng.randint(1, 2)) for _ in range(rng.randint(1, 3))]
    counts = {name: rng.randint(0, 5) for name in RARITIES}
    return slots, rng.randint(1, 2), counts


def test_the_check_agrees_with_trying_every_way_to_fill_the_slots():
    rng = random.Random(27)
    verdicts = set()
    for _case in range(600):
        slots, boosters, counts = random_case(rng)
        counts = {name: qty for name, qty in counts.items() if any(name in takes for takes, _ in slots)}
        findings = booster_findings(product_of(slots), boosters, counts)
        both, placed, full = brute_force(slots, boosters, counts)
        kinds = {finding.kind for finding in findings}
        assert (not findings) == both, (slots, boosters, counts, findings)
        assert ("too_many" not in kinds) == placed, (slots, boosters, counts, findings)
        assert ("too_few" not in kinds) == full, (slots, boosters, counts, findings)
        verdicts.add((both, placed, full))
    assert len(verdicts) == 4  # fits, too many only, too few only, both: every branch was tried


# The shipped Dust Collectorz kit: 4 Bronze, 4 Silver, 2 Gold, 2 Platinum or Epic, 2 Gold or better, 2 Counter.
DC = [
    (("bronze",), 4), (("silver",), 4), (("gold",), 2), (("platinum", "epic"), 2),
    (("gold", "platinum", "epic"), 2), (("counter",), 2),
]  # fmt: skip
FULL = {"bronze": 20, "silver": 20, "gold": 10, "platinum": 10, "epic": 10, "counter": 10}


def test_an_or_better_slot_takes_the_upgrade_and_only_the_smallest_failing_set_is_named():
    product = product_of(DC)
    assert booster_findings(product, 5, FULL) == []
    assert booster_findings(product, 5, {**FULL, "gold": 20, "platinum": 0, "epic": 10}) == []  # 10 Gold upgraded
    [too_many, too_few] = booster_findings(product, 5, {**FULL, "gold": 22, "platinum": 0, "epic": 8})
    assert (too_many.kind, too_many.rarities, too_many.actual, too_many.expected) == ("too_many", ("gold",), 22, 20)
    assert (too_few.kind, too_few.rarities, too_few.actual, too_few.expected) == (
        "too_few", ("platinum", "epic"), 8, 10,
    )  # fmt: skip
    [short, bronze] = booster_findings(product, 5, {**FULL, "bronze": 19})
    assert short.kind == "cards" and (short.actual, short.expected) == (79, 80)
    assert (bronze.kind, bronze.rarities, bronze.actual, bronze.expected) == ("too_few", ("bronze",), 19, 20)


def test_the_booster_count_changes_what_the_kit_holds():
    product = product_of(DC)
    [wrong_total, *rarities] = booster_findings(product, 6, FULL)
    assert (wrong_total.actual, wrong_total.expected) == (80, 96)
    assert ("too_few", ("bronze",), 20, 24) in [(f.kind, f.rarities, f.actual, f.expected) for f in rarities]
    assert [(f.kind, f.rarities) for f in booster_findings(product, 4, FULL)][0] == ("cards", ())


def spec(**changes):
    base = {
        "count": {"default": 5, "min": 3, "max": 6},
        "rarities": {"common": {"rank": "bronze"}, "rare": {"rank": "gold"}},
        "booster": [{"takes": ["common"], "count": 3}, {"takes": ["rare"], "count": 1}],
    }
    return {**base, **changes}


def test_a_product_compiles_with_its_rarities_slots_and_counts():
    product = compile_boosters(spec(), "sealed_pool.boosters")
    assert (product.default, product.fewest, product.most, product.cards_per_booster) == (5, 3, 6, 4)


@pytest.mark.parametrize(
    "bad, code",
    [
        (spec(booster=[]), "format.booster_shape"),
        (spec(count={"default": 7, "min": 3, "max": 6}), "format.booster_count"),
        (spec(count={"default": 5, "min": 0, "max": 6}), "format.booster_count"),
        (spec(booster=[{"takes": ["mythic"], "count": 1}]), "format.booster_slot"),
        (spec(booster=[{"takes": ["common"], "count": 0}]), "format.booster_slot"),
        (spec(booster=[{"takes": ["common"], "count": 3}]), "format.booster_rarities"),  # no slot takes "rare"
        (spec(rarities={}), "format.booster_rarities"),
    ],
)
def test_a_malformed_product_is_refused_naming_the_place(bad, code):
    with pytest.raises(DomainError) as caught:
        compile_boosters(bad, "sealed_pool.boosters")
    assert caught.value.code == code
    assert "sealed_pool.boosters" in caught.value.message
