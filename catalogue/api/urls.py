from django.urls import path

from . import views

urlpatterns = [
    path("games/", views.GameList.as_view(), name="api-games"),
    path("cards/", views.CardList.as_view(), name="api-cards"),
    path("cards/<int:pk>/", views.CardDetail.as_view(), name="api-card"),
]
