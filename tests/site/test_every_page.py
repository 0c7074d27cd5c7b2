"""Every page of the site renders in English, French and Italian (as a visitor, a player and an
organiser), and the page lists below name every page the URL patterns define: a new page must
be added here (tests/site/browser/test_browser_phone.py visits the same lists at phone width)."""

import io

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve

from decks.models import BulkValidation, Collection
from decks.services import bulk
from decks.services import collections as collection_services
from decks.services import decks as deck_services
from tournaments.models import CheckedDeck, Event, Penalty, Webhook, WebhookDelivery
from tournaments.services import events_cancel, judging

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "fr", "it")

# Named routes under the language prefix that are not pages: actions that only take a POST,
# downloads and JSON feeds.
NOT_PAGES = {
    "javascript-catalogue",  # a script, tested in tests/tournaments/test_offline.py
    "accounts:logout",
    "accounts:personal_data",  # a download, tested in tests/accounts/test_data_download.py
    "accounts:password_reset_confirm",  # reached from an e-mail, with a one-time key
    "decks:bulk_progress",
    "decks:bulk_report",
    "decks:collection_count",
    "decks:collection_entry",
    "decks:collection_export",
    "decks:collection_share",
    "decks:collection_undo",
    "decks:deck_card",
    "decks:deck_export",
    "decks:deck_restore",
    "decks:deck_undelete",  # POST only: the Undo of a deletion, tested in tests/decks/test_deck_undo_delete.py
    "decks:deck_share",
    "decks:shared_collection_export",
    "decks:shared_deck_export",
    "rules:import_confirm",
    "rules:import_pairing",
    "rules:review",
    "tournaments:accept_claim",
    "tournaments:add_entrant",
    "tournaments:add_team",
    "tournaments:check_in",
    "tournaments:check_in_many",
    "tournaments:undo_drop",
    "tournaments:confirm_result",
    "tournaments:deck_check_draw",
    "tournaments:deck_check_outcome",
    "tournaments:export_csv",  # downloads, tested in tests/tournaments/interchange/
    "tournaments:export_json",
    "tournaments:export_trf",
    "tournaments:extend_table",
    "tournaments:penalty",
    "tournaments:call_judge",
    "tournaments:judge_call_claim",
    "tournaments:judge_call_close",
    "tournaments:judge_calls_live",  # the judge-call queue's fragment, polled by the judging page
    "tournaments:join",  # the join code's link: on to the registration (or the login first)
    "tournaments:join_team",  # a POST from the event page, tested in tests/tournaments/entrants/test_event_teams.py
    "tournaments:leave_waitlist",
    "tournaments:metagame_csv",  # downloads, tested in tests/tournaments/metagame/
    "tournaments:metagame_json",
    "tournaments:season_metagame_csv",
    "tournaments:season_metagame_json",
    "tournaments:pairings_csv",
    "tournaments:penalties_csv",
    "tournaments:prizes_csv",
    "tournaments:prize_plan",
    "tournaments:deadline",
    "tournaments:draw_seats",
    "tournaments:build_clock",
    "tournaments:dispute_result",
    "tournaments:pair",
    "tournaments:publication",
    "tournaments:report",
    "tournaments:result",
    "tournaments:result_sheet",
    "tournaments:standings_csv",
    "tournaments:standings_json",
    "tournaments:staff_remove",
    "tournaments:start",
    "tournaments:timer_control",
    "tournaments:top_cut_advance",
    "tournaments:top_cut_start",
    "tournaments:webhook_secret",  # POSTs, tested in tests/tournaments/webhooks/
    "tournaments:webhook_remove",
    "tournaments:webhook_replay",
    "tournaments:site_webhook_secret",
    "tournaments:site_webhook_remove",
    "tournaments:site_webhook_replay",
}


