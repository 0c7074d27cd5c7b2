"""Decks: every save is an immutable, hashed version; unchanged content makes no new version.
Each use case is one transaction with the deck row locked first."""

import hashlib
import json
import logging
from typing import NamedTuple

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from catalogue.models import Card, Tribe
from core.errors import DomainError, define_messages

from ..check_sheet import check_sheet
from ..decklist import MAX_QTY, format_decklist, lines_rejected
from ..models import RESTORE_DAYS, Deck, DeckVersion, DeckVersionCard, Visibility, new_share_token, restore_cutoff
from .legality import card_info, format_for, resolve_decklist

logger = logging.getLogger(__name__)

define_messages(
    {
        "decks.format_wrong_game": _("Format “%(format)s” is not for %(game)s."),
        "decks.cards_wrong_game": _("These card ids are not cards of %(game)s: %(cards)s."),
        "decks.not_restorable": _("This deck was deleted more than %(days)s days ago: it can no longer be restored."),
        "decks.no_such_version": _("This deck has no version %(number)s."),
        "decks.too_many_copies": _("A deck holds at most %(max)s copies of a card: %(cards)s."),
    }
)


class DeckContent(NamedTuple):
    cards: dict  # card id -> copies
    declarations: dict
    sideboard: int  # sideboard lines left out: these games have no sideboard
    notes: tuple = ()  # decklist.Note: headings, headers no format reads, sections left out


