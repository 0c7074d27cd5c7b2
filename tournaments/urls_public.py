from django.urls import path

from . import views_player, views_public, views_sealed, views_teams

urlpatterns = [
    path("<int:pk>/matches/<int:match_id>/report/", views_player.report, name="report"),
    path("<int:pk>/matches/<int:match_id>/confirm/", views_player.confirm_result, name="confirm_result"),
    path("<int:pk>/matches/<int:match_id>/dispute/", views_player.dispute_result, name="dispute_result"),
    path("", views_public.event_list, name="events"),
    path("<int:pk>/", views_public.event_detail, name="event"),
    path("<int:pk>/rounds/<int:number>/pairings/", views_public.pairings, name="pairings"),
    path("<int:pk>/rounds/<int:number>/slips/", views_public.slips, name="slips"),
    path("<int:pk>/standings/", views_public.standings, name="standings"),
    path("<int:pk>/standings.csv", views_public.standings_csv, name="standings_csv"),
    path("<int:pk>/standings.json", views_public.standings_json, name="standings_json"),
    path("<int:pk>/me/", views_public.me, name="me"),
    path("<int:pk>/me/drop/", views_player.drop_self, name="drop_self"),
    path("<int:pk>/bracket/", views_public.bracket, name="bracket"),
    path("<int:pk>/timer/", views_public.timer, name="timer"),
    path("<int:pk>/projector/", views_public.projector, name="projector"),
    path("<int:pk>/seats/", views_sealed.seats, name="seats"),
    path("<int:pk>/teams/<int:entrant_id>/join/", views_teams.join_team, name="join_team"),
]