def build_world():
    """The sample data, plus decks and collections of every kind, each with something to show."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from catalogue.models import Card, Game
    from tournaments.services import events

    call_command("load_sample_data", stdout=io.StringIO())
    alice = get_user_model().objects.get(username="alice")
    organiser = get_user_model().objects.get(username="organiser")
    game = Game.objects.get(slug="dust-collectorz")
    cards = list(Card.objects.filter(card_set__game=game).order_by("number")[:12])
    deck = deck_services.create_deck(alice, "Every page", game, "dc-prerelease", "public", {cards[0].pk: 1})
    deck_services.save_version(deck, {card.pk: 2 for card in cards}, {})
    dbz = Game.objects.get(slug="dbz-ccg")
    dbz_text = "Main Personality: Goku\nTokui-Waza: Saiyan\n1 Goku (Level 1)\n1 Goku (Level 2)\n2 Saiyan Final Push\n1 Saiyan Heritage"
    dbz_deck = deck_services.create_deck(
        alice, "Saiyan rush", dbz, "dbz-expanded", "unlisted", *deck_services.cards_from_decklist(dbz_text, dbz)
    )
    pool = Collection.objects.create(owner=alice, name="Pool", visibility="unlisted")
    collection_services.import_into_collection(
        pool, collection_services.read_collection_list("\n".join(f"3 {card.name}" for card in cards))
    )
    job = BulkValidation.objects.create(
        owner=organiser, format_slug="dc-prerelease", as_of="2024-01-01", items=bulk.split_pasted("1 Pocket Puff")
    )
    bulk.run(job.pk)
    event = Event.objects.get(name__startswith="Sample prerelease")
    get_user_model().objects.get_or_create(username="newcomer")
    judging.draw_deck_check(event, organiser, 1, seed="every-page")
    judging.give_penalty(event, organiser, event.entrants.first().pk, "warning", "Slow play")
    webhook = Webhook.objects.create(
        event=event, owner=organiser, url="https://example.org/hook", kinds=["round.paired"]
    )
    WebhookDelivery.objects.create(
        webhook=webhook, event=event, kind="round.paired", status="failed", error="timed out"
    )
    site_hook = Webhook.objects.create(
        event=None,
        owner=get_user_model().objects.get(username="admin"),
        url="https://example.org/all",
        kinds=["event.finished"],
    )
    world = {"deck": deck, "dbz_deck": dbz_deck, "pool": pool, "event": event, "card": cards[0], "job": job}
    world["site_hook"] = site_hook
    world["mistake"] = events.create_event(organiser, "Made twice", "dust-collectorz")  # empty: may be deleted
    snowed_in = events.create_event(organiser, "Snowed in", "dust-collectorz")
    world["called_off"] = events_cancel.cancel_event(snowed_in, organiser, "Snow: the store is closed")
    world.update(_long_and_paged(organiser, alice, deck, pool, cards))
    return {**world, "sealed": _sealed_event(organiser, alice), "pod": _reclamation_pod(organiser)}


# What a phone must fit (tests/site/browser/test_browser_phone.py): a name or a reason with no space to
# break at, and long names with spaces, on the pages and in the states that show them.
UNBROKEN = "Anticonstitutionnellement" * 3
LONG_NAME = "Maximilienne-Alexandrine de La Tour-d’Auvergne-Lauraguais"


def _long_and_paged(organiser, alice, deck, pool, cards):
    """A deck with a second page of versions, a collection with a second page of changes, a recently
    deleted deck, an event cancelled with a long reason, a dashboard listing players without a deck,
    and a finished event whose prize sheet a correction left out of date, all under long names."""
    from decks.services.collections import HISTORY_PAGE
    from decks.views import VERSIONS_PER_PAGE
    from tournaments.services import events

    for number in range(VERSIONS_PER_PAGE):
        deck_services.save_version(deck, {cards[0].pk: 1 + number % 3, cards[1].pk: 1 + number // 3}, {})
    for number in range(HISTORY_PAGE):
        collection_services.add_copies(pool, cards[number % 3], 1, actor=alice)
    gone = deck_services.create_deck(alice, UNBROKEN, deck.game, "dc-prerelease", "private", {cards[0].pk: 1})
    deck_services.delete_deck(gone, alice)
    storm = events.create_event(organiser, UNBROKEN, "dust-collectorz")
    return {
        "storm": events_cancel.cancel_event(storm, organiser, f"Tempête {UNBROKEN} {LONG_NAME} " * 2),
        "waiting": _waiting_for_decks(organiser),
        "corrected": _prizes_out_of_date(organiser),
    }


def _waiting_for_decks(organiser):
    """A constructed event after round 1 where two walk-ins have no deck yet: the dashboard names them."""
    from tests.tournaments.decklists.test_pairing_needs_decks import constructed
    from tournaments.services import entrants as entrant_services

    event = constructed(organiser, swiss_rounds=3)
    for name in (LONG_NAME, UNBROKEN):
        entrant_services.add_entrant(event, organiser, name=name)
    return event


def _prizes_out_of_date(organiser):
    """Four long-named players, one round, finished; a correction makes two players 1-0 where the pool
    pays one, so the prize sheet says it is out of date (tests/tournaments/events/test_prizes_after_correction.py)."""
    from django.db import transaction

    from tournaments.engine.pairing.model import Pairing
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events, prizes
    from tournaments.services.common import locked
    from tournaments.services.results import record_result
    from tournaments.services.rounds import create_round

    event = events.create_event(organiser, UNBROKEN, "dust-collectorz", swiss_rounds=1)
    a, b, c, d = (entrant_services.add_entrant(event, organiser, name=f"{UNBROKEN[:60]}{n}").pk for n in "ABCD")
    events.start_event(event, organiser)
    with transaction.atomic():
        round_ = create_round(locked(Event.objects.get(pk=event.pk)), organiser, Pairing(1, [[a, b], [c, d]], []))
    record_result(round_.matches.get(seats__entrant_id=a), organiser, wins={a: 2, b: 0})
    drawn = round_.matches.get(seats__entrant_id=c)
    record_result(drawn, organiser, wins={c: 1, d: 1}, draws=1)
    prizes.set_prize_plan(
        Event.objects.get(pk=event.pk), organiser, {"scheme": "record", "fixed": 4, "by_record": {"1-0": 3}}
    )
    events.finish_event(Event.objects.get(pk=event.pk), organiser)
    record_result(drawn, organiser, wins={c: 2, d: 1}, correction=f"{LONG_NAME} {UNBROKEN}")
    return Event.objects.get(pk=event.pk)


def _reclamation_pod(organiser):
    """A Dust: Reclamation pod of three in round 1: its table takes the game's score sheet."""
    from tests.conftest import join_event, make_user
    from tournaments.services import events, rounds

    event = events.create_event(organiser, "Trick night", "dust-reclamation", mode="ffa", pod_size=3, best_of=1)
    for name in ("pia", "quin", "rue"):
        join_event(event, make_user(name))
    events.start_event(event, organiser)
    return rounds.pair_next_round(event, organiser).matches.get(is_bye=False)


