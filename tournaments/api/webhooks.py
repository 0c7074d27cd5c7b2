"""Webhooks over the API: an organiser's receivers for their event (the site's administrators
also for every event), the secret shown once when made or rotated, and each webhook's delivery
log, paged, from which a delivery can be sent again (docs/webhooks.md)."""

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.decorators import permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api import fields
from api.schema import error_responses
from api.views import api_view
from core.text import shown_text

from ..access import event_for_organiser, webhook_for_owner, webhooks_of
from ..models import WebhookDelivery, WebhookKind
from ..services import webhooks as webhook_services
from ..services.webhooks import MAX_URL_LENGTH
from .common import _valid


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    event = serializers.IntegerField(source="event_id", read_only=True, allow_null=True)
    url = serializers.CharField(read_only=True)
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=WebhookKind.values), read_only=True)
    created_at = serializers.DateTimeField(read_only=True)


class WebhookSecretSerializer(WebhookSerializer):
    secret = serializers.CharField(read_only=True, help_text=gettext_lazy("Shown only in this answer: keep it."))


class WebhookCreateSerializer(serializers.Serializer):
    url = fields.CharField(
        max_length=MAX_URL_LENGTH, validators=[shown_text], help_text=gettext_lazy("http:// or https://")
    )
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=WebhookKind.values), min_length=1, max_length=len(WebhookKind.values)
    )


class DeliverySerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "kind",
            "status",
            "attempts",
            "response_code",
            "error",
            "created_at",
            "sent_at",
            "delivered_at",
            "replay_of",
        ]
        read_only_fields = fields


def _create(request, event):
    data = _valid(WebhookCreateSerializer, request.data)
    webhook = webhook_services.register(request.user, event, data["url"], data["kinds"], request.get_host())
    return Response(WebhookSecretSerializer(webhook).data, status=status.HTTP_201_CREATED)


CREATE = {
    "request": WebhookCreateSerializer,
    "responses": {200: WebhookSerializer(many=True), 201: WebhookSecretSerializer, **error_responses(400, 403, 404)},
}


@extend_schema(**CREATE)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def event_webhooks(request, pk):
    """GET: the event's webhooks (organiser). POST {"url", "kinds"}: a new one; the answer holds
    its secret, shown this once."""
    event = event_for_organiser(request.user, pk)
    if request.method == "POST":
        return _create(request, event)
    return Response(WebhookSerializer(webhooks_of(request.user).filter(event=event), many=True).data)


@extend_schema(**CREATE)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def webhooks(request):
    """GET: every webhook you may manage. POST: a webhook for every event (site administrators)."""
    if request.method == "POST":
        return _create(request, None)
    return Response(WebhookSerializer(webhooks_of(request.user), many=True).data)


@extend_schema(request=None, responses={200: WebhookSerializer, 204: None, **error_responses(404)})
@api_view(["GET", "DELETE"])
@permission_classes([IsAuthenticated])
def webhook_detail(request, pk):
    webhook = webhook_for_owner(request.user, pk)
    if request.method == "DELETE":
        webhook_services.remove(webhook, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
    return Response(WebhookSerializer(webhook).data)


@extend_schema(request=None, responses={200: WebhookSecretSerializer, **error_responses(404)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def webhook_secret(request, pk):
    """A new secret (the old one stops signing at once), shown this once."""
    webhook = webhook_services.rotate_secret(webhook_for_owner(request.user, pk), request.user)
    return Response(WebhookSecretSerializer(webhook).data)


class DeliveryList(generics.ListAPIView):
    """The webhook's deliveries, newest first, 50 a page."""

    permission_classes = [IsAuthenticated]
    serializer_class = DeliverySerializer

    def get_queryset(self):
        return webhook_for_owner(self.request.user, self.kwargs["pk"]).deliveries.all()


@extend_schema(request=None, responses={201: DeliverySerializer, **error_responses(404, 409)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def delivery_replay(request, pk, delivery_id):
    """Send a delivery's body again, as a new delivery (signed afresh)."""
    original = webhook_for_owner(request.user, pk).deliveries.filter(pk=delivery_id).first()
    if original is None:
        raise Http404(_("No such delivery."))
    return Response(
        DeliverySerializer(webhook_services.replay(original, request.user)).data, status=status.HTTP_201_CREATED
    )
