"""Matching decklist lines to catalogue cards, and reading reprints (plain Python, fed CardInfo objects).

Printings of one title are grouped by the game's PrintingRule (games/cards.py): a title is eligible
from its first printing, and under the Most Recent Printing Rule it is read, on a given date, as the
most recent printing released by then.
"""

import dataclasses
import datetime
import difflib
import json

from games.cards import PrintingRule, bare_number, search_key

from .legality import Deck, DeckEntry

RULES_FIELDS = ("type", "tribe", "rank", "ability", "text")
MEMO_LIMIT = 20000


class CardIndex:
    """All cards of one game, by folded name, by (SET, number) and by title."""

    def __init__(self, game, cards, printings=None, aliases=None):
        self.game = game
        self.printings = printings or PrintingRule()
        # Other spellings a format's lists name a card by (folded alias -> folded name): a decklist
        # may write a card as the ban list does.
        self.aliases = {search_key(alias): search_key(name) for alias, name in (aliases or {}).items()}
        titles = {}
        for card in cards:
            titles.setdefault(self._title(card), []).append(card)
        self._newest_first = {}  # card id -> its title's printings, newest first (titles read as one text)
        cards = [card for printings in titles.values() for card in self._dated_title(printings)]
        self.by_id = {card.id: card for card in cards}
        self.by_print = {(card.set_code.casefold(), card.number.casefold()): card for card in cards}
        # (set, number without leading zeros) -> printings: a spreadsheet writes 001 as 1.
        self.by_bare_print = {}
        for card in cards:
            self.by_bare_print.setdefault((card.set_code.casefold(), bare_number(card.number)), []).append(card)
        self.by_key = {}
        for card in sorted(cards, key=_newest, reverse=True):
            self.by_key.setdefault(card.key, []).append(card)
        self.keys = list(self.by_key)
        self.domains = {}
        self._resolved = {}  # (name, set, number) -> (status, card, suggestions); the index is immutable

    def _title(self, card):
        """Printings that are one card: the name alone where all printings read as one text,
        otherwise the name and the rules (a reprint with other rules is another card)."""
        if self.printings.shares_text(card.type):
            return card.key
        return card.key, _rules(card)

    def _dated_title(self, printings):
        """The printings of one title, each knowing when the title was first printed."""
        dates = [card.released_on for card in printings if card.released_on is not None]
        first = min(dates, default=None)
        dated = sorted(
            (dataclasses.replace(card, first_released_on=first) for card in printings), key=_newest, reverse=True
        )
        if len(dated) > 1 and self.printings.shares_text(dated[0].type):
            for card in dated:
                self._newest_first[card.id] = dated
        return dated

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
        key = search_key(line.name)
        candidates = self.by_key.get(key) or self.by_key.get(self.aliases.get(key), [])
        if not candidates:
            line.status, line.suggestions = "unknown", self.suggest(line.name)
        elif len({self._title(card) for card in candidates}) == 1:
            line.card = candidates[0]  # most recent printing
        else:
            line.status = "ambiguous"
            line.suggestions = [f"{card.name} ({card.set_code}) {card.number}" for card in candidates[:3]]
        return line

    def suggest(self, name, limit=3):
        keys = difflib.get_close_matches(search_key(name), self.keys, n=limit, cutoff=0.6)
        return [self.by_key[key][0].name for key in keys]

    def read_on(self, card, as_of):
        """The card as it reads on a date (Most Recent Printing Rule): the rules of its title's most
        recent printing released by then (the first printing before any is), under the card's own
        id, set and number, so ownership and the decklist still name the printing chosen."""
        printings = self._newest_first.get(card.id)
        if printings is None:
            return card
        source = next((p for p in printings if p.released_on is None or p.released_on <= as_of), printings[-1])
        if source.id == card.id:
            return card
        return dataclasses.replace(card, **{name: getattr(source, name) for name in (*RULES_FIELDS, "attributes")})

    def deck_on(self, deck, as_of):
        """The deck with every card read as on `as_of`; cards of other games are left as they are."""
        if not self._newest_first:
            return deck
        entries = [DeckEntry(self.read_on(entry.card, as_of), entry.qty) for entry in deck.entries]
        return Deck(entries, deck.declarations)

    def owned_for(self, needed, owned):
        """{card id of `needed`: copies a collection holds of it}, where the copies of every printing
        that is the same card count (a reprint with the same rules; in DBZ every printing of a title
        but personality and Mastery cards): a player who owns a title's older printing owns the card a
        bare name resolves to. Copies are shared out among a deck's printings of one card in order;
        a card this index does not know counts only its own copies."""
        held, wanted = {}, {}
        for card_id, qty in owned.items():
            key = self._ownership_key(card_id)
            held[key] = held.get(key, 0) + qty
        for card_id in needed:
            wanted.setdefault(self._ownership_key(card_id), []).append(card_id)
        shares = {}
        for key, card_ids in wanted.items():
            left = held.get(key, 0)
            for card_id in card_ids[:-1]:
                shares[card_id] = min(needed[card_id], left)
                left -= shares[card_id]
            shares[card_ids[-1]] = left
        return shares

    def _ownership_key(self, card_id):
        card = self.by_id.get(card_id)
        return ("card", card_id) if card is None else ("title", self._title(card))


def _newest(card):
    return card.released_on or datetime.date.min


def _rules(card):
    """What makes two printings the same card: their rules fields and attributes."""
    return (*(getattr(card, name) for name in RULES_FIELDS), json.dumps(card.attributes, sort_keys=True, default=str))
