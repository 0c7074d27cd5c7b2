"""Collections never lose a card: "add" adds, "set to" sets, nothing goes below zero, every
change shows the count before and after, and every export imports back to the same collection."""

import pytest

from catalogue.models import Card
from decks.models import Collection
from decks.services import collections as collection_services
from tests.decks.import_helpers import import_confirmed

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool(alice, sample):
    collection = Collection.objects.create(owner=alice, name="Pool")
    collection.items.create(card=Card.objects.get(name="Pocket Puff"), qty=3)
    return collection


def count(client, pool, card, qty, action):
    return client.post(
        f"/en/collections/{pool.pk}/count/", {"card": card.pk, "qty": qty, "action": action}, follow=True
    )


def test_add_adds_to_the_copies_you_have(client, alice, pool):
    """The reported bug: 3 copies plus "add 1" became 1."""
    client.force_login(alice)
    puff = Card.objects.get(name="Pocket Puff")
    page = count(client, pool, puff, 1, "add")
    assert pool.owned()[puff.pk] == 4
    assert "Pocket Puff: 3 → 4 copies" in page.text
    page = count(client, pool, puff, 2, "remove")
    assert pool.owned()[puff.pk] == 2 and "Pocket Puff: 4 → 2 copies" in page.text
    page = count(client, pool, puff, 1, "set")
    assert pool.owned()[puff.pk] == 1 and "Pocket Puff: 2 → 1 copy" in page.text
    page = count(client, pool, puff, 0, "set")
    assert puff.pk not in pool.owned() and "Pocket Puff: 1 → 0 copies" in page.text


def test_removing_below_zero_is_refused_and_changes_nothing(client, alice, pool):
    client.force_login(alice)
    puff = Card.objects.get(name="Pocket Puff")
    page = count(client, pool, puff, 5, "remove")
    assert "Pocket Puff: the collection holds 3 copies; 5 cannot be removed." in page.text
    assert pool.owned()[puff.pk] == 3
    fluff = Card.objects.get(name="Fluffnip")
    page = count(client, pool, fluff, 1, "remove")
    assert "Fluffnip: the collection holds 0 copies; 1 cannot be removed." in page.text
    assert fluff.pk not in pool.owned()


def test_more_than_the_limit_is_refused_not_clamped(client, alice, pool):
    client.force_login(alice)
    puff = Card.objects.get(name="Pocket Puff")
    page = count(client, pool, puff, 9998, "add")
    assert "Pocket Puff: 10,001 copies is more than the 9,999 a collection may hold." in page.text
    assert pool.owned()[puff.pk] == 3
    assert "must be a whole number from 0 to 9,999." in count(client, pool, puff, -1, "add").text
    french = client.post(
        f"/fr/collections/{pool.pk}/count/", {"card": puff.pk, "qty": -1, "action": "add"}, follow=True
    )
    assert "un nombre entier de 0 à 9\u202f999." in french.text


def test_the_page_labels_add_remove_and_set(client, alice, pool):
    client.force_login(alice)
    page = client.get(f"/en/collections/{pool.pk}/").text
    assert 'value="add">Add</button>' in page and 'value="remove">Remove</button>' in page
    assert 'value="set">Set to</button>' in page
    assert "“Set to” makes it exactly that number." in page


