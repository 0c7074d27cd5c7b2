"""Matching decklist lines to catalogue cards (plain Python, fed CardInfo objects)."""

import difflib

from games.cards import search_key

RULES_FIELDS = ("type", "tribe", "rank", "ability")
MEMO_LIMIT = 20000


class CardIndex:
    """All cards of one game, by folded name and by (SET, number)."""

    def __init__(self, game, cards):
        self.game = game
        self.by_id = {card.id: card for card in cards}
        self.by_print = {(card.set_code.casefold(), card.number.casefold()): card for card in cards}
        self.by_key = {}
        for card in sorted(cards, key=lambda c: (c.released_on is None, c.released_on), reverse=True):
            self.by_key.setdefault(card.key, []).append(card)
        self.keys = list(self.by_key)
        self.domains = {}
        self._resolved = {}  # (name, set, number) -> (status, card, suggestions); the index is immutable

    def resolve(self, line):
        """Fill in a parsed line's status, card and suggestions."""
        if line.status == "malformed":
            return line
        memo_key = (line.name, line.set_code, line.number)
        known = self._resolved.get(memo_key)
        if known is None:
            self._match(line)
            if len(self._resolved) < MEMO_LIMIT:
                self._resolved[memo_key] = (line.status, line.card, line.suggestions)
        else:
            line.status, line.card, line.suggestions = known[0], known[1], list(known[2])
        return line

    def _match(self, line):
        if line.set_code and line.number:
            printed = self.by_print.get((line.set_code.casefold(), line.number.casefold()))
            if printed and (not line.name or printed.key == search_key(line.name)):
                line.card = printed
                return line
        if not line.name:
            line.status = "unknown"
            return line
        candidates = self.by_key.get(search_key(line.name), [])
        if not candidates:
            line.status, line.suggestions = "unknown", self.suggest(line.name)
        elif _same_rules(candidates):
            line.card = candidates[0]  # most recent printing
        else:
            line.status = "ambiguous"
            line.suggestions = [f"{card.name} ({card.set_code}) {card.number}" for card in candidates[:3]]
        return line

    def suggest(self, name, limit=3):
        keys = difflib.get_close_matches(search_key(name), self.keys, n=limit, cutoff=0.6)
        return [self.by_key[key][0].name for key in keys]


def _same_rules(cards):
    first = cards[0]
    return all(
        all(getattr(card, field) == getattr(first, field) for field in RULES_FIELDS)
        and card.attributes == first.attributes
        for card in cards[1:]
    )
