from django.urls import path
from rest_framework.routers import SimpleRouter

from . import views
from .resources import CollectionViewSet, DeckViewSet, SharedCollectionViewSet, SharedDeckViewSet

router = SimpleRouter()
router.register("collections", CollectionViewSet, basename="collection")
router.register("decks", DeckViewSet, basename="deck")
router.register("shared/collections", SharedCollectionViewSet, basename="shared-collection")
router.register("shared/decks", SharedDeckViewSet, basename="shared-deck")

urlpatterns = [
    path("decks/validate/", views.ValidateDeck.as_view(), name="api-deck-validate"),
    path("formats/", views.FormatList.as_view(), name="api-formats"),
    *router.urls,
]
