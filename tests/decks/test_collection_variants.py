"""Collections hold what players track: copies by finish, condition and language, with tags.
Imports store what Moxfield, Archidekt and Deckbox write; exports write it back; the collection
page shows, edits and filters it; buildability counts every variant of a card together. A single
card's add, remove, set or edit is in the collection's history and is undone from there."""

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalogue.models import Card, Game
from decks.models import Collection, CollectionChange
from decks.services import building
from decks.services import collections as collection_services
from decks.services import decks as deck_services
from tests.decks.import_helpers import import_confirmed

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "import-samples"
EXPORTS = Path(__file__).parent / "exports"
FOIL = ("foil", "near_mint", "")


@pytest.fixture
def binder(alice, sample):
    return Collection.objects.create(owner=alice, name="Binder")


def card(name):
    return Card.objects.select_related("card_set").get(name=name)


def text_of(page):
    return " ".join(re.sub(r"<[^>]+>", "", page.text).split())


def rows(collection):
    """{(name, finish, condition, language): (copies, tags)} of every row."""
    return {
        (item.card.name, item.finish, item.condition, item.language): (item.qty, item.tags)
        for item in collection.items.select_related("card")
    }


# The model and its writer


def test_each_variant_is_its_own_row_and_legality_counts_them_together(binder):
    puff = card("Pocket Puff")
    collection_services.add_copies(binder, puff, 2)
    collection_services.add_copies(binder, puff, 1, FOIL)
    collection_services.add_copies(binder, puff, 1, ("normal", "lightly_played", "fr"))
    assert rows(binder) == {
        ("Pocket Puff", "normal", "near_mint", ""): (2, []),
        ("Pocket Puff", "foil", "near_mint", ""): (1, []),
        ("Pocket Puff", "normal", "lightly_played", "fr"): (1, []),
    }
    assert binder.owned() == {puff.pk: 4}
    with pytest.raises(Exception, match="the collection holds 1 copy; 2 cannot be removed"):
        collection_services.add_copies(binder, puff, -2, FOIL)


def test_a_deck_is_buildable_from_foils_and_normal_copies_together(alice, binder):
    game = Game.objects.get(slug="dust-collectorz")
    deck = deck_services.create_deck(alice, "Puffs", game, "dc-prerelease", "private", {card("Pocket Puff").pk: 3})
    collection_services.add_copies(binder, card("Pocket Puff"), 2)
    assert building.buildable_decks(binder, [deck])[0]["missing"] == [("Pocket Puff", 1)]
    collection_services.add_copies(binder, card("Pocket Puff"), 1, FOIL)
    assert building.buildable_decks(binder, [deck])[0]["buildable"] is True


# Imports store what the sites write


@pytest.mark.parametrize("file_name", ["moxfield-collection.csv", "archidekt-collection.csv", "deckbox-inventory.csv"])
def test_site_exports_keep_finish_condition_language_and_tags(client, alice, binder, file_name):
    client.force_login(alice)
    upload = SimpleUploadedFile(file_name, (SAMPLES / file_name).read_bytes(), content_type="text/csv")
    import_confirmed(client, f"/en/collections/{binder.pk}/import/", {"file": upload})
    tagged = file_name != "deckbox-inventory.csv"  # Deckbox writes no tags
    assert rows(binder) == {
        ("Fluffnip", "normal", "near_mint", "en"): (3, []),
        ("Pocket Puff", "foil", "near_mint", "en"): (2, ["binder"] if tagged else []),
        ("Master Roshi Sensei", "normal", "lightly_played", "en"): (1, []),
        ("Orange Spin Kick", "normal", "near_mint", "fr"): (4, ["trade"] if tagged else []),
    }


def test_decklist_text_keeps_moxfield_foils_and_archidekt_tags(client, alice, binder):
    client.force_login(alice)
    url = f"/en/collections/{binder.pk}/import/"
    import_confirmed(client, url, {"text": (EXPORTS / "archidekt-deck.txt").read_text(encoding="utf-8")})
    warden = rows(binder)[("Lint Trap Warden", "foil", "near_mint", "")]
    assert warden == (1, ["Have", "Trade"])
    assert rows(binder)[("Vent Skulker", "normal", "near_mint", "")] == (1, [])
    import_confirmed(client, url, {"text": (EXPORTS / "moxfield-deck.txt").read_text(encoding="utf-8")})
    assert rows(binder)[("Pocket Puff", "foil", "near_mint", "")] == (1, [])  # Moxfield's *F*
    assert rows(binder)[("Pocket Puff", "normal", "near_mint", "")] == (1, ["Have", "Trade"])  # Archidekt's


