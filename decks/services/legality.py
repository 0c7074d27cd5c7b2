"""Deck validation against the catalogue and the stored formats (the legality engine's feed).

Compiled formats and card indexes are cached in-process and reloaded when a format row
changes or a game's catalogue is re-imported (its `catalogue_version`).
"""

import datetime
import logging
import threading
import time

from django.db import transaction
from django.db.models import Count, Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from catalogue.models import Card, CardSet, Game, Tribe
from core.errors import DomainError, define_messages
from games.cards import search_key
from games.formats import shipped_definitions

from ..decklist import check_headers
from ..importing import check_printing, normalise_sets, read_card_list
from ..legality import CardInfo, Deck, DeckEntry, Violation, compile_format, validate
from ..legality.messages import render
from ..models import Format
from ..resolution import CardIndex
from ..rule_labels import rule_label
from ..sealed import check_pool, missing_from_pool

logger = logging.getLogger(__name__)
_cache_lock = threading.RLock()


define_messages({"decks.unknown_format": _("Unknown format “%(format)s”.")})


def sync_shipped_formats(**kwargs):
    """Load the format files shipped in games/formats/ (idempotent; run after migrate)."""
    games = {game.slug: game for game in Game.objects.all()}
    with transaction.atomic():
        for definition in shipped_definitions():
            compile_format(definition)
            game = games.get(definition["game"])
            if game is None:
                continue
            Format.objects.update_or_create(
                slug=definition["slug"],
                version=definition["version"],
                defaults={
                    "name": definition["name"],
                    "game": game,
                    "effective": definition["effective"],
                    "definition": definition,
                },
            )
    forget_snapshot()


class _Snapshot:
    """Compiled formats and card indexes, shared by the requests of one process.

    Rebuilt when a format row or a game's catalogue changes. The version stamp is read at
    most once per STAMP_TTL seconds, so other processes see a change within that time;
    writes in this process call `forget_snapshot()` and are seen at once.
    """

    STAMP_TTL = 1.0

    def __init__(self):
        self.stamp, self.checked_at = None, 0.0
        self.formats, self.indexes, self.declarations = {}, {}, {}

    def refresh(self):
        now = time.monotonic()
        if now - self.checked_at < self.STAMP_TTL:
            return
        stamp = (
            tuple(Game.objects.order_by("pk").values_list("pk", "catalogue_version")),
            tuple(Format.objects.aggregate(latest=Max("updated_at"), count=Count("pk")).values()),
        )
        if stamp != self.stamp:
            self.stamp, self.formats, self.indexes, self.declarations = stamp, {}, {}, {}
        self.checked_at = now


_snapshot = _Snapshot()


def forget_snapshot():
    with _cache_lock:
        _snapshot.checked_at, _snapshot.stamp = 0.0, None


def format_for(slug, as_of):
    """The version of a format in force on a date (the earliest one before it exists)."""
    with _cache_lock:
        _snapshot.refresh()
        versions = _snapshot.formats.get(slug)
        if versions is None:
            rows = Format.objects.filter(slug=slug).select_related("game").order_by("effective")
            versions = _snapshot.formats[slug] = [(row, compile_format(row.definition)) for row in rows]
    if not versions:
        raise DomainError("decks.unknown_format", "format", format=slug)
    in_force = [version for version in versions if version[0].effective <= as_of] or versions[:1]
    return in_force[-1]


def card_info(card, tribe_names):
    stats = card.stats
    return CardInfo(
        id=card.pk,
        name=card.name,
        key=card.search_name,
        game=card.card_set.game.slug,
        type=card.type,
        set_code=card.card_set.code,
        number=card.number,
        released_on=card.card_set.released_on,
        tribe=tribe_names.get(card.tribe_id, ""),
        rank=card.rank,
        ability=card.ability,
        attributes={**card.attributes, **stats},
        text=card.text,
    )


def card_index(game):
    """All of a game's cards as CardInfo, with its value domains (the tribe wheel)."""
    with _cache_lock:
        _snapshot.refresh()
        cached = _snapshot.indexes.get(game.pk)
        if cached is None:
            tribe_names = dict(Tribe.objects.filter(game=game).values_list("pk", "name"))
            cards = Card.objects.filter(card_set__game=game).select_related("card_set__game")
            infos = [card_info(card, tribe_names) for card in cards]
            index = CardIndex(game.slug, infos, game.definition.printings, aliases=_list_aliases(game))
            index.domains = {"tribes": [tribe.name for tribe in game.wheel()]} if game.card_schema.uses_tribes else {}
            cached = _snapshot.indexes[game.pk] = index
        return cached


