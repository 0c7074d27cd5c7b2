"""A player's decks and collections cost the same queries with 2 decks or 12, 2 versions or 12, a few
cards or many and one collection or four: every page and API read a player opens (page_costs)."""

import datetime

import pytest

from catalogue.models import Card, Game
from decks.services import bulk
from decks.services import collections as collection_services
from decks.services import decks as deck_services
from tests.conftest import make_user, page_costs, same_costs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

SMALL = {"decks": 2, "versions": 2, "cards": 3, "collections": 1}
LARGE = {"decks": 12, "versions": 12, "cards": 40, "collections": 4}


def player(name, decks, versions, cards, collections):
    """A player with `decks` public decks (the last one unlisted too) of `versions` versions each, and
    `collections` collections of `cards` cards, each counted once since; another player's public decks."""
    game = Game.objects.get(slug="dust-collectorz")
    pool = list(Card.objects.filter(card_set__game=game).order_by("number"))
    owner, other = make_user(name), make_user(f"{name}-friend")
    for number in range(decks):
        deck_services.create_deck(other, f"Theirs {number}", game, "dc-prerelease", "public", {pool[number].pk: 2})
        mine = deck_services.create_deck(owner, f"Mine {number}", game, "dc-prerelease", "public", {pool[0].pk: 1})
        for version in range(1, versions):
            cards_of = {card.pk: 1 + version % 3 for card in pool[: 3 + version]}
            deck_services.save_version(mine, {**cards_of, pool[-1].pk: 1}, {})  # a card no binder holds
    unlisted = deck_services.create_deck(owner, "By link", game, "dc-prerelease", "unlisted", {pool[0].pk: 1})
    for version in range(1, versions):
        deck_services.save_version(unlisted, {card.pk: 2 for card in pool[: 2 + version]}, {})
    for number in range(collections):
        binder = collection_services.create_collection(owner, f"Binder {number}", "unlisted")
        listed = "\n".join(f"3 {card.name}" for card in pool[:cards])
        collection_services.import_into_collection(binder, collection_services.read_collection_list(listed))
        for card in pool[:cards]:
            collection_services.add_copies(binder, card, 1)
    return owner, mine, unlisted, binder


def deck_pages(deck, unlisted, binder):
    page, shared = f"/en/decks/{deck.pk}", f"/en/decks/shared/{unlisted.share_token}"
    api, shared_api = f"/api/v1/decks/{deck.pk}", f"/api/v1/shared/decks/{unlisted.share_token}"
    return [
        "/en/decks/",
        "/en/decks/new/",
        f"{page}/",
        f"{page}/?hand=7",
        f"{page}/?collection={binder.pk}",
        f"{page}/versions/1/",
        f"{page}/compare/",
        f"{page}/compare/?older=1&newer=2",
        f"{page}/edit/",
        f"{page}/edit/?q=rust",
        f"{page}/settings/",
        f"{page}/clone/",
        f"{page}/delete/",
        f"{page}/export/",
        f"{shared}/",
        f"{shared}/versions/2/",
        f"{shared}/compare/",
        f"{shared}/export/",
        f"{shared}/clone/",
        "/api/v1/decks/",
        f"{api}/",
        f"{api}/versions/",
        f"{api}/compare/?older=1&newer=2",
        f"{api}/validate/",
        f"{api}/validate/?collection={binder.pk}",
        f"{shared_api}/",
        f"{shared_api}/versions/",
        f"{shared_api}/compare/?older=1&newer=2",
        f"{shared_api}/validate/",
        "/api/v1/formats/",
    ]


def collection_pages(binder):
    page, api = f"/en/collections/{binder.pk}", f"/api/v1/collections/{binder.pk}"
    return [
        "/en/collections/",
        f"{page}/",
        f"{page}/?f-group=tribe&f-game=dust-collectorz",
        f"{page}/history/",
        f"{page}/decks/",
        f"{page}/export/",
        f"{page}/export/?as=csv",
        f"{page}/import/",
        f"{page}/clear/",
        f"{page}/settings/",
        f"{page}/delete/",
        f"/en/collections/shared/{binder.share_token}/",
        f"/en/collections/shared/{binder.share_token}/export/",
        "/api/v1/collections/",
        f"{api}/",
        f"{api}/history/",
        f"{api}/export/",
        f"/api/v1/shared/collections/{binder.share_token}/",
        f"/api/v1/shared/collections/{binder.share_token}/export/",
    ]


def costs(client, owner, mine, unlisted, binder):
    client.force_login(owner)
    return page_costs(client, deck_pages(mine, unlisted, binder) + collection_pages(binder))


def test_a_players_decks_and_collections_cost_the_same_however_many(client, sample):
    small = costs(client, *player("few", **SMALL))
    large = costs(client, *player("many", **LARGE))
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def test_the_api_lists_show_every_deck_version_and_collection_as_before(api, sample):
    """What the lists now read at once is what each row read on its own."""
    owner, mine, _unlisted, binder = player("reader", decks=3, versions=3, cards=5, collections=2)
    api.force_authenticate(owner)
    listed = {deck["id"]: deck["version"] for deck in api.get("/api/v1/decks/").json()}
    assert listed[mine.pk] == {"number": 3, "hash": mine.latest_version().content_hash}
    versions = api.get(f"/api/v1/decks/{mine.pk}/versions/").json()
    for version in versions:
        stored = mine.versions.get(number=version["number"])
        assert version["decklist"] == deck_services.version_text(stored)
        assert version["cards"] == [
            {"card": card.pk, "qty": qty} for card, qty in deck_services.version_entries(stored)
        ]
    assert [version["number"] for version in versions] == [3, 2, 1]
    collections = {row["id"]: row for row in api.get("/api/v1/collections/").json()}
    owned = binder.owned()
    assert collections[binder.pk]["copies"] == collections[binder.pk]["card_count"] == sum(owned.values()) == 20
    assert collections[binder.pk]["distinct_cards"] == len(owned) == 5
    empty = collection_services.create_collection(owner, "Empty")
    rows = {row["id"]: row for row in api.get("/api/v1/collections/").json()}
    assert (rows[empty.pk]["copies"], rows[empty.pk]["distinct_cards"]) == (0, 0)


def test_bulk_validation_pages_cost_the_same_for_more_decklists(
    client, organiser, sample, django_capture_on_commit_callbacks
):
    client.force_login(organiser)

    def run(count):
        pasted = bulk.split_pasted("\n---\n".join(["2 Pocket Puff"] * count))
        with django_capture_on_commit_callbacks(execute=True):  # the run, as a worker does it
            job = bulk.start_bulk_validation(organiser, "dc-prerelease", datetime.date(2024, 1, 1), pasted, "en")
        base = f"/en/decks/bulk/{job.pk}"
        urls = ["/en/decks/bulk/", f"{base}/", f"{base}/?problems=1", f"{base}/report.csv", f"{base}/progress/"]
        return page_costs(client, urls)

    small, large = run(1), run(12)
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)
