"""Organisers' bulk validation pages: submit, watch progress, download the CSV report."""

from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.decorators import organiser_required
from core.errors import DomainError
from core.exports import csv_response

from .forms import BulkValidationForm
from .models import BulkValidation
from .services import bulk


def _job_for(user, pk):
    job = BulkValidation.objects.filter(pk=pk, owner=user).first()
    if job is None:
        raise Http404(_("No such bulk validation."))
    return job


@organiser_required
def bulk_start(request):
    form = BulkValidationForm(request.POST or None, request.FILES or None, initial={"as_of": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            items = bulk.split_pasted(form.cleaned_data["text"])
            if form.cleaned_data["upload"]:
                items += bulk.read_zip(form.cleaned_data["upload"])
            job = bulk.start_bulk_validation(
                request.user, form.cleaned_data["format"], form.cleaned_data["as_of"], items, translation.get_language()
            )
        except DomainError as error:
            form.add_error("upload" if error.field == "upload" else "text", error.message)
        else:
            return redirect("decks:bulk", job.pk)
    jobs = BulkValidation.objects.filter(owner=request.user)[:20]
    return render(request, "decks/bulk_start.html", {"form": form, "jobs": jobs})


@organiser_required
def bulk_detail(request, pk):
    """A run's progress, then its summary and one verdict per decklist (?problems=1: only the
    decklists that are not legal or could not be read)."""
    job = _job_for(request.user, pk)
    problems_only = request.GET.get("problems") == "1"
    context = {
        "job": job,
        "rows": bulk.result_rows(job, problems_only) if job.status == BulkValidation.Status.DONE else [],
        "summary": bulk.summary(job),
        "problems_only": problems_only,
    }
    return render(request, "decks/bulk_detail.html", context)


@organiser_required
def bulk_progress(request, pk):
    job = _job_for(request.user, pk)
    return JsonResponse({"status": job.status, "done": job.done, "total": job.total, "percent": job.percent})


@organiser_required
def bulk_report(request, pk):
    job = _job_for(request.user, pk)
    if job.status != BulkValidation.Status.DONE:
        raise Http404(_("The report is not ready yet."))
    return csv_response(f"bulk-validation-{job.pk}.csv", text=bulk.report_csv(job))