def _list_aliases(game):
    """{alias: name} of every list entry of the game's formats that names a card another way."""
    aliases = {}
    for definition in Format.objects.filter(game=game).values_list("definition", flat=True):
        for entries in (definition.get("lists") or {}).values():
            for entry in entries if isinstance(entries, list) else ():
                if isinstance(entry, dict):
                    aliases.update((alias, entry.get("name", "")) for alias in entry.get("aliases", ()))
    return aliases


def known_declarations(game):
    """The header keys any format of the game reads (Tokui-Waza, Main Personality, ...)."""
    with _cache_lock:
        _snapshot.refresh()
        known = _snapshot.declarations.get(game.pk)
        if known is None:
            definitions = Format.objects.filter(game=game).values_list("definition", flat=True)
            known = frozenset(key for definition in definitions for key in definition.get("declarations", ()))
            _snapshot.declarations[game.pk] = known
        return known


def resolve_decklist(text, game):
    """Parse (text or CSV) and match a decklist against a game's catalogue (other games as a
    fallback). Sideboard lines are read but not matched: these games have no sideboard. Header
    lines no format of the game reads are shown as notes, not kept as declarations."""
    decklist = check_headers(read_card_list(text), known_declarations(game))
    index = card_index(game)
    if any(line.set_code for line in decklist.lines):
        normalise_sets(decklist.lines, set_codes(game))
    others = None
    for line in decklist.lines:
        check_printing(index.resolve(line), index)
        if line.status == "unknown":
            others = others if others is not None else [card_index(g) for g in Game.objects.exclude(pk=game.pk)]
            _resolve_elsewhere(line, others)
    return decklist


def set_codes(game=None):
    """Folded set codes and names -> code, of one game or all (Deckbox writes set names)."""
    codes = {}
    sets = CardSet.objects.filter(game=game) if game is not None else CardSet.objects.all()
    for code, name in sets.values_list("code", "name"):
        codes[search_key(name)] = codes[search_key(code)] = code
    return codes


def _resolve_elsewhere(line, indexes):
    suggestions = line.suggestions
    for other in indexes:
        line.status, line.suggestions = "ok", []
        other.resolve(line)
        if line.status == "ok":
            return
    line.status, line.suggestions, line.card = "unknown", suggestions, None


def deck_from_lines(lines, declarations):
    entries = [DeckEntry(line.card, line.qty) for line in lines if line.status == "ok" and line.card is not None]
    return Deck(entries, declarations)


def deck_from_card_ids(game, items, declarations):
    index = card_index(game)
    missing = [item["card"] for item in items if item["card"] not in index.by_id]
    foreign = {}
    if missing:
        foreign = _cards_by_id(missing)
    entries, unknown = [], []
    for item in items:
        card = index.by_id.get(item["card"]) or foreign.get(item["card"])
        if card is None:
            unknown.append(f"#{item['card']}")
        else:
            entries.append(DeckEntry(card, item["qty"]))
    return Deck(entries, declarations), unknown


def _cards_by_id(ids):
    cards = Card.objects.filter(pk__in=ids).select_related("card_set__game", "tribe")
    return {card.pk: card_info(card, {card.tribe_id: card.tribe.name} if card.tribe else {}) for card in cards}


def check_deck(format_slug, as_of, deck, unknown=(), owned=None, problems=()):
    """The verdict on a deck as of a date, each card read as it was then (Most Recent Printing Rule);
    against `owned` ({card id: copies}), a card's other printings that are the same card count."""
    row, compiled = format_for(format_slug, as_of)
    index = card_index(row.game)
    if owned is not None:
        owned = index.owned_for(deck_copies(deck), owned)
    deck_then = index.deck_on(deck, as_of)
    verdict = validate(deck_then, compiled, as_of, index.domains, owned=owned, unknown=unknown, problems=problems)
    return row, verdict


def deck_copies(deck):
    """{card id: copies} of a deck's entries, a card listed twice counted once."""
    copies = {}
    for entry in deck.entries:
        copies[entry.card.id] = copies.get(entry.card.id, 0) + entry.qty
    return copies


def unread_lines(lines):
    """(unknown, problems) of the lines that are not cards: names that match no card (or several),
    and a `bad_line` violation for each line with a problem of its own (a quantity out of range,
    a wrong collector number), so a bad quantity is never called an unknown card."""
    unknown, problems = [], []
    for line in lines:
        if line.status == "ok":
            continue
        if line.error is None:
            unknown.append(line.name or line.text)
        else:
            params = {"line": line.line, "text": line.text, "error": line.error.as_dict()}
            problems.append(Violation("bad_line", "shared", params, [line.text], None, None))
    return unknown, problems


