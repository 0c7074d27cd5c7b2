"""Tasks through Redis and a real Celery worker process (CI's PostgreSQL + Redis pass)."""

import datetime

import pytest
from django.utils import translation

from catalogue.services import import_catalogue_file
from decks.models import BulkValidation
from decks.services import bulk
from sample.management.commands.load_sample_data import SAMPLE_DIR
from tests.site.worker_support import wait_for

pytestmark = pytest.mark.worker


def test_bulk_validation_runs_on_a_real_worker(celery_worker_process, organiser):
    import_catalogue_file(SAMPLE_DIR / "dust-collectorz-pr1.json")
    items = bulk.split_pasted("Name: A\n3 Pocket Puff\n---\nName: B\n1 Fluffnip\n")
    job = bulk.start_bulk_validation(organiser, "dc-prerelease", datetime.date(2024, 1, 1), items, "fr")
    assert wait_for(lambda: BulkValidation.objects.get(pk=job.pk).status == "done"), "the worker never finished the job"
    job.refresh_from_db()
    assert [(r["name"], r["card_count"]) for r in job.results] == [("A", 3), ("B", 1)]
    with translation.override("fr"):
        messages = bulk.result_rows(job)[0]["messages"]
    assert "Le deck contient 3 cartes\u202f; il doit en contenir 32." in messages, "messages in the reader's language"
