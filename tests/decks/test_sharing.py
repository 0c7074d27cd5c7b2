"""Privacy by unguessable links: unlisted decks and collections open by their share key only.

alice owns a private, an unlisted and a public deck and an unlisted collection; bob (another
player) and an anonymous visitor try every id in a range, in pages and the API, and find only
the public deck.
"""

import pytest

from catalogue.models import Card, Game
from decks.models import Collection, Deck
from decks.services import decks as deck_services
from decks.services.sharing import regenerate_share_link

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices(alice, sample):
    game = Game.objects.get(slug="dust-collectorz")
    puff = Card.objects.get(name="Pocket Puff")
    decks = {
        visibility: deck_services.create_deck(
            alice, f"{visibility} deck", game, "dc-prerelease", visibility, {puff.pk: 2}
        )
        for visibility in ("private", "unlisted", "public")
    }
    pool = Collection.objects.create(owner=alice, name="Binder", visibility="unlisted")
    pool.items.create(card=puff, qty=3)
    secret = Collection.objects.create(owner=alice, name="Secret", visibility="private")
    return {**decks, "pool": pool, "secret": secret}


DECK_PAGES = ("", "export/", "versions/1/", "compare/", "clone/", "edit/", "settings/", "delete/")
DECK_API = ("", "versions/", "validate/", "compare/")
COLLECTION_PAGES = ("", "import/", "export/", "settings/", "delete/")


def test_trying_ids_finds_nothing_but_public_decks(client, api, bob, alices):
    public = alices["public"].pk
    # Every id that exists and a few that do not (PostgreSQL's sequences are not rolled back between
    # tests, so counting from 1 would try hundreds of ids that belong to nothing).
    existing = {*Deck.objects.values_list("pk", flat=True), *Collection.objects.values_list("pk", flat=True)}
    ids = sorted(existing | {1, min(existing) - 1, *range(max(existing) + 1, max(existing) + 5)} - {0})
    for who in (bob, None):
        if who:
            client.force_login(who)
        else:
            client.logout()
        api.force_authenticate(who)
        for number in ids:
            for suffix in DECK_PAGES[:4]:
                status = client.get(f"/en/decks/{number}/{suffix}").status_code
                assert status == (200 if number == public else 404), (who, number, suffix, status)
            for suffix in DECK_API:
                status = api.get(f"/api/v1/decks/{number}/{suffix}").status_code
                assert status == (200 if number == public else 404), (who, number, suffix, status)
            for suffix in COLLECTION_PAGES:
                assert client.get(f"/en/collections/{number}/{suffix}").status_code == (404 if who else 302)
            assert api.get(f"/api/v1/collections/{number}/").status_code == (404 if who else 401)
        listed = {deck["id"] for deck in api.get("/api/v1/decks/").json()}
        assert listed == {public}


def test_writes_by_id_are_refused_to_others(client, api, bob, alices):
    unlisted = alices["unlisted"]
    client.force_login(bob)
    api.force_authenticate(bob)
    assert client.post(f"/en/decks/{unlisted.pk}/share/").status_code == 404
    assert client.post(f"/en/decks/{unlisted.pk}/versions/1/restore/").status_code == 404
    assert api.post(f"/api/v1/decks/{unlisted.pk}/share-link/").status_code == 404
    assert api.post(f"/api/v1/decks/{alices['public'].pk}/share-link/").status_code == 404
    assert client.post(f"/en/collections/{alices['pool'].pk}/share/").status_code == 404
    assert Deck.objects.get(pk=unlisted.pk).share_token == unlisted.share_token


def test_the_share_link_opens_an_unlisted_deck_in_pages_and_api(client, api, bob, alices):
    unlisted = alices["unlisted"]
    key = unlisted.share_token
    assert len(key) >= 22 and not key.isdigit()
    page = client.get(f"/en/decks/shared/{key}/")
    assert page.status_code == 200 and "unlisted deck" in page.text
    assert f'href="/en/decks/shared/{key}/export/"' in page.text  # links keep the share route
    assert f"/en/decks/{unlisted.pk}/" not in page.text
    assert "2 Pocket Puff (PR1) 002" in client.get(f"/en/decks/shared/{key}/export/").content.decode()
    assert client.get(f"/en/decks/shared/{key}/versions/1/").status_code == 200
    body = api.get(f"/api/v1/shared/decks/{key}/").json()
    assert body["name"] == "unlisted deck" and body["share_token"] is None
    assert api.get(f"/api/v1/shared/decks/{key}/validate/").json()["card_count"] == 2
    # A private deck's key opens nothing; a wrong key neither.
    assert client.get(f"/en/decks/shared/{alices['private'].share_token}/").status_code == 404
    assert api.get(f"/api/v1/shared/decks/{alices['private'].share_token}/").status_code == 404
    assert client.get(f"/en/decks/shared/{key[:-1]}x/").status_code == 404


