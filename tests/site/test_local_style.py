"""One date, time and number style per language (issue 33 item 3): large counts grouped the reader's
way on pages, a time of day written one way per language (English never "p.m.."), and dates in
messages the reader's way rather than ISO 8601."""

import datetime

import pytest
from django.template import engines
from django.utils import timezone, translation

from catalogue.models import Card
from decks.models import Collection
from tests.conftest import make_user
from tournaments.services import events

pytestmark = pytest.mark.django_db

GROUPED = {"en": "12,000", "fr": "12\u202f000", "it": "12.000"}


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_large_counts_are_grouped_and_plurals_still_agree(language):
    template = engines["django"].from_string(
        "{% load i18n %}{% blocktranslate count counter=n|grouped %}{{ counter }} card{% plural %}"
        "{{ counter }} cards{% endblocktranslate %}|{{ n|grouped }}"
    )
    with translation.override(language):
        words, number = template.render({"n": 12000}).split("|")
    assert words.startswith(GROUPED[language] + " ") and number == GROUPED[language]
    # Years, tables and ids are never passed through `grouped`; in messages see test_locale_numbers.


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_a_collection_page_groups_a_large_quantity(client, sample, language):
    owner = make_user("hoarder")
    binder = Collection.objects.create(owner=owner, name="Warehouse")
    binder.items.create(card=Card.objects.get(name="Pocket Puff"), qty=12000)
    client.force_login(owner)
    page = client.get(f"/{language}/collections/{binder.pk}/").text
    assert f"<strong>{GROUPED[language]}</strong>" in page and "12000" not in page.replace(f"{binder.pk}", "")


@pytest.mark.parametrize(("language", "shown"), [("en", "6:30 PM"), ("fr", "18:30"), ("it", "18:30")])
def test_a_time_of_day_is_written_one_way_per_language(client, organiser, language, shown):
    starts = timezone.make_aware(datetime.datetime(2030, 5, 1, 18, 30))
    event = events.create_event(organiser, "Evening", "dust-collectorz", starts_at=starts, venue="Hall")
    page = client.get(f"/{language}/events/{event.pk}/").text
    assert shown in page and "p.m." not in page and "P.M." not in page
