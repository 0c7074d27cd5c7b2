from django.urls import include, path

app_name = "tournaments"

urlpatterns = [
    path("", include("tournaments.urls_public")),
    path("", include("tournaments.urls_organiser")),
]
