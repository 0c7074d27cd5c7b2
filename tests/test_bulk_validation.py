"""Organisers' bulk validation: a Celery task (in-process here; a real worker in test_worker.py)."""

import csv
import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.models import BulkValidation
from decks.services import bulk
from decks.tasks import validate_bulk

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
    rows = list(csv.reader(io.StringIO(client.get(f"/en/decks/bulk/{job.pk}/report.csv").content.decode())))
    assert rows[0] == ["decklist", "legal", "cards", "codes", "problems"]
    assert [row[0] for row in rows[1:]] == ["Alice", "Bob"]
    assert rows[2][1] == "no" and "unknown_card" in rows[2][3]


def test_zip_upload(client, organiser, sample, django_capture_on_commit_callbacks):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("decks/carol.txt", "3 Pocket Puff\n")
        archive.writestr("decks/notes.md", "ignored")
    client.force_login(organiser)
    start(client, django_capture_on_commit_callbacks, upload=SimpleUploadedFile("decks.zip", buffer.getvalue()))
    job = BulkValidation.objects.get()
    assert [result["name"] for result in job.results] == ["carol"]
    assert job.results[0]["card_count"] == 3


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


def test_oversized_member_is_refused(client, organiser, sample, django_capture_on_commit_callbacks):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.txt", "1 Pocket Puff\n" * 20000)
    client.force_login(organiser)
    response = start(
        client, django_capture_on_commit_callbacks, upload=SimpleUploadedFile("big.zip", buffer.getvalue())
    )
    assert "big.txt is larger than 100 KB." in response.text and not BulkValidation.objects.exists()


def test_another_organisers_run_is_404(client, organiser, sample, django_capture_on_commit_callbacks):
    from .conftest import make_user

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


def test_report_comes_in_the_organisers_language(client, organiser, sample, django_capture_on_commit_callbacks):
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/it/decks/bulk/", {"format": "dc-prerelease", "as_of": "2024-01-01", "text": "1 Pocket Puff"})
    job = BulkValidation.objects.get()
    assert job.language == "it"
    assert not any("The deck has" in message for message in job.results[0]["messages"])
