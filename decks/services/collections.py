"""Collections: create, set quantities, import (all-or-nothing) and export."""

import csv
import io
import logging

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from catalogue.models import Card, Game
from core.errors import DomainError, define_messages
from core.exports import csv_writer

from ..decklist import DecklistLine, lines_rejected, parse_decklist
from ..models import Collection, CollectionCard
from .legality import card_index

logger = logging.getLogger(__name__)
MAX_COPIES = 9999
MAX_CSV_ROWS = 5000


define_messages(
    {
        "collections.lines_rejected": ngettext_lazy(
            "Nothing was imported: %(count)s line needs fixing.",
            "Nothing was imported: %(count)s lines need fixing.",
            "count",
        ),
        "collections.csv_columns": _("A CSV needs a qty column and a name column, or set and number columns."),
        "collections.csv_rows": _("A CSV may hold at most %(max)s rows."),
        "collections.csv_needs_card": _("Give a name, or a set and a number."),
        "collections.name_taken": _("You already have a collection with this name."),
    }
)


@transaction.atomic
def create_collection(owner, name):
    _check_name_free(owner, name)
    collection = Collection.objects.create(owner=owner, name=name.strip())
    logger.info("collection %s created by %s", collection.pk, owner.username)
    return collection


@transaction.atomic
def rename_collection(collection, name):
    Collection.objects.select_for_update().get(pk=collection.pk)
    _check_name_free(collection.owner, name, collection.pk)
    collection.name = name.strip()
    collection.save(update_fields=["name", "updated_at"])
    return collection


def _check_name_free(owner, name, keep=None):
    taken = Collection.objects.filter(owner=owner, name=name.strip()).exclude(pk=keep)
    if taken.exists():
        raise DomainError("collections.name_taken", "name")


@transaction.atomic
def set_quantity(collection, card, qty):
    """Set how many copies of a card the collection holds; 0 removes it."""
    Collection.objects.select_for_update().get(pk=collection.pk)
    if qty <= 0:
        CollectionCard.objects.filter(collection=collection, card=card).delete()
    else:
        CollectionCard.objects.update_or_create(
            collection=collection, card=card, defaults={"qty": min(qty, MAX_COPIES)}
        )
    collection.save(update_fields=["updated_at"])
    logger.info("collection %s: %s x card %s", collection.pk, qty, card.pk)


def resolve_anywhere(lines):
    """Match lines against every game's catalogue; a name found in several games is ambiguous."""
    indexes = [card_index(game) for game in Game.objects.all()]
    for line in lines:
        if line.status == "malformed":
            continue
        found, suggestions = [], []
        for index in indexes:
            attempt = DecklistLine(
                line.line, line.text, qty=line.qty, name=line.name, set_code=line.set_code, number=line.number
            )
            index.resolve(attempt)
            if attempt.status == "ok":
                found.append(attempt.card)
            suggestions += attempt.suggestions
        if len(found) == 1:
            line.status, line.card = "ok", found[0]
        elif found:
            line.status = "ambiguous"
            line.suggestions = [f"{card.name} ({card.set_code}) {card.number}" for card in found[:3]]
        else:
            line.status, line.suggestions = "unknown", suggestions[:3]
    return lines


def parse_collection_text(text):
    """`N Card Name [(SET) number]` lines, or CSV with a qty column and name or set+number."""
    first = text.lstrip().split("\n", 1)[0].lower()
    if "qty" in first and "," in first:
        return _parse_collection_csv(text)
    return parse_decklist(text).lines


def _parse_collection_csv(text):
    reader = csv.DictReader(io.StringIO(text))
    columns = {name.strip().lower() for name in reader.fieldnames or []}
    if "qty" not in columns or not ({"name"} <= columns or {"set", "number"} <= columns):
        raise DomainError("collections.csv_columns", "text")
    lines = []
    for number, row in enumerate(reader, start=2):
        if len(lines) >= MAX_CSV_ROWS:
            raise DomainError("collections.csv_rows", "text", max=MAX_CSV_ROWS)
        row = {key.strip().lower(): (value or "").strip() for key, value in row.items() if key}
        lines.append(_csv_line(number, row))
    return lines


def _csv_line(number, row):
    line = DecklistLine(number, ",".join(value for value in row.values() if value))
    line.name, line.set_code, line.number = row.get("name", ""), row.get("set", ""), row.get("number", "")
    qty = row.get("qty", "")
    if not qty.isdigit() or not 1 <= int(qty) <= MAX_COPIES:
        line.status = "malformed"
        line.error = DomainError("decklist.quantity_range", "text", qty=qty or "—", max=MAX_COPIES)
    elif not line.name and not (line.set_code and line.number):
        line.status, line.error = "malformed", DomainError("collections.csv_needs_card", "text")
    else:
        line.qty = int(qty)
    return line


@transaction.atomic
def import_into_collection(collection, text, replace=False):
    """Add (or with replace, set) the quantities of a text or CSV list; all or nothing."""
    lines = resolve_anywhere(parse_collection_text(text))
    bad = [line for line in lines if line.status != "ok"]
    if bad:
        raise lines_rejected(bad, "text", "collections.lines_rejected")
    Collection.objects.select_for_update().get(pk=collection.pk)
    current = collection.owned() if not replace else {}
    if replace:
        collection.items.all().delete()
    totals = dict(current)
    for line in lines:
        totals[line.card.id] = totals.get(line.card.id, 0) + line.qty
    for card_id, qty in totals.items():
        CollectionCard.objects.update_or_create(
            collection=collection, card_id=card_id, defaults={"qty": min(qty, MAX_COPIES)}
        )
    collection.save(update_fields=["updated_at"])
    logger.info("collection %s: imported %s lines (replace=%s)", collection.pk, len(lines), replace)
    return len(lines)


def export_rows(collection):
    items = collection.items.select_related("card__card_set__game").order_by("card__card_set__game__name", "card__name")
    return [
        (item.qty, item.card.name, item.card.card_set.code, item.card.number, item.card.card_set.game.slug)
        for item in items
    ]


def export_text(collection):
    return "".join(
        f"{qty} {name} ({set_code}) {number}\n" for qty, name, set_code, number, _game in export_rows(collection)
    )


def export_csv(collection):
    buffer = io.StringIO()
    writer = csv_writer(buffer)
    writer.writerow(["qty", "name", "set", "number", "game"])
    writer.writerows(export_rows(collection))
    return buffer.getvalue()


def owned_and_missing(collection, entries):
    """For deck entries [(card, qty)]: rows of (card, needed, owned, missing)."""
    owned = collection.owned() if collection else {}
    return [(card, qty, owned.get(card.pk, 0), max(0, qty - owned.get(card.pk, 0))) for card, qty in entries]


def card_by_id(card_id):
    return Card.objects.select_related("card_set__game").filter(pk=card_id).first()
