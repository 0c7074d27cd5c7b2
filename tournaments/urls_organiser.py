from django.urls import path

from . import views_decklists, views_staff, views_teams
from . import views_judging as judging
from . import views_organiser as views

urlpatterns = [
    path("new/", views.event_create, name="event_create"),
    path("<int:pk>/manage/", views.manage, name="manage"),
    path("<int:pk>/manage/entrants/", views.add_entrant, name="add_entrant"),
    path("<int:pk>/manage/players/", views.players, name="manage_players"),
    path("<int:pk>/manage/check-in/", views.check_in_many, name="check_in_many"),
    path("<int:pk>/manage/rounds/<int:number>/", views.round_tables, name="manage_round"),
    path("<int:pk>/manage/matches/<int:match_id>/", views.table, name="manage_table"),
    path("<int:pk>/manage/matches/<int:match_id>/accept/", views.accept, name="accept_claim"),
    path("<int:pk>/manage/entrants/<int:entrant_id>/check-in/", views.check_in, name="check_in"),
    path("<int:pk>/manage/entrants/<int:entrant_id>/drop/", views.drop, name="drop"),
    path("<int:pk>/manage/entrants/<int:entrant_id>/deck/", views.entrant_deck, name="entrant_deck"),
    path("<int:pk>/manage/start/", views.start, name="start"),
    path("<int:pk>/manage/pair/", views.pair, name="pair"),
    path("<int:pk>/manage/matches/<int:match_id>/result/", views.result, name="result"),
    path("<int:pk>/manage/matches/<int:match_id>/correction/", views.correction, name="correction"),
    path("<int:pk>/manage/top-cut/start/", views.top_cut_start, name="top_cut_start"),
    path("<int:pk>/manage/top-cut/advance/", views.top_cut_advance, name="top_cut_advance"),
    path("<int:pk>/manage/finish/", views.finish, name="finish"),
    path("<int:pk>/manage/timer/", views.timer, name="timer_control"),
    path("<int:pk>/manage/publication/", views.publication, name="publication"),
    path("<int:pk>/manage/judging/", judging.judging_page, name="judging"),
    path("<int:pk>/manage/judging/penalty/", judging.penalty, name="penalty"),
    path("<int:pk>/manage/judging/matches/<int:match_id>/extend/", judging.extension, name="extend_table"),
    path("<int:pk>/manage/judging/deck-checks/", judging.deck_check_draw, name="deck_check_draw"),
    path(
        "<int:pk>/manage/judging/deck-checks/<int:checked_id>/", judging.deck_check_outcome, name="deck_check_outcome"
    ),
    path(
        "<int:pk>/manage/judging/deck-checks/<int:checked_id>/sheet/", judging.deck_check_sheet, name="deck_check_sheet"
    ),
    path("<int:pk>/manage/judging/prizes/", judging.prize_plan, name="prize_plan"),
    path("<int:pk>/prizes/", judging.prize_sheet, name="prize_sheet"),
    path("<int:pk>/prizes.csv", judging.prizes_csv, name="prizes_csv"),
    path("<int:pk>/judge-call/", judging.call_judge, name="call_judge"),
    path(
        "<int:pk>/manage/judging/calls/<int:call_id>/claim/",
        judging.judge_call_action,
        {"action": "claim"},
        name="judge_call_claim",
    ),
    path(
        "<int:pk>/manage/judging/calls/<int:call_id>/close/",
        judging.judge_call_action,
        {"action": "close"},
        name="judge_call_close",
    ),
    path("<int:pk>/manage/judging/penalties.csv", judging.penalties_csv, name="penalties_csv"),
    path("<int:pk>/manage/staff/", views_staff.staff, name="staff"),
    path("<int:pk>/manage/staff/<int:user_id>/remove/", views_staff.staff_remove, name="staff_remove"),
    path("<int:pk>/manage/results/", views_staff.results_desk, name="results_desk"),
    path("<int:pk>/manage/teams/", views_teams.add_team, name="add_team"),
    path("<int:pk>/manage/log/", views_staff.event_log, name="event_log"),
    path("<int:pk>/manage/decklists/", views_decklists.decklists, name="decklists"),
    path("<int:pk>/manage/deadline/", views_decklists.deadline, name="deadline"),
    path(
        "<int:pk>/manage/entrants/<int:entrant_id>/decklist/",
        views_decklists.paste_decklist,
        name="paste_decklist",
    ),
    path("<int:pk>/register/", views.register, name="register"),
    path("<int:pk>/deck/", views.submit_deck, name="submit_deck"),
]
