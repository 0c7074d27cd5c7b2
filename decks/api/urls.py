from django.urls import path

from . import views

urlpatterns = [
    path("decks/validate/", views.ValidateDeck.as_view(), name="api-deck-validate"),
    path("formats/", views.FormatList.as_view(), name="api-formats"),
]
