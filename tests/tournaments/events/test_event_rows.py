"""An event is what it is; how it runs lives in rows of its own (docs/events.md), and a game's own
options are the game's to declare and check."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from core.errors import DomainError
from tests.tournaments.events.test_tournament_manage import create_through_form
from tournaments.models import SETUP, Event
from tournaments.services import events

pytestmark = pytest.mark.django_db


def test_an_event_has_at_most_15_fields():
    names = [field.name for field in Event._meta.concrete_fields]
    assert len(names) <= 15, names


def test_a_new_event_has_every_row_and_reads_them_in_one_query(organiser, sample, django_assert_num_queries):
    event = events.create_event(organiser, "Rows", "dust-collectorz", capacity=12, sealed=True, round_minutes=40)
    with django_assert_num_queries(1):
        loaded = Event.objects.get(pk=event.pk)
        rows = [getattr(loaded, row) for row in SETUP]
    assert all(row.pk == event.pk for row in rows)
    assert (loaded.settings.capacity, loaded.settings.round_minutes, loaded.is_sealed) == (12, 40, True)
    assert loaded.clock.ends_at is None and loaded.prizes.sheet is None and loaded.counters.pages_version >= 0


def test_the_event_form_offers_reclamations_shared_work_order_and_keeps_it(client, organiser, sample):
    client.force_login(organiser)
    form = client.get("/en/events/new/").content.decode()
    assert "Reclamation: share the Work Order points" in form
    event = create_through_form(
        client, organiser, game="dust-reclamation", mode="ffa", **{"dust-reclamation__split_work_order": "on"}
    )
    assert event.settings.game_options == {"split_work_order": True}
    other = create_through_form(client, organiser, **{"dust-reclamation__split_work_order": "on"})
    assert other.settings.game_options == {"young_champions": False}, "another game's option is not kept"
    page = client.get(f"/en/events/{event.pk}/").content.decode()
    assert "Work Order: the 2 points are shared among the players who meet the quota" in page
    unticked = create_through_form(client, organiser, game="dust-reclamation", mode="ffa")
    assert unticked.settings.game_options == {"split_work_order": False}
    page = client.get(f"/it/events/{unticked.pk}/").content.decode()
    assert "Work Order: ogni giocatore che raggiunge la quota riceve 2 punti" in page


def test_reclamation_shares_the_work_order_unless_the_event_says_otherwise(organiser, sample):
    event = events.create_event(organiser, "Default", "dust-reclamation", mode="ffa")
    assert event.settings.game_options == {"split_work_order": True}  # the rules' text: shared


def test_a_game_checks_its_own_options_and_nothing_is_created_when_one_is_wrong(organiser, sample):
    before = Event.objects.count()
    with pytest.raises(DomainError) as unknown:
        events.create_event(organiser, "Wrong", "dust-collectorz", game_options={"split_work_order": True})
    assert unknown.value.code == "game.unknown_option"
    with pytest.raises(DomainError) as typed:
        events.create_event(
            organiser, "Wrong", "dust-reclamation", mode="ffa", game_options={"split_work_order": "yes"}
        )
    assert typed.value.code == "game.option_not_boolean"
    assert Event.objects.count() == before


def test_the_api_takes_and_gives_game_options(api, organiser, sample):
    api.force_authenticate(organiser)
    body = {"name": "Reclamation night", "game": "dust-reclamation", "mode": "ffa", "top_cut": 0}
    created = api.post("/api/v1/tournaments/", {**body, "game_options": {"split_work_order": True}}, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["game_options"] == {"split_work_order": True}
    refused = api.post("/api/v1/tournaments/", {**body, "game_options": {"shared": 1}}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "game.unknown_option"


def test_editing_settings_writes_the_rows_and_logs_what_changed(organiser, sample):
    event = events.create_event(organiser, "Edit", "dust-collectorz")
    events.update_event(event, organiser, publication="all", sealed=True, venue="Back room")
    event = Event.objects.get(pk=event.pk)
    assert (event.settings.publication, event.is_sealed, event.venue) == ("all", True, "Back room")
    entry = event.audit.get(action="event.edit")
    assert entry.before == {"sealed": False, "venue": ""}
    assert entry.after == {"sealed": True, "venue": "Back room"}
    published = event.audit.get(action="event.publication")  # as the dashboard's button logs it
    assert (published.before, published.after) == ({"publication": "none"}, {"publication": "all"})


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_every_events_values_into_its_rows(organiser):
    """An event created before the split keeps its capacity, clock, prizes, counters and option."""
    executor = MigrationExecutor(connection)
    before, after = [("tournaments", "0016_seat_games_conceded")], [("tournaments", "0017_event_setup_rows")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    game, _new = old.get_model("catalogue", "Game").objects.get_or_create(
        slug="dust-reclamation", defaults={"name": "Dust: Reclamation"}
    )
    ends = timezone.now().replace(microsecond=0)
    old.get_model("tournaments", "Event").objects.create(
        name="Before the split", organiser_id=organiser.pk, game_id=game.pk, join_code="MIGR8S", capacity=24,
        publication="all", seed=77, timer_ends_at=ends, build_clock=True, sealed=True, split_work_order=True,
        prize_plan={"pool": 10}, prize_sheet=None, pages_version=5, results_version=3,
    )  # fmt: skip
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    row = new.get_model("tournaments", "Event").objects.get(join_code="MIGR8S")
    settings = new.get_model("tournaments", "EventSettings").objects.get(event=row)
    clock = new.get_model("tournaments", "Clock").objects.get(event=row)
    assert (settings.capacity, settings.publication, settings.seed) == (24, "all", 77)
    assert settings.game_options == {"split_work_order": True}
    assert (clock.ends_at, clock.deck_building) == (ends, True)
    assert new.get_model("tournaments", "SealedSetup").objects.get(event=row).enabled
    assert new.get_model("tournaments", "PrizeTable").objects.get(event=row).plan == {"pool": 10}
    counters = new.get_model("tournaments", "PageCounters").objects.get(event=row)
    assert (counters.pages_version, counters.results_version) == (5, 3)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
