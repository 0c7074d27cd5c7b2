"""What a Dust Collectorz deck is built around (docs/metagame.md): its main tribes, the one or two
tribes holding the most champions (none when three or more tie, as in every pre-release deck,
Deck Composition 1: six champions of each tribe), and its Epic cards by name."""

from django.utils.translation import gettext as _

from ..archetypes import Archetype, most_copies
from ..chart_panels import copies

MAX_MAIN_TRIBES = 2


def archetype(deck):
    """The deck's main tribes (wheel order) and its Epic cards (by name), as one Archetype."""
    pairs = [(card, qty) for card, qty in copies(deck.cards) if card.get("type") == "champion"]
    per_tribe = {}
    for card, qty in pairs:
        if card.get("tribe"):
            per_tribe[card["tribe"]] = per_tribe.get(card["tribe"], 0) + qty
    order = [*deck.tribes, *sorted(set(per_tribe) - set(deck.tribes))]
    leaders = most_copies(per_tribe, order)
    tribes = leaders if len(leaders) <= MAX_MAIN_TRIBES else []
    epics = sorted({card["name"] for card, _qty in pairs if str(card.get("rank") or "").lower() == "epic"})
    key = f"{'/'.join(tribes)}|{'+'.join(epics)}"
    epic_words = " + ".join(epics) or _("No Epic")
    return Archetype(key, f"{' / '.join(tribes)} · {epic_words}" if tribes else epic_words)