def _sealed_event(organiser, alice):
    """A sealed prerelease before round 1: alice's pool registered, seats drawn, the build clock on."""
    from tests.tournaments.sealed.test_sealed_events import dc_cards, pool_text
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events, rounds_clock, sealed

    event = events.create_event(organiser, "Sealed day", "dust-collectorz", format_slug="dc-prerelease", sealed=True)
    mine = entrant_services.add_entrant(event, alice, user=alice)
    for name in ("Ben", "Cleo"):
        entrant_services.add_entrant(event, organiser, name=name)
    sealed.register_pool(mine, alice, pool_text(dc_cards()))
    sealed.assign_build_seats(event, organiser, seed=14)
    rounds_clock.start_build_clock(event, organiser, 30)
    return event


@pytest.fixture
def world(sample):
    return build_world()


def pages(world):
    event, deck, card, dbz_deck = world["event"], world["deck"], world["card"], world["dbz_deck"]
    game = card.card_set.game.slug
    dbz_card = dbz_deck.versions.get().cards.first().card
    return [
        "",
        "catalogue/",
        f"catalogue/{game}/",
        f"catalogue/{game}/{card.card_set.code}/{card.number}/",
        "catalogue/dbz-ccg/",
        f"catalogue/dbz-ccg/{dbz_card.card_set.code}/{dbz_card.number}/",
        "accounts/login/",
        "accounts/signup/",
        "accounts/password/reset/",
        "accounts/password/reset/sent/",
        "accounts/password/reset/complete/",
        "accounts/deleted/",
        "decks/",
        f"decks/{deck.pk}/",
        f"decks/{deck.pk}/versions/1/",
        f"decks/{deck.pk}/compare/",
        f"decks/shared/{dbz_deck.share_token}/",
        f"decks/shared/{dbz_deck.share_token}/versions/1/",
        f"decks/shared/{dbz_deck.share_token}/compare/",
        f"collections/shared/{world['pool'].share_token}/",
        "events/",
        "events/join/",
        f"events/{event.pk}/",
        f"events/{event.pk}/standings/",
        f"events/{event.pk}/bracket/",
        f"events/{event.pk}/rounds/1/pairings/",
        f"events/{event.pk}/rounds/1/pairings/?by=name",
        f"events/{event.pk}/rounds/1/slips/",
        f"events/{event.pk}/timer/",
        f"events/{event.pk}/projector/",
        f"events/{event.pk}/prizes/",
        "events/metagame/",
        "events/metagame/?organiser=organiser&format=dc-prerelease",
        f"events/{world['sealed'].pk}/seats/",
        f"events/{world['sealed'].pk}/projector/",
        f"events/{world['sealed'].pk}/timer/",
        f"events/{world['called_off'].pk}/",
        "rules/",
        f"rules/{game}/",
        f"rules/{game}/compare/",
        f"rules/{game}/history/",
        f"rules/{game}/check/",
        f"rules/{game}/clash/",
        "rules/dbz-ccg/",
        "rules/dust-reclamation/",
    ]


