"""Sealed events for people: the log's words for the deck-building seats' draw, and the pool as
a card picker (grouped as the format's composition rule counts the cards)."""

from django.utils import timezone
from django.utils.translation import ngettext

import games
from decks.legality import DeckEntry
from decks.sealed import picker_groups
from decks.services.legality import card_index, format_for

from ..models import AuditAction
from .audit import describes


@describes(AuditAction.BUILD_SEATS)
def _seats_drawn(entry, after, before, names):
    if after.get("seed") is None:
        return []
    players = after.get("players", 0)
    return ngettext("seed %(seed)s, %(count)s player", "seed %(seed)s, %(count)s players", players) % {
        "seed": after["seed"],
        "count": players,
    }


def pool_picker(event, held, picks):
    """The pool's cards in groups for the picker: each card with its copies in the pool, picked and
    left; each group with its label, the copies picked and, where the rule says, the copies it wants."""
    _row, compiled = format_for(event.format_slug, timezone.localdate())
    index = card_index(event.game)
    entries = [DeckEntry(index.by_id[card], qty) for card, qty in held.items() if card in index.by_id]
    groups = []
    for group in picker_groups(entries, compiled, index.domains):
        cards = [_picker_card(entry, picks.get(entry.card.id, 0)) for entry in group["entries"]]
        groups.append(
            {
                "label": _group_label(group),
                "wanted": group["wanted"],
                "picked": sum(card["picked"] for card in cards),
                "cards": cards,
            }
        )
    return groups


def _picker_card(entry, picked):
    card = entry.card
    return {
        "id": card.id,
        "name": card.name,
        "print": f"{card.set_code} {card.number}".strip(),
        "pool": entry.qty,
        "picked": picked,
        "left": entry.qty - picked,
    }


def _group_label(group):
    """“Ember · Platinum / Epic” for a group the composition rule counts; the card type otherwise."""
    if not group["values"]:
        return str(games.card_type_label(group["type"]))
    ranks = games.ranks()
    slot = " / ".join(str(ranks.get(value, value)) for value in group["values"])
    return f"{group['group']} · {slot}" if group["group"] else slot
