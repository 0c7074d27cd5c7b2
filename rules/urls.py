from django.urls import path

from . import clash_views, import_views, views

app_name = "rules"

urlpatterns = [
    path("", views.rules_index, name="index"),
    path("<slug:slug>/", views.game_rules, name="game"),
    path("<slug:slug>/history/", views.history, name="history"),
    path("<slug:slug>/compare/", views.compare, name="compare"),
    path("<slug:slug>/check/", views.consistency, name="check"),
    path("<slug:slug>/check/accept/", views.review_finding, name="review"),
    path("<slug:slug>/clash/", clash_views.clash_calculator, name="clash"),
    path("<slug:slug>/import/", import_views.import_document, name="import"),
    path("<slug:slug>/import/confirm/", import_views.confirm_import, name="import_confirm"),
    path("<slug:slug>/import/pairing/", import_views.adjust_pairing, name="import_pairing"),
]
