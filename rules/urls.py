from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.rules_index, name="index"),
    path("<slug:slug>/", views.game_rules, name="game"),
    path("<slug:slug>/history/", views.history, name="history"),
    path("<slug:slug>/compare/", views.compare, name="compare"),
    path("<slug:slug>/check/", views.consistency, name="check"),
]
