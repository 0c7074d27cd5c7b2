"""Collections and decks over the API: owners, other users and anonymous visitors."""

import pytest

from catalogue.models import Card
from decks.models import Collection, Deck, DeckVersion

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_deck(api, alice, sample):
    api.force_authenticate(alice)
    body = api.post(
        "/api/v1/decks/",
        {
            "name": "Lint rush",
            "game": "dust-collectorz",
            "format": "dc-prerelease",
            "decklist": "2 Pocket Puff\n1 Fluffnip",
        },
        format="json",
    ).json()
    api.force_authenticate(None)
    return Deck.objects.get(pk=body["id"])


def test_collection_crud_and_privacy(api, alice, bob, sample):
    api.force_authenticate(alice)
    created = api.post("/api/v1/collections/", {"name": "Prerelease pool"}, format="json")
    assert created.status_code == 201
    pool = created.json()["id"]
    puff = Card.objects.get(name="Pocket Puff")
    api.post(f"/api/v1/collections/{pool}/cards/", {"card": puff.pk, "qty": 3}, format="json")
    detail = api.get(f"/api/v1/collections/{pool}/").json()
    assert detail["card_count"] == 3 and detail["cards"][0]["name"] == "Pocket Puff"
    assert api.post("/api/v1/collections/", {"name": "Prerelease pool"}, format="json").status_code == 409
    api.force_authenticate(bob)
    assert api.get(f"/api/v1/collections/{pool}/").status_code == 404
    assert api.post(f"/api/v1/collections/{pool}/cards/", {"card": puff.pk, "qty": 0}, format="json").status_code == 404
    assert api.delete(f"/api/v1/collections/{pool}/").status_code == 404
    assert api.get("/api/v1/collections/").json() == []
    api.force_authenticate(None)
    assert api.get(f"/api/v1/collections/{pool}/").status_code == 401
    assert Collection.objects.get(pk=pool).owned() == {puff.pk: 3}


def test_collection_import_is_all_or_nothing_and_exports(api, alice, sample):
    api.force_authenticate(alice)
    pool = api.post("/api/v1/collections/", {"name": "Binder"}, format="json").json()["id"]
    bad = api.post(
        f"/api/v1/collections/{pool}/import/", {"text": "2 Pocket Puff\n1 Pocket Puf\n0 Fluffnip"}, format="json"
    )
    assert bad.status_code == 400
    lines = bad.json()["lines"]
    assert [(line["line"], line["status"]) for line in lines] == [(2, "unknown"), (3, "malformed")]
    assert lines[0]["suggestions"][0] == "Pocket Puff"
    assert Collection.objects.get(pk=pool).owned() == {}
    ok = api.post(
        f"/api/v1/collections/{pool}/import/", {"text": "2 Pocket Puff\n1 Fluffnip\n1 Pocket Puff"}, format="json"
    )
    assert ok.status_code == 200 and ok.json()["card_count"] == 4
    csv_text = "qty,set,number\n2,PR1,001\n"
    assert api.post(f"/api/v1/collections/{pool}/import/", {"text": csv_text}, format="json").json()["card_count"] == 6
    export = api.get(f"/api/v1/collections/{pool}/export/").content.decode()
    assert "3 Pocket Puff (PR1) 002" in export and "3 Fluffnip (PR1) 001" in export
    csv_export = api.get(f"/api/v1/collections/{pool}/export/", {"as": "csv"}).content.decode()
    header = "\ufeffQuantity,Name,Set,Number,Game,Finish,Condition,Language,Tags"
    assert csv_export.splitlines()[0] == header  # core.exports; imports back
    asked = api.post(f"/api/v1/collections/{pool}/import/", {"text": "1 Fluffnip", "replace": True}, format="json")
    assert asked.status_code == 409 and asked.json()["code"] == "collections.confirm_needed"
    assert asked.json()["totals"]["cards_removed"] == 1 and Collection.objects.get(pk=pool).owned() != {}
    replaced = api.post(
        f"/api/v1/collections/{pool}/import/",
        {"text": "1 Fluffnip", "replace": True, "confirm": True, "digest": asked.json()["digest"]},
        format="json",
    )
    assert replaced.json()["card_count"] == 1 and replaced.json()["distinct_cards"] == 1


def test_deck_versions_are_immutable_and_hashed(api, alice, alice_deck):
    api.force_authenticate(alice)
    first = alice_deck.latest_version()
    assert first.number == 1 and len(first.content_hash) == 64
    same = api.patch(f"/api/v1/decks/{alice_deck.pk}/", {"decklist": "1 Fluffnip\n2 Pocket Puff"}, format="json")
    assert same.json()["version"] == {"number": 1, "hash": first.content_hash}
    changed = api.patch(f"/api/v1/decks/{alice_deck.pk}/", {"decklist": "3 Pocket Puff"}, format="json").json()
    assert changed["version"]["number"] == 2 and changed["version"]["hash"] != first.content_hash
    versions = api.get(f"/api/v1/decks/{alice_deck.pk}/versions/").json()
    assert [v["number"] for v in versions] == [2, 1]
    assert "2 Pocket Puff" in versions[1]["decklist"]
    assert DeckVersion.objects.get(pk=first.pk).cards.count() == 2


