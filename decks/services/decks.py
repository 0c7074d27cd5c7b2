"""Decks: every save is an immutable, hashed version; unchanged content makes no new version."""

import hashlib
import json
import logging

from django.db import transaction
from django.utils.translation import gettext as _

from ..decklist import LinesRejected, format_decklist
from ..models import Deck, DeckVersion, DeckVersionCard
from .legality import ValidationInputError, format_for, resolve_decklist

logger = logging.getLogger(__name__)


class DecklistRejected(LinesRejected):
    def __init__(self, lines):
        super().__init__(_("Nothing was saved: %(count)s line(s) need fixing.") % {"count": len(lines)}, lines)


def content_hash(cards, declarations):
    """sha256 of the sorted card ids and quantities plus the declarations: equal decks, equal hashes."""
    canonical = json.dumps(
        {"cards": sorted([card_id, qty] for card_id, qty in cards.items()), "declarations": declarations},
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def cards_from_decklist(text, game):
    """{card_id: qty} and declarations from text; raises DecklistRejected unless every line is a card."""
    parsed = resolve_decklist(text, game)
    bad = [line for line in parsed.lines if line.status != "ok"]
    if bad:
        raise DecklistRejected(bad)
    cards = {}
    for line in parsed.lines:
        cards[line.card.id] = cards.get(line.card.id, 0) + line.qty
    return cards, parsed.declarations


@transaction.atomic
def create_deck(owner, name, game, format_slug, visibility, cards=None, declarations=None):
    row, _compiled = format_for(format_slug, _today())
    if row.game_id != game.pk:
        raise ValidationInputError(
            _("Format “%(format)s” is not for %(game)s.") % {"format": format_slug, "game": game}, "format"
        )
    deck = Deck.objects.create(
        owner=owner, name=name.strip(), game=game, format_slug=format_slug, visibility=visibility
    )
    save_version(deck, cards or {}, declarations or {})
    logger.info("deck %s created by %s", deck.pk, owner)
    return deck


@transaction.atomic
def save_version(deck, cards, declarations):
    """A new version when the content changed; the latest one otherwise."""
    Deck.objects.select_for_update().get(pk=deck.pk)
    digest = content_hash(cards, declarations)
    latest = deck.latest_version()
    if latest is not None and latest.content_hash == digest:
        return latest
    version = DeckVersion.objects.create(
        deck=deck, number=(latest.number + 1) if latest else 1, content_hash=digest, declarations=declarations
    )
    DeckVersionCard.objects.bulk_create(
        DeckVersionCard(version=version, card_id=card_id, qty=qty) for card_id, qty in cards.items() if qty > 0
    )
    deck.save(update_fields=["updated_at"])
    logger.info("deck %s saved as version %s (%s)", deck.pk, version.number, digest[:12])
    return version


def change_card(deck, card_id, delta):
    """Add or remove copies of one card, saving a new version."""
    latest = deck.latest_version()
    cards = version_cards(latest) if latest else {}
    cards[card_id] = max(0, cards.get(card_id, 0) + delta)
    return save_version(deck, {key: qty for key, qty in cards.items() if qty}, latest.declarations if latest else {})


@transaction.atomic
def update_deck(deck, name=None, visibility=None, format_slug=None):
    Deck.objects.select_for_update().get(pk=deck.pk)
    if format_slug is not None:
        row, _compiled = format_for(format_slug, _today())
        if row.game_id != deck.game_id:
            raise ValidationInputError(
                _("Format “%(format)s” is not for this deck's game.") % {"format": format_slug}, "format"
            )
        deck.format_slug = format_slug
    if name is not None:
        deck.name = name.strip()
    if visibility is not None:
        deck.visibility = visibility
    deck.save()
    return deck


def delete_deck(deck, actor):
    logger.info("deck %s deleted by %s", deck.pk, actor)
    deck.delete()


def version_cards(version):
    return dict(version.cards.values_list("card_id", "qty"))


def version_entries(version):
    """[(Card, qty)] with set and tribe loaded, sorted by name."""
    rows = version.cards.select_related("card__card_set__game", "card__tribe").order_by("card__name")
    return [(row.card, row.qty) for row in rows]


def version_text(version):
    entries = [(qty, card.name, card.card_set.code, card.number) for card, qty in version_entries(version)]
    return format_decklist(version.declarations, entries)


def diff_versions(older, newer):
    """Rows (card, before, after) for every card whose quantity changed."""
    before = {card.pk: (card, qty) for card, qty in version_entries(older)} if older else {}
    after = {card.pk: (card, qty) for card, qty in version_entries(newer)}
    rows = []
    for card_id in sorted(set(before) | set(after), key=lambda pk: (after.get(pk) or before.get(pk))[0].name):
        card = (after.get(card_id) or before.get(card_id))[0]
        old_qty, new_qty = before.get(card_id, (None, 0))[1], after.get(card_id, (None, 0))[1]
        if old_qty != new_qty:
            rows.append((card, old_qty, new_qty))
    return rows


def _today():
    from django.utils import timezone

    return timezone.localdate()
