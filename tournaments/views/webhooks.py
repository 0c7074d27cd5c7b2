"""Webhooks' pages: an organiser's for one event, and the site's administrators' for every event
(the same pages and the same services, only the place differs): register one, see its secret
once, rotate it, read the delivery log and send a delivery again (docs/webhooks.md)."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import webhook_for_owner, webhooks_of
from ..forms.webhooks import WebhookForm
from ..services import webhooks as webhook_services
from .common import _attempt, organiser_view

DELIVERIES_PAGE = 50


class Place:
    """Where a webhook belongs: one event (`event`) or every event (None, the site's), and the
    addresses of its pages there."""

    def __init__(self, event):
        self.event = event

    def url(self, page, *ids):
        if self.event is None:
            return reverse(f"tournaments:site_{page}", args=ids)
        return reverse(f"tournaments:{page}", args=[self.event.pk, *ids])

    def webhooks(self, user):
        return webhooks_of(user).filter(event=self.event)

    def webhook(self, user, webhook_id):
        """One of the place's webhooks; any other is 404, as if it did not exist."""
        webhook = webhook_for_owner(user, webhook_id)
        if webhook.event_id != (self.event.pk if self.event else None):
            raise Http404(_("No such webhook."))
        return webhook


def site_view(view):
    """The site's administrators only: anyone else gets 404, as for a page that does not exist."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_superuser:
            raise Http404(_("No such page."))
        return view(request, Place(None), *args, **kwargs)

    return wrapper


def event_view(view):
    """The event's organiser (organiser_view), with the event as the webhooks' place."""

    @organiser_view
    @wraps(view)
    def wrapper(request, event, *args, **kwargs):
        return view(request, Place(event), *args, **kwargs)

    return wrapper


def webhook_list(request, place):
    """The place's webhooks and the form for a new one; a new webhook's secret is shown this once."""
    form = WebhookForm(request.POST or None)
    new = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done, new = _attempt(
            request,
            webhook_services.register,
            request.user,
            place.event,
            data["url"],
            data["kinds"],
            request.get_host(),
        )
        if done:
            form = WebhookForm()
    webhooks = list(place.webhooks(request.user))
    for webhook in webhooks:
        webhook.page_url = place.url("webhook", webhook.pk)
    context = {"event": place.event, "form": form, "webhooks": webhooks, "new": new}
    return render(request, "tournaments/manage/webhooks.html", context)


def webhook_detail(request, place, webhook_id):
    """One webhook's delivery log, newest first, paged."""
    return _log(request, place, place.webhook(request.user, webhook_id))


@require_POST
def webhook_secret(request, place, webhook_id):
    """A new secret, shown on the answer to this request only."""
    webhook = webhook_services.rotate_secret(place.webhook(request.user, webhook_id), request.user)
    return _log(request, place, webhook, new=webhook)


@require_POST
def webhook_remove(request, place, webhook_id):
    webhook_services.remove(place.webhook(request.user, webhook_id), request.user)
    messages.success(request, _("Webhook removed."))
    return redirect(place.url("webhooks"))


@require_POST
def delivery_replay(request, place, webhook_id, delivery_id):
    webhook = place.webhook(request.user, webhook_id)
    original = webhook.deliveries.filter(pk=delivery_id).first()
    if original is None:
        raise Http404(_("No such delivery."))
    done, _delivery = _attempt(request, webhook_services.replay, original, request.user)
    if done:
        messages.success(request, _("The delivery will be sent again."))
    return redirect(place.url("webhook", webhook.pk))


def _log(request, place, webhook, new=None):
    page = Paginator(webhook.deliveries.all(), DELIVERIES_PAGE).get_page(1 if new else request.GET.get("page"))
    for delivery in page.object_list:
        delivery.replay_url = place.url("webhook_replay", webhook.pk, delivery.pk)
    links = {page: place.url(page, webhook.pk) for page in ("webhook_secret", "webhook_remove")}
    links["webhooks"] = place.url("webhooks")
    context = {"event": place.event, "webhook": webhook, "page": page, "new": new, "links": links}
    return render(request, "tournaments/manage/webhook.html", context)


# The same pages in their two places.
event_webhooks = event_view(webhook_list)
event_webhook = event_view(webhook_detail)
event_webhook_secret = event_view(webhook_secret)
event_webhook_remove = event_view(webhook_remove)
event_delivery_replay = event_view(delivery_replay)
site_webhooks = site_view(webhook_list)
site_webhook = site_view(webhook_detail)
site_webhook_secret = site_view(webhook_secret)
site_webhook_remove = site_view(webhook_remove)
site_delivery_replay = site_view(delivery_replay)