def player_pages(world):
    deck, pool, event, dbz_deck = world["deck"], world["pool"], world["event"], world["dbz_deck"]
    return [
        "accounts/profile/",
        "accounts/password/change/",
        "accounts/logout-everywhere/",
        "accounts/password/change/done/",
        "accounts/delete/",  # alice plays in the sample event: the page names it and offers no form yet
        "decks/new/",
        f"decks/{deck.pk}/edit/",
        f"decks/{deck.pk}/?hand=7",
        f"decks/{dbz_deck.pk}/",
        f"decks/{dbz_deck.pk}/edit/",
        f"decks/{deck.pk}/settings/",
        f"decks/{deck.pk}/delete/",
        f"decks/{deck.pk}/clone/",
        f"decks/shared/{dbz_deck.share_token}/clone/",
        "collections/",
        f"collections/{pool.pk}/",
        f"collections/{pool.pk}/import/",
        f"collections/{pool.pk}/clear/",
        f"collections/{pool.pk}/history/",
        f"collections/{pool.pk}/decks/",
        f"collections/{pool.pk}/?f-group=tribe&f-game=dust-collectorz",
        f"collections/{pool.pk}/settings/",
        f"collections/{pool.pk}/delete/",
        f"events/{event.pk}/me/",
        f"events/{event.pk}/me/drop/",
        f"events/{event.pk}/deck/",
        f"events/{world['sealed'].pk}/pool/",
        f"events/{world['sealed'].pk}/pool/build/",
        f"events/{world['sealed'].pk}/me/",
        f"events/{world['sealed'].pk}/deck/",
    ]


def newcomer_pages(world):
    """Pages of a player with nothing yet (not registered for the event)."""
    return [f"events/{world['event'].pk}/register/"]


