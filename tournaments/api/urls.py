from django.urls import path
from rest_framework.routers import SimpleRouter

from . import entrants, events, judging, prizes, public, results, sealed, webhooks

router = SimpleRouter()
router.register("tournaments", events.EventViewSet, basename="tournament")
router.register("public/events", public.PublicEventViewSet, basename="public-event")

urlpatterns = [
    path("matches/<int:pk>/", results.match_detail, name="api-match"),
    path("matches/<int:pk>/result/", results.match_result, name="api-match-result"),
    path("matches/<int:pk>/report/", results.match_report, name="api-match-report"),
    path("matches/<int:pk>/confirm/", results.match_confirm, name="api-match-confirm"),
    path("matches/<int:pk>/dispute/", results.match_dispute, name="api-match-dispute"),
    path("matches/<int:pk>/extend/", judging.extend, name="api-match-extend"),
    path("tournaments/<int:pk>/penalties/", judging.penalties, name="api-penalties"),
    path(
        "tournaments/<int:pk>/penalties/<int:penalty_id>/take-back/",
        judging.take_back_penalty,
        name="api-penalty-take-back",
    ),
    path("tournaments/<int:pk>/deck-checks/", judging.deck_checks, name="api-deck-checks"),
    path(
        "tournaments/<int:pk>/deck-checks/decks/<int:checked_id>/",
        judging.deck_check_outcome,
        name="api-deck-check-outcome",
    ),
    path("tournaments/<int:pk>/prizes/", prizes.prizes, name="api-prizes"),
    path("tournaments/<int:pk>/teams/<int:entrant_id>/join/", entrants.join_team, name="api-team-join"),
    path("tournaments/<int:pk>/judge-calls/", judging.judge_calls, name="api-judge-calls"),
    path("tournaments/<int:pk>/entrants/<int:entrant_id>/pool/", sealed.pool, name="api-pool"),
    path("tournaments/<int:pk>/pools/freeze/", sealed.freeze_pools, name="api-pools-freeze"),
    path("tournaments/<int:pk>/seats/", sealed.build_seats, name="tournament-build-seats"),
    path("tournaments/<int:pk>/build-clock/", sealed.build_clock, name="tournament-build-clock"),
    path(
        "tournaments/<int:pk>/judge-calls/<int:call_id>/claim/",
        judging.judge_call_action,
        {"action": "claim"},
        name="api-judge-call-claim",
    ),
    path(
        "tournaments/<int:pk>/judge-calls/<int:call_id>/close/",
        judging.judge_call_action,
        {"action": "close"},
        name="api-judge-call-close",
    ),
    path("tournaments/<int:pk>/webhooks/", webhooks.event_webhooks, name="api-event-webhooks"),
    path("webhooks/", webhooks.webhooks, name="api-webhooks"),
    path("webhooks/<int:pk>/", webhooks.webhook_detail, name="api-webhook"),
    path("webhooks/<int:pk>/secret/", webhooks.webhook_secret, name="api-webhook-secret"),
    path("webhooks/<int:pk>/deliveries/", webhooks.DeliveryList.as_view(), name="api-webhook-deliveries"),
    path(
        "webhooks/<int:pk>/deliveries/<int:delivery_id>/replay/",
        webhooks.delivery_replay,
        name="api-webhook-replay",
    ),
    *router.urls,
]
