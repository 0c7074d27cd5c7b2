"""Every form announces its errors through the one summary (issue 30, WCAG 3.3.1 and 3.3.3): after bad
input the page holds one error summary saying what is wrong, each problem linked to a field that is
on the page, marked invalid and described by a message that is on the page too. One test per kind
of form: the console's result (a field, and a refusal of the whole result), the score sheet at the
desk and on the phone (the scorer names the field), the phone's game wins and places, the join
code, the filters of the catalogue, the events and the season's metagame, and a correction."""

import re
from html.parser import HTMLParser

import pytest

from tests.tournaments.results.reporting_support import seated_event
from tests.tournaments.results.test_score_sheets import reclamation_sheet
from tournaments.models import Match, Report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

FIELDS = {"input", "select", "textarea"}


class _Elements(HTMLParser):
    """Every element that has an id: {id: (tag, attributes)}."""

    def __init__(self):
        super().__init__()
        self.by_id = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.by_id.setdefault(attributes["id"], (tag, attributes))


def summary_of(html):
    """The page's one error summary: (its text, the fields its links lead to, as (tag, attributes)).
    Fails unless there is exactly one and every link leads to an invalid field whose description is
    on the page."""
    assert html.count("data-error-summary") == 1, "one error summary on the page"
    summary = html.split("data-error-summary", 1)[1].split("</div>", 1)[0]
    elements = _Elements()
    elements.feed(html)
    fields = []
    for target in re.findall(r'href="#([^"]+)"', summary):
        assert target in elements.by_id, f"the summary links to #{target}, which is not on the page"
        tag, attributes = elements.by_id[target]
        assert tag in FIELDS, f"#{target} is a {tag}, not a field"
        assert attributes.get("aria-invalid") == "true", f"#{target} is not marked invalid"
        described = (attributes.get("aria-describedby") or "").split()
        assert described and all(ident in elements.by_id for ident in described), f"#{target}: {described}"
        fields.append((tag, attributes))
    text = re.sub(r"<[^>]+>", "", summary)
    return " ".join(text.split()), fields


def sides_of(match):
    return list(match.seats.order_by("pk").values_list("entrant_id", flat=True))


def test_the_consoles_result_form_links_a_refused_result_to_its_fields(client, organiser):
    event, match, _seats = seated_event(organiser, "dbz-ccg", 2, best_of=3)
    first, second = sides_of(match)
    client.force_login(organiser)
    url = f"/en/events/{event.pk}/manage/matches/{match.pk}/result/"

    # A refusal of the result as a whole: both wins are marked, the link leads to the first.
    refused = client.post(url, {f"wins_{first}": 2, f"wins_{second}": 2, "draws": 0})
    assert refused.status_code == 400
    text, fields = summary_of(refused.text)
    assert "Both players cannot win the match." in text
    assert [attributes["name"] for _tag, attributes in fields] == [f"wins_{first}"]
    assert refused.text.count('aria-invalid="true"') == 2
    assert f'name="wins_{second}" value="2"' in refused.text  # as it was entered

    # A field's own error: the drawn games.
    refused = client.post(url, {f"wins_{first}": 2, f"wins_{second}": 0, "draws": 9})
    text, fields = summary_of(refused.text)
    assert "Drawn games" in text and [attributes["name"] for _tag, attributes in fields] == ["draws"]
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING  # nothing saved


def test_the_score_sheet_at_the_desk_links_the_scorers_field(client, organiser):
    event, match, _seats = seated_event(organiser, "dust-reclamation", 3, "ffa")
    sides = sides_of(match)
    client.force_login(organiser)
    data = {**reclamation_sheet(sides), f"rounds_4_tricks_{sides[0]}": "7"}
    refused = client.post(f"/en/events/{event.pk}/manage/matches/{match.pk}/sheet/", data)
    assert refused.status_code == 400
    text, fields = summary_of(refused.text)
    assert "Round 4 · Tricks won: 11 tricks in one round" in text
    # The scorer names the round's tricks (`rounds.4.tricks`): the link goes to its first box.
    assert [attributes["id"] for _tag, attributes in fields] == [f"s{match.pk}-rounds_4_tricks_{sides[0]}"]


def test_the_phones_score_sheet_links_the_scorers_field(client, organiser, django_capture_on_commit_callbacks):
    event, match, seats = seated_event(organiser, "dust-reclamation", 3, "ffa")
    sides = sides_of(match)
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    client.force_login(reporter)
    data = {**reclamation_sheet(sides), f"rounds_1_dust_{sides[1]}": "2", f"rounds_1_dust_{sides[2]}": "2"}
    with django_capture_on_commit_callbacks(execute=True):
        refused = client.post(f"/en/events/{event.pk}/matches/{match.pk}/report/", data)
    assert refused.status_code == 400
    text, fields = summary_of(refused.text)
    assert "5 Dust cards in one round" in text
    assert [attributes["id"] for _tag, attributes in fields] == [f"r-rounds_1_dust_{sides[0]}"]
    assert not Report.objects.filter(match=match).exists()


