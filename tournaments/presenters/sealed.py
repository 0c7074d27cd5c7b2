"""Sealed events for people: the log's words for the deck-building seats' draw, the product a pool is
checked against, and the pool as a card picker (grouped as the format's composition rule counts the cards)."""

from django.utils import timezone
from django.utils.translation import ngettext

import games
from core.errors import local_number
from decks.legality import DeckEntry
from decks.legality.messages import booster_count, rank_names
from decks.sealed import picker_groups
from decks.services.legality import booster_product, card_index, format_for

from ..models import AuditAction
from .audit import describes


@describes(AuditAction.BUILD_SEATS)
def _seats_drawn(entry, after, before, names):
    if after.get("seed") is None:
        return []
    players = after.get("players", 0)
    return ngettext("seed %(seed)s, %(count)s player", "seed %(seed)s, %(count)s players", players) % {
        "seed": after["seed"],
        "count": local_number(players),
    }


def product_panel(event):
    """What every pool of the event is checked against: its boosters and each booster's slots, in the
    reader's language (None when the format models no boosters)."""
    product = booster_product(event.format_slug) if event.is_sealed and event.format_slug else None
    if product is None:
        return None
    boosters = event.sealed_setup.boosters or product.default
    per_booster = product.cards_per_booster
    return {
        "kit": ngettext(
            "%(boosters)s of %(count)s card: %(total)s cards in all",
            "%(boosters)s of %(count)s cards: %(total)s cards in all",
            per_booster,
        )
        % {"boosters": booster_count(boosters), "count": per_booster, "total": boosters * per_booster},
        "slots": [{"count": slot.count, "label": rank_names(slot.takes)} for slot in product.slots],
        "chosen": event.sealed_setup.boosters is not None,
        "default": product.default,
        "fewest": product.fewest,
        "most": product.most,
    }


def pools_off_count_message(event, names):
    """After the boosters per player changed: whose registered pool must be registered again."""
    boosters = event.sealed_setup.boosters or booster_product(event.format_slug).default
    return ngettext(
        "%(count)s registered pool does not match %(boosters)s: %(names)s. Register it again.",
        "%(count)s registered pools do not match %(boosters)s: %(names)s. Register them again.",
        len(names),
    ) % {"count": len(names), "boosters": booster_count(boosters), "names": ", ".join(names)}


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