def test_deck_with_unknown_lines_saves_nothing(api, alice, sample):
    api.force_authenticate(alice)
    response = api.post(
        "/api/v1/decks/",
        {"name": "Typo", "game": "dust-collectorz", "format": "dc-prerelease", "decklist": "2 Pockt Puff"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["lines"][0]["suggestions"] == ["Pocket Puff"]
    assert response.json()["message"] == "Nothing was saved: 1 line needs fixing."
    assert not Deck.objects.exists()


def test_deck_format_must_match_game(api, alice, sample):
    api.force_authenticate(alice)
    response = api.post(
        "/api/v1/decks/", {"name": "x", "game": "dbz-ccg", "format": "dc-prerelease", "decklist": ""}, format="json"
    )
    assert response.status_code == 400 and "format" in response.json()["errors"]


def test_private_deck_is_404_for_others(api, alice, bob, alice_deck):
    for user in (bob, None):
        api.force_authenticate(user)
        assert api.get(f"/api/v1/decks/{alice_deck.pk}/").status_code == 404
        assert api.get(f"/api/v1/decks/{alice_deck.pk}/validate/").status_code == 404
        assert alice_deck.pk not in [d["id"] for d in api.get("/api/v1/decks/").json()]
    api.force_authenticate(bob)
    assert api.patch(f"/api/v1/decks/{alice_deck.pk}/", {"name": "mine"}, format="json").status_code == 404
    assert api.delete(f"/api/v1/decks/{alice_deck.pk}/").status_code == 404
    assert Deck.objects.get(pk=alice_deck.pk).name == "Lint rush"


def test_unlisted_and_public_decks(api, alice, bob, alice_deck):
    api.force_authenticate(alice)
    link = api.patch(f"/api/v1/decks/{alice_deck.pk}/", {"visibility": "unlisted"}, format="json").json()
    assert link["share_url"].endswith(f"/en/decks/shared/{alice_deck.share_token}/")
    api.force_authenticate(bob)
    assert api.get(f"/api/v1/decks/{alice_deck.pk}/").status_code == 404  # by id: nothing to find
    shared = api.get(f"/api/v1/shared/decks/{link['share_token']}/").json()
    assert shared["latest"]["number"] == 1 and shared["share_token"] is None  # only the owner sees the key
    assert alice_deck.pk not in [d["id"] for d in api.get("/api/v1/decks/").json()]
    assert api.patch(f"/api/v1/decks/{alice_deck.pk}/", {"name": "stolen"}, format="json").status_code == 404
    api.force_authenticate(alice)
    api.patch(f"/api/v1/decks/{alice_deck.pk}/", {"visibility": "public"}, format="json")
    api.force_authenticate(None)
    assert alice_deck.pk in [d["id"] for d in api.get("/api/v1/decks/").json()]


def test_validate_a_saved_deck_against_a_collection(api, alice, bob, alice_deck):
    api.force_authenticate(alice)
    pool = api.post("/api/v1/collections/", {"name": "Pool"}, format="json").json()["id"]
    api.post(f"/api/v1/collections/{pool}/import/", {"text": "1 Pocket Puff\n1 Fluffnip"}, format="json")
    body = api.get(f"/api/v1/decks/{alice_deck.pk}/validate/", {"collection": pool, "as_of": "2024-01-01"}).json()
    assert body["version"] == 1 and body["card_count"] == 3
    assert body["buildable"] is False and "not_owned" not in [v["code"] for v in body["violations"]]
    assert [(m["name"], m["needed"], m["owned"], m["missing"]) for m in body["missing"]] == [("Pocket Puff", 2, 1, 1)]
    assert body["summary"]["by_tribe"] == {"Lintlings": 3}
    api.force_authenticate(bob)
    bob_view = api.get(f"/api/v1/decks/{alice_deck.pk}/validate/", {"collection": pool})
    assert bob_view.status_code == 404


def test_writes_need_an_account(api, sample):
    response = api.post(
        "/api/v1/decks/", {"name": "x", "game": "dust-collectorz", "format": "dc-prerelease"}, format="json"
    )
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("method", "url", "data", "status", "code"),
    [
        ("post", "/api/v1/collections/", {}, 400, "api.invalid"),
        ("post", "/api/v1/collections/{pool}/cards/", {"card": 1, "add": 1, "qty": 1}, 400, "api.invalid"),
        ("post", "/api/v1/collections/{pool}/import/", {"text": "0 Pocket Puff"}, 400, "collections.lines_rejected"),
        ("post", "/api/v1/collections/{pool}/import/", {"text": "1 Pocket Puff", "mode": "all"}, 400, "api.invalid"),
        ("get", "/api/v1/collections/999999/", None, 404, "api.not_found"),
        ("post", "/api/v1/decks/", {"name": "x"}, 400, "api.invalid"),
        ("post", "/api/v1/decks/validate/", {"format": "dc-prerelease"}, 400, "api.invalid"),
        ("post", "/api/v1/decks/validate/", {"format": "nope", "decklist": "1 X"}, 400, "decks.unknown_format"),
        ("get", "/api/v1/decks/{deck}/validate/?as_of=yesterday", None, 400, "decks.as_of"),
        ("post", "/api/v1/decks/{deck}/share-link/", None, 409, "sharing.private"),
    ],
)
def test_every_deck_and_collection_error_has_one_shape(api, alice, alice_deck, method, url, data, status, code):
    api.force_authenticate(alice)
    pool = Collection.objects.create(owner=alice, name="Pool").pk
    response = getattr(api, method)(url.format(pool=pool, deck=alice_deck.pk), data, format="json")
    body = response.json()
    assert response.status_code == status and body["code"] == code, body
    assert isinstance(body["message"], str) and body["message"]
    assert isinstance(body["errors"], dict) and all(isinstance(v, list) for v in body["errors"].values())


def test_an_anonymous_write_has_the_same_shape(api, sample):
    body = api.post("/api/v1/collections/", {"name": "x"}, format="json").json()
    assert set(body) == {"message", "code", "errors"} and body["code"] == "api.not_authenticated"
