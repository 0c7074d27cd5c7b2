"""Decks and collections for people: rows, labels and charts in the active language, as plain
data the templates render. The game registry says what each game shows."""

import random
import secrets

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import games
from core.numbers import whole_number
from games.chart_panels import DeckChartInput

from .charts import NARROW, WIDE, chart_tables, deck_chart_svg
from .services.decks import check_sheet_of, game_tribes, version_entries, versions_entries
from .services.legality import format_for


def chart_labels():
    labels = {"title": _("Deck chart"), "total": _("Total"), "empty": _("No cards yet"), "copies": _("Copies")}
    return {**labels, "colon": _("%(label)s:")}  # "Total: 32", "Total\u00a0: 32" in French


def _card_tuples(entries):
    """(type, name, attributes, qty) per entry: what the registry's deck functions read."""
    return [(card.type, card.name, card.attributes, qty) for card, qty in entries]


def deck_chart(game, entries):
    """The deck's SVG chart: the heading and the panels the game's package draws from the deck
    (Dust Collectorz: tribe × rank grid and stats; DBZ: card types and styles)."""
    cards, panels = _chart_input(game, entries)
    labels = chart_labels()
    # Two drawings, one shown by the page's width (static/css/site.css): scaled down to a phone, the
    # wide one's text would be 6-7 px; the narrow one keeps it at 11 px and more.
    wide = deck_chart_svg(cards, labels, panels, WIDE)
    narrow = deck_chart_svg(cards, labels, panels, NARROW)
    return f'<div class="chart-wide">{wide}</div><div class="chart-narrow">{narrow}</div>'


def deck_chart_tables(game, entries):
    """The numbers the deck chart draws, as tables: its text alternative."""
    _cards, panels = _chart_input(game, entries)
    return chart_tables(panels, chart_labels())


def _chart_input(game, entries):
    """(cards as dicts, the game's panels) for the deck chart."""
    cards = [
        {
            "name": card.name,
            "qty": qty,
            "type": card.type,
            "tribe": card.tribe.name if card.tribe else "",
            "rank": card.rank,
            "stats": card.stats,
            "attributes": card.attributes,
        }
        for card, qty in entries
    ]
    chart_panels = game.definition.chart_panels
    panels = chart_panels(DeckChartInput(cards, [tribe.name for tribe in game.wheel()])) if chart_panels else ()
    return cards, panels


def deck_facts(game, declarations, entries):
    """[(label, value)] a game shows at the top of a deck's page (DBZ: Main Personality, levels,
    Tokui-Waza); nothing for games without any."""
    definition = game.definition
    return definition.deck_facts(declarations, _card_tuples(entries)) if definition.deck_facts else []


def registered_lists(versions):
    """registered_list of each version, in order: their cards read in one query and their games'
    tribes in another, so an event's page of lists costs the same with 8 players or 200."""
    entries = versions_entries(versions)
    tribes = game_tribes({version.deck.game_id for version in versions})
    return [registered_list(version, entries[version.pk], tribes[version.deck.game_id]) for version in versions]


def registered_list(version, entries=None, tribes=None):
    """A registered list as a judge checks it and as an event publishes it: the game's facts (DBZ:
    Main Personality, levels, Tokui-Waza), the cards grouped as counted (DBZ: by card type; Dust
    Collectorz: tribe, then rank) with each value in the reader's words, and the card count."""
    game = version.deck.game
    entries = version_entries(version) if entries is None else entries
    sheet, labels = check_sheet_of(version, entries, tribes)
    sections = [
        {
            "label": str(labels.get(section.value, section.value)),
            "total": section.total,
            "groups": [
                {"label": str(labels.get(group.value, group.value)), "total": group.total, "cards": group.cards}
                for group in section.groups
            ],
        }
        for section in sheet.sections
    ]
    return {"facts": deck_facts(game, version.declarations, entries), "sections": sections, "total": sheet.total}


