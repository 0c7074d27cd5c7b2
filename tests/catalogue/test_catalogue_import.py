import json

import pytest
from django.core.management import CommandError, call_command

from catalogue.models import Card, CardSet, Tribe
from catalogue.services import import_catalogue_file
from core.errors import DomainError
from tests.conftest import dc_document, write_catalogue

pytestmark = pytest.mark.django_db


def test_import_creates_set_wheel_and_cards(tmp_path):
    summary = import_catalogue_file(write_catalogue(tmp_path, dc_document()))
    assert (summary.created, summary.updated) == (38, 0)
    rustborn = Tribe.objects.get(name="Rustborn")
    assert rustborn.beats.name == "Glimmerkin"
    assert rustborn.beaten_by.name == "Loomweavers"
    card = Card.objects.get(card_set__code="TST", number="001")
    assert (card.tribe, card.rank, card.stats) == (
        rustborn,
        "bronze",
        {"power": 1, "speed": 2, "health": 3, "cunning": 0},
    )


def test_reimport_updates_and_never_duplicates(tmp_path):
    import_catalogue_file(write_catalogue(tmp_path, dc_document()))
    document = dc_document()
    document["cards"][1]["name"] = "Renamed Champion"
    summary = import_catalogue_file(write_catalogue(tmp_path, document, "again.json"))
    assert (summary.created, summary.updated) == (0, 38)
    assert Card.objects.count() == 38
    assert Card.objects.get(number="002").name == "Renamed Champion"


def test_csv_equivalent_of_json(tmp_path):
    rows = [
        "game,set_code,set_name,set_released_on,number,name,type,tribe,tribe_beats,rank,ability,power,speed,health,cunning,text"
    ]
    document = dc_document()
    beats = {tribe["name"]: tribe["beats"] for tribe in document["tribes"]}
    for card in document["cards"]:
        stats = card.get("stats", {})
        tribe = card.get("tribe", "")
        rows.append(
            ",".join(
                [
                    "dust-collectorz",
                    "TST",
                    "Test Sampler",
                    "2023-10-09",
                    card["number"],
                    card["name"],
                    card["type"],
                    tribe,
                    beats.get(tribe, ""),
                    card.get("rank", ""),
                    card["ability"],
                    *[str(stats.get(stat, "")) for stat in ("power", "speed", "health", "cunning")],
                    card["text"],
                ]
            )
        )
    path = tmp_path / "cards.csv"
    path.write_text("\n".join(rows), encoding="utf-8")
    summary = import_catalogue_file(path)
    assert summary.created == 38
    assert Tribe.objects.get(name="Cinderfolk").beats.name == "Loomweavers"
    assert Card.objects.get(number="036").ability == "Trap"


def test_dbz_attributes_and_style_from_title(tmp_path):
    document = {
        "game": "dbz-ccg",
        "set": {"code": "T1", "name": "Test Saga", "released_on": "2004-01-01"},
        "cards": [
            {"number": "1", "name": "Red Test Punch", "type": "physical_combat"},
            {"number": "2", "name": "Namek Dragon Ball 9", "type": "dragon_ball"},
            {"number": "3", "name": "Goku's Test Plan", "type": "combat", "attributes": {"named": "Goku"}},
            {
                "number": "4",
                "name": "Goku, Test Hero",
                "type": "main_personality",
                "attributes": {"personality": "Goku", "level": 2},
                "rarity": "rare",
            },
        ],
    }
    import_catalogue_file(write_catalogue(tmp_path, document))
    cards = {card.number: card.attributes for card in Card.objects.all()}
    assert cards["1"] == {"style": "red", "battle_simulator": False}
    assert "style" not in cards["2"], "Namek is not the Namekian style"
    assert cards["3"]["named"] == "Goku"
    assert cards["4"] == {"personality": "Goku", "level": 2, "rarity": "rare", "battle_simulator": False}


def _expect_error(tmp_path, document, *fragments, name="bad.json", field=None):
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    with pytest.raises(DomainError) as caught:
        import_catalogue_file(path)
    for fragment in (name, *fragments):
        assert fragment in caught.value.message
    if field is not None:
        assert caught.value.field == field
    assert not CardSet.objects.exists() and not Card.objects.exists()
    return caught.value


def test_malformed_json(tmp_path):
    _expect_error(tmp_path, '{"game": "dust-collectorz", ', "Invalid JSON at line 1")


def test_oversized_file(tmp_path, settings):
    settings.CATALOGUE_IMPORT_MAX_BYTES = 100
    _expect_error(tmp_path, dc_document(), "the limit is 100")


def test_unknown_game(tmp_path):
    _expect_error(tmp_path, dc_document(game="magic"), "Unknown game “magic”", field="game")


def test_unknown_tribe_names_card_and_field(tmp_path):
    document = dc_document()
    document["cards"][20]["tribe"] = "Nobodies"
    error = _expect_error(tmp_path, document, "card #21", "Unknown tribe “Nobodies”", field="tribe")
    assert error.params["card"].startswith("#21")


def test_unknown_rank(tmp_path):
    document = dc_document()
    document["cards"][3]["rank"] = "diamond"
    _expect_error(tmp_path, document, "card #4", "Unknown rank “diamond”", field="rank")


def test_bad_stat(tmp_path):
    document = dc_document()
    document["cards"][5]["stats"]["speed"] = -1
    _expect_error(tmp_path, document, "card #6", "from 0 to 99", field="stats.speed")


def test_duplicate_card_number(tmp_path):
    document = dc_document()
    document["cards"][9]["number"] = "003"
    _expect_error(tmp_path, document, "card #10", "Number 003 is also used by card #3")


def test_wheel_that_is_not_one_cycle(tmp_path):
    document = dc_document()
    tribes = document["tribes"]
    tribes[1]["beats"], tribes[2]["beats"] = "Rustborn", "Loomweavers"
    tribes[4]["beats"] = "Mirewalkers"
    _expect_error(tmp_path, document, "not one cycle", field="tribes")


def test_wheel_with_wrong_tribe_count(tmp_path):
    document = dc_document()
    document["tribes"] = document["tribes"][:4]
    _expect_error(tmp_path, document, "has 5 tribes, not 4")


def test_a_late_error_writes_nothing_even_on_reimport(tmp_path):
    import_catalogue_file(write_catalogue(tmp_path, dc_document()))
    document = dc_document()
    document["cards"][0]["name"] = "Should Not Be Saved"
    document["cards"][-1]["type"] = "planeswalker"
    with pytest.raises(DomainError, match="Unknown card type “planeswalker”"):
        import_catalogue_file(write_catalogue(tmp_path, document, "second.json"))
    assert Card.objects.get(number="001").name == "Émile the Rust-Eater"


def test_command_reports_and_exits_non_zero(tmp_path, capsys):
    good = write_catalogue(tmp_path, dc_document())
    call_command("import_cards", str(good))
    assert "38 created" in capsys.readouterr().out
    document = dc_document()
    document["cards"][2]["rank"] = "wood"
    bad = write_catalogue(tmp_path, document, "broken.json")
    with pytest.raises(CommandError, match=r"broken.json, card #3 .*: Unknown rank “wood”"):
        call_command("import_cards", str(bad))


def test_sample_data_loads_twice_without_changes(capsys):
    call_command("load_sample_data")
    counts = (Card.objects.count(), CardSet.objects.count(), Tribe.objects.count())
    call_command("load_sample_data")
    assert (Card.objects.count(), CardSet.objects.count(), Tribe.objects.count()) == counts
    assert counts[0] > 0
