"""The organiser's webhooks: register one, see its secret once, rotate it, read the delivery log
and send a delivery again (docs/webhooks.md)."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import webhook_for_owner, webhooks_of
from ..forms.webhooks import WebhookForm
from ..services import webhooks as webhook_services
from .common import _attempt, organiser_view

DELIVERIES_PAGE = 50


@organiser_view
def webhooks(request, event):
    """The event's webhooks and the form for a new one; a new webhook's secret is shown this once."""
    form = WebhookForm(request.POST or None)
    new = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done, new = _attempt(
            request, webhook_services.register, request.user, event, data["url"], data["kinds"], request.get_host()
        )
        if done:
            form = WebhookForm()
    context = {"event": event, "form": form, "webhooks": webhooks_of(request.user).filter(event=event), "new": new}
    return render(request, "tournaments/manage/webhooks.html", context)


@organiser_view
def webhook_detail(request, event, webhook_id):
    """One webhook's delivery log, newest first, paged."""
    webhook = _owned(request, event, webhook_id)
    page = Paginator(webhook.deliveries.all(), DELIVERIES_PAGE).get_page(request.GET.get("page"))
    return render(request, "tournaments/manage/webhook.html", {"event": event, "webhook": webhook, "page": page})


@organiser_view
@require_POST
def webhook_secret(request, event, webhook_id):
    """A new secret, shown on the answer to this request only."""
    webhook = webhook_services.rotate_secret(_owned(request, event, webhook_id))
    page = Paginator(webhook.deliveries.all(), DELIVERIES_PAGE).get_page(1)
    context = {"event": event, "webhook": webhook, "page": page, "new": webhook}
    return render(request, "tournaments/manage/webhook.html", context)


@organiser_view
@require_POST
def webhook_remove(request, event, webhook_id):
    webhook_services.remove(_owned(request, event, webhook_id))
    messages.success(request, _("Webhook removed."))
    return redirect("tournaments:webhooks", event.pk)


@organiser_view
@require_POST
def delivery_replay(request, event, webhook_id, delivery_id):
    webhook = _owned(request, event, webhook_id)
    original = webhook.deliveries.filter(pk=delivery_id).first()
    if original is None:
        raise Http404(_("No such delivery."))
    done, _delivery = _attempt(request, webhook_services.replay, original)
    if done:
        messages.success(request, _("The delivery will be sent again."))
    return redirect("tournaments:webhook", event.pk, webhook.pk)


def _owned(request, event, webhook_id):
    webhook = webhook_for_owner(request.user, webhook_id)
    if webhook.event_id != event.pk:
        raise Http404(_("No such webhook."))
    return webhook
