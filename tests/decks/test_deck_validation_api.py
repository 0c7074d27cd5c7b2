import datetime
import json
from collections import Counter

import pytest
from django.core.management import call_command

from catalogue.models import Card, Tribe
from decks.models import Collection, CollectionCard

pytestmark = pytest.mark.django_db
URL = "/api/v1/decks/validate/"


def legal_sample_deck():
    """Per tribe 2 Bronze, 2 Silver, 1 Gold, 1 Platinum of the sample set, plus 2 counters."""
    lines, abilities = [], Counter()
    for tribe in Tribe.objects.filter(game__slug="dust-collectorz").values_list("name", flat=True):
        for rank, count in (("bronze", 2), ("silver", 2), ("gold", 1), ("platinum", 1)):
            cards = Card.objects.filter(card_set__code="PR1", tribe__name=tribe, rank=rank).order_by("number")
            chosen = []
            for card in cards:
                if len(chosen) < count and (abilities[card.ability] < 2 or rank not in ("bronze", "silver")):
                    chosen.append(card)
                    abilities[card.ability] += rank in ("bronze", "silver")
            lines += [f"1 {card.name}" for card in chosen]
    counters = Card.objects.filter(card_set__code="PR1", type="counter").order_by("number")[:2]
    lines += [f"1 {card.name} (PR1) {card.number}" for card in counters]
    return "\n".join(lines)


def test_legal_sample_deck(api, sample):
    body = api.post(
        URL, {"format": "dc-prerelease", "decklist": legal_sample_deck(), "as_of": "2024-01-01"}, format="json"
    ).json()
    assert body["violations"] == [] and body["legal"] is True
    assert body["card_count"] == 32
    assert body["ruleset"] == {
        "version": "V202310.09",
        "effective": "2023-10-09",
        "name": "Dust Collectorz pre-release",
    }
    assert {line["status"] for line in body["lines"]} == {"ok"}


def test_every_line_gets_a_status(api, sample):
    text = "Tokui-Waza: none\n# my deck\n\n2x Pocket Puff\nPocket Puf\n0 Fluffnip\nFluffnip (PR1) 002 # comment\n-3 Leafclog"
    body = api.post(URL, {"format": "dc-prerelease", "decklist": text}, format="json").json()
    statuses = [(line["line"], line["status"]) for line in body["lines"]]
    assert statuses == [(4, "ok"), (5, "unknown"), (6, "malformed"), (7, "wrong_printing"), (8, "malformed")]
    assert body["lines"][1]["suggestions"][0] == "Pocket Puff"
    assert "between 1 and 99" in body["lines"][2]["error"]
    # Fluffnip is PR1 001: a wrong collector number is reported, not silently ignored.
    assert body["lines"][3]["error"] == "PR1 002 is Pocket Puff, not Fluffnip."
    assert body["lines"][3]["suggestions"] == ["Fluffnip (PR1) 001"]
    assert body["legal"] is False and "unknown_card" in {v["code"] for v in body["violations"]}


def test_cards_by_id_and_wrong_game(api, sample):
    dbz_card = Card.objects.filter(card_set__game__slug="dbz-ccg").first()
    dc_card = Card.objects.filter(card_set__code="PR1").first()
    body = api.post(
        URL,
        {
            "format": "dc-prerelease",
            "cards": [{"card": dc_card.pk, "qty": 1}, {"card": dbz_card.pk, "qty": 1}, {"card": 999999, "qty": 1}],
        },
        format="json",
    ).json()
    codes = [v["code"] for v in body["violations"]]
    assert "wrong_game" in codes and "unknown_card" in codes
    assert "lines" not in body


def test_dbz_decklist_names_a_main_personality_and_style(api, sample):
    lines = [f"1 Goku (Level {n})" for n in range(1, 5)] + ["Tokui-Waza: Saiyan", "5 Goku's Lucky Break"]
    body = api.post(
        URL, {"format": "dbz-expanded", "decklist": "\n".join(lines), "as_of": "2005-06-01"}, format="json"
    ).json()
    codes = {v["code"] for v in body["violations"]}
    assert {"deck_size", "restricted"} <= codes
    restricted = next(v for v in body["violations"] if v["code"] == "restricted")
    assert restricted["message"] == "Goku's Lucky Break is restricted to 1 per deck; the deck has 5."