@pytest.mark.parametrize(
    ("mode", "players", "sent", "message"),
    [
        ("versus", 2, lambda s: {f"wins_{s[0]}": "1", f"wins_{s[1]}": "1"}, "Both players cannot win the match."),
        ("versus", 2, lambda s: {f"wins_{s[0]}": "1", f"wins_{s[1]}": "lots"}, "Game wins and draws are whole"),
        ("ffa", 3, lambda s: {f"place_{s[0]}": "1", f"place_{s[1]}": "2"}, "Placements are whole numbers."),
    ],
    ids=["both-win", "not-a-number", "a-place-missing"],
)
def test_the_phones_report_form_comes_back_with_its_summary(
    client, organiser, mode, players, sent, message, django_capture_on_commit_callbacks
):
    event, match, seats = seated_event(organiser, "dbz-ccg", players, mode)
    sides = sides_of(match)
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    client.force_login(reporter)
    with django_capture_on_commit_callbacks(execute=True):
        refused = client.post(f"/en/events/{event.pk}/matches/{match.pk}/report/", sent(sides))
    assert refused.status_code == 400
    text, fields = summary_of(refused.text)
    assert message in text
    # The reporter's own line first, as on the player's page; every side's box is marked.
    assert [attributes["id"] for _tag, attributes in fields] == [f"r-{sides[0]}"]
    assert refused.text.count('aria-invalid="true"') == players
    name = fields[0][1]["name"]
    assert f'name="{name}" value="{sent(sides)[name]}"' in refused.text  # as it was filled in
    assert not Report.objects.filter(match=match).exists()


def test_the_phone_queue_gets_a_refusal_as_data_naming_the_field(client, organiser):
    """static/js/report-retry.js posts the form plainly again only when the refusal names a field."""
    event, match, seats = seated_event(organiser, "dbz-ccg", 2)
    sides = sides_of(match)
    client.force_login(next(user for user, entrant in seats.items() if entrant == sides[0]))
    answer = client.post(
        f"/en/events/{event.pk}/matches/{match.pk}/report/",
        {f"wins_{sides[0]}": "1", f"wins_{sides[1]}": "1"},
        headers={"X-Requested-With": "fetch", "Idempotency-Key": "phone-queue-1"},
    )
    assert answer.status_code == 400 and answer.json()["errors"] == {"wins": ["Both players cannot win the match."]}


def test_an_unknown_join_code_links_to_the_box(client):
    page = client.get("/en/events/join/", {"code": "NOPE42"})
    assert page.status_code == 404
    _text, fields = summary_of(page.text)
    assert [attributes["id"] for _tag, attributes in fields] == ["join-code-input"]


def test_the_filters_link_their_errors_to_their_fields(client, sample):
    catalogue = client.get("/en/catalogue/dust-collectorz/", {"rank": "diamond", "game": "nonsense"})
    text, fields = summary_of(catalogue.text)
    assert [attributes["id"] for _tag, attributes in fields] == ["id_rank"] and "Rank:" in text

    events = client.get("/en/events/", {"starts_from": "2026-05-02", "starts_until": "2026-05-01"})
    text, fields = summary_of(events.text)
    assert "The end date is before the start date." in text
    assert [attributes["id"] for _tag, attributes in fields] == ["id_starts_until"]

    season = client.get("/en/events/metagame/", {"organiser": "nobody-here", "format": "none"})
    _text, fields = summary_of(season.text)
    assert {attributes["id"] for _tag, attributes in fields} >= {"id_format"}


def test_a_corrections_refused_result_links_to_the_first_of_its_fields(client, organiser):
    from tests.conftest import join_event, make_user
    from tournaments.services import events, results, rounds

    event = events.create_event(organiser, "Corrections", "dbz-ccg", top_cut=0, swiss_rounds=3, best_of=3)
    for number in range(4):
        join_event(event, make_user(f"corrected{number}"))
    events.start_event(event, organiser)
    first_round = rounds.pair_next_round(event, organiser)
    for match in first_round.matches.all():
        a, b = sides_of(match)
        results.record_result(match, organiser, wins={a: 2, b: 0})
    rounds.pair_next_round(event, organiser)  # round 1 is over: its results change by a correction
    match = first_round.matches.order_by("table").first()
    a, b = sides_of(match)
    client.force_login(organiser)
    data = {f"wins_{a}": 2, f"wins_{b}": 2, "draws": 0, "reason": "slip misread"}
    refused = client.post(f"/en/events/{event.pk}/manage/matches/{match.pk}/correction/", data)
    text, fields = summary_of(refused.text)
    assert "Both players cannot win the match." in text
    assert [attributes["id"] for _tag, attributes in fields] == [f"id_wins_{a}"]
    assert refused.text.count('aria-invalid="true"') == 2
