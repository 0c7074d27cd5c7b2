"""The game registry: one definition per game, asked instead of testing slugs."""

import datetime

import pytest
from django.utils import translation

import games
from catalogue.models import Game
from core.errors import DomainError, define_messages
from games.base import QuickReferenceInput
from games.formats import shipped_in_force
from games.scoring import ScoringContext
from tests.conftest import join_event


def test_every_shipped_game_is_registered_with_its_own_facts():
    slugs = [definition.slug for definition in games.registered()]
    assert slugs == sorted({"dust-collectorz", "dbz-ccg", "dust-reclamation"})
    assert games.get("dust-collectorz").supports_clash and not games.get("dbz-ccg").supports_clash
    assert not games.get("dust-reclamation").has_decks
    assert games.get("no-such-game") is games.GENERIC


@pytest.mark.django_db
def test_catalogue_rows_come_from_the_registry():
    for definition in games.registered():
        row = Game.objects.get(slug=definition.slug)
        assert row.definition is definition and row.card_schema is definition.card_schema or not definition.has_decks


def test_a_game_without_a_module_scores_by_its_named_winner():
    context = ScoringContext("versus", (7, 8))
    assert games.GENERIC.score_game({"winner": "8"}, context).winner == 8
    assert games.GENERIC.score_game({}, context).winner is None
    with pytest.raises(DomainError) as caught:
        games.GENERIC.score_game({"winner": 9}, context)
    assert caught.value.field == "winner"


@pytest.mark.parametrize("definition", games.registered(), ids=lambda d: d.slug)
def test_every_quick_reference_renders_from_the_shipped_formats(definition):
    today = datetime.date(2026, 11, 24)
    formats = {slug: shipped_in_force(slug, today) for slug in definition.formats}
    wheel = [("Ash", "Brine"), ("Brine", "Ash")]
    with translation.override("fr"):
        blocks = definition.quick_reference(QuickReferenceInput(formats, wheel))
    assert blocks and all(block["kind"] in {"heading", "paragraph", "table", "list"} for block in blocks)
    text = " ".join(str(block.get("text", "")) for block in blocks)
    assert "None" not in text


def test_dust_collectorz_quick_reference_names_ranks_in_the_readers_language():
    formats = {"dc-prerelease": shipped_in_force("dc-prerelease", datetime.date(2026, 1, 1))}
    with translation.override("fr"):
        blocks = games.get("dust-collectorz").quick_reference(QuickReferenceInput(formats, []))
        table = next(block for block in blocks if block["kind"] == "table")
        ranks = [str(part["text"]) for row in table["rows"] for part in row[0]]
    assert "Argent" in ranks and "Platine" in ranks


def test_card_types_and_ranks_come_from_the_game_modules():
    assert str(games.card_type_label("main_personality")) == "Main Personality"
    assert games.card_type_label("spaceship") == "Spaceship"
    assert list(games.ranks()) == ["bronze", "silver", "gold", "platinum", "epic"]


def test_error_codes_are_declared_once():
    define_messages({"test.once": "once"})
    with pytest.raises(ValueError, match="declared twice"):
        define_messages({"test.once": "twice"})
    with pytest.raises(LookupError):
        DomainError("test.never-declared")


@pytest.mark.django_db
@pytest.mark.usefixtures("eager_celery")
def test_adding_a_game_as_the_docs_show(monkeypatch, organiser, alice, bob, api, django_capture_on_commit_callbacks):
    """One package plus catalogue data (the worked example, tests/games_example/quarry_kings/):
    events, reports, standings and pages need nothing else."""
    from catalogue.apps import ensure_games
    from tests.games_example.quarry_kings import GAME as definition
    from tournaments.services import events, rounds

    monkeypatch.setitem(games._GAMES, definition.slug, definition)
    ensure_games(sender=None)
    event = events.create_event(organiser, "Gem night", definition.slug, top_cut=0, swiss_rounds=1, best_of=1)
    first, second = (join_event(event, user) for user in (alice, bob))
    events.start_event(event, organiser)
    match = rounds.pair_next_round(event, organiser).matches.get()
    game = {"gems": {str(first.pk): 12, str(second.pk): 9}, "winner": first.pk}
    for player in (alice, bob):
        api.force_authenticate(player)
        with django_capture_on_commit_callbacks(execute=True):
            assert api.post(f"/api/v1/matches/{match.pk}/report/", {"games": [game]}, format="json").status_code == 202
    standings = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
    assert [(row["entrant"], row["match_points"]) for row in standings] == [(first.pk, 3), (second.pk, 0)]
    api.force_authenticate(alice)
    bad = api.post(f"/api/v1/matches/{match.pk}/report/", {"games": [{"gems": {}, "winner": 1}]}, format="json")
    assert bad.status_code == 400
