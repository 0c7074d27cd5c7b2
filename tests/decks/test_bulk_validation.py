"""Organisers' bulk validation: a Celery task (in-process here; a real worker in test_worker.py)."""

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.models import BulkValidation
from decks.services import bulk
from decks.tasks import validate_bulk
from tests.exports_support import read_rows

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]
PASTED = "Name: Alice\n2 Pocket Puff\n---\nName: Bob\n1 Fluffnip\n1 Nonexistent Card\n---\n\n"


def start(client, django_capture_on_commit_callbacks, **data):
    with django_capture_on_commit_callbacks(execute=True):
        return client.post("/en/decks/bulk/", {"format": "dc-prerelease", "as_of": "2024-01-01", **data})


def test_players_may_not_run_bulk_validation(client, alice):
    assert client.get("/en/decks/bulk/").status_code == 302
    client.force_login(alice)
    assert client.get("/en/decks/bulk/").status_code == 403


def test_pasted_decklists_are_validated_with_a_report(client, organiser, sample, django_capture_on_commit_callbacks):
    client.force_login(organiser)
    response = start(client, django_capture_on_commit_callbacks, text=PASTED)
    job = BulkValidation.objects.get()
    assert response.url == f"/en/decks/bulk/{job.pk}/"
    assert (job.status, job.done, job.total) == ("done", 2, 2)
    assert client.get(f"/en/decks/bulk/{job.pk}/progress/").json() == {
        "status": "done",
        "done": 2,
        "total": 2,
        "percent": 100,
    }
    page = client.get(f"/en/decks/bulk/{job.pk}/").text
    assert "Download the CSV report" in page and "“Nonexistent Card” is not a card in the catalogue." in page
    rows = read_rows(client.get(f"/en/decks/bulk/{job.pk}/report.csv"))
    assert rows[0] == ["Decklist", "Legal", "Cards", "Hash", "Codes", "Problems"]
    assert [row[0] for row in rows[1:]] == ["Alice", "Bob"]
    assert rows[2][1] == "no" and "unknown_card" in rows[2][4]


def test_report_gives_the_hash_a_saved_deck_would_have(client, organiser, sample, django_capture_on_commit_callbacks):
    """Organisers compare the report's hash with registered decks: the same list, the same hash."""
    from catalogue.models import Game
    from decks.services import decks as deck_services

    client.force_login(organiser)
    start(client, django_capture_on_commit_callbacks, text=PASTED)
    rows = read_rows(client.get(f"/en/decks/bulk/{BulkValidation.objects.get().pk}/report.csv"))
    game = Game.objects.get(slug="dust-collectorz")
    cards, declarations = deck_services.cards_from_decklist("Name: Alice\n2 Pocket Puff", game)
    deck = deck_services.create_deck(organiser, "Alice", game, "dc-prerelease", "private", cards, declarations)
    assert rows[1][3] == deck.latest_version().content_hash
    assert rows[2][3] == ""  # Bob's list has a line that is not a card: no hash to compare


