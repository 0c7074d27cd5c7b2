"""validate(deck, format, as_of) -> Verdict with every violation at once."""

from collections import Counter
from itertools import compress
from operator import attrgetter

from .model import CARD_FIELDS, Verdict, Violation

_QTY, _CARD = attrgetter("qty"), attrgetter("card")


class Context:
    """What constraints may ask beyond the deck: the date, value domains and dated lists; and the
    deck's entries selected by `where` clauses, each clause and each card field read once per
    validation (several constraints filter on the same field, often with the same clause)."""

    __slots__ = (
        "as_of",
        "domains",
        "entries",
        "format",
        "size",
        "_columns",
        "_lists",
        "_selected",
    )

    def __init__(self, fmt, as_of, domains, deck):
        self.format, self.as_of, self.domains = fmt, as_of, domains
        self._lists, self._columns, self._selected = {}, {}, {}
        self.entries = deck.entries
        self.size = sum(map(_QTY, deck.entries))

    def select(self, where):
        """The entries a compiled `where` clause keeps, in deck order."""
        selected = self._selected.get(where.key)
        if selected is None:
            if len(where.tests) == 1:
                field, allowed = where.tests[0]
                selected = list(compress(self.entries, map(allowed.__contains__, self._column(field))))
            else:  # none, or several fields: the clause's own getters
                selected = where.select(self.entries)
            self._selected[where.key] = selected
        return selected

    def _column(self, field):
        """The field's value for every entry's card, read with C-level getters."""
        column = self._columns.get(field)
        if column is None:
            cards = map(_CARD, self.entries)
            if field in CARD_FIELDS:
                column = list(map(attrgetter(field), cards))
            else:
                column = [card.attributes.get(field) for card in cards]
            self._columns[field] = column
        return column

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


def validate(deck, fmt, as_of, domains=None, owned=None, unknown=(), problems=()):
    """Check a deck against a compiled format as of a date.

    `owned` maps card id -> quantity in a collection (None: no ownership check): what is missing
    makes the deck not *buildable*, never not *legal* (the verdict's `missing`, apart from its
    violations). `unknown` lists decklist lines that matched no card; `problems` are violations
    the caller found in lines that could not be read (a bad quantity).
    """
    missing = shortfall(deck, owned) if owned is not None else None
    if as_of < fmt.covers_from:
        return Verdict(fmt.slug, fmt.version, fmt.effective, as_of, deck.size, [_no_rules(fmt, as_of)], missing)
    ctx = Context(fmt, as_of, domains or {}, deck)
    violations = [*problems, *_shared_violations(deck, fmt, unknown)]
    for constraint in fmt.constraints:
        if constraint.in_force(as_of):
            violations.extend(constraint.check(deck, ctx))
    return Verdict(fmt.slug, fmt.version, fmt.effective, as_of, ctx.size, violations, missing)


def _no_rules(fmt, as_of):
    """A date before the format's rules: no verdict on the cards, and never "legal"."""
    params = {"format": fmt.name, "date": as_of.isoformat(), "start": fmt.covers_from.isoformat()}
    return Violation("no_rules_in_force", "shared", params, [], fmt.covers_from.isoformat(), as_of.isoformat())


def _shared_violations(deck, fmt, unknown):
    for text in unknown:
        yield Violation("unknown_card", "shared", {"card": text}, [text], None, None)
    for entry in deck.entries:
        if entry.card.game != fmt.game:
            params = {"card": entry.card.name, "game": entry.card.game, "expected": fmt.game}
            yield Violation("wrong_game", "shared", params, [entry.card.name], fmt.game, entry.card.game)


def shortfall(deck, owned):
    """The cards a collection (`owned`: card id -> copies) lacks to build the deck, as `not_owned`
    violations (expected: copies needed, actual: copies owned), in deck order."""
    wanted, names = Counter(), {}
    for entry in deck.entries:
        wanted[entry.card.id] += entry.qty
        names[entry.card.id] = entry.card.name
    missing = []
    for card_id, qty in wanted.items():
        have = owned.get(card_id, 0)
        if have < qty:
            params = {"card": names[card_id], "missing": qty - have, "card_id": card_id}
            missing.append(Violation("not_owned", "shared", params, [names[card_id]], qty, have))
    return missing
