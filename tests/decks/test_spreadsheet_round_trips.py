"""The collection CSV export is also an import format: what a spreadsheet does to it on the way
back (French or Italian Excel re-saving it with semicolons in Windows-1252, 001 written as 1, the
apostrophe before formula-like text) must import to the same collection, or be refused by name."""

import csv
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalogue.models import Card
from catalogue.services import import_catalogue_file
from decks.models import Collection
from tests.conftest import dc_document, write_catalogue
from tests.decks.import_helpers import import_confirmed

pytestmark = pytest.mark.django_db


def excel_resave(exported, language):
    """The file as Excel saves it after opening it: "CSV (séparateur: point-virgule)" in French and
    Italian, "CSV (comma delimited)" in English; Windows-1252, no byte-order mark, and every cell
    that looks like a whole number written as one (001 -> 1)."""
    delimiter = ";" if language in ("fr", "it") else ","
    rows = csv.reader(io.StringIO(exported.removeprefix("\ufeff")), delimiter=delimiter)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    for row in rows:
        writer.writerow([str(int(cell)) if re.fullmatch(r"\d+", cell) else cell for cell in row])
    return out.getvalue().encode("cp1252")


def binder(owner):
    collection = Collection.objects.create(owner=owner, name="Binder")
    rows = (("Pocket Puff", 3, "foil", "fr", ["-wishlist", "trade"]), ("Fluffnip", 12, "normal", "", ["=SUM(A1)"]))
    for name, qty, finish, language, tags in rows:
        collection.items.create(card=Card.objects.get(name=name), qty=qty, finish=finish, language=language, tags=tags)
    collection.items.create(card=Card.objects.filter(name="Goku (Level 1)").first(), qty=2)
    return collection


def holdings_with_tags(collection):
    return sorted(
        (row.card_id, row.finish, row.condition, row.language, row.qty, row.tags) for row in collection.items.all()
    )


def excel_unicode_text(exported, language):
    """The file as Excel saves it as "Texte Unicode" / "Testo Unicode": UTF-16 with its byte-order
    mark, tab-separated, leading zeros dropped."""
    cp1252 = excel_resave(exported, language).decode("cp1252")
    delimiter = ";" if language in ("fr", "it") else ","
    rows = csv.reader(io.StringIO(cp1252), delimiter=delimiter)
    out = io.StringIO()
    csv.writer(out, delimiter="\t", lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode("utf-16")


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_csv_export_resaved_as_unicode_text_imports_back_the_same(client, alice, sample, language):
    source = binder(alice)
    client.force_login(alice)
    exported = client.get(f"/{language}/collections/{source.pk}/export/?as=csv").content.decode("utf-8")
    copy = Collection.objects.create(owner=alice, name="Copy")
    upload = SimpleUploadedFile("binder.txt", excel_unicode_text(exported, language), content_type="text/plain")
    response = import_confirmed(client, f"/{language}/collections/{copy.pk}/import/", {"file": upload})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert holdings_with_tags(copy) == holdings_with_tags(source)


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_csv_export_resaved_by_excel_imports_back_the_same(client, alice, sample, language):
    source = binder(alice)
    client.force_login(alice)
    exported = client.get(f"/{language}/collections/{source.pk}/export/?as=csv").content.decode("utf-8")
    resaved = excel_resave(exported, language)
    assert b"PR1;1;" in resaved or b"PR1,1," in resaved  # Excel dropped the zeros of 001
    copy = Collection.objects.create(owner=alice, name="Copy")
    upload = SimpleUploadedFile("binder.csv", resaved, content_type="text/csv")
    response = import_confirmed(client, f"/{language}/collections/{copy.pk}/import/", {"file": upload})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert holdings_with_tags(copy) == holdings_with_tags(source)


def test_formula_like_tags_come_back_without_the_exports_apostrophe(client, alice, sample):
    """The export writes "'-wishlist, trade" so that a spreadsheet shows it as text; the import
    used to store the tag as "'-wishlist"."""
    source = binder(alice)
    client.force_login(alice)
    exported = client.get(f"/en/collections/{source.pk}/export/?as=csv").content.decode("utf-8")
    assert "'-wishlist, trade" in exported and "'=SUM(A1)" in exported
    copy = Collection.objects.create(owner=alice, name="Copy")
    import_confirmed(client, f"/en/collections/{copy.pk}/import/", {"text": exported})
    tags = {row.card.name: row.tags for row in copy.items.select_related("card")}
    assert tags == {"Pocket Puff": ["-wishlist", "trade"], "Fluffnip": ["=SUM(A1)"], "Goku (Level 1)": []}


@pytest.fixture
def zeros(db, tmp_path):
    """A set numbered the way that makes a spreadsheet's 1 unclear: 1 and 001, 02 and 002."""
    document = dc_document()
    document["set"] = {"code": "ZRO", "name": "Zeros", "released_on": "2023-10-09"}
    for card, number in zip(document["cards"], ("1", "001", "02", "002"), strict=False):
        card["number"] = number
    import_catalogue_file(write_catalogue(tmp_path, document))
    return {card.number: card for card in Card.objects.filter(card_set__code="ZRO")}


def post_csv(client, pool, text, language="en"):
    upload = SimpleUploadedFile("binder.csv", text.encode("cp1252"), content_type="text/csv")
    return client.post(f"/{language}/collections/{pool.pk}/import/", {"file": upload})


def test_a_number_excel_stripped_finds_the_named_card_not_the_one_printed_as_1(client, alice, zeros):
    """ "001" saved by Excel as "1": the row names the card, so it is 001, not the set's card 1."""
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    named = zeros["001"].name
    upload = SimpleUploadedFile("b.csv", f"Quantité;Nom;Extension;Numéro\r\n2;{named};ZRO;1\r\n".encode("cp1252"))
    response = import_confirmed(client, f"/fr/collections/{pool.pk}/import/", {"file": upload})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert pool.owned() == {zeros["001"].pk: 2}


def test_a_number_that_could_be_two_cards_is_refused_naming_them(client, alice, zeros):
    """Without a name, "2" could be 02 or 002: nothing is imported and the row says which cards."""
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    page = post_csv(client, pool, "Qty,Set,Number\r\n1,ZRO,1\r\n3,ZRO,2\r\n")
    assert page.context["preview"] is None and pool.owned() == {}
    text = page.content.decode()
    assert "Nothing was imported: 1 line needs fixing." in text
    first, second = zeros["02"].name, zeros["002"].name
    assert (
        f"Line 3</span> <code>3,ZRO,2</code> —\n      ZRO 2 could be any of 02 {first}, 002 {second}: "
        "write the number as printed, with its leading zeros." in text
    )


def test_a_number_with_its_zeros_dropped_still_finds_the_one_card_it_can_be(client, alice, sample):
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    response = import_confirmed(client, f"/en/collections/{pool.pk}/import/", {"text": "Qty,Set,Number\n4,PR1,2\n"})
    assert response.status_code == 302
    assert pool.owned() == {Card.objects.get(name="Pocket Puff").pk: 4}