def zip_of(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return SimpleUploadedFile("decks.zip", buffer.getvalue())


def damaged(upload, member):
    """The zip with one member's data changed after it was written, so unpacking it fails."""
    data = bytearray(upload.read())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        info = archive.getinfo(member)
    name_length = int.from_bytes(data[info.header_offset + 26 : info.header_offset + 28], "little")
    extra_length = int.from_bytes(data[info.header_offset + 28 : info.header_offset + 30], "little")
    start = info.header_offset + 30 + name_length + extra_length
    data[start] ^= 0xFF
    return SimpleUploadedFile(upload.name, bytes(data))


def test_zip_upload(client, organiser, sample, django_capture_on_commit_callbacks):
    client.force_login(organiser)
    upload = zip_of(
        {"decks/carol.txt": "3 Pocket Puff\n", "decks/notes.md": "ignored", "__MACOSX/decks/._carol.txt": "x"}
    )
    start(client, django_capture_on_commit_callbacks, upload=upload)
    job = BulkValidation.objects.get()
    assert [(result["name"], result["card_count"]) for result in job.results] == [("carol", 3), ("notes", 0)]
    assert job.results[1]["problem"]["code"] == "bulk.not_a_decklist_file"


def test_every_file_of_a_zip_gets_its_own_verdict(client, organiser, sample, django_capture_on_commit_callbacks):
    """One bad file no longer rejects the whole zip: each gets a verdict, and the run a summary."""
    client.force_login(organiser)
    upload = zip_of(
        {
            "legal-ish.txt": "\ufeff2 Pocket Puff\r\n",
            "latin1.txt": "2 Pocket Puff # caf\xe9\n".encode("latin-1"),
            "unknown.txt": b"2 Pocket Puff \x81\x9d\n",  # no Western encoding has these
            "utf16.txt": "2 Pocket Puff\n".encode("utf-16"),
            "empty.txt": b"",
            "comments.txt": "# only a comment\n// and another\n",
            "big.txt": "1 Pocket Puff\n" * 20000,
            "secret.txt": b"1 Pocket Puff\n",  # its bytes are damaged below
        }
    )
    upload = damaged(upload, "secret.txt")
    start(client, django_capture_on_commit_callbacks, upload=upload)
    job = BulkValidation.objects.get()
    verdicts = {row["name"]: (row["readable"], row["codes"], row["messages"]) for row in bulk.result_rows(job)}
    assert verdicts["legal-ish"][0] is True and "deck_size" in verdicts["legal-ish"][1]  # BOM and CRLF read
    assert verdicts["latin1"][0] is True and "deck_size" in verdicts["latin1"][1]  # ISO-8859-1 is read
    assert verdicts["unknown"] == (
        False,
        ["import.not_utf8"],
        [
            "unknown.txt is in an encoding this site cannot read. Save it as UTF-8 (in Excel: “CSV UTF-8”) "
            "and upload it again."
        ],
    )
    assert verdicts["utf16"][0] is True and "deck_size" in verdicts["utf16"][1]  # Excel's "Unicode Text" is read
    assert verdicts["empty"] == (False, ["import.empty_file"], ["empty.txt is empty."])
    assert verdicts["comments"] == (False, ["bulk.empty_decklist"], ["This decklist is empty: it has no card lines."])
    assert verdicts["big"][1] == ["import.file_too_large"]
    assert verdicts["secret"] == (
        False,
        ["bulk.member_unreadable"],
        ["secret.txt cannot be unpacked: it is encrypted or damaged."],
    )
    assert bulk.summary(job) == {"legal": 0, "illegal": 3, "unreadable": 5}
    page = client.get(f"/en/decks/bulk/{job.pk}/").text
    assert "Dust Collectorz pre-release, as of" in page and "dc-prerelease" not in page  # the name, not the slug
    only_problems = client.get(f"/en/decks/bulk/{job.pk}/", {"problems": "1"}).context["rows"]
    assert len(only_problems) == 8


def test_problems_only_leaves_out_legal_decklists(organiser, sample, client):
    from tests.site.browser.test_browser_deck import legal_deck

    legal = "\n".join(f"1 {name}" for name in legal_deck("The Grand Hoarder"))
    items = bulk.split_pasted(f"Name: Good\n{legal}\n---\nName: Short\n1 Pocket Puff\n")
    job = BulkValidation.objects.create(
        owner=organiser, format_slug="dc-prerelease", as_of="2024-01-01", items=items, total=2
    )
    bulk.run(job.pk)
    job.refresh_from_db()
    assert bulk.summary(job) == {"legal": 1, "illegal": 1, "unreadable": 0}
    client.force_login(organiser)
    assert [row["name"] for row in client.get(f"/en/decks/bulk/{job.pk}/").context["rows"]] == ["Good", "Short"]
    assert [row["name"] for row in client.get(f"/en/decks/bulk/{job.pk}/?problems=1").context["rows"]] == ["Short"]


@pytest.mark.parametrize(
    ("upload", "message"),
    [
        (b"not a zip", "This is not a zip file."),
        (None, "Paste decklists or upload a zip file."),
    ],
)
def test_bad_uploads_change_nothing(client, organiser, sample, django_capture_on_commit_callbacks, upload, message):
    client.force_login(organiser)
    data = {"upload": SimpleUploadedFile("x.zip", upload)} if upload else {"text": "  "}
    response = start(client, django_capture_on_commit_callbacks, **data)
    assert response.status_code == 200 and message in response.text
    assert not BulkValidation.objects.exists()


def test_another_organisers_run_is_404(client, organiser, sample, django_capture_on_commit_callbacks):
    from tests.conftest import make_user

    client.force_login(organiser)
    start(client, django_capture_on_commit_callbacks, text=PASTED)
    job = BulkValidation.objects.get()
    client.force_login(make_user("otto", organiser=True))
    for url in ("", "progress/", "report.csv"):
        assert client.get(f"/en/decks/bulk/{job.pk}/{url}").status_code == 404


def test_task_is_idempotent(organiser, sample):
    items = bulk.split_pasted(PASTED)
    job = BulkValidation.objects.create(
        owner=organiser, format_slug="dc-prerelease", as_of="2024-01-01", items=items, total=2
    )
    validate_bulk(job.pk)
    job.refresh_from_db()
    first = job.results
    validate_bulk(job.pk)  # a second delivery finds the job done and changes nothing
    job.refresh_from_db()
    assert job.results == first and job.status == "done"
    BulkValidation.objects.filter(pk=job.pk).update(status="pending", results=[], done=0)
    validate_bulk(job.pk)  # a rerun from scratch gives the same report
    job.refresh_from_db()
    assert job.results == first


def test_results_follow_the_language_of_the_page(client, organiser, sample, django_capture_on_commit_callbacks):
    """Results keep codes, not sentences: the same run reads in Italian on /it/ and English on /en/."""
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/it/decks/bulk/", {"format": "dc-prerelease", "as_of": "2024-01-01", "text": "1 Pocket Puff"})
    job = BulkValidation.objects.get()
    italian = client.get(f"/it/decks/bulk/{job.pk}/report.csv").content.decode()
    english = client.get(f"/en/decks/bulk/{job.pk}/report.csv").content.decode()
    assert "The deck has 1 card; it must have 32." in english
    assert "The deck has" not in italian and "Il mazzo ha 1 carta" in italian
