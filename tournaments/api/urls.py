from django.urls import path
from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("tournaments", views.EventViewSet, basename="tournament")

urlpatterns = [
    path("matches/<int:pk>/result/", views.match_result, name="api-match-result"),
    *router.urls,
]