def test_messages_follow_the_request_language(api, sample):
    response = api.post(
        URL, {"format": "dc-prerelease", "decklist": "1 Pocket Puff"}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    size = next(v for v in response.json()["violations"] if v["code"] == "deck_size")
    assert "32" in size["message"] and "deck" in size["message"].lower()
    assert size["message"] != "The deck has 1 cards; it must have 32."


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"format": "no-such-format", "decklist": "1 Pocket Puff"}, "format"),
        ({"format": "dc-prerelease"}, "non_field_errors"),
        ({"format": "dc-prerelease", "decklist": "x", "cards": []}, "non_field_errors"),
        ({"format": "dc-prerelease", "decklist": "1 Pocket Puff\n" * 501}, "decklist"),
        ({"format": "dc-prerelease", "cards": [{"card": 1, "qty": 0}]}, "cards"),
        ({"format": "dc-prerelease", "cards": [{"card": 1, "qty": 1000}]}, "cards"),
        ({"format": "dc-prerelease", "decklist": "1 Pocket Puff", "as_of": "yesterday"}, "as_of"),
    ],
)
def test_bad_input_is_a_json_400_naming_the_field(api, sample, payload, field):
    response = api.post(URL, payload, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["message"] and field in body["errors"]


def test_oversized_decklist(api, sample):
    response = api.post(URL, {"format": "dc-prerelease", "decklist": "x" * (101 * 1024)}, format="json")
    assert response.status_code == 400 and "decklist" in response.json()["errors"]


def test_collection_ownership_and_privacy(api, sample, alice, bob):
    pool = Collection.objects.create(owner=alice, name="Prerelease pool")
    puff = Card.objects.get(card_set__code="PR1", name="Pocket Puff")
    CollectionCard.objects.create(collection=pool, card=puff, qty=1)
    payload = {"format": "dc-prerelease", "decklist": "2 Pocket Puff", "collection": pool.pk}
    api.force_authenticate(alice)
    body = api.post(URL, payload, format="json").json()
    assert body["buildable"] is False and not [v for v in body["violations"] if v["code"] == "not_owned"]
    assert [(m["name"], m["needed"], m["owned"], m["missing"]) for m in body["missing"]] == [("Pocket Puff", 2, 1, 1)]
    api.force_authenticate(bob)
    assert api.post(URL, payload, format="json").status_code == 404
    api.force_authenticate(None)
    assert api.post(URL, payload, format="json").status_code == 404


def test_formats_endpoint(api, sample):
    formats = {f["slug"]: f for f in api.get("/api/v1/formats/").json()}
    assert formats["dbz-expanded"]["version"] == "v1.5.0"
    assert formats["dc-prerelease"]["game"] == "dust-collectorz"


def test_validate_deck_command(tmp_path, sample, capsys):
    legal = tmp_path / "legal.txt"
    legal.write_text(legal_sample_deck(), encoding="utf-8")
    with pytest.raises(SystemExit) as exit_legal:
        call_command("validate_deck", str(legal), "--format", "dc-prerelease", "--as-of", "2024-01-01")
    assert exit_legal.value.code == 0 and capsys.readouterr().out.startswith("LEGAL")
    illegal = tmp_path / "illegal.txt"
    illegal.write_text("1 Pocket Puff\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_illegal:
        call_command("validate_deck", str(illegal), "--format", "dc-prerelease", "--json")
    assert exit_illegal.value.code == 1
    assert json.loads(capsys.readouterr().out)["card_count"] == 1
    with pytest.raises(SystemExit) as exit_unreadable:
        call_command("validate_deck", str(tmp_path / "missing.txt"), "--format", "dc-prerelease")
    assert exit_unreadable.value.code == 2
    with pytest.raises(SystemExit) as exit_bad_format:
        call_command("validate_deck", str(illegal), "--format", "nope")
    assert exit_bad_format.value.code == 2 and "Unknown format" in capsys.readouterr().err


def test_format_version_in_force_on_the_date(sample):
    from decks.models import Format
    from decks.services.legality import format_for

    row = Format.objects.get(slug="dc-prerelease")
    newer = dict(row.definition, version="V2099", effective="2099-01-01")
    Format.objects.create(
        slug="dc-prerelease",
        version="V2099",
        name=row.name,
        game=row.game,
        effective=datetime.date(2099, 1, 1),
        definition=newer,
    )
    assert format_for("dc-prerelease", datetime.date(2050, 1, 1))[0].version == "V202310.09"
    assert format_for("dc-prerelease", datetime.date(2099, 1, 1))[0].version == "V2099"
