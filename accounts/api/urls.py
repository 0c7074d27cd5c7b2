from django.urls import path

from . import views

urlpatterns = [
    path("me/", views.Me.as_view(), name="api-me"),
    path("me/data/", views.MyData.as_view(), name="api-me-data"),
]
