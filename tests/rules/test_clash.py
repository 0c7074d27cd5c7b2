"""The judge's clash calculator: worked cases (pure module)."""

import pytest

from core.errors import DomainError
from rules.clash import StackCard, resolve, stack_value

# Our own wheel: each tribe beats the next.
BEATS = {"Lint": "Rust", "Rust": "Web", "Web": "Gutter", "Gutter": "Attic", "Attic": "Lint"}


def card(name, tribe, stat):
    return StackCard(name, tribe, stat)


def test_a_stack_counts_the_primary_in_full_and_halves_of_the_others():
    value = stack_value([card("A", "Lint", 5), card("B", "Lint", 3), card("C", "Lint", 4)])
    assert value.total == 5 + 1 + 2  # 3 // 2 = 1, 4 // 2 = 2


def test_stronger_tribe_defender_gets_plus_one():
    clash = resolve([card("A", "Rust", 6)], [card("D", "Lint", 5)], BEATS)  # Lint beats Rust
    assert (clash.relation, clash.modifier, clash.defender.total, clash.winner) == ("stronger", 1, 6, "defender")


def test_weaker_tribe_defender_gets_minus_one_before_halving():
    clash = resolve([card("A", "Lint", 6)], [card("D", "Rust", 6), card("E", "Rust", 3)], BEATS)  # Lint beats Rust
    assert clash.relation == "weaker"
    assert clash.defender.total == 5 + (2 // 2)  # 6-1 in full, (3-1)//2
    assert clash.winner == "defender"  # 6 against 6: a tie goes to the defender
    assert resolve([card("A", "Lint", 7)], [card("D", "Rust", 6), card("E", "Rust", 3)], BEATS).winner == "attacker"


def test_other_two_tribes_are_unmodified():
    clash = resolve([card("A", "Lint", 4)], [card("D", "Web", 4)], BEATS)
    assert (clash.relation, clash.modifier, clash.winner) == ("other", 0, "defender")  # a tie goes to the defender


def test_same_tribe_may_not_answer():
    with pytest.raises(DomainError, match="attacking tribe"):
        resolve([card("A", "Lint", 4)], [card("D", "Lint", 9)], BEATS)


def test_a_stack_holds_one_tribe():
    with pytest.raises(DomainError, match="one tribe"):
        resolve([card("A", "Lint", 4), card("B", "Web", 4)], [card("D", "Web", 4)], BEATS)


def test_a_stack_cannot_repeat_a_unique_epic_card():
    epic = StackCard("Dustzilla", "Lint", 9, "epic", 7)
    with pytest.raises(DomainError, match="Dustzilla"):
        resolve([epic, epic], [card("D", "Web", 4)], BEATS)
    bronze = StackCard("Puff", "Lint", 2, "bronze", 8)
    assert resolve([epic, bronze, bronze], [card("D", "Web", 4)], BEATS).attacker.total == 9 + 1 + 1


def test_the_other_reading_puts_the_modifier_on_the_stack_total():
    defending = [card("D", "Rust", 6), card("E", "Rust", 4)]  # Lint beats Rust: the defender gets -1
    per_card = resolve([card("A", "Lint", 7)], defending, BEATS, "card")
    on_total = resolve([card("A", "Lint", 7)], defending, BEATS, "total")
    assert (per_card.defender.total, per_card.winner) == (5 + 1, "attacker")  # 6-1, then (4-1)//2
    assert (on_total.defender.total, on_total.winner) == (6 + 2 - 1, "defender")  # 6 + 4//2, then -1: a tie


@pytest.mark.django_db
def test_calculator_page(client, sample):
    from catalogue.models import Card

    lint = Card.objects.filter(tribe__name="Lintlings", rank="gold").first()
    rust = Card.objects.filter(tribe__name="Rustbacks", rank="bronze").order_by("number")[:2]
    params = {"stat": "power", "attacker_0": lint.pk, "defender_0": rust[0].pk, "defender_1": rust[1].pk}
    for language in ("en", "fr", "it"):
        assert client.get(f"/{language}/rules/dust-collectorz/clash/", params).status_code == 200
    result = client.get("/en/rules/dust-collectorz/clash/", params).context["results"][0]
    assert result.relation == "weaker"  # Lintlings beat Rustbacks on the sample wheel
    assert result.defender.total == (rust[0].power - 1) + (rust[1].power - 1) // 2
    same = client.get(
        "/en/rules/dust-collectorz/clash/",
        {**params, "defender_0": Card.objects.filter(tribe__name="Lintlings").last().pk},
    )
    assert "The defender may not answer with the attacking tribe." in same.text
    assert client.get("/en/rules/dbz-ccg/clash/").status_code == 404


@pytest.mark.django_db
def test_calculator_shows_both_readings_with_natural_labels(client, sample):
    from catalogue.models import Card

    lint = Card.objects.filter(tribe__name="Lintlings", rank="gold").first()
    rust = Card.objects.filter(tribe__name="Rustbacks", rank="bronze").order_by("number")[:2]
    params = {"stat": "power", "attacker_0": lint.pk, "defender_0": rust[0].pk, "defender_1": rust[1].pk}
    page = client.get("/en/rules/dust-collectorz/clash/", {**params, "reading": "both"})
    assert [r.reading for r in page.context["results"]] == ["card", "total"]
    assert "on the stack&#x27;s total" in page.text or "on the stack's total" in page.text
    assert ">Attacker: primary card</label>" in page.text and "primary card:" not in page.text
    french = client.get("/fr/rules/dust-collectorz/clash/").text
    assert ">Attaquant\xa0: carte principale</label>" in french


def test_a_stack_holds_no_more_of_a_rank_than_a_deck_holds_of_a_tribe():
    from rules.clash import RankSlot

    slots = [RankSlot(("gold",), 1, "Gold"), RankSlot(("platinum", "epic"), 1, "Platinum or Epic")]
    two_epics = [StackCard("Dustzilla", "Lint", 9, "epic", 7), StackCard("Lintzilla", "Lint", 8, "epic", 9)]
    with pytest.raises(DomainError, match="A deck holds 1 Platinum or Epic card of each tribe"):
        resolve(two_epics, [card("D", "Web", 4)], BEATS, slots=slots)
    two_golds = [StackCard("Sun", "Lint", 6, "gold", 1), StackCard("Moon", "Lint", 6, "gold", 2)]
    with pytest.raises(DomainError, match="stack cannot hold 2"):
        resolve([card("A", "Rust", 4)], two_golds, BEATS, slots=slots)
    gold_and_epic = [StackCard("Sun", "Lint", 6, "gold", 1), two_epics[0]]
    assert resolve(gold_and_epic, [card("D", "Web", 4)], BEATS, slots=slots).attacker.total == 6 + 4


def test_both_readings_of_rounded_down_when_they_differ():
    # Two odd halves: 3//2 + 3//2 = 2 card by card, (3 + 3) / 2 = 3 on the sum.
    attacking = [card("A", "Lint", 5), card("B", "Lint", 3), card("C", "Lint", 3)]
    clash = resolve(attacking, [card("D", "Web", 8)], BEATS)
    assert (clash.attacker.total, clash.winner) == (7, "defender")
    assert (clash.other_rounding.attacker.total, clash.other_rounding.winner) == (8, "defender")
    flips = resolve(attacking, [card("D", "Web", 7)], BEATS)
    assert (flips.winner, flips.other_rounding.winner) == ("defender", "attacker")
    assert resolve([card("A", "Lint", 5), card("B", "Lint", 4)], [card("D", "Web", 7)], BEATS).other_rounding is None


@pytest.mark.django_db
def test_the_page_refuses_what_a_deck_could_not_hold_and_says_its_readings(client, sample):
    from catalogue.models import Card

    golds = Card.objects.filter(tribe__name="Lintlings", rank="gold")
    rust = Card.objects.filter(tribe__name="Rustbacks", rank="bronze").first()
    page = client.get("/en/rules/dust-collectorz/clash/", {"stat": "power", "attacker_0": rust.pk})
    assert "only two abilities apply" in page.text and "Rounded down" in page.text
    params = {"stat": "power", "attacker_0": golds[0].pk, "attacker_1": golds[1].pk, "defender_0": rust.pk}
    refused = client.get("/en/rules/dust-collectorz/clash/", params)
    assert "A deck holds 1 Gold card of each tribe, so a stack cannot hold 2." in refused.text
    assert not refused.context["results"]
    # The refusal is in the error summary a screen reader is taken to (focused by site.js).
    summary = refused.text.split("data-error-summary", 1)[1].split("</div>", 1)[0]
    assert "so a stack cannot hold 2." in summary


def test_a_weaker_tribe_card_loses_one_even_from_a_stat_of_zero():
    # Glossary, Weaker Tribe: every stat on the card is decreased by one, with no floor: a 0 becomes -1,
    # so an attacker's 0 beats it (no tie for the defender to win).
    clash = resolve([card("A", "Lint", 0)], [card("D", "Rust", 0)], BEATS)  # Lint beats Rust
    assert (clash.relation, clash.defender.total, clash.winner) == ("weaker", -1, "attacker")
    on_total = resolve([card("A", "Lint", 0)], [card("D", "Rust", 0)], BEATS, "total")
    assert (on_total.defender.total, on_total.winner) == (-1, "attacker")
    # Against 1, a stack of 0 and 2 (0-1 in full, (2-1)//2 = 0) makes -1 and loses.
    assert resolve([card("A", "Lint", 1)], [card("D", "Rust", 0), card("E", "Rust", 2)], BEATS).defender.total == -1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"), [("en", "has no floor"), ("fr", "pas de plancher"), ("it", "non ha un minimo")]
)
def test_the_page_says_a_weaker_tribe_card_can_fall_below_zero(client, sample, language, said):
    """The reading is ours (the rules say "decreased by one" and no more): the page says so."""
    assert said in client.get(f"/{language}/rules/dust-collectorz/clash/").text


