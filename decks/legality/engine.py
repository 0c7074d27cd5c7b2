"""validate(deck, format, as_of) -> Verdict with every violation at once."""

from collections import Counter

from games.cards import search_key

from .model import Verdict, Violation

MAIN_PERSONALITY_DECLARATION = "main-personality"


class Context:
    """What constraints may ask beyond the deck: the date, value domains and dated lists."""

    __slots__ = ("as_of", "domains", "format", "main_personalities", "_lists")

    def __init__(self, fmt, as_of, domains, deck):
        self.format, self.as_of, self.domains = fmt, as_of, domains
        self._lists = {}
        self.main_personalities = _main_personalities(deck)

    def domain(self, spec, present):
        """`@tribes` -> the game's tribes; a literal list as is; otherwise the values present."""
        if isinstance(spec, list):
            return spec
        values = self.domains.get(spec[1:]) if isinstance(spec, str) and spec.startswith("@") else None
        return values if values is not None else sorted(value for value in present if value)

    def list_keys(self, name):
        if name not in self._lists:
            self._lists[name] = self.format.list_keys(name, self.as_of)
        return self._lists[name]


def _main_personalities(deck):
    """The Main Personality named cards are counted for: the deck's Main Personality cards, else a
    `Main Personality:` header (a header that disagrees with the cards is reported elsewhere)."""
    from_cards = {
        search_key(entry.card.attributes["personality"])
        for entry in deck.entries
        if entry.card.type == "main_personality" and entry.card.attributes.get("personality")
    }
    declared = deck.declarations.get(MAIN_PERSONALITY_DECLARATION)
    return from_cards or ({search_key(declared)} if declared else set())


def validate(deck, fmt, as_of, domains=None, owned=None, unknown=()):
    """Check a deck against a compiled format as of a date.

    `owned` maps card id -> quantity in a collection (None: no ownership check);
    `unknown` lists decklist lines that matched no card.
    """
    if as_of < fmt.covers_from:
        return Verdict(fmt.slug, fmt.version, fmt.effective, as_of, deck.size, [_no_rules(fmt, as_of)])
    ctx = Context(fmt, as_of, domains or {}, deck)
    violations = [*_shared_violations(deck, fmt, owned, unknown)]
    for constraint in fmt.constraints:
        if constraint.in_force(as_of):
            violations.extend(constraint.check(deck, ctx))
    return Verdict(fmt.slug, fmt.version, fmt.effective, as_of, deck.size, violations)


def _no_rules(fmt, as_of):
    """A date before the format's rules: no verdict on the cards, and never "legal"."""
    params = {"format": fmt.name, "date": as_of.isoformat(), "start": fmt.covers_from.isoformat()}
    return Violation("no_rules_in_force", "shared", params, [], fmt.covers_from.isoformat(), as_of.isoformat())


def _shared_violations(deck, fmt, owned, unknown):
    for text in unknown:
        yield Violation("unknown_card", "shared", {"card": text}, [text], None, None)
    for entry in deck.entries:
        if entry.card.game != fmt.game:
            params = {"card": entry.card.name, "game": entry.card.game, "expected": fmt.game}
            yield Violation("wrong_game", "shared", params, [entry.card.name], fmt.game, entry.card.game)
    if owned is not None:
        yield from _ownership(deck, owned)


def _ownership(deck, owned):
    wanted, names = Counter(), {}
    for entry in deck.entries:
        wanted[entry.card.id] += entry.qty
        names[entry.card.id] = entry.card.name
    for card_id, qty in wanted.items():
        have = owned.get(card_id, 0)
        if have < qty:
            params = {"card": names[card_id], "missing": qty - have}
            yield Violation("not_owned", "shared", params, [names[card_id]], qty, have)
