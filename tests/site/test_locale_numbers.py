"""Numbers the way French and Italian readers write them: counts from the thousands grouped ("4 096",
"4.096", as CLDR has it), decimals with a comma, in pages, messages, form and API refusals alike,
while ids, tables and seeds stay as typed and whatever a machine reads stays a plain number."""

import datetime
import json

import pytest
from django.template.loader import render_to_string
from django.utils import translation

import tournaments.engine.prizes  # noqa: F401  (declares the prize messages)
import tournaments.services.judging  # noqa: F401  (declares the table messages)
from catalogue.models import Card
from core.errors import DomainError, local_number
from decks.models import BulkValidation, Collection
from tournaments.forms.prizes import PrizePlanForm
from tournaments.services import events

GROUP = {"en": ",", "fr": "\u202f", "it": "."}


@pytest.mark.parametrize("language", ["fr", "it"])
def test_a_message_groups_its_counts_but_not_its_table_numbers(language):
    sep = GROUP[language]
    with translation.override(language):
        short = DomainError("prizes.pool_too_small", pool=1500, needed=2000).message
        table = DomainError("extension.finished", table=1024).message
        share = str(local_number(66.67))
    assert f"1{sep}500" in short and f"2{sep}000" in short and "1500" not in short
    assert "1024" in table  # a table number names a table: never "1 024"
    assert share == "66,67"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "it"])
def test_an_api_refusal_writes_its_bound_the_readers_way(client, alice, sample, language):
    binder = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    body = json.dumps({"card": Card.objects.get(name="Pocket Puff").pk, "qty": 12000})
    response = client.post(
        f"/api/v1/collections/{binder.pk}/cards/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    (message,) = response.json()["errors"]["qty"]
    assert f"9{GROUP[language]}999" in message and "9999" not in message


def test_a_page_form_refusal_groups_its_bound_but_not_the_inputs_max():
    with translation.override("fr"):
        form = PrizePlanForm(data={"scheme": "curve", "per_entrant": 100_001, "fixed": 0, "participation": 0})
        assert not form.is_valid()
        (error,) = form.errors["per_entrant"]
        field = str(form["per_entrant"])
    assert "100\u202f000" in error
    assert 'max="100000"' in field  # the browser reads the attribute as a number


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_prize_sheet_groups_the_pool_and_the_prizes(language):
    sheet = {"pool": 1200, "leftover": 1000, "lines": [{"place": 1, "name": "Ann", "record": "3–0", "prize": 1200}]}
    with translation.override(language):
        page = render_to_string("tournaments/_prize_sheet.html", {"sheet": sheet, "event": {"is_pods": False}})
    sep = GROUP[language]
    assert f"1{sep}200" in page and f"1{sep}000" in page and "1200" not in page


@pytest.mark.django_db
def test_the_events_list_groups_a_large_player_count(organiser):
    event = events.create_event(organiser, "Worlds", "dust-collectorz")
    event.players = 2048
    with translation.override("it"):
        rows = render_to_string("tournaments/_event_rows.html", {"page": {"object_list": [event]}})
    assert '<td class="num">2.048</td>' in rows


@pytest.mark.django_db
def test_a_bulk_validation_shows_grouped_counts_with_a_plain_progress_bar(client, organiser):
    job = BulkValidation.objects.create(
        owner=organiser, format_slug="dc-standard", as_of=datetime.date(2026, 11, 1), total=12000, done=1500
    )
    client.force_login(organiser)
    page = client.get(f"/fr/decks/bulk/{job.pk}/").text
    assert 'max="12000" value="1500"' in page  # "12 000" is no number to the browser: the bar stayed empty
    assert "1\u202f500 / 12\u202f000" in page