def card_table(game, entries):
    """Header labels and rows (qty, card, [(text, css class)]) for a deck's card table: tribe and
    rank for games with a tribe wheel, the schema's deck columns (DBZ: style, level) otherwise."""
    schema = game.card_schema
    if schema.uses_tribes:
        headers = [_("Tribe"), _("Rank")]
        rows = [(qty, card, [(card.tribe.name if card.tribe else "—", ""), _rank_cell(card)]) for card, qty in entries]
    else:
        headers = [str(schema.attribute_label(key)) for key in schema.deck_columns]
        rows = [
            (qty, card, [(schema.value_label(key, card.attributes.get(key)), "") for key in schema.deck_columns])
            for card, qty in entries
        ]
    return {"headers": headers, "rows": rows}


def _rank_cell(card):
    """(text, css class) of a card's rank cell."""
    return (card.get_rank_display(), f"rank rank-{card.rank}") if card.rank else ("—", "")


def count_grid(summary, game):
    """Counts for the builder: a tribe × rank table, a line per card type and one per style."""
    tribes = [tribe.name for tribe in game.wheel()]
    by_tribe_rank, ranks = summary["by_tribe_rank"], games.ranks()
    rows = [
        (tribe, [by_tribe_rank.get(tribe, {}).get(rank, 0) for rank in ranks], summary["by_tribe"].get(tribe, 0))
        for tribe in tribes
    ]
    schema = game.card_schema
    types = [(games.card_type_label(card_type), count) for card_type, count in summary["by_type"].items()]
    styles = [(schema.value_label("style", style), count) for style, count in summary.get("by_style", {}).items()]
    return {"ranks": [str(label) for label in ranks.values()], "rows": rows, "types": types, "styles": styles}


def builder_labels(game):
    """What the builder's script needs to draw the counts in the page's language."""
    schema = game.card_schema
    return {
        "ranks": {rank: str(label) for rank, label in games.ranks().items()},
        "types": {key: str(label) for key, label in games.card_types().items()},
        "styles": {key: str(label) for key, label in schema.value_labels.get("style", {}).items()},
        "tribes": [tribe.name for tribe in game.wheel()],
        "colon": _("%(label)s:"),  # a label before its count, spaced the language's way
        # Both forms of the count; the script picks one with the language's plural rules.
        "cards": {form: ngettext("%(count)s card", "%(count)s cards", n) for form, n in (("one", 1), ("other", 2))},
    }


def change_message(change):
    """'Pocket Puff: 3 → 4 copies' for one card's write."""
    return ngettext(
        "%(card)s: %(before)s → %(after)s copy", "%(card)s: %(before)s → %(after)s copies", change.after
    ) % {"card": change.name, "before": change.before, "after": change.after}


def copy_name(deck):
    """The name a copy of a deck gets unless its new owner gives one (at most 120 characters)."""
    return (_("%(name)s (copy)") % {"name": deck.name})[:120]


def sample_hand(format_slug, entries, seed):
    """A sample opening hand: the format's opening hand size drawn at random from the deck's copies,
    leaving out the cards its format sets aside (DBZ: Main Personality levels, Mastery, Sensei start
    in play). `seed` makes a draw a link that can be shared and redrawn. None when the format states
    no opening hand; `cards` is None until a draw is asked for."""
    compiled = format_for(format_slug, timezone.localdate())[1]
    size = compiled.opening_hand
    if size is None:
        return None
    set_aside = compiled.set_aside
    drawn = [(card, qty) for card, qty in entries if set_aside is None or not set_aside(card)]
    copies = [card for card, qty in drawn for _copy in range(qty)]
    hand = {
        "size": size,
        "kind": compiled.opening_hand_kind,
        "deck": len(copies),
        "cards": None,
        "next": secrets.randbelow(10**9),
        "set_aside": sum(qty for _card, qty in entries) - len(copies),
        "set_aside_types": _set_aside_types(set_aside),
    }
    drawn = whole_number(seed) if seed is not None and len(seed) <= 12 else None
    if drawn is not None:
        hand["cards"] = random.Random(drawn).sample(copies, min(size, len(copies)))  # noqa: S311 (a game draw)
    return hand


def _set_aside_types(set_aside):
    """ "Main Personality, Mastery, Sensei": the card types a format sets aside, in the reader's words."""
    types = dict(set_aside.tests).get("type", ()) if set_aside is not None else ()
    return ", ".join(str(games.card_type_label(card_type)) for card_type in sorted(types))