def organiser_pages(world):
    event = world["event"]
    entrant = event.entrants.order_by("pk").first()
    match = event.rounds.get(number=1).matches.filter(is_bye=False).first()
    return [
        "events/new/",
        "events/import/",
        f"events/{event.pk}/manage/",
        f"events/{event.pk}/manage/players/import/",
        f"events/{event.pk}/manage/?status=open&q=1",
        f"events/{event.pk}/manage/players/",
        f"events/{event.pk}/manage/settings/",
        f"events/{event.pk}/manage/players/?status=present&q=a&page=99",
        f"events/{event.pk}/manage/rounds/1/",
        f"events/{event.pk}/manage/rounds/1/?q=alice",
        f"events/{event.pk}/manage/rounds/delete/?round=2",
        f"events/{event.pk}/manage/rounds/repair/?round=2",
        f"events/{event.pk}/manage/entrants/{entrant.pk}/remove/",
        f"events/{event.pk}/manage/matches/{match.pk}/",
        f"events/{event.pk}/manage/entrants/{entrant.pk}/deck/",
        f"events/{event.pk}/manage/entrants/{entrant.pk}/drop/",
        f"events/{event.pk}/manage/matches/{match.pk}/correction/",
        f"events/{world['pod'].round.event_id}/manage/matches/{world['pod'].pk}/",
        f"events/{world['pod'].round.event_id}/manage/rounds/1/sheets/",
        f"events/{world['pod'].round.event_id}/manage/rounds/1/sheets/?match={world['pod'].pk}",
        f"events/{event.pk}/manage/finish/",
        f"events/{event.pk}/manage/cancel/",
        f"events/{world['called_off'].pk}/manage/",
        f"events/{world['called_off'].pk}/manage/reopen/",
        f"events/{world['waiting'].pk}/manage/",  # the players held up for want of a deck
        f"events/{world['mistake'].pk}/manage/delete/",
        f"events/{event.pk}/manage/judging/",
        f"events/{event.pk}/manage/join-code/",
        f"events/{event.pk}/manage/join-sheet/",
        f"events/{event.pk}/manage/judging/deck-checks/{CheckedDeck.objects.first().pk}/sheet/",
        f"events/{event.pk}/manage/judging/penalties/{Penalty.objects.first().pk}/take-back/",
        f"events/{event.pk}/manage/staff/",
        f"events/{event.pk}/manage/results/",
        f"events/{event.pk}/manage/decklists/",
        f"events/{event.pk}/metagame/",  # every registered list, before they are published
        f"events/{event.pk}/manage/log/",
        f"events/{event.pk}/manage/log/?round=1",
        f"events/{event.pk}/manage/webhooks/",
        f"events/{event.pk}/manage/webhooks/{Webhook.objects.get(event=event).pk}/",
        f"events/{event.pk}/manage/entrants/{entrant.pk}/decklist/",
        f"events/{world['sealed'].pk}/manage/deck-building/",
        f"events/{world['sealed'].pk}/manage/deck-building/end/",
        f"events/{world['sealed'].pk}/manage/entrants/{world['sealed'].entrants.order_by('pk').first().pk}/pool/",
        f"events/{world['sealed'].pk}/manage/entrants/{world['sealed'].entrants.order_by('pk').first().pk}/pool/build/",
        f"events/{world['sealed'].pk}/manage/entrants/{world['sealed'].entrants.order_by('pk').last().pk}/pool/",
        "rules/dust-collectorz/import/",
        "decks/bulk/",
        f"decks/bulk/{world['job'].pk}/",
        f"decks/bulk/{world['job'].pk}/?problems=1",
    ]


def admin_pages(world):
    """The site's administrators' own pages (a superuser of the sample data)."""
    return ["events/webhooks/", f"events/webhooks/{world['site_hook'].pk}/"]


def visits(world, long_and_paged=False):
    """(username or None, [url paths without the language]) in the order to visit them; with
    `long_and_paged`, also the pages again in the states _long_and_paged builds, which only the phone
    test needs (their markup is the same pages', measured again with text that will not wrap)."""
    return [
        (None, pages(world)),
        ("alice", player_pages(world)),
        ("newcomer", newcomer_pages(world)),
        ("organiser", organiser_pages(world)),
        ("admin", admin_pages(world)),
        *(_long_and_paged_visits(world) if long_and_paged else []),
    ]


