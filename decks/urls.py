from django.urls import path

from . import bulk_views, views

app_name = "decks"

urlpatterns = [
    path("collections/", views.collection_list, name="collections"),
    path("collections/<int:pk>/", views.collection_detail, name="collection"),
    path("collections/<int:pk>/quantity/", views.collection_set_quantity, name="collection_quantity"),
    path("collections/<int:pk>/import/", views.collection_import, name="collection_import"),
    path("collections/<int:pk>/export/", views.collection_export, name="collection_export"),
    path("collections/<int:pk>/rename/", views.collection_rename, name="collection_rename"),
    path("collections/<int:pk>/delete/", views.collection_delete, name="collection_delete"),
    path("decks/", views.deck_list, name="decks"),
    path("decks/new/", views.deck_create, name="deck_create"),
    path("decks/bulk/", bulk_views.bulk_start, name="bulk_start"),
    path("decks/bulk/<int:pk>/", bulk_views.bulk_detail, name="bulk"),
    path("decks/bulk/<int:pk>/progress/", bulk_views.bulk_progress, name="bulk_progress"),
    path("decks/bulk/<int:pk>/report.csv", bulk_views.bulk_report, name="bulk_report"),
    path("decks/<int:pk>/", views.deck_detail, name="deck"),
    path("decks/<int:pk>/edit/", views.deck_edit, name="deck_edit"),
    path("decks/<int:pk>/card/", views.deck_add_card, name="deck_card"),
    path("decks/<int:pk>/settings/", views.deck_settings, name="deck_settings"),
    path("decks/<int:pk>/delete/", views.deck_delete, name="deck_delete"),
    path("decks/<int:pk>/export/", views.deck_export, name="deck_export"),
    path("decks/<int:pk>/versions/<int:number>/", views.deck_version, name="deck_version"),
]
