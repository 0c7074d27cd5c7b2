"""Collections: create, add or set copies, import (all-or-nothing) and export.

No write ever loses a card without saying so: "add" adds, "set to" sets, nothing goes below
zero or above MAX_COPIES, and every write returns each card's count before and after.
"""

import hashlib
import json
import logging
from dataclasses import asdict, dataclass, field

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext

from catalogue.models import Card, Game
from core.errors import DomainError, define_messages
from core.exports import csv_text
from games.cards import search_key

from ..decklist import DecklistLine, lines_rejected
from ..importing import check_printing, normalise_sets, read_card_list
from ..models import Collection, CollectionCard, CollectionChange
from .legality import card_index, set_codes

logger = logging.getLogger(__name__)
MAX_COPIES = 9999
MAX_IMPORT_BYTES = 1024 * 1024
MAX_IMPORT_LINES = 10000
ADD, SET, REPLACE, CLEAR = "add", "set", "replace", "clear"
IMPORT_MODES = (ADD, SET, REPLACE)

define_messages(
    {
        "collections.lines_rejected": ngettext_lazy(
            "Nothing was imported: %(count)s line needs fixing.",
            "Nothing was imported: %(count)s lines need fixing.",
            "count",
        ),
        "collections.name_taken": _("You already have a collection with this name."),
        "collections.below_zero": ngettext_lazy(
            "%(card)s: the collection holds %(have)s copy; %(remove)s cannot be removed.",
            "%(card)s: the collection holds %(have)s copies; %(remove)s cannot be removed.",
            "have",
        ),
        "collections.too_many_copies": _("%(card)s: %(qty)s copies is more than the %(max)s a collection may hold."),
        "collections.unknown_game": _("There is no game “%(game)s”."),
        "collections.no_cards": _("This list has no card lines: nothing to import."),
        "collections.preview_stale": _(
            "The collection changed since this preview was made: check the new preview, then confirm again."
        ),
        "collections.confirm_needed": _(
            "Replacing or emptying a collection changes every card: look at the preview, then confirm."
        ),
        "collections.already_undone": _("This change was already undone."),
        "collections.undo_below_zero": _(
            "%(card)s now has %(have)s copies, fewer than this change added: set its count by hand first."
        ),
    }
)


@dataclass(frozen=True)
class Change:
    """One card's count before and after a write."""

    card: int
    name: str
    set: str
    number: str
    before: int
    after: int

    def as_dict(self):
        return asdict(self)


@dataclass
class ImportResult:
    lines: int
    changes: list
    decklist: object  # the parsed list, for what it was read as
    record: object = None  # the CollectionChange in the history (undo it from there)
    digest: str = ""  # identifies the preview: a confirmation must see the same changes
    totals: dict = field(default_factory=dict)


def totals(changes):
    """What a write does, in copies and distinct cards: added, removed, cards gone."""
    return {
        "cards": len(changes),
        "copies_added": sum(max(0, change.after - change.before) for change in changes),
        "copies_removed": sum(max(0, change.before - change.after) for change in changes),
        "cards_removed": sum(1 for change in changes if change.after == 0),
    }