def test_the_owner_sees_and_replaces_the_link(client, api, alice, alices):
    unlisted = alices["unlisted"]
    old = unlisted.share_token
    client.force_login(alice)
    page = client.get(f"/en/decks/{unlisted.pk}/")
    assert f"http://testserver/en/decks/shared/{old}/" in page.text
    assert "share-link" not in client.get(f"/en/decks/{alices['private'].pk}/").text
    client.post(f"/en/decks/{unlisted.pk}/share/")
    new = Deck.objects.get(pk=unlisted.pk).share_token
    assert new != old
    assert client.get(f"/en/decks/shared/{old}/").status_code == 404
    assert client.get(f"/en/decks/shared/{new}/").status_code == 200
    api.force_authenticate(alice)
    replaced = api.post(f"/api/v1/decks/{unlisted.pk}/share-link/").json()
    assert replaced["share_token"] != new and replaced["share_url"].endswith(
        f"/decks/shared/{replaced['share_token']}/"
    )
    assert api.get(f"/api/v1/shared/decks/{new}/").status_code == 404


def test_an_unlisted_collection_is_read_only_by_its_link(client, api, alice, bob, alices):
    pool, secret = alices["pool"], alices["secret"]
    client.force_login(bob)
    page = client.get(f"/en/collections/shared/{pool.share_token}/")
    assert page.status_code == 200 and "Pocket Puff" in page.text and "Set to" not in page.text
    assert (
        "3 Pocket Puff (PR1) 002" in client.get(f"/en/collections/shared/{pool.share_token}/export/").content.decode()
    )
    assert client.get(f"/en/collections/shared/{secret.share_token}/").status_code == 404
    api.force_authenticate(None)
    body = api.get(f"/api/v1/shared/collections/{pool.share_token}/").json()
    assert body["card_count"] == 3 and body["owner"] == "alice" and body["share_token"] is None
    assert api.get(f"/api/v1/shared/collections/{secret.share_token}/").status_code == 404
    # The owner makes it private: the link dies. Replacing the key kills the old one too.
    client.force_login(alice)
    client.post(f"/en/collections/{pool.pk}/settings/", {"name": "Binder", "visibility": "private"})
    assert client.get(f"/en/collections/shared/{pool.share_token}/").status_code == 404
    client.post(f"/en/collections/{pool.pk}/settings/", {"name": "Binder", "visibility": "unlisted"})
    old = pool.share_token
    regenerate_share_link(pool)
    assert client.get(f"/en/collections/shared/{old}/").status_code == 404
    assert client.get(f"/en/collections/shared/{pool.share_token}/").status_code == 200


def test_collection_visibility_over_the_api(api, alice):
    api.force_authenticate(alice)
    created = api.post("/api/v1/collections/", {"name": "Trades", "visibility": "unlisted"}, format="json").json()
    assert created["share_url"].endswith(f"/collections/shared/{created['share_token']}/")
    changed = api.patch(f"/api/v1/collections/{created['id']}/", {"visibility": "private"}, format="json").json()
    assert changed["visibility"] == "private" and changed["share_url"] is None


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_every_existing_row_its_own_key():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("decks", "0001_initial")])
    # The other apps stay at their latest migrations; only decks goes back.
    others = [node for node in executor.loader.graph.leaf_nodes() if node[0] != "decks"]
    old = executor.loader.project_state([("decks", "0001_initial"), *others]).apps
    user = old.get_model("accounts", "User").objects.create(username="old-timer")
    game = old.get_model("catalogue", "Game").objects.create(slug="old-game", name="Old game")
    for number in range(3):
        old.get_model("decks", "Deck").objects.create(owner=user, name=f"d{number}", game=game, format_slug="x")
        old.get_model("decks", "Collection").objects.create(owner=user, name=f"c{number}")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    for model in (Deck, Collection):
        keys = list(model.objects.values_list("share_token", flat=True))
        assert len(keys) == 3 and all(len(key) >= 22 for key in keys) and len(set(keys)) == 3


def test_a_private_deck_or_collection_gets_no_share_link(client, api, alice, alices):
    """The reported bug: the API handed out a link for a private deck, which led to 404."""
    api.force_authenticate(alice)
    private, secret = alices["private"], alices["secret"]
    for url in (f"/api/v1/decks/{private.pk}/share-link/", f"/api/v1/collections/{secret.pk}/share-link/"):
        refused = api.post(url)
        body = refused.json()
        assert refused.status_code == 409 and body["code"] == "sharing.private"
        assert set(body) == {"message", "code", "errors"} and "unlisted" in body["message"]
    assert Deck.objects.get(pk=private.pk).share_token == private.share_token  # nothing changed
    assert api.get(f"/api/v1/decks/{private.pk}/").json()["share_url"] is None
    client.force_login(alice)
    page = client.post(f"/fr/decks/{private.pk}/share/", follow=True)
    assert "est privé" in page.text
    public = api.post(f"/api/v1/decks/{alices['public'].pk}/share-link/").json()
    api.force_authenticate(None)
    assert api.get(f"/api/v1/shared/decks/{public['share_token']}/").status_code == 200