def verdict_payload(row, verdict, lines=None, notes=()):
    """Three answers never mixed: `legal` (the format's rules: `violations`), `buildable` (from the
    collection asked about, null when none was: `missing`), and the lines and notes as read."""
    payload = {
        "legal": verdict.legal,
        "buildable": verdict.buildable,
        "missing": None if verdict.missing is None else [missing_payload(item) for item in verdict.missing],
        "format": verdict.format,
        "as_of": verdict.as_of.isoformat(),
        "ruleset": {"version": verdict.version, "effective": verdict.effective.isoformat(), "name": row.name},
        "card_count": verdict.card_count,
        "violations": [violation_payload(violation) for violation in verdict.violations],
        "notes": [note.as_dict() for note in notes],
    }
    if lines is not None:
        payload["lines"] = [line_payload(line) for line in lines]
    return payload


def missing_payload(violation):
    """One card short: copies needed, owned and missing, with the sentence that says it."""
    return {
        "card": violation.params.get("card_id"),
        "name": violation.params["card"],
        "needed": violation.expected,
        "owned": violation.actual,
        "missing": violation.params["missing"],
        "message": render(violation),
    }


def violation_payload(violation):
    """A violation for people and clients: its message and rule reference in the active language."""
    return {**violation.as_dict(render(violation)), "rule": rule_label(violation.rule)}


def line_payload(line):
    return {
        **line.as_dict(),
        "qty": line.qty or None,
        "card": line.card.id if line.card is not None else None,
        "name": line.card.name if line.card is not None else None,
    }


def validate_request(format_slug, decklist=None, cards=None, as_of=None, owned=None, declarations=None, summary=True):
    """Returns the verdict payload (see docs/formats.md); raises DomainError."""
    as_of = as_of or timezone.localdate()
    row, _compiled = format_for(format_slug, as_of)
    lines, notes, problems = None, (), ()
    if decklist is not None:
        parsed = resolve_decklist(decklist, row.game)
        lines, notes = parsed.lines, parsed.notes
        deck = deck_from_lines(lines, parsed.declarations)
        unknown, problems = unread_lines(lines)
    else:
        deck, unknown = deck_from_card_ids(row.game, cards or [], declarations or {})
    row, verdict = check_deck(format_slug, as_of, deck, unknown=unknown, owned=owned, problems=problems)
    payload = verdict_payload(row, verdict, lines, notes)
    if summary:
        payload["summary"] = deck_summary(deck)
    return payload


def deck_summary(deck):
    """Counts (copies included) by type, tribe, rank and style, and by tribe and rank together."""
    summary = {"by_type": {}, "by_tribe": {}, "by_rank": {}, "by_tribe_rank": {}, "by_style": {}}
    for entry in deck.entries:
        card, qty = entry.card, entry.qty
        _count(summary["by_type"], card.type, qty)
        if card.attributes.get("style"):
            _count(summary["by_style"], card.attributes["style"], qty)
        if card.tribe:
            _count(summary["by_tribe"], card.tribe, qty)
            _count(summary["by_tribe_rank"].setdefault(card.tribe, {}), card.rank, qty)
        if card.rank:
            _count(summary["by_rank"], card.rank, qty)
    return summary


def _count(counts, key, qty):
    counts[key] = counts.get(key, 0) + qty


def parse_as_of(value):
    return datetime.date.fromisoformat(value) if value else None


def sealed_pool_problems(format_slug, cards, as_of=None, boosters=None):
    """How a pool ({card id: copies}) differs from the format's sealed product of `boosters` boosters
    (None: the product's default): [{code, message, rule}]."""
    as_of = as_of or timezone.localdate()
    row, compiled = format_for(format_slug, as_of)
    pool, unknown = deck_from_card_ids(row.game, [{"card": card, "qty": qty} for card, qty in cards.items()], {})
    violations = check_pool(pool, compiled, as_of, card_index(row.game).domains, boosters)
    unknown = [Violation("unknown_card", "shared", {"card": text}, [text], None, None) for text in unknown]
    return [
        {"code": violation.code, "message": render(violation), "rule": rule_label(violation.rule)}
        for violation in unknown + violations
    ]


def booster_product(format_slug, as_of=None):
    """The boosters of the format's sealed product (games/boosters.py), or None when it models none."""
    _row, compiled = format_for(format_slug, as_of or timezone.localdate())
    return compiled.sealed_pool.boosters if compiled.sealed_pool else None


def pool_shortfall(game, deck_cards, pool_cards):
    """[{code, card, missing, message}] for each card the deck uses more often than the pool holds."""
    deck, _unknown = deck_from_card_ids(game, [{"card": card, "qty": qty} for card, qty in deck_cards.items()], {})
    pool, _unknown = deck_from_card_ids(game, [{"card": card, "qty": qty} for card, qty in pool_cards.items()], {})
    return [
        {"code": v.code, "card": v.cards[0], "missing": v.params["missing"], "message": render(v)}
        for v in missing_from_pool(deck, pool)
    ]
