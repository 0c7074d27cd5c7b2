"""A player who uploads the workbook itself (.xlsx, .xls, .ods) instead of a CSV is told so, and
how to save the CSV, in the page's language; nothing is imported."""

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalogue.models import Card
from core.errors import DomainError
from decks.importing import decode_upload
from decks.models import Collection


def xlsx():
    """The first parts of an .xlsx as Excel zips them."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types><Default Extension="xml"/></Types>')
        archive.writestr("xl/worksheets/sheet1.xml", "<sheetData><row><c><v>3</v></c></row></sheetData>" * 20)
    return data.getvalue()


def xls():
    """An .xls: an OLE2 compound file, whose header is mostly zero bytes (it was read as UTF-16)."""
    return bytes.fromhex("d0cf11e0a1b11ae1") + bytes(16) + bytes.fromhex("3e000300feff0900") + bytes(488)


def ods():
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<office:document-content/>")
    return data.getvalue()


@pytest.mark.parametrize("data", [xlsx(), xls(), ods()], ids=["xlsx", "xls", "ods"])
def test_a_workbook_is_named_as_one(data):
    with pytest.raises(DomainError) as refused:
        decode_upload(data, "binder.xlsx")
    assert refused.value.code == "import.workbook"
    assert refused.value.message == (
        "binder.xlsx is a spreadsheet workbook, not a CSV file. Save it as CSV (in Excel: “CSV UTF-8”) "
        "and upload that file."
    )


def test_a_zip_of_decklists_is_not_a_workbook():
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("lists/alice.txt", "2 Pocket Puff\n")
    with pytest.raises(DomainError) as refused:
        decode_upload(data.getvalue(), "lists.zip")
    assert refused.value.code == "import.binary"


@pytest.mark.django_db
@pytest.mark.parametrize("name, data", [("binder.xls", xls()), ("binder.xlsx", xlsx())])
def test_the_import_page_says_to_save_the_workbook_as_csv(client, alice, sample, name, data):
    pool = Collection.objects.create(owner=alice, name="Binder")
    pool.items.create(card=Card.objects.get(name="Pocket Puff"), qty=1)
    client.force_login(alice)
    page = client.post(
        f"/en/collections/{pool.pk}/import/", {"file": SimpleUploadedFile(name, data), "mode": "replace"}
    )
    assert page.status_code == 200
    assert f"{name} is a spreadsheet workbook, not a CSV file." in page.content.decode()
    assert "is saved as UTF-16" not in page.content.decode() and "cannot be read as UTF-16" not in page.content.decode()
    assert pool.owned() == {Card.objects.get(name="Pocket Puff").pk: 1}


@pytest.mark.django_db
def test_the_api_says_so_too(api, alice):
    api.force_authenticate(alice)
    pool = api.post("/api/v1/collections/", {"name": "Binder"}, format="json").json()["id"]
    upload = SimpleUploadedFile("binder.xls", xls())
    response = api.post(f"/api/v1/collections/{pool}/import/", {"file": upload}, format="multipart")
    assert response.status_code == 400
    assert response.json()["code"] == "import.workbook"


@pytest.mark.django_db
def test_the_file_picker_offers_only_what_the_import_reads(client, alice):
    """It offered .dek (an MTGO deck as XML), whose every line was then refused as not a card."""
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    page = client.get(f"/en/collections/{pool.pk}/import/").content.decode()
    assert 'accept=".txt,.csv,.tsv,text/plain,text/csv"' in page
