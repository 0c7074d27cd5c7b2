"""Nothing lost by one click: every import shows a preview and waits for a confirmation; replacing
or emptying a collection says what leaves it; every change is in the collection's history and can
be undone there. Spreadsheets saved by French and Italian Excel import with the right counts."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalogue.models import Card
from decks.models import Collection, CollectionChange

pytestmark = pytest.mark.django_db
EXPORTS = Path(__file__).parent / "exports"


@pytest.fixture
def binder(alice, sample):
    """Ten cards, 39 copies: what one pasted line wiped in the report."""
    collection = Collection.objects.create(owner=alice, name="Binder")
    cards = Card.objects.filter(card_set__code="PR1").order_by("number")[:10]
    for index, card in enumerate(cards):
        collection.items.create(card=card, qty=index % 3 + 3)
    return collection


def named(collection):
    return {Card.objects.get(pk=card).name: qty for card, qty in collection.owned().items()}


def test_replace_shows_a_preview_and_changes_nothing_until_confirmed(client, alice, binder):
    client.force_login(alice)
    before = binder.owned()
    url = f"/en/collections/{binder.pk}/import/"
    preview = client.post(url, {"text": "2 Fluffnip", "mode": "replace"})
    assert preview.status_code == 200 and binder.owned() == before
    assert "Preview: nothing is saved yet" in preview.text
    assert "9 cards leave the collection" in preview.text and "37 copies removed" in preview.text
    shown = preview.context["preview"]
    confirmed = client.post(url, {"text": shown["text"], "mode": "replace", "digest": shown["digest"], "confirm": "1"})
    assert confirmed.status_code == 302 and named(binder) == {"Fluffnip": 2}
    record = CollectionChange.objects.get(collection=binder)
    assert (record.kind, record.copies_removed, record.actor) == ("replace", 37, alice)


def test_a_stale_preview_is_refused_and_shown_again(client, alice, binder):
    client.force_login(alice)
    url = f"/en/collections/{binder.pk}/import/"
    shown = client.post(url, {"text": "1 Fluffnip", "mode": "replace"}).context["preview"]
    binder.items.filter(card__name="Pocket Puff").update(qty=30)  # changed in another tab
    page = client.post(url, {"text": shown["text"], "mode": "replace", "digest": shown["digest"], "confirm": "1"})
    assert page.status_code == 200 and "The collection changed since this preview was made" in page.text
    assert named(binder)["Pocket Puff"] == 30 and page.context["preview"]["digest"] != shown["digest"]


def test_undo_gives_back_what_an_import_took(client, alice, binder):
    client.force_login(alice)
    before = binder.owned()
    url = f"/en/collections/{binder.pk}/import/"
    shown = client.post(url, {"text": "1 Fluffnip", "mode": "replace"}).context["preview"]
    page = client.post(
        url, {"text": shown["text"], "mode": "replace", "digest": shown["digest"], "confirm": "1"}, follow=True
    )
    assert "Undo this change" in page.text
    change = page.context["last_import"]["change_id"]
    history = client.get(f"/en/collections/{binder.pk}/history/")
    assert "Import: collection replaced" in history.text
    undone = client.post(f"/en/collections/{binder.pk}/history/{change}/undo/", follow=True)
    assert "Undone: 10 cards are back as they were." in undone.text
    assert binder.owned() == before
    again = client.post(f"/en/collections/{binder.pk}/history/{change}/undo/", follow=True)
    assert "This change was already undone." in again.text and binder.owned() == before


def test_undo_keeps_what_changed_since(client, alice, binder):
    client.force_login(alice)
    url = f"/en/collections/{binder.pk}/import/"
    shown = client.post(url, {"text": "2 Queen Nap"}).context["preview"]
    client.post(url, {**shown, "confirm": "1"})
    puff = binder.items.get(card__name="Pocket Puff")
    puff.qty += 5
    puff.save()
    record = CollectionChange.objects.get(collection=binder)
    client.post(f"/en/collections/{binder.pk}/history/{record.pk}/undo/")
    assert "Queen Nap" not in named(binder) and named(binder)["Pocket Puff"] == puff.qty


def test_emptying_asks_first_and_can_be_undone(client, alice, binder):
    client.force_login(alice)
    before = binder.owned()
    page = client.get(f"/en/collections/{binder.pk}/clear/")
    assert "10 cards leave the collection" in page.text and binder.owned() == before
    refused = client.post(f"/en/collections/{binder.pk}/clear/", {"digest": "not-the-preview"}, follow=True)
    assert "changed since this preview" in refused.text and binder.owned() == before
    client.post(f"/en/collections/{binder.pk}/clear/", {"digest": page.context["digest"]})
    assert binder.owned() == {}
    record = CollectionChange.objects.get(collection=binder, kind="clear")
    client.post(f"/en/collections/{binder.pk}/history/{record.pk}/undo/")
    assert binder.owned() == before


def test_others_cannot_see_or_undo_a_history(client, bob, binder):
    record = CollectionChange.objects.create(collection=binder, kind="clear", counts=[])
    client.force_login(bob)
    assert client.get(f"/en/collections/{binder.pk}/history/").status_code == 404
    assert client.post(f"/en/collections/{binder.pk}/history/{record.pk}/undo/").status_code == 404


def test_an_empty_list_changes_nothing(client, alice, binder):
    client.force_login(alice)
    before = binder.owned()
    page = client.post(f"/fr/collections/{binder.pk}/import/", {"text": "# rien\n", "mode": "replace"})
    assert "Cette liste n’a aucune ligne de carte" in page.text and binder.owned() == before


def test_the_api_previews_confirms_and_undoes(api, alice, bob, binder):
    api.force_authenticate(alice)
    url = f"/api/v1/collections/{binder.pk}/"
    before = binder.owned()
    preview = api.post(url + "import/", {"text": "3 Fluffnip", "preview": True}, format="json").json()
    assert preview["preview"] is True and preview["history_id"] is None and binder.owned() == before
    asked = api.post(url + "clear/", {}, format="json")
    assert asked.status_code == 409 and set(asked.json()) >= {"message", "code", "errors", "changes", "digest"}
    emptied = api.post(url + "clear/", {"confirm": True, "digest": asked.json()["digest"]}, format="json").json()
    assert emptied["copies"] == 0 and emptied["distinct_cards"] == 0
    history = api.get(url + "history/").json()["results"]
    assert history[0]["kind"] == "clear" and history[0]["totals"]["copies_removed"] == 39
    restored = api.post(url + f"history/{emptied['history_id']}/undo/").json()
    assert (restored["copies"], restored["distinct_cards"]) == (39, 10) and binder.owned() == before
    twice = api.post(url + f"history/{emptied['history_id']}/undo/")
    assert twice.status_code == 409 and twice.json()["code"] == "collections.already_undone"
    api.force_authenticate(bob)
    assert api.get(url + "history/").status_code == 404


# Files from any spreadsheet


@pytest.mark.parametrize(
    ("file_name", "encoding", "expected"),
    [
        ("excel-fr-cp1252.csv", "Windows-1252", {"Fluffnip": 3, "Pocket Puff": 2, "Queen Nap": 1}),
        ("excel-it-latin9.csv", "ISO-8859-15", {"Fluffnip": 3, "Pocket Puff": 2}),
        ("excel-fr-latin1.csv", "ISO-8859-1", {"Vent Skulker": 4}),
    ],
)
def test_excel_files_in_western_encodings(client, alice, sample, file_name, encoding, expected):
    pool = Collection.objects.create(owner=alice, name="Classeur")
    client.force_login(alice)
    upload = SimpleUploadedFile(file_name, (EXPORTS / file_name).read_bytes(), content_type="text/csv")
    preview = client.post(f"/fr/collections/{pool.pk}/import/", {"file": upload})
    assert pool.owned() == {} and preview.context["preview"]["read_as"]["encoding"] == encoding
    assert "séparé par des points-virgules" in preview.text
    shown = preview.context["preview"]
    client.post(f"/fr/collections/{pool.pk}/import/", {**shown, "confirm": "1"})
    assert named(pool) == expected


def test_deckbox_moxfield_and_archidekt_exports_in_the_api_with_counts(api, alice, sample):
    api.force_authenticate(alice)
    pool = api.post("/api/v1/collections/", {"name": "Binder"}, format="json").json()["id"]
    for name in ("archidekt-deck.txt", "moxfield-deck.txt", "deckbox-deck.txt"):
        text = (EXPORTS / name).read_text(encoding="utf-8")
        body = api.post(f"/api/v1/collections/{pool}/import/", {"text": text}, format="json").json()
    # Each list holds the 32-card deck and a sideboard (Archidekt 1, Moxfield 2, Deckbox 1 card);
    # Archidekt's maybeboard line is left out.
    assert (body["copies"], body["distinct_cards"]) == (32 * 3 + 1 + 2 + 1, 34)
    listed = api.get("/api/v1/collections/").json()[0]
    assert (listed["copies"], listed["distinct_cards"]) == (100, 34)


@pytest.mark.parametrize("text", ["", "  \n", "# nothing\n"])
def test_an_empty_replace_over_the_api_says_the_list_is_empty(api, alice, binder, text):
    api.force_authenticate(alice)
    before = binder.owned()
    url = f"/api/v1/collections/{binder.pk}/import/"
    refused = api.post(url, {"text": text, "mode": "replace"}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    body = refused.json()
    assert refused.status_code == 400 and body["code"] == "collections.no_cards", body
    assert body["message"] == "Cette liste n’a aucune ligne de carte\u00a0: rien à importer."
    assert binder.owned() == before
    neither = api.post(url, {"mode": "replace"}, format="json")
    assert neither.status_code == 400 and neither.json()["code"] == "api.invalid"
