from django.urls import path

from . import views

app_name = "catalogue"

urlpatterns = [
    path("", views.game_list, name="index"),
    path("<slug:slug>/", views.game_detail, name="game"),
    path("<slug:slug>/<str:set_code>/<str:number>/", views.card_detail, name="card"),
]
