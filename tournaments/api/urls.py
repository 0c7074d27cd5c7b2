from django.urls import path
from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("tournaments", views.EventViewSet, basename="tournament")

urlpatterns = [
    path("matches/<int:pk>/", views.match_detail, name="api-match"),
    path("matches/<int:pk>/result/", views.match_result, name="api-match-result"),
    path("matches/<int:pk>/report/", views.match_report, name="api-match-report"),
    path("matches/<int:pk>/confirm/", views.match_confirm, name="api-match-confirm"),
    path("matches/<int:pk>/dispute/", views.match_dispute, name="api-match-dispute"),
    *router.urls,
]
