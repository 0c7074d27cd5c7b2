"""Collections: create, add or set copies, import (all-or-nothing) and export.

A collection's rows are keyed by Variant (card, finish, condition, language; decks/variants.py).
No write ever loses a card without saying so: "add" adds, "set to" sets, nothing goes below
zero or above MAX_COPIES, and every write returns each row's count before and after and is
recorded in the collection's history, from which it can be undone.
"""

import hashlib
import json
import logging
from dataclasses import asdict, dataclass, field

from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext

from catalogue.models import Card, Game
from core.errors import DomainError, define_messages
from core.exports import PlainText, csv_text
from games.cards import search_key

from ..decklist import DecklistLine, lines_rejected
from ..importing import check_printing, normalise_sets, read_card_list
from ..models import Collection, CollectionCard, CollectionChange
from ..variants import (
    CONDITION_MARKS,
    FINISH_MARKS,
    NEAR_MINT,
    NORMAL,
    UNSTATED,
    Variant,
    clean_tags,
    merged_tags,
    variant_label,
)
from .legality import card_index, set_codes

logger = logging.getLogger(__name__)
MAX_COPIES = 9999
MAX_IMPORT_BYTES = 1024 * 1024
MAX_IMPORT_LINES = 10000
HISTORY_PAGE = 50
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
        "collections.undo_below_zero": ngettext_lazy(
            "%(card)s now has %(have)s copy, fewer than this change added: set its count by hand first.",
            "%(card)s now has %(have)s copies, fewer than this change added: set its count by hand first.",
            "have",
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
    finish: str = NORMAL
    condition: str = NEAR_MINT
    language: str = UNSTATED

    @property
    def variant(self):
        return variant_label(self.finish, self.condition, self.language)

    def as_dict(self):
        return {**asdict(self), "variant": self.variant}


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
    rows = sorted([c.card, c.finish, c.condition, c.language, c.before, c.after] for c in changes)
    canonical = json.dumps([mode, rows], separators=(",", ":"))
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


@transaction.atomic
def delete_collection(collection, actor):
    """Delete a collection, its cards and its history (the page asks first, saying how many copies go)."""
    _lock(collection)
    logger.info("collection %s deleted by %s", collection.pk, actor.username)
    collection.delete()


def _given(**values):
    return {key: value for key, value in values.items() if value is not None}


def _check_name_free(owner, name, keep=None):
    taken = Collection.objects.filter(owner=owner, name=name.strip()).exclude(pk=keep)
    if taken.exists():
        raise DomainError("collections.name_taken", "name", status=409)


def _lock(collection):
    Collection.objects.select_for_update().get(pk=collection.pk)


@transaction.atomic
def add_copies(collection, card, delta, variant=None, actor=None, tags=None):
    """Add copies of a card in one finish, condition and language (a negative number removes
    them); never below zero. Recorded in the history, so it can be undone there."""
    _lock(collection)
    key = _key(card, variant)
    before = collection.holdings()
    have = before.get(key, 0)
    if have + delta < 0:
        raise DomainError("collections.below_zero", "qty", card=card.name, have=have, remove=-delta)
    return _write_one(collection, card, before, key, have + delta, actor, tags)


@transaction.atomic
def set_copies(collection, card, qty, variant=None, actor=None, tags=None):
    """Set how many copies of a card (in one variant) the collection holds; 0 removes the row."""
    _lock(collection)
    return _write_one(collection, card, collection.holdings(), _key(card, variant), qty, actor, tags)


def _key(card, variant):
    """The row a write is for: the card in `variant` (finish, condition, language), else the default."""
    return Variant(card.pk, *variant) if variant else Variant(card.pk)


def _write_one(collection, card, before, key, after, actor, tags):
    _check_copies(card.name, after)
    changes = _apply(collection, before, {key: after}, {key: clean_tags(tags)} if tags is not None else None)
    record = _record(collection, CollectionChange.Kind.CARD, changes, actor) if changes else None
    logger.info("collection %s: card %s %s -> %s", collection.pk, card.pk, before.get(key, 0), after)
    change = changes[0] if changes else _change(card, key, before.get(key, 0), after)
    return SingleChange(change, record)


@transaction.atomic
def edit_entry(collection, card, variant, new_variant, tags=None, actor=None):
    """Move a row's copies to another finish, condition or language (joining a row already there)
    and set its tags; recorded in the history (one change, two rows) so it can be undone."""
    _lock(collection)
    before = collection.holdings()
    old, new = _key(card, variant), _key(card, new_variant)
    qty = before.get(old, 0)
    if not qty:
        raise DomainError("api.not_found", status=404)
    after = {old: 0, new: before.get(new, 0) + qty} if new != old else {}
    _check_copies(card.name, after.get(new, 0))
    if tags is None and new != old:  # copies joining another row bring their tags along
        tags = merged_tags(_tags_of(collection, new), _tags_of(collection, old))
    changes = _apply(collection, before, after, {new: clean_tags(tags)} if tags is not None else None)
    record = _record(collection, CollectionChange.Kind.EDIT, changes, actor) if changes else None
    logger.info("collection %s: card %s moved %s -> %s", collection.pk, card.pk, old, new)
    moved = next((change for change in changes if change.after and change.after != change.before), None)
    return SingleChange(moved or _change(card, new, qty, qty), record)


def _tags_of(collection, key):
    row = CollectionCard.objects.filter(collection=collection, **_row_filter(key)).first()
    return row.tags if row else []


def _row_filter(key):
    return {"card_id": key.card, "finish": key.finish, "condition": key.condition, "language": key.language}


@dataclass
class SingleChange:
    """One card's write and its history record (None when nothing changed)."""

    change: Change
    record: object


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
        telling = sorted(
            (attempt for attempt in attempts if attempt.status in ("wrong_printing", "ambiguous")), key=_telling_first
        )
        if telling:
            line.status, line.error, line.suggestions = telling[0].status, telling[0].error, telling[0].suggestions
        else:
            line.status = "unknown"
            line.suggestions = [name for attempt in attempts for name in attempt.suggestions][:3]


def _telling_first(attempt):
    """The game that has the set speaks first: "could be 02 or 002" or "is X, not Y" says more than
    another game's "there is no card SET 2"."""
    return attempt.error is not None and attempt.error.code == "decklist.no_such_printing"


def _listed(decklist):
    """{card id: copies} and the cards of a list; all or nothing: any line that is not a card refuses it."""
    lines = resolve_anywhere(decklist.all_lines)
    bad = [line for line in lines if line.status != "ok"]
    if bad:
        raise lines_rejected(bad, "text", "collections.lines_rejected")
    if not lines:
        raise DomainError("collections.no_cards", "text")
    listed, cards, tags = {}, {}, {}
    for line in lines:
        key = Variant(line.card.id, line.finish or NORMAL, line.condition or NEAR_MINT, line.language or UNSTATED)
        listed[key] = listed.get(key, 0) + line.qty
        tags[key] = merged_tags(tags.get(key, []), line.tags)
        cards[line.card.id] = line.card
    return lines, listed, cards, tags


def preview_import(collection, decklist, mode=ADD):
    """What an import would change, written nowhere: every card's count before and after, and the
    digest a confirmation must give (raises DomainError as the import would)."""
    lines, listed, cards, _tags = _listed(decklist)
    before = collection.holdings()
    after = _counts_after(mode, before, listed)
    _check_all(after, cards)
    changes = _described(before, {key: qty for key, qty in after.items() if qty != before.get(key, 0)})
    return ImportResult(len(lines), changes, decklist, digest=_digest(mode, changes), totals=totals(changes))


@transaction.atomic
def import_into_collection(collection, decklist, mode=ADD, expected=None, actor=None):
    """Add to (ADD), set the listed cards of (SET) or replace (REPLACE) the collection from a
    parsed list; all or nothing, recorded in its history. `expected` is the digest of the preview
    the player confirmed: if the changes differ now, nothing is written (409)."""
    lines, listed, cards, tags = _listed(decklist)
    _lock(collection)
    before = collection.holdings()
    after = _counts_after(mode, before, listed)
    _check_all(after, cards)
    changed = {key: qty for key, qty in after.items() if qty != before.get(key, 0)}
    digest = _digest(mode, _described(before, changed))
    if expected is not None and expected != digest:
        raise DomainError("collections.preview_stale", "text", status=409)
    changes = _apply(collection, before, after, _tags_after(collection, mode, tags))
    record = _record(collection, mode, changes, actor, lines=len(lines))
    logger.info(
        "collection %s: imported %s lines (%s), %s cards changed", collection.pk, len(lines), mode, len(changes)
    )
    return ImportResult(len(lines), changes, decklist, record, digest, totals(changes))


def _check_all(after, cards):
    for key, qty in after.items():
        _check_copies(cards[key.card].name if key.card in cards else str(key.card), qty)


def _tags_after(collection, mode, listed_tags):
    """Tags of the listed rows: an import that adds keeps a row's tags and adds the list's; one that
    sets or replaces counts sets them to the list's. Tags are not counts: an undo leaves them."""
    if mode != ADD:
        return listed_tags
    kept = {row.variant: row.tags for row in collection.items.filter(card_id__in={key.card for key in listed_tags})}
    return {key: merged_tags(kept.get(key, []), tags) for key, tags in listed_tags.items()}


def preview_clear(collection):
    before = collection.holdings()
    changes = _described(before, dict.fromkeys(before, 0))
    return ImportResult(0, changes, None, digest=_digest(CLEAR, changes), totals=totals(changes))


@transaction.atomic
def clear_collection(collection, expected, actor=None):
    """Empty the collection, as previewed (`expected`: the preview's digest); undoable from its history."""
    _lock(collection)
    before = collection.holdings()
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
    before = collection.holdings()
    after = {}
    for key, was, became in map(_counted, record.counts):
        after[key] = before.get(key, 0) + was - became
        if after[key] < 0:
            name = Card.objects.filter(pk=key.card).values_list("name", flat=True).first() or str(key.card)
            raise DomainError("collections.undo_below_zero", have=before.get(key, 0), card=name, status=409)
        _check_copies(str(key.card), after[key])
    changes = _apply(collection, before, after)
    undo = _record(collection, CollectionChange.Kind.UNDO, changes, actor, undoes=record)
    record.undone_by = undo
    record.save(update_fields=["undone_by"])
    logger.info("collection %s: change %s undone by %s", collection.pk, record.pk, actor)
    return ImportResult(0, changes, None, undo, "", totals(changes))


def _counted(count):
    """(Variant, before, after) of one history count; counts written before variants have no variant."""
    card, before, after, *variant = count
    return Variant(card, *variant), before, after


def _record(collection, kind, changes, actor, lines=0, undoes=None):
    counts = [[c.card, c.before, c.after, c.finish, c.condition, c.language] for c in changes]
    actor = actor if getattr(actor, "pk", None) else None
    return CollectionChange.objects.create(
        collection=collection, kind=kind, actor=actor, lines=lines, counts=counts, undoes=undoes
    )


def history(collection, page=1):
    """One page of the collection's changes (HISTORY_PAGE of them), newest first, each with its cards
    described. Every change stays reachable, however many single counts were written since: any of
    them can be undone."""
    page = Paginator(history_records(collection), HISTORY_PAGE).get_page(page)
    page.object_list = describe_history(list(page.object_list))
    return page


def history_records(collection):
    """Every change of the collection, newest first: for a caller that pages them itself."""
    return collection.history.select_related("actor")


def describe_history(records):
    """Give each change its cards described (`changes`) and its `totals`, in one query for the whole page."""
    ids = {count[0] for record in records for count in record.counts}
    cards = {card.pk: card for card in Card.objects.filter(pk__in=ids).select_related("card_set")}
    for record in records:
        record.changes = [
            _change(cards[key.card], key, before, after)
            for key, before, after in map(_counted, record.counts)
            if key.card in cards
        ]
        record.totals = totals(record.changes)
    return records


def _counts_after(mode, before, listed):
    if mode == REPLACE:
        return {**dict.fromkeys(before, 0), **listed}
    if mode == SET:
        return listed
    return {card_id: before.get(card_id, 0) + qty for card_id, qty in listed.items()}


def _apply(collection, before, after, tags=None):
    """Write the rows whose count changes ({Variant: count}; 0 deletes the row) and any tags given
    ({Variant: tags}); the changes, described."""
    changed = {key: qty for key, qty in after.items() if qty != before.get(key, 0)}
    tags = tags or {}
    rows = {
        row.variant: row
        for row in CollectionCard.objects.filter(
            collection=collection, card_id__in={key.card for key in changed | tags}
        )
    }
    gone = [rows[key].pk for key, qty in changed.items() if not qty and key in rows]
    CollectionCard.objects.filter(pk__in=gone).delete()
    kept = []
    for key, row in rows.items():
        if changed.get(key, row.qty) and (key in changed or key in tags):
            row.qty, row.tags = changed.get(key, row.qty), tags.get(key, row.tags)
            kept.append(row)
    CollectionCard.objects.bulk_update(kept, ["qty", "tags"])
    CollectionCard.objects.bulk_create(
        CollectionCard(collection=collection, qty=qty, tags=tags.get(key, []), **_row_filter(key))
        for key, qty in changed.items()
        if qty and key not in rows
    )
    collection.save(update_fields=["updated_at"])
    return _described(before, changed)


def _described(before, changed):
    """Change rows (name, set, number, variant, before, after) for {Variant: count after}, by name."""
    printed = {
        card.pk: card for card in Card.objects.filter(pk__in={key.card for key in changed}).select_related("card_set")
    }
    changes = [_change(printed[key.card], key, before.get(key, 0), qty) for key, qty in changed.items()]
    return sorted(changes, key=lambda c: (c.name, c.set, c.number, c.finish, c.condition, c.language))


def _change(card, key, before, after):
    return Change(
        card.pk, card.name, card.card_set.code, card.number, before, after, key.finish, key.condition, key.language
    )


def export_rows(collection):
    items = collection.items.select_related("card__card_set__game").order_by(
        "card__card_set__game__name", "card__name", "card_id", "finish", "condition", "language"
    )
    return [
        (item.qty, item.card.name, item.card.card_set.code, item.card.number, item.card.card_set.game.slug, item)
        for item in items
    ]


def text_marks(item):
    """` *F* *LP* *FR* ^trade^`: what tells the row apart, as marks the text import reads (nothing
    for a Normal, Near Mint row of no stated language)."""
    marks = []
    if item.finish != NORMAL:
        marks.append(_mark_for(FINISH_MARKS, item.finish))
    if item.condition != NEAR_MINT:
        marks.append(_mark_for(CONDITION_MARKS, item.condition))
    if item.language != UNSTATED:
        marks.append(item.language)
    return "".join(f" *{mark.upper()}*" for mark in marks) + "".join(f" ^{tag}^" for tag in item.tags)


def _mark_for(marks, code):
    return next(mark for mark, value in marks.items() if value == code)


def export_text(collection):
    """`qty Name (SET) number` lines with the row's marks: the text import reads them back to the
    same collection."""
    return "".join(
        f"{qty} {name} ({set_code}) {number}{text_marks(item)}\n"
        for qty, name, set_code, number, _game, item in export_rows(collection)
    )


def export_csv(collection):
    """Quantity, name, set, number, game, finish, condition, language and tags in the reader's
    language (core.exports): the CSV import reads every language's headers, separator and values
    back to the same collection."""
    header = [
        pgettext("collection column", "Quantity"),
        pgettext("collection column", "Name"),
        pgettext("collection column", "Set"),
        pgettext("collection column", "Number"),
        pgettext("collection column", "Game"),
        pgettext("collection column", "Finish"),
        pgettext("collection column", "Condition"),
        pgettext("collection column", "Language"),
        pgettext("collection column", "Tags"),
    ]
    rows = [
        (
            qty,
            name,
            set_code,
            PlainText(number),
            game,
            item.get_finish_display(),
            item.get_condition_display(),
            item.get_language_display(),
            ", ".join(item.tags),
        )
        for qty, name, set_code, number, game, item in export_rows(collection)
    ]
    return csv_text(header, rows)


EXPORTS = {"text": (export_text, "text/plain", "txt"), "csv": (export_csv, "text/csv", "csv")}


def owned_and_missing(collection, entries):
    """For deck entries [(card, qty)]: rows of (card, needed, owned, missing), a card's other
    printings that are the same card counted as the deck check counts them (CardIndex.owned_for)."""
    if not entries:
        return []
    needed = {card.pk: qty for card, qty in entries}
    owned = card_index(entries[0][0].card_set.game).owned_for(needed, collection.owned() if collection else {})
    return [(card, qty, owned.get(card.pk, 0), max(0, qty - owned.get(card.pk, 0))) for card, qty in entries]


def with_counts(collections):
    """The collections with their copies (`held_copies`) and cards, each counted once whatever its
    finish, condition and language (`held_cards`), as Collection.owned() counts them: a list of
    collections is one query, however many there are."""
    return collections.annotate(
        held_copies=Coalesce(Sum("items__qty"), 0), held_cards=Count("items__card", distinct=True)
    )