def test_the_wheel_wraps_from_the_fifth_tribe_to_the_first():
    # Attic (fifth) beats Lint (first): a Lint attack answered by Attic is a Stronger Tribe answer, and
    # an Attic attack answered by Lint a Weaker Tribe one; Web and Gutter are the other two.
    assert resolve([card("A", "Lint", 5)], [card("D", "Attic", 4)], BEATS).relation == "stronger"
    assert resolve([card("A", "Lint", 5)], [card("D", "Attic", 4)], BEATS).winner == "defender"  # 4+1 ties 5
    assert resolve([card("A", "Attic", 4)], [card("D", "Lint", 5)], BEATS).relation == "weaker"
    assert {resolve([card("A", "Lint", 5)], [card("D", t, 4)], BEATS).relation for t in ("Web", "Gutter")} == {"other"}


@pytest.mark.django_db
def test_the_page_takes_a_whole_tribe_of_a_deck_in_one_stack(client, sample):
    # Stacking has no limit but one tribe: a deck's six cards of a tribe (2 Bronze, 2 Silver, 1 Gold,
    # 1 Platinum) make one stack, every card after the primary counted half.
    from catalogue.models import Card

    lint = Card.objects.filter(tribe__name="Lintlings").order_by("number")
    stack = [
        *lint.filter(rank="platinum")[:1],
        *lint.filter(rank="bronze")[:2],
        *lint.filter(rank="silver")[:2],
        *lint.filter(rank="gold")[:1],
    ]
    web = Card.objects.filter(tribe__name="Cobweavers", rank="bronze").first()  # one of the other two
    params = {"stat": "power", "defender_0": web.pk} | {f"attacker_{i}": c.pk for i, c in enumerate(stack)}
    page = client.get("/en/rules/dust-collectorz/clash/", params)
    result = page.context["results"][0]
    assert [line[0] for line in result.attacker.lines] == [c.name for c in stack]
    assert result.attacker.total == stack[0].power + sum(c.power // 2 for c in stack[1:])
    assert ">Attacker: sixth card</label>" in page.text and ">Defender: sixth card</label>" in page.text