def test_api_add_and_set_show_before_and_after(api, alice, bob, pool):
    api.force_authenticate(alice)
    puff = Card.objects.get(name="Pocket Puff")
    url = f"/api/v1/collections/{pool.pk}/cards/"
    added = api.post(url, {"card": puff.pk, "add": 2}, format="json").json()
    assert added["change"] == {
        "card": puff.pk,
        "name": "Pocket Puff",
        "set": "PR1",
        "number": "002",
        "finish": "normal",
        "condition": "near_mint",
        "language": "",
        "before": 3,
        "after": 5,
    }
    assert api.post(url, {"card": puff.pk, "qty": 1}, format="json").json()["change"]["after"] == 1
    refused = api.post(url, {"card": puff.pk, "add": -2}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "collections.below_zero"
    both = api.post(url, {"card": puff.pk, "add": 1, "qty": 1}, format="json")
    assert both.status_code == 400 and pool.owned()[puff.pk] == 1


def test_import_modes_add_set_and_replace_with_every_change(client, alice, pool):
    client.force_login(alice)
    puff, fluff = Card.objects.get(name="Pocket Puff"), Card.objects.get(name="Fluffnip")
    page = import_confirmed(
        client, f"/en/collections/{pool.pk}/import/", {"text": "2 Pocket Puff\n1 Fluffnip"}, follow=True
    )
    assert pool.owned() == {puff.pk: 5, fluff.pk: 1}
    changes = page.context["last_import"]["changes"]
    assert [(c["name"], c["before"], c["after"]) for c in changes] == [("Fluffnip", 0, 1), ("Pocket Puff", 3, 5)]
    assert "2 lines imported." in page.text and "What the import changed" in page.text
    import_confirmed(client, f"/en/collections/{pool.pk}/import/", {"text": "2 Pocket Puff", "mode": "set"})
    assert pool.owned() == {puff.pk: 2, fluff.pk: 1}
    page = import_confirmed(
        client, f"/en/collections/{pool.pk}/import/", {"text": "4 Fluffnip", "mode": "replace"}, follow=True
    )
    assert pool.owned() == {fluff.pk: 4}
    changes = page.context["last_import"]["changes"]
    assert [(c["name"], c["before"], c["after"]) for c in changes] == [("Fluffnip", 1, 4), ("Pocket Puff", 2, 0)]
    # The table shows once, right after the import.
    assert client.get(f"/en/collections/{pool.pk}/").context["last_import"] is None


def test_an_import_over_the_limit_changes_nothing(client, alice, pool):
    client.force_login(alice)
    before = pool.owned()
    page = client.post(f"/en/collections/{pool.pk}/import/", {"text": "9997 Pocket Puff"})
    assert "Pocket Puff: 10,000 copies is more than the 9,999 a collection may hold." in page.text
    assert pool.owned() == before


def mixed_collection(owner):
    """Cards of two games, quantities above a deck's 99, a name with an apostrophe."""
    collection = Collection.objects.create(owner=owner, name="Everything")
    for name, qty in (("Pocket Puff", 404), ("Fluffnip", 1), ("Vegeta's Smirk", 7), ("Goku (Level 1)", 2)):
        collection.items.create(card=Card.objects.filter(name=name).first(), qty=qty)
    return collection


@pytest.mark.parametrize("kind", ["text", "csv"])
def test_export_then_import_gives_back_the_same_collection(client, alice, sample, kind):
    """The reported bug: the text export wrote "404 Fluffnip (PR1) 001", which the import refused."""
    source = mixed_collection(alice)
    client.force_login(alice)
    suffix = "?as=csv" if kind == "csv" else ""
    exported = client.get(f"/en/collections/{source.pk}/export/{suffix}").content.decode()
    assert ("404,Pocket Puff,PR1,002,dust-collectorz" if kind == "csv" else "404 Pocket Puff (PR1) 002") in exported
    copy = Collection.objects.create(owner=alice, name="Copy")
    response = import_confirmed(client, f"/en/collections/{copy.pk}/import/", {"text": exported})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert copy.owned() == source.owned()
    # Uploading the exported file works the same.
    from django.core.files.uploadedfile import SimpleUploadedFile

    again = Collection.objects.create(owner=alice, name="Again")
    upload = SimpleUploadedFile(f"collection.{kind}", exported.encode("utf-8"))
    import_confirmed(client, f"/en/collections/{again.pk}/import/", {"file": upload, "mode": "replace"})
    assert again.owned() == source.owned()


@pytest.mark.parametrize("kind", ["text", "csv"])
def test_api_export_then_import_round_trips(api, alice, sample, kind):
    source = mixed_collection(alice)
    api.force_authenticate(alice)
    exported = api.get(f"/api/v1/collections/{source.pk}/export/", {"as": kind}).content.decode()
    copy = api.post("/api/v1/collections/", {"name": "Copy"}, format="json").json()["id"]
    body = api.post(f"/api/v1/collections/{copy}/import/", {"text": exported}, format="json").json()
    assert Collection.objects.get(pk=copy).owned() == source.owned()
    assert body["read_as"]["layout"] == kind
    assert {change["name"]: change["after"] for change in body["changes"]}["Pocket Puff"] == 404


def test_service_refuses_set_above_limit(alice, pool):
    with pytest.raises(Exception, match="more than the 9,999"):
        collection_services.set_copies(pool, Card.objects.get(name="Fluffnip"), 10000)
    assert Card.objects.get(name="Fluffnip").pk not in pool.owned()