def _digest(mode, changes):
    canonical = json.dumps([mode, sorted([c.card, c.before, c.after] for c in changes)], separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


@transaction.atomic
def create_collection(owner, name, visibility=None):
    _check_name_free(owner, name)
    collection = Collection.objects.create(owner=owner, name=name.strip(), **_given(visibility=visibility))
    logger.info("collection %s created by %s", collection.pk, owner.username)
    return collection


@transaction.atomic
def edit_collection(collection, name=None, visibility=None):
    """Rename it, or make it private or unlisted (reached by its share link)."""
    _lock(collection)
    if name is not None:
        _check_name_free(collection.owner, name, collection.pk)
        collection.name = name.strip()
    if visibility is not None:
        collection.visibility = visibility
    collection.save(update_fields=["name", "visibility", "updated_at"])
    return collection


def _given(**values):
    return {key: value for key, value in values.items() if value is not None}


def _check_name_free(owner, name, keep=None):
    taken = Collection.objects.filter(owner=owner, name=name.strip()).exclude(pk=keep)
    if taken.exists():
        raise DomainError("collections.name_taken", "name", status=409)


def _lock(collection):
    Collection.objects.select_for_update().get(pk=collection.pk)


@transaction.atomic
def add_copies(collection, card, delta):
    """Add copies of a card (a negative number removes them); never below zero."""
    _lock(collection)
    before = _count(collection, card)
    if before + delta < 0:
        raise DomainError("collections.below_zero", "qty", card=card.name, have=before, remove=-delta)
    return _write(collection, card, before, before + delta)


@transaction.atomic
def set_copies(collection, card, qty):
    """Set how many copies of a card the collection holds; 0 removes it."""
    _lock(collection)
    return _write(collection, card, _count(collection, card), qty)


def _count(collection, card):
    return CollectionCard.objects.filter(collection=collection, card=card).values_list("qty", flat=True).first() or 0


def _write(collection, card, before, after):
    _check_copies(card.name, after)
    if after == 0:
        CollectionCard.objects.filter(collection=collection, card=card).delete()
    else:
        CollectionCard.objects.update_or_create(collection=collection, card=card, defaults={"qty": after})
    collection.save(update_fields=["updated_at"])
    logger.info("collection %s: card %s %s -> %s", collection.pk, card.pk, before, after)
    return Change(card.pk, card.name, card.card_set.code, card.number, before, after)


def _check_copies(name, qty):
    if qty > MAX_COPIES:
        raise DomainError("collections.too_many_copies", "qty", card=name, qty=qty, max=MAX_COPIES)


def read_collection_list(text, field="text"):
    """A pasted or uploaded list, text or CSV, within the collection import limits."""
    return read_card_list(text, MAX_COPIES, MAX_IMPORT_BYTES, MAX_IMPORT_LINES, field)


def resolve_anywhere(lines):
    """Match lines against every game's catalogue (or the game a CSV row names); a name found
    in several games is ambiguous."""
    games = list(Game.objects.all())
    indexes = {game.slug: card_index(game) for game in games}
    game_keys = {search_key(key): game.slug for game in games for key in (game.slug, game.name)}
    normalise_sets(lines, set_codes())
    for line in lines:
        if line.status != "ok":
            continue
        if line.game and search_key(line.game) not in game_keys:
            line.refuse("unknown", "collections.unknown_game", game=line.game)
            continue
        wanted = [indexes[game_keys[search_key(line.game)]]] if line.game else list(indexes.values())
        _resolve_in(line, wanted)
    return lines


def _resolve_in(line, indexes):
    attempts = []
    for index in indexes:
        attempt = DecklistLine(
            line.line, line.text, qty=line.qty, name=line.name, set_code=line.set_code, number=line.number
        )
        attempts.append(check_printing(index.resolve(attempt), index))
    found = {attempt.card.id: attempt.card for attempt in attempts if attempt.status == "ok"}
    if len(found) == 1:
        line.status, line.card = "ok", next(iter(found.values()))
    elif found:
        line.status = "ambiguous"
        line.suggestions = [f"{card.name} ({card.set_code}) {card.number}" for card in list(found.values())[:3]]
    else:
        telling = [attempt for attempt in attempts if attempt.status in ("wrong_printing", "ambiguous")]
        if telling:
            line.status, line.error, line.suggestions = telling[0].status, telling[0].error, telling[0].suggestions
        else:
            line.status = "unknown"
            line.suggestions = [name for attempt in attempts for name in attempt.suggestions][:3]


def _listed(decklist):
    """{card id: copies} and the cards of a list; all or nothing: any line that is not a card refuses it."""
    lines = resolve_anywhere(decklist.all_lines)
    bad = [line for line in lines if line.status != "ok"]
    if bad:
        raise lines_rejected(bad, "text", "collections.lines_rejected")
    if not lines:
        raise DomainError("collections.no_cards", "text")
    listed, cards = {}, {}
    for line in lines:
        listed[line.card.id] = listed.get(line.card.id, 0) + line.qty
        cards[line.card.id] = line.card
    return lines, listed, cards


def preview_import(collection, decklist, mode=ADD):
    """What an import would change, written nowhere: every card's count before and after, and the
    digest a confirmation must give (raises DomainError as the import would)."""
    lines, listed, cards = _listed(decklist)
    before = collection.owned()
    after = _counts_after(mode, before, listed)
    for card_id, qty in after.items():
        _check_copies(cards[card_id].name if card_id in cards else str(card_id), qty)
    changes = _described(before, {card_id: qty for card_id, qty in after.items() if qty != before.get(card_id, 0)})
    return ImportResult(len(lines), changes, decklist, digest=_digest(mode, changes), totals=totals(changes))


@transaction.atomic
def import_into_collection(collection, decklist, mode=ADD, expected=None, actor=None):
    """Add to (ADD), set the listed cards of (SET) or replace (REPLACE) the collection from a
    parsed list; all or nothing, recorded in its history. `expected` is the digest of the preview
    the player confirmed: if the changes differ now, nothing is written (409)."""
    lines, listed, cards = _listed(decklist)
    _lock(collection)
    before = collection.owned()
    after = _counts_after(mode, before, listed)
    for card_id, qty in after.items():
        _check_copies(cards[card_id].name if card_id in cards else str(card_id), qty)
    changed = {card_id: qty for card_id, qty in after.items() if qty != before.get(card_id, 0)}
    digest = _digest(mode, _described(before, changed))
    if expected is not None and expected != digest:
        raise DomainError("collections.preview_stale", "text", status=409)
    changes = _apply(collection, before, after)
    record = _record(collection, mode, changes, actor, lines=len(lines))
    logger.info(
        "collection %s: imported %s lines (%s), %s cards changed", collection.pk, len(lines), mode, len(changes)
    )
    return ImportResult(len(lines), changes, decklist, record, digest, totals(changes))


def preview_clear(collection):
    before = collection.owned()
    changes = _described(before, dict.fromkeys(before, 0))
    return ImportResult(0, changes, None, digest=_digest(CLEAR, changes), totals=totals(changes))


@transaction.atomic
def clear_collection(collection, expected, actor=None):
    """Empty the collection, as previewed (`expected`: the preview's digest); undoable from its history."""
    _lock(collection)
    before = collection.owned()
    if expected != _digest(CLEAR, _described(before, dict.fromkeys(before, 0))):
        raise DomainError("collections.preview_stale", "text", status=409)
    changes = _apply(collection, before, dict.fromkeys(before, 0))
    record = _record(collection, CLEAR, changes, actor)
    logger.info("collection %s emptied by %s: %s cards", collection.pk, actor, len(changes))
    return ImportResult(0, changes, None, record, expected, totals(changes))


@transaction.atomic
def undo_change(collection, change_id, actor=None):
    """Undo one change of the history: each card it changed gets back what that change took or gave
    (later changes to the card are kept), all or nothing. The undo is itself in the history."""
    _lock(collection)
    record = CollectionChange.objects.select_for_update().filter(collection=collection, pk=change_id).first()
    if record is None:
        raise DomainError("api.not_found", status=404)
    if record.undone_by_id is not None:
        raise DomainError("collections.already_undone", status=409)
    before = collection.owned()
    after = {}
    for card_id, was, became in record.counts:
        after[card_id] = before.get(card_id, 0) + was - became
        if after[card_id] < 0:
            name = Card.objects.filter(pk=card_id).values_list("name", flat=True).first() or str(card_id)
            raise DomainError("collections.undo_below_zero", have=before.get(card_id, 0), card=name, status=409)
        _check_copies(str(card_id), after[card_id])
    changes = _apply(collection, before, after)
    undo = _record(collection, CollectionChange.Kind.UNDO, changes, actor, undoes=record)
    record.undone_by = undo
    record.save(update_fields=["undone_by"])
    logger.info("collection %s: change %s undone by %s", collection.pk, record.pk, actor)
    return ImportResult(0, changes, None, undo, "", totals(changes))


def _record(collection, kind, changes, actor, lines=0, undoes=None):
    counts = [[change.card, change.before, change.after] for change in changes]
    actor = actor if getattr(actor, "pk", None) else None
    return CollectionChange.objects.create(
        collection=collection, kind=kind, actor=actor, lines=lines, counts=counts, undoes=undoes
    )


def history(collection, limit=50):
    """The collection's changes, newest first, each with its cards described."""
    records = list(collection.history.select_related("actor")[:limit])
    ids = {card_id for record in records for card_id, _b, _a in record.counts}
    cards = {card.pk: card for card in Card.objects.filter(pk__in=ids).select_related("card_set")}
    for record in records:
        record.changes = [
            Change(card_id, cards[card_id].name, cards[card_id].card_set.code, cards[card_id].number, before, after)
            for card_id, before, after in record.counts
            if card_id in cards
        ]
        record.totals = totals(record.changes)
    return records


def _counts_after(mode, before, listed):
    if mode == REPLACE:
        return {**dict.fromkeys(before, 0), **listed}
    if mode == SET:
        return listed
    return {card_id: before.get(card_id, 0) + qty for card_id, qty in listed.items()}


def _apply(collection, before, after):
    changed = {card_id: qty for card_id, qty in after.items() if qty != before.get(card_id, 0)}
    CollectionCard.objects.filter(collection=collection, card_id__in=[k for k, v in changed.items() if not v]).delete()
    existing = CollectionCard.objects.filter(collection=collection, card_id__in=list(changed))
    rows = {row.card_id: row for row in existing}
    for row in rows.values():
        row.qty = changed[row.card_id]
    CollectionCard.objects.bulk_update([row for row in rows.values() if row.qty], ["qty"])
    CollectionCard.objects.bulk_create(
        CollectionCard(collection=collection, card_id=card_id, qty=qty)
        for card_id, qty in changed.items()
        if qty and card_id not in rows
    )
    collection.save(update_fields=["updated_at"])
    return _described(before, changed)


def _described(before, changed):
    """Change rows (name, set, number, before, after) for {card id: count after}, by name."""
    printed = Card.objects.filter(pk__in=list(changed)).select_related("card_set").order_by("name", "card_set__code")
    return [
        Change(card.pk, card.name, card.card_set.code, card.number, before.get(card.pk, 0), changed[card.pk])
        for card in printed
    ]


def export_rows(collection):
    items = collection.items.select_related("card__card_set__game").order_by("card__card_set__game__name", "card__name")
    return [
        (item.qty, item.card.name, item.card.card_set.code, item.card.number, item.card.card_set.game.slug)
        for item in items
    ]


def export_text(collection):
    """`qty Name (SET) number` lines: the text import reads them back to the same collection."""
    return "".join(
        f"{qty} {name} ({set_code}) {number}\n" for qty, name, set_code, number, _game in export_rows(collection)
    )


def export_csv(collection):
    """Quantity, name, set, number and game in the reader's language (core.exports): the CSV
    import reads every language's headers and separator back to the same collection."""
    header = [
        pgettext("collection column", "Quantity"),
        pgettext("collection column", "Name"),
        pgettext("collection column", "Set"),
        pgettext("collection column", "Number"),
        pgettext("collection column", "Game"),
    ]
    return csv_text(header, export_rows(collection))


EXPORTS = {"text": (export_text, "text/plain", "txt"), "csv": (export_csv, "text/csv", "csv")}


def owned_and_missing(collection, entries):
    """For deck entries [(card, qty)]: rows of (card, needed, owned, missing)."""
    owned = collection.owned() if collection else {}
    return [(card, qty, owned.get(card.pk, 0), max(0, qty - owned.get(card.pk, 0))) for card, qty in entries]
