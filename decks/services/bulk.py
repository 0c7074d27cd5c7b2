"""Bulk validation for organisers: many decklists in, one CSV report out, run by Celery."""

import datetime
import io
import logging
import re
import zipfile
import zlib

from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import DomainError, define_messages
from core.exports import csv_writer
from core.tasks import enqueue_on_commit

from ..decklist import MAX_BYTES
from ..models import BulkValidation
from .legality import format_for, validate_request

logger = logging.getLogger(__name__)
MAX_DECKLISTS = 500
MAX_ZIP_BYTES = 20 * 1024 * 1024
STALE_AFTER = datetime.timedelta(minutes=5)
SEPARATOR = re.compile(r"^\s*-{3,}\s*$", re.M)

define_messages(
    {
        "bulk.zip_too_large": gettext_lazy("The zip file is larger than 20 MB."),
        "bulk.not_a_zip": gettext_lazy("This is not a zip file."),
        "bulk.too_many": gettext_lazy("At most %(max)s decklists at once."),
        "bulk.member_too_large": gettext_lazy("%(file)s is larger than 100 KB."),
        "bulk.member_not_utf8": gettext_lazy("%(file)s is not UTF-8 text."),
        "bulk.member_unreadable": gettext_lazy("%(file)s cannot be read from the zip file (damaged or encrypted)."),
        "bulk.nothing_found": gettext_lazy("No decklists found."),
    }
)


def split_pasted(text):
    """Decklists separated by lines of three or more dashes; a `Name:` header names each one."""
    items = []
    for number, chunk in enumerate(SEPARATOR.split(text), start=1):
        if not chunk.strip():
            continue
        match = re.search(r"^\s*(?:name|player)\s*:\s*(.+)$", chunk, re.I | re.M)
        items.append(
            {"name": match.group(1).strip() if match else _("Decklist %(number)s") % {"number": number}, "text": chunk}
        )
    return items


def read_zip(upload):
    """Every .txt file of a zip upload, with limits that stop oversized or bomb-like archives."""
    if upload.size > MAX_ZIP_BYTES:
        raise DomainError("bulk.zip_too_large", "upload")
    try:
        archive = zipfile.ZipFile(upload)
        members = [info for info in archive.infolist() if not info.is_dir() and info.filename.lower().endswith(".txt")]
    except zipfile.BadZipFile:
        raise DomainError("bulk.not_a_zip", "upload") from None
    if len(members) > MAX_DECKLISTS:
        raise DomainError("bulk.too_many", "upload", max=MAX_DECKLISTS)
    items = []
    for info in sorted(members, key=lambda info: info.filename):
        if info.file_size > MAX_BYTES:
            raise DomainError("bulk.member_too_large", "upload", file=info.filename)
        try:
            text = archive.read(info).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DomainError("bulk.member_not_utf8", "upload", file=info.filename) from None
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError):
            raise DomainError("bulk.member_unreadable", "upload", file=info.filename) from None
        items.append({"name": info.filename.rsplit("/", 1)[-1].removesuffix(".txt"), "text": text})
    return items


def start_bulk_validation(owner, format_slug, as_of, items, language):
    """Record the job and enqueue it once the transaction commits."""
    if not items:
        raise DomainError("bulk.nothing_found", "text")
    if len(items) > MAX_DECKLISTS:
        raise DomainError("bulk.too_many", "text", max=MAX_DECKLISTS)
    format_for(format_slug, as_of)
    with transaction.atomic():
        job = BulkValidation.objects.create(
            owner=owner, format_slug=format_slug, as_of=as_of, items=items, total=len(items), language=language
        )
        enqueue_on_commit("decks.tasks.validate_bulk", job.pk)
    logger.info("bulk validation %s: %s decklists by %s", job.pk, len(items), owner.username)
    return job


def claim(job_id):
    """Take the job if it is waiting, or if its worker stopped beating; True when this caller owns it."""
    now = timezone.now()
    waiting = Q(status=BulkValidation.Status.PENDING)
    abandoned = Q(status=BulkValidation.Status.RUNNING, heartbeat__lt=now - STALE_AFTER)
    return bool(
        BulkValidation.objects.filter(Q(pk=job_id) & (waiting | abandoned)).update(
            status=BulkValidation.Status.RUNNING, heartbeat=now, done=0
        )
    )


def run(job_id):
    """Validate every decklist of a claimed job; results are rebuilt from scratch, so a rerun gives the same."""
    job = BulkValidation.objects.get(pk=job_id)
    results = []
    with translation.override(job.language):
        for index, item in enumerate(job.items, start=1):
            results.append(_result(job, item))
            BulkValidation.objects.filter(pk=job.pk).update(done=index, heartbeat=timezone.now())
    BulkValidation.objects.filter(pk=job.pk).update(
        results=results, status=BulkValidation.Status.DONE, finished_at=timezone.now()
    )


def _result(job, item):
    try:
        payload = validate_request(job.format_slug, decklist=item["text"], as_of=job.as_of)
    except DomainError as error:
        return {
            "name": item["name"],
            "legal": False,
            "card_count": 0,
            "codes": ["unreadable"],
            "messages": [error.message],
        }
    return {
        "name": item["name"],
        "legal": payload["legal"],
        "card_count": payload["card_count"],
        "codes": [violation["code"] for violation in payload["violations"]],
        "messages": [violation["message"] for violation in payload["violations"]],
    }


def report_csv(job):
    buffer = io.StringIO()
    writer = csv_writer(buffer)
    writer.writerow(["decklist", "legal", "cards", "codes", "problems"])
    for result in job.results:
        writer.writerow(
            [
                result["name"],
                "yes" if result["legal"] else "no",
                result["card_count"],
                " ".join(result["codes"]),
                " | ".join(result["messages"]),
            ]
        )
    return buffer.getvalue()


def stalled_jobs(waiting_seconds=120):
    """Jobs to send again: waiting longer than a worker would take to start them (the broker was
    probably away when they were sent), or running with a worker that stopped beating."""
    now = timezone.now()
    waiting = Q(status=BulkValidation.Status.PENDING, created_at__lt=now - datetime.timedelta(seconds=waiting_seconds))
    abandoned = Q(status=BulkValidation.Status.RUNNING, heartbeat__lt=now - STALE_AFTER)
    return list(BulkValidation.objects.filter(waiting | abandoned).values_list("pk", flat=True))


def release(job_id):
    """Give a job back after an error, so the retry can claim it."""
    BulkValidation.objects.filter(pk=job_id, status=BulkValidation.Status.RUNNING).update(
        status=BulkValidation.Status.PENDING
    )


def fail(job_id, error):
    logger.error("bulk validation %s failed: %s", job_id, error)
    BulkValidation.objects.filter(pk=job_id).update(
        status=BulkValidation.Status.FAILED, error=str(error)[:1000], finished_at=timezone.now()
    )