def test_an_unknown_condition_refuses_the_whole_list(client, alice, binder):
    client.force_login(alice)
    text = "qty,name,condition\n2,Fluffnip,NM\n1,Pocket Puff,Chewed\n"
    page = client.post(f"/fr/collections/{binder.pk}/import/", {"text": text})
    assert [line["line"] for line in page.context["rejected"]] == [3]
    assert "« Chewed » n’est pas un état" in page.text.replace("\u00a0", " ")
    assert binder.owned() == {}


@pytest.mark.parametrize(("kind", "language"), [("text", "en"), ("csv", "fr"), ("csv", "it")])
def test_exports_write_every_variant_back(client, alice, binder, kind, language):
    collection_services.add_copies(binder, card("Pocket Puff"), 2, FOIL, tags=["binder", "trade"])
    collection_services.add_copies(binder, card("Pocket Puff"), 1, ("etched", "damaged", "ja"))
    collection_services.add_copies(binder, card("Fluffnip"), 3, ("normal", "mint", "it"))
    collection_services.add_copies(binder, card("Fluffnip"), 1)
    client.force_login(alice)
    exported = client.get(f"/{language}/collections/{binder.pk}/export/", {"as": kind}).content.decode("utf-8-sig")
    if kind == "text":
        assert "2 Pocket Puff (PR1) 002 *F* ^binder^ ^trade^\n" in exported
        assert "1 Pocket Puff (PR1) 002 *E* *D* *JA*\n" in exported
    copy = Collection.objects.create(owner=alice, name="Copy")
    import_confirmed(client, f"/{language}/collections/{copy.pk}/import/", {"text": exported})
    assert rows(copy) == rows(binder)


# The page: shows, edits, filters


def test_the_page_shows_variants_and_filters_by_finish_language_and_tag(client, alice, binder):
    collection_services.add_copies(binder, card("Pocket Puff"), 2, FOIL, tags=["binder"])
    collection_services.add_copies(binder, card("Pocket Puff"), 3)
    collection_services.add_copies(binder, card("Fluffnip"), 1, ("normal", "lightly_played", "fr"))
    client.force_login(alice)
    url = f"/en/collections/{binder.pk}/"
    page = client.get(url)
    assert "Foil · Near Mint" in page.text and "Normal · Lightly Played · French" in page.text
    assert "6 copies · 2 distinct cards" in text_of(page)
    shown = lambda query: sorted(  # noqa: E731
        (item.card.name, item.finish) for group in client.get(url, query).context["groups"] for item in group["items"]
    )
    assert shown({"f-finish": "foil"}) == [("Pocket Puff", "foil")]
    assert shown({"f-language": "fr"}) == [("Fluffnip", "normal")]
    assert shown({"f-language": "none"}) == [("Pocket Puff", "foil"), ("Pocket Puff", "normal")]
    assert shown({"f-tag": "binder"}) == [("Pocket Puff", "foil")]
    assert shown({"f-condition": "lightly_played"}) == [("Fluffnip", "normal")]
    grouped = client.get(url, {"f-group": "finish"}).context["groups"]
    assert [(group["label"], group["copies"], group["distinct"]) for group in grouped] == [
        ("Normal", 4, 2),
        ("Foil", 2, 1),
    ]
    grouped = client.get(url, {"f-group": "condition"}).context["groups"]
    assert [group["label"] for group in grouped] == ["Near Mint", "Lightly Played"]
    listed = client.get("/en/collections/").text
    assert "6 copies" in listed and "2 distinct cards" in listed


def test_editing_a_row_moves_its_copies_and_undo_moves_them_back(client, alice, binder):
    puff = card("Pocket Puff")
    collection_services.add_copies(binder, puff, 2)
    collection_services.add_copies(binder, puff, 1, FOIL)
    client.force_login(alice)
    edit = {"card": puff.pk, "finish": "normal", "condition": "near_mint", "language": ""}
    new = {"new_finish": "foil", "new_condition": "near_mint", "new_language": "", "tags": "shiny, binder"}
    page = client.post(f"/en/collections/{binder.pk}/entry/", {**edit, **new}, follow=True)
    assert "Pocket Puff: now Foil · Near Mint." in page.text
    assert rows(binder) == {("Pocket Puff", "foil", "near_mint", ""): (3, ["shiny", "binder"])}
    record = CollectionChange.objects.filter(collection=binder).first()
    assert record.kind == "edit"
    client.post(f"/en/collections/{binder.pk}/history/{record.pk}/undo/")
    assert {key: qty for key, (qty, _tags) in rows(binder).items()} == {
        ("Pocket Puff", "normal", "near_mint", ""): 2,
        ("Pocket Puff", "foil", "near_mint", ""): 1,
    }


# Single-card changes in the history