def content_hash(cards):
    """The deck hash, from the cards alone (docs/formats.md): sha256 of `{"cards":[[id,qty],...]}`,
    sorted by card id, without spaces. Header lines, a deck's name and the order of lines do not
    change it, so a saved deck, a registered one, its export and bulk validation agree."""
    kept = sorted([card_id, qty] for card_id, qty in cards.items() if qty > 0)
    canonical = json.dumps({"cards": kept}, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def deck_content(text, game):
    """Cards, declarations and the count of sideboard lines left out, from decklist text or CSV;
    raises DomainError unless every main-deck line is a card."""
    parsed = resolve_decklist(text, game)
    bad = [line for line in parsed.lines if line.status != "ok"]
    if bad:
        raise lines_rejected(bad)
    cards = {}
    for line in parsed.lines:
        cards[line.card.id] = cards.get(line.card.id, 0) + line.qty
    return DeckContent(cards, parsed.declarations, len(parsed.sideboard), tuple(parsed.notes))


def cards_from_decklist(text, game):
    """{card_id: qty} and declarations from text; raises DomainError unless every line is a card."""
    return deck_content(text, game)[:2]


def _check_copies(cards):
    """At most MAX_QTY copies of a card in all, as one decklist line may say: lines adding up to more
    (60 + 60 Pocket Puff), a list of cards or + pressed at 99 would save a deck whose own text and
    export could never be saved or imported again."""
    over = {card_id: qty for card_id, qty in cards.items() if qty > MAX_QTY}
    if over:
        names = dict(Card.objects.filter(pk__in=over).values_list("pk", "name"))
        listed = sorted((names.get(card_id, str(card_id)), qty) for card_id, qty in over.items())
        cards = ", ".join(f"{name} ({qty})" for name, qty in listed)
        raise DomainError("decks.too_many_copies", "cards", max=MAX_QTY, cards=cards)


def _check_format(format_slug, game):
    row, _compiled = format_for(format_slug, timezone.localdate())
    if row.game_id != game.pk:
        raise DomainError("decks.format_wrong_game", "format", format=format_slug, game=game.name)


@transaction.atomic
def create_deck(owner, name, game, format_slug, visibility, cards=None, declarations=None, description=""):
    _check_format(format_slug, game)
    _check_copies(cards or {})
    deck = Deck.objects.create(
        owner=owner,
        name=name.strip(),
        game=game,
        format_slug=format_slug,
        visibility=visibility,
        description=(description or "").strip(),
    )
    _save_version(deck, cards or {}, declarations or {})
    logger.info("deck %s created by %s", deck.pk, owner.username)
    return deck


@transaction.atomic
def save_version(deck, cards, declarations):
    """A new version when the content changed; the latest one otherwise."""
    _check_copies(cards)
    _lock(deck)
    return _save_version(deck, cards, declarations)


@transaction.atomic
def edit_deck(deck, name=None, visibility=None, format_slug=None, content=None, description=None):
    """Rename, describe, change visibility or format, and save new content, all or nothing. `content`
    is a callable returning (cards, declarations) from the latest declarations; it runs before any write."""
    _lock(deck)
    latest = deck.latest_version()
    cards = declarations = None
    if content is not None:
        cards, declarations = content(latest.declarations if latest else {})
        _check_copies(cards)
    if format_slug is not None:
        _check_format(format_slug, deck.game)
        deck.format_slug = format_slug
    if name is not None:
        deck.name = name.strip()
    if visibility is not None:
        deck.visibility = visibility
    if description is not None:
        deck.description = description.strip()
    deck.save()
    if cards is not None:
        _save_version(deck, cards, declarations)
    return deck


def change_card(deck, card_id, delta):
    """Add or remove copies of one card, saving a new version (read and written under one lock)."""
    with transaction.atomic():
        _lock(deck)
        latest = deck.latest_version()
        cards = version_cards(latest) if latest else {}
        cards[card_id] = max(0, cards.get(card_id, 0) + delta)
        if delta > 0:  # a deck saved with more before this check can still lose copies
            _check_copies({card_id: cards[card_id]})
        kept = {key: qty for key, qty in cards.items() if qty}
        return _save_version(deck, kept, latest.declarations if latest else {})


@transaction.atomic
def restore_version(deck, number):
    """Save an old version's content as the newest version (history is never rewritten); when it
    already is the newest content, that version is returned unchanged."""
    _lock(deck)
    old = deck.versions.filter(number=number).first()
    if old is None:
        raise DomainError("decks.no_such_version", "number", status=404, number=number)
    restored = _save_version(deck, version_cards(old), old.declarations)
    logger.info("deck %s: version %s restored as version %s", deck.pk, number, restored.number)
    return restored


@transaction.atomic
def clone_deck(deck, owner, name):
    """A private copy of a deck's newest version and its description, owned by `owner`, with its own
    history: the description is the new owner's to keep or edit."""
    latest = deck.latest_version()
    copy = Deck.objects.create(
        owner=owner, name=name.strip(), game=deck.game, format_slug=deck.format_slug, description=deck.description
    )
    _save_version(copy, version_cards(latest) if latest else {}, latest.declarations if latest else {})
    logger.info("deck %s cloned from deck %s by %s", copy.pk, deck.pk, owner)
    return copy


def _lock(deck):
    Deck.objects.select_for_update().get(pk=deck.pk)


def _save_version(deck, cards, declarations):
    digest = content_hash(cards)
    latest = deck.latest_version()
    if latest is not None and latest.content_hash == digest and latest.declarations == declarations:
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


def registered_in(deck):
    """The names of the events holding one of the deck's versions, for the question before deleting."""
    names = deck.versions.filter(entries__isnull=False).values_list("entries__event__name", flat=True)
    return sorted(set(names))


@transaction.atomic
def delete_deck(deck, actor):
    """Deleting puts the deck aside for RESTORE_DAYS: it leaves every page and list (decks.access),
    and its owner can restore it as it was (restore_deck); then purge_deck removes it. Its row,
    versions, share key and visibility are left as they are, and an event that registered one of its
    versions keeps reading it (Entrant.deck): its record of what was played. Deleting it again (a
    double submit) changes nothing: the first deletion's RESTORE_DAYS stand."""
    deleted_at = Deck.objects.select_for_update().values_list("deleted_at", flat=True).get(pk=deck.pk)
    if deleted_at is not None:
        deck.deleted_at = deleted_at
        return deck
    deck.deleted_at = timezone.now()
    # update(): the deck's last save (updated_at) is part of what a restore gives back
    Deck.objects.filter(pk=deck.pk).update(deleted_at=deck.deleted_at)
    logger.info("deck %s deleted by %s (restorable for %s days)", deck.pk, actor.username, RESTORE_DAYS)
    return deck


@transaction.atomic
def restore_deck(deck, actor):
    """Bring a deleted deck back exactly as it was (versions, share key, visibility); returns whether it
    was deleted (restoring twice changes nothing). Past RESTORE_DAYS it is gone (404)."""
    locked = Deck.objects.select_for_update().filter(pk=deck.pk).first()
    if locked is None or (locked.deleted_at is not None and locked.deleted_at < restore_cutoff()):
        raise DomainError("decks.not_restorable", status=404, days=RESTORE_DAYS)  # purged meanwhile
    if locked.deleted_at is None:
        return False
    Deck.objects.filter(pk=deck.pk).update(deleted_at=None)
    deck.deleted_at = None
    logger.info("deck %s restored by %s", deck.pk, actor.username)
    return True


def purgeable_decks(now=None):
    """Ids of the decks deleted more than RESTORE_DAYS ago that still hold something to purge: a
    version no entry holds, or no registered version at all. A deck kept for its events (every version
    left registered) is not listed again."""
    unregistered = DeckVersion.objects.filter(deck=OuterRef("pk"), entries__isnull=True)
    registered = DeckVersion.objects.filter(deck=OuterRef("pk"), entries__isnull=False)
    due = Deck.objects.filter(deleted_at__lt=restore_cutoff(now)).filter(Exists(unregistered) | ~Exists(registered))
    return list(due.order_by("pk").values_list("pk", flat=True))


@transaction.atomic
def purge_deck(deck_id, now=None):
    """Remove a deck deleted more than RESTORE_DAYS ago; running it again, or for a deck restored
    meanwhile, does nothing. Versions an event registered never go (Entrant.deck, as when an account
    is deleted: decks.services.accounts): the deck keeps them alone, private, without its description
    and with a new share key, out of every list, for the events' pages."""
    deck = Deck.objects.select_for_update().filter(pk=deck_id, deleted_at__lt=restore_cutoff(now)).first()
    if deck is None:
        return False
    kept = set(deck.versions.filter(entries__isnull=False).values_list("pk", flat=True))
    if not kept:
        deck.delete()
        logger.info("deck %s purged", deck_id)
        return True
    deck.versions.exclude(pk__in=kept).delete()
    Deck.objects.filter(pk=deck_id).update(visibility=Visibility.PRIVATE, description="", share_token=new_share_token())
    logger.info("deck %s purged but for the %s versions events registered", deck_id, len(kept))
    return True


def version_cards(version):
    return dict(version.cards.values_list("card_id", "qty"))


# Two printings may share a name: the card id keeps their order the same in every read.
ENTRY_ORDER = ("card__name", "card_id")


def version_entries(version):
    """[(Card, qty)] with set and tribe loaded, sorted by name."""
    rows = version.cards.select_related("card__card_set__game", "card__tribe").order_by(*ENTRY_ORDER)
    return [(row.card, row.qty) for row in rows]


def versions_entries(versions):
    """{version id: [(Card, qty)]} as version_entries gives each, for many versions in one query:
    a list of lists costs the same to read whatever its length."""
    entries = {version.pk: [] for version in versions}
    rows = DeckVersionCard.objects.filter(version__in=list(entries)).select_related(
        "card__card_set__game", "card__tribe"
    )
    for row in rows.order_by(*ENTRY_ORDER):
        entries[row.version_id].append((row.card, row.qty))
    return entries


def version_text(version, entries=None):
    """The version as decklist text; `entries` are its (Card, qty) where the caller has read them."""
    entries = version_entries(version) if entries is None else entries
    lines = [(qty, card.name, card.card_set.code, card.number) for card, qty in entries]
    return format_decklist(version.declarations, lines)


def version_texts(versions):
    """{version id: decklist text} for many versions in one query."""
    entries = versions_entries(versions)
    return {version.pk: version_text(version, entries[version.pk]) for version in versions}


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


def game_tribes(game_ids):
    """{game id: {tribe id: name}} in one query."""
    tribes = {game_id: {} for game_id in game_ids}
    for game_id, pk, name in Tribe.objects.filter(game__in=list(tribes)).values_list("game_id", "pk", "name"):
        tribes[game_id][pk] = name
    return tribes


def check_sheet_of(version, entries=None, tribes=None):
    """The version's cards grouped as a judge counts them (decks/check_sheet.py), values labelled;
    `entries` are the version's (Card, qty) and `tribes` its game's {id: name}, where the caller
    has read them already."""
    game = version.deck.game
    definition = game.definition
    tribes = game_tribes([game.pk])[game.pk] if tribes is None else tribes
    entries = version_entries(version) if entries is None else entries
    entries = [(card_info(card, tribes), qty) for card, qty in entries]
    orders = {"rank": list(definition.card_schema.ranks), "type": list(definition.card_schema.card_types)}
    labels = {**definition.card_schema.ranks, **definition.card_schema.card_types}
    return check_sheet(entries, definition.deck_check_groups, orders), labels
