from django.urls import path

from . import bulk_views, collection_views, views

app_name = "decks"

urlpatterns = [
    path("collections/", collection_views.collection_list, name="collections"),
    path("collections/<int:pk>/", collection_views.collection_detail, name="collection"),
    path("collections/<int:pk>/count/", collection_views.collection_count, name="collection_count"),
    path("collections/<int:pk>/entry/", collection_views.collection_entry, name="collection_entry"),
    path("collections/<int:pk>/import/", collection_views.collection_import, name="collection_import"),
    path("collections/<int:pk>/decks/", collection_views.collection_decks, name="collection_decks"),
    path("collections/<int:pk>/clear/", collection_views.collection_clear, name="collection_clear"),
    path("collections/<int:pk>/history/", collection_views.collection_history, name="collection_history"),
    path(
        "collections/<int:pk>/history/<int:change_id>/undo/", collection_views.collection_undo, name="collection_undo"
    ),
    path("collections/<int:pk>/export/", collection_views.collection_export, name="collection_export"),
    path("collections/<int:pk>/settings/", collection_views.collection_settings, name="collection_settings"),
    path("collections/<int:pk>/share/", collection_views.collection_share, name="collection_share"),
    path("collections/<int:pk>/delete/", collection_views.collection_delete, name="collection_delete"),
    path("collections/shared/<str:token>/", collection_views.shared_collection_detail, name="shared_collection"),
    path(
        "collections/shared/<str:token>/export/",
        collection_views.shared_collection_export,
        name="shared_collection_export",
    ),
    path("decks/", views.deck_list, name="decks"),
    path("decks/new/", views.deck_create, name="deck_create"),
    path("decks/bulk/", bulk_views.bulk_start, name="bulk_start"),
    path("decks/bulk/<int:pk>/", bulk_views.bulk_detail, name="bulk"),
    path("decks/bulk/<int:pk>/progress/", bulk_views.bulk_progress, name="bulk_progress"),
    path("decks/bulk/<int:pk>/report.csv", bulk_views.bulk_report, name="bulk_report"),
    path("decks/<int:pk>/", views.deck_detail, name="deck"),
    path("decks/<int:pk>/export/", views.deck_export, name="deck_export"),
    path("decks/<int:pk>/versions/<int:number>/", views.deck_version, name="deck_version"),
    path("decks/<int:pk>/compare/", views.deck_compare, name="deck_compare"),
    path("decks/<int:pk>/clone/", views.deck_clone, name="deck_clone"),
    path("decks/<int:pk>/edit/", views.deck_edit, name="deck_edit"),
    path("decks/<int:pk>/card/", views.deck_add_card, name="deck_card"),
    path("decks/<int:pk>/settings/", views.deck_settings, name="deck_settings"),
    path("decks/<int:pk>/share/", views.deck_share, name="deck_share"),
    path("decks/<int:pk>/delete/", views.deck_delete, name="deck_delete"),
    path("decks/<int:pk>/restore/", views.deck_undelete, name="deck_undelete"),
    path("decks/<int:pk>/versions/<int:number>/restore/", views.deck_restore, name="deck_restore"),
    path("decks/shared/<str:token>/", views.deck_detail, name="shared_deck"),
    # An unlisted deck, by its share key: the same pages a visitor may read by id.
    path("decks/shared/<str:token>/export/", views.deck_export, name="shared_deck_export"),
    path("decks/shared/<str:token>/versions/<int:number>/", views.deck_version, name="shared_deck_version"),
    path("decks/shared/<str:token>/compare/", views.deck_compare, name="shared_deck_compare"),
    path("decks/shared/<str:token>/clone/", views.deck_clone, name="shared_deck_clone"),
]