def test_a_single_card_change_is_undone_from_the_page(client, alice, binder):
    puff = card("Pocket Puff")
    client.force_login(alice)
    count = f"/en/collections/{binder.pk}/count/"
    page = client.post(count, {"card": puff.pk, "qty": 4, "action": "add", "finish": "foil"}, follow=True)
    assert page.context["last_card_change"] and "Undo this change" in page.text
    added = page.context["last_card_change"]
    page = client.post(count, {"card": puff.pk, "qty": 1, "action": "remove", "finish": "foil"}, follow=True)
    removed = page.context["last_card_change"]
    history = client.get(f"/en/collections/{binder.pk}/history/")
    assert [record.kind for record in history.context["records"]] == ["card", "card"]
    assert "Card count changed" in history.text and "Foil · Near Mint" in history.text
    refused = client.post(f"/en/collections/{binder.pk}/history/{added}/undo/", follow=True)
    assert "Pocket Puff now has 3 copies, fewer than this change added" in refused.text
    client.post(f"/en/collections/{binder.pk}/history/{removed}/undo/")
    assert rows(binder) == {("Pocket Puff", "foil", "near_mint", ""): (4, [])}


def test_undoing_an_add_keeps_a_later_add(client, alice, binder):
    puff = card("Pocket Puff")
    client.force_login(alice)
    count = f"/en/collections/{binder.pk}/count/"
    first = client.post(count, {"card": puff.pk, "qty": 2, "action": "add"}, follow=True).context["last_card_change"]
    client.post(count, {"card": puff.pk, "qty": 5, "action": "add"})
    page = client.post(f"/en/collections/{binder.pk}/history/{first}/undo/", follow=True)
    assert "Undone: 1 card is back as it was." in page.text
    assert binder.owned() == {puff.pk: 5}


def test_the_api_writes_a_variant_and_undoes_it_from_the_history(api, alice, binder):
    api.force_authenticate(alice)
    puff = card("Pocket Puff")
    url = f"/api/v1/collections/{binder.pk}/"
    body = api.post(
        f"{url}cards/",
        {"card": puff.pk, "add": 2, "finish": "etched", "language": "it", "tags": ["deck"]},
        format="json",
    ).json()
    assert body["change"] == {
        "card": puff.pk,
        "name": "Pocket Puff",
        "set": "PR1",
        "number": "002",
        "finish": "etched",
        "condition": "near_mint",
        "language": "it",
        "before": 0,
        "after": 2,
    }
    assert [(row["finish"], row["language"], row["tags"], row["qty"]) for row in body["cards"]] == [
        ("etched", "it", ["deck"], 2)
    ]
    assert body["copies"] == 2 and body["distinct_cards"] == 1
    history = api.get(f"{url}history/").json()["results"]
    assert history[0]["kind"] == "card" and history[0]["changes"][0]["finish"] == "etched"
    undone = api.post(f"{url}history/{body['history_id']}/undo/").json()
    assert undone["cards"] == [] and binder.owned() == {}
    refused = api.post(f"{url}cards/", {"card": puff.pk, "add": 1, "finish": "glossy"}, format="json")
    assert refused.status_code == 400 and "finish" in refused.json()["errors"]


# Rows from before variants


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_existing_rows_as_normal_near_mint_of_no_stated_language():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("decks", "0005_deck_description")])
    others = [node for node in executor.loader.graph.leaf_nodes() if node[0] != "decks"]
    old = executor.loader.project_state([("decks", "0005_deck_description"), *others]).apps
    user = old.get_model("accounts", "User").objects.create(username="old-timer")
    game = old.get_model("catalogue", "Game").objects.create(slug="old-game", name="Old game")
    card_set = old.get_model("catalogue", "CardSet").objects.create(
        game=game, code="OLD", name="Old set", released_on="2020-01-01"
    )
    old_card = old.get_model("catalogue", "Card").objects.create(
        card_set=card_set, name="Old card", search_name="old card", number="1", type="champion"
    )
    collection = old.get_model("decks", "Collection").objects.create(owner=user, name="Old binder")
    old.get_model("decks", "CollectionCard").objects.create(collection=collection, card=old_card, qty=3)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    migrated = Collection.objects.get(name="Old binder").items.get()
    assert (migrated.qty, migrated.finish, migrated.condition, migrated.language, migrated.tags) == (
        3,
        "normal",
        "near_mint",
        "",
        [],
    )


def test_another_players_row_cannot_be_edited_or_counted(client, alice, bob, binder):
    puff = card("Pocket Puff")
    collection_services.add_copies(binder, puff, 2)
    client.force_login(bob)
    row = {"card": puff.pk, "new_finish": "foil", "qty": 1, "action": "add"}
    assert client.post(f"/en/collections/{binder.pk}/entry/", row).status_code == 404
    assert client.post(f"/en/collections/{binder.pk}/count/", row).status_code == 404
    assert rows(binder) == {("Pocket Puff", "normal", "near_mint", ""): (2, [])}