def _long_and_paged_visits(world):
    deck, pool, storm, corrected = world["deck"], world["pool"], world["storm"].pk, world["corrected"].pk
    return [
        (
            None,
            [
                f"events/{storm}/",
                f"decks/{deck.pk}/?versions=2",
                f"events/{corrected}/prizes/",
                f"events/{corrected}/standings/",
                f"events/{corrected}/rounds/1/pairings/",
                f"events/{corrected}/rounds/1/slips/",
            ],
        ),
        ("alice", ["decks/", f"collections/{pool.pk}/history/?page=2"]),  # one deck recently deleted
        ("newcomer", ["accounts/delete/"]),  # nothing to wait for: the form
        (
            "organiser",
            [
                f"events/{storm}/manage/",
                f"events/{corrected}/manage/",
                f"events/{corrected}/manage/judging/",  # the prize sheet out of date
            ],
        ),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_in_every_language(client, world, language):
    from django.contrib.auth import get_user_model

    for username, urls in visits(world):
        if username is not None:
            client.force_login(get_user_model().objects.get(username=username))
        for url in urls:
            response = client.get(f"/{language}/{url}")
            assert response.status_code == 200, f"/{language}/{url}: {response.status_code}"
            assert f'<html lang="{language}"' in response.text, url


def test_every_page_with_the_cache_down(client, world, settings):
    """Redis stopped: a cache error is a miss, so every page still renders (from the database)."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    from tests.site.test_hardening import DEAD_CACHE

    settings.CACHES = DEAD_CACHE
    cache.close()
    organiser = get_user_model().objects.get(username="organiser")
    player = get_user_model().objects.get(username="alice")
    for who, urls in ((None, pages(world)), (player, player_pages(world)), (organiser, organiser_pages(world))):
        if who is not None:
            client.force_login(who)
        for url in urls:
            assert client.get(f"/en/{url}").status_code == 200, url


def _routes(patterns, namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(filter(None, [namespace, pattern.namespace]))
            yield from _routes(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield ":".join(filter(None, [namespace, pattern.name]))


def test_the_lists_name_every_page(world):
    """Every named route under the language prefix is visited above or is not a page."""
    language_patterns = next(
        p
        for p in get_resolver().url_patterns
        if getattr(p, "pattern", None) and "LocalePrefix" in type(p.pattern).__name__
    )
    routes = {name for name in _routes(language_patterns.url_patterns) if not name.startswith("admin:")}
    visited = {resolve("/en/" + url.split("?")[0]).view_name for _who, urls in visits(world) for url in urls}
    missing = routes - visited - NOT_PAGES
    _assert_the_long_and_paged_states_are_shown(world)
    assert not missing, f"pages no test visits (add them to tests/site/test_every_page.py): {sorted(missing)}"
    assert not NOT_PAGES - routes, f"NOT_PAGES names routes that no longer exist: {sorted(NOT_PAGES - routes)}"


def _assert_the_long_and_paged_states_are_shown(world):
    """The states the phone test must measure (_long_and_paged) are on the pages the lists name."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    users = get_user_model().objects
    as_alice, as_organiser, client = Client(), Client(), Client()
    as_alice.force_login(users.get(username="alice"))
    as_organiser.force_login(users.get(username="organiser"))
    shown = {
        "recently deleted": ('id="deleted-title"', as_alice, "decks/"),
        "versions, page 2": ('class="pagination"', client, f"decks/{world['deck'].pk}/?versions=2"),
        "changes, page 2": ('class="pagination"', as_alice, f"collections/{world['pool'].pk}/history/?page=2"),
        "waiting for decks": ('id="waiting-for-decks"', as_organiser, f"events/{world['waiting'].pk}/manage/"),
        "prizes out of date": ("do not fit the pool", client, f"events/{world['corrected'].pk}/prizes/"),
        "long reason": (UNBROKEN, as_organiser, f"events/{world['storm'].pk}/manage/"),
    }
    missing = [state for state, (mark, who, url) in shown.items() if mark not in who.get(f"/en/{url}").text]
    assert not missing, f"states the page lists no longer show: {missing}"
