"""The judging page, the deck-check sheet and the prize sheet: what the organiser does in a browser
without the API, and who may not."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import time_format

from catalogue.models import Card
from decks.services.decks import create_deck
from tests.conftest import make_user
from tests.exports_support import read_dicts, read_rows
from tournaments.models import CheckedDeck, Event, Match, Penalty
from tournaments.services import decklists, judging, rounds_clock, staff

pytestmark = pytest.mark.django_db


def url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


def test_the_organiser_gives_a_penalty_and_an_extension_from_the_page(client, organiser, alice, four):
    client.force_login(organiser)
    page = client.get(url("judging", four))
    assert page.status_code == 200 and "Time extensions" in page.text and "Deck checks" in page.text
    entrant = four.entrants.get(user=alice)
    response = client.post(
        url("penalty", four), {"entrant": entrant.pk, "kind": "warning", "reason": "Slow play"}, follow=True
    )
    assert "Warning recorded for alice." in response.text and "Slow play" in response.text
    match = Match.objects.get(round__event=four, seats__entrant=entrant)
    response = client.post(url("extend_table", four, match.pk), {"minutes": 4}, follow=True)
    assert f"Table {match.table}: 4 minutes in all." in response.text


def test_a_refused_penalty_shows_why_in_french(client, organiser, alice, four):
    client.force_login(organiser)
    entrant = four.entrants.get(user=alice)
    with_lang = reverse("tournaments:penalty", args=[four.pk]).replace("/en/", "/fr/", 1)
    response = client.post(
        with_lang, {"entrant": entrant.pk, "kind": "warning", "reason": "x", "round": 3}, follow=True
    )
    assert "La ronde 3 n’a pas été appariée." in response.text
    assert not Penalty.objects.exists()


def register_a_deck(event, user):
    """Two Bronze champions of one tribe, one of another, two copies of a Counter type card."""
    dc = Card.objects.filter(card_set__game__slug="dust-collectorz")
    champions = list(dc.filter(rank="bronze").order_by("tribe__name", "name"))
    first, second = champions[0], next(card for card in champions if card.tribe_id != champions[0].tribe_id)
    counter = dc.filter(type="counter").first()
    deck = create_deck(
        user, "Sealed", event.game, "dc-prerelease", "private", cards={first.pk: 2, second.pk: 1, counter.pk: 2}
    )
    entrant = event.entrants.get(user=user)
    decklists.submit_deck(entrant, deck.versions.latest("number"), user)
    return first, second, counter


def test_a_drawn_deck_check_has_a_printable_sheet(client, organiser, alice, bob, four, sample):
    first, second, counter = register_a_deck(four, alice)
    client.force_login(organiser)
    response = client.post(url("deck_check_draw", four), {"count": 2, "seed": "abc"}, follow=True)
    assert "(seed abc)" in response.text
    checked = CheckedDeck.objects.get(entrant__user=alice)
    sheet = client.get(url("deck_check_sheet", four, checked.pk)).text
    assert "5 cards in all" in sheet and f"{first.tribe.name} — 2" in sheet and "Counter — 2" in sheet
    assert sheet.index(first.name) < sheet.index(counter.name)
    empty = client.get(url("deck_check_sheet", four, CheckedDeck.objects.get(entrant__user=bob).pk))
    assert "has not registered a deck" in empty.text
    response = client.post(
        url("deck_check_outcome", four, checked.pk),
        {"outcome": "problem", "note": "Sleeves", "penalty": "warning"},
        follow=True,
    )
    assert "Deck check of alice recorded." in response.text
    assert Penalty.objects.get().reason == "Sleeves"


def test_the_prize_plan_from_the_page_and_the_printable_sheet(client, organiser, alice, four):
    client.force_login(organiser)
    response = client.post(
        url("prize_plan", four),
        {"scheme": "record", "per_entrant": 2, "fixed": 0, "table": "3-0: 4\n2-1: 2", "participation": 0},
        follow=True,
    )
    assert "Prize pool saved." in response.text
    assert Event.objects.get(pk=four.pk).prizes.plan["by_record"] == {"3-0": 4, "2-1": 2}
    bad = client.post(
        url("prize_plan", four),
        {"scheme": "record", "per_entrant": 2, "fixed": 0, "table": "three wins: 4", "participation": 0},
        follow=True,
    )
    assert "is not a record" in bad.text
    client.force_login(alice)
    sheet = client.get(url("prize_sheet", four))
    assert sheet.status_code == 200 and "Preview from the standings now" in sheet.text


def test_a_judge_uses_the_judging_page(client, organiser, alice, four):
    jules = make_user("jules")
    staff.add_staff(four, organiser, "jules", "judge")
    client.force_login(jules)
    assert client.get(url("judging", four)).status_code == 200
    entrant = four.entrants.get(user=alice)
    response = client.post(
        url("penalty", four), {"entrant": entrant.pk, "kind": "warning", "reason": "Slow play"}, follow=True
    )
    assert "Warning recorded for alice." in response.text
    assert client.get(url("judging", four)).status_code == 200


def test_judging_pages_are_the_organisers_and_judges(client, alice, four):
    client.force_login(alice)
    assert client.get(url("judging", four)).status_code == 403
    assert client.post(url("penalty", four), {"entrant": 1, "kind": "warning", "reason": "x"}).status_code == 403
    client.force_login(make_user("mallory"))
    four.is_public = False
    four.save()
    assert client.get(url("judging", four)).status_code == 404
    assert not Penalty.objects.exists()
    assert judging  # the services are what the pages call


def test_an_extension_shows_on_the_phone_the_projection_and_the_slips(client, organiser, alice, four):
    entrant = four.entrants.get(user=alice)
    match = Match.objects.get(round__event=four, seats__entrant=entrant)
    rounds_clock.control_timer(four, organiser, "start")
    judging.extend_table(match, organiser, 4)
    ends = Event.objects.get(pk=four.pk).clock.ends_at + datetime.timedelta(minutes=4)
    end_text = time_format(timezone.localtime(ends))  # English: "2:09 PM", one style per language
    client.force_login(alice)
    phone = client.get(reverse("tournaments:me", args=[four.pk])).text
    assert "Your table has 4 extra minutes." in phone and f"It ends at {end_text}." in phone
    for page in ("pairings", "slips"):
        text = client.get(reverse(f"tournaments:{page}", args=[four.pk, 1])).text
        assert f"+4 min · ends {end_text}" in text, page
    client.force_login(organiser)
    assert f"4 · ends {end_text}" in client.get(url("judging", four)).text


def test_a_player_sees_their_own_penalties_only(client, organiser, alice, bob, four):
    judging.give_penalty(four, organiser, four.entrants.get(user=alice).pk, "warning", "Slow play")
    judging.give_penalty(four, organiser, four.entrants.get(user=bob).pk, "warning", "Marked sleeves")
    client.force_login(alice)
    phone = client.get(reverse("tournaments:me", args=[four.pk])).text
    assert "My penalties" in phone and "Slow play" in phone and "Marked sleeves" not in phone


def test_penalties_and_prizes_are_in_the_exports(client, organiser, alice, four):
    judging.give_penalty(four, organiser, four.entrants.get(user=alice).pk, "disqualification", "Cheating")
    client.force_login(organiser)
    penalties = client.get(url("penalties_csv", four))
    assert penalties["Content-Type"].startswith("text/csv")
    header, given = read_rows(penalties)
    assert header[:6] == ["Entry number", "Player", "Round", "Penalty", "Reason", "Correction reason"]
    assert given[1:5] == ["alice", "1", "Disqualification", "Cheating"]
    standings = read_dicts(client.get(reverse("tournaments:standings_csv", args=[four.pk])))
    alice_row = next(row for row in standings if row["Player"] == "alice")
    assert (alice_row["Dropped"], alice_row["Disqualified"]) == ("yes", "yes")
    client.post(
        url("prize_plan", four),
        {"scheme": "standing", "per_entrant": 3, "fixed": 0, "table": "8, 4", "participation": 0},
    )
    prizes = read_rows(client.get(url("prizes_csv", four)))
    assert prizes[0] == [
        "Rank",
        "Entry number",
        "Player",
        "Record (W-L-D)",
        "Prize",
        "Fixed",
        "Event",
        "Starts",
        "Venue",
    ]
    # Nobody has a result: the four are equal on everything, share 1st and are listed by name, case
    # aside (alice, bob, Walk-in 0, Walk-in 1); they share the prizes of 1st to 4th, (8 + 4) / 4 = 3 each.
    # alice, disqualified, gets nothing: her 3 stays in the pool (12 - 9 = 3 left over).
    assert [row[2] for row in prizes[1:-1]] == ["alice", "bob", "Walk-in 0", "Walk-in 1"]
    assert [row[0] for row in prizes[1:-1]] == ["1", "1", "1", "1"]
    assert [row[4] for row in prizes[1:-1]] == ["0", "3", "3", "3"] and prizes[-1][2:6] == ["Left over", "", "3", "no"]
    client.force_login(alice)
    assert client.get(url("penalties_csv", four)).status_code == 403


def test_call_a_judge_from_the_phone_page_and_answer_from_the_judging_page(client, organiser, alice, four):
    client.force_login(alice)
    me = reverse("tournaments:me", args=[four.pk])
    assert "Call a judge" in client.get(me).text
    client.post(reverse("tournaments:call_judge", args=[four.pk]))
    assert "Waiting for a judge" in client.get(me).text
    call = four.judge_calls.get()
    client.force_login(organiser)
    page = client.get(url("judging", four)).text
    assert "On my way" in page and "alice" in page
    client.post(url("judge_call_claim", four, call.pk))
    client.force_login(alice)
    assert "A judge is on the way (olivia)" in client.get(me + "?fragment=1").text
