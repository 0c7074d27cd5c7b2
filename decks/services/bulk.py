"""Bulk validation for organisers: many decklists in, one CSV report out, run by Celery."""

import datetime
import logging
import re
import zipfile
import zlib
from dataclasses import asdict

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import DomainError, define_messages
from core.exports import csv_text
from core.tasks import enqueue_on_commit

from ..decklist import MAX_BYTES
from ..importing import decode_upload
from ..legality import Violation
from ..legality.messages import render
from ..models import BulkValidation
from .decks import content_hash
from .legality import check_deck, deck_from_lines, format_for, resolve_decklist, unread_lines

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
        "bulk.nothing_found": gettext_lazy("No decklists found."),
        "bulk.not_a_decklist_file": gettext_lazy("%(file)s is not a decklist: only .txt and .csv files are read."),
        "bulk.empty_decklist": gettext_lazy("This decklist is empty: it has no card lines."),
        "bulk.member_unreadable": gettext_lazy("%(file)s cannot be unpacked: it is encrypted or damaged."),
    }
)
DECKLIST_FILES = (".txt", ".csv")


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
    """One item per file of a zip upload: its text, or the problem that stops it being read
    (too large, not UTF-8, empty, not a decklist file), which becomes that file's verdict.
    Sizes are checked before anything is unpacked, so bomb-like archives are stopped."""
    if upload.size > MAX_ZIP_BYTES:
        raise DomainError("bulk.zip_too_large", "upload")
    try:
        archive = zipfile.ZipFile(upload)
        members = [info for info in archive.infolist() if not info.is_dir() and not _hidden(info.filename)]
    except zipfile.BadZipFile:
        raise DomainError("bulk.not_a_zip", "upload") from None
    if len(members) > MAX_DECKLISTS:
        raise DomainError("bulk.too_many", "upload", max=MAX_DECKLISTS)
    return [_zip_item(archive, info) for info in sorted(members, key=lambda info: info.filename)]


def _hidden(path):
    """Files a zip tool adds on its own (macOS resource forks, .DS_Store)."""
    return path.startswith("__MACOSX/") or path.rsplit("/", 1)[-1].startswith(".")


def _zip_item(archive, info):
    file_name = info.filename.rsplit("/", 1)[-1]
    name = file_name.rsplit(".", 1)[0] if "." in file_name else file_name
    try:
        if not file_name.lower().endswith(DECKLIST_FILES):
            raise DomainError("bulk.not_a_decklist_file", "upload", file=file_name)
        if info.file_size > MAX_BYTES:
            raise DomainError("import.file_too_large", "upload", file=file_name, kb=MAX_BYTES // 1024)
        with archive.open(info) as member:
            return {"name": name, "text": decode_upload(member.read(MAX_BYTES + 1), file_name)}
    except DomainError as error:
        return {"name": name, "problem": error.as_dict()}
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError, zlib.error):  # encrypted or damaged
        return {"name": name, "problem": DomainError("bulk.member_unreadable", "upload", file=file_name).as_dict()}


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
    """Validate every decklist of a claimed job; results are rebuilt from scratch, so a rerun gives the same.
    Results keep codes and parameters, so each reader sees the messages in their own language."""
    job = BulkValidation.objects.get(pk=job_id)
    results = []
    for index, item in enumerate(job.items, start=1):
        results.append(_result(job, item))
        BulkValidation.objects.filter(pk=job.pk).update(done=index, heartbeat=timezone.now())
    BulkValidation.objects.filter(pk=job.pk).update(
        results=results, status=BulkValidation.Status.DONE, finished_at=timezone.now()
    )


def _result(job, item):
    result = {"name": item["name"], "legal": False, "card_count": 0, "hash": "", "problem": None, "violations": []}
    if item.get("problem"):
        return {**result, "problem": item["problem"]}
    try:
        row, _compiled = format_for(job.format_slug, job.as_of)
        parsed = resolve_decklist(item["text"], row.game)
        if not parsed.lines:
            raise DomainError("bulk.empty_decklist", "text")
    except DomainError as error:
        return {**result, "problem": error.as_dict()}
    unknown, problems = unread_lines(parsed.lines)
    deck = deck_from_lines(parsed.lines, parsed.declarations)
    _row, verdict = check_deck(job.format_slug, job.as_of, deck, unknown=unknown, problems=problems)
    cards = {}
    for entry in deck.entries:
        cards[entry.card.id] = cards.get(entry.card.id, 0) + entry.qty
    return {
        **result,
        "legal": verdict.legal,
        "card_count": verdict.card_count,
        "hash": "" if unknown or problems else content_hash(cards),
        "violations": [asdict(violation) for violation in verdict.violations],
    }


def result_rows(job, problems_only=False):
    """The job's results for people, in the active language: name, verdict, cards, hash, codes
    and messages (a file that could not be read has its problem as its only message)."""
    rows = []
    for result in job.results:
        if problems_only and result["legal"]:
            continue
        problem = result.get("problem")
        violations = [Violation(**data) for data in result.get("violations", [])]
        rows.append(
            {
                "name": result["name"],
                "legal": result["legal"],
                "readable": problem is None,
                "card_count": result["card_count"],
                "hash": result.get("hash", ""),
                "codes": [problem["code"]] if problem else [violation.code for violation in violations],
                "messages": [DomainError.from_dict(problem).message]
                if problem
                else [render(violation) for violation in violations],
            }
        )
    return rows


def summary(job):
    """How many decklists were legal, not legal, and could not be read."""
    unreadable = sum(1 for result in job.results if result.get("problem"))
    legal = sum(1 for result in job.results if result["legal"])
    return {"legal": legal, "illegal": len(job.results) - legal - unreadable, "unreadable": unreadable}


def report_csv(job):
    """The report in the reader's language (core.exports): one row per decklist."""
    header = [_("Decklist"), _("Legal"), _("Cards"), _("Hash"), _("Codes"), _("Problems")]
    rows = (
        [row["name"], row["legal"], row["card_count"], row["hash"], " ".join(row["codes"]), " | ".join(row["messages"])]
        for row in result_rows(job)
    )
    return csv_text(header, rows)


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
