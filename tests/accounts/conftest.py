import io

import pytest
from django.core.management import call_command

from sample.events import SAMPLE_NAME
from tournaments.models import Event, EventSettings
from tournaments.services import events


@pytest.fixture
def sample_event(sample, settings, tmp_path):
    """The sample data as `make run` loads it (alice, bob and charlie play the organiser's event, two
    rounds in, round 3 paired), without importing the publisher's rules documents."""
    settings.RULES_REFERENCE_DIR = tmp_path / "no-rules"
    call_command("load_sample_data", stdout=io.StringIO())
    return Event.objects.get(name=SAMPLE_NAME)


def finish(event):
    """The organiser publishes every list and ends the event (round 3 is never played)."""
    events.set_publication(event, event.organiser, EventSettings.Publication.ALL)
    events.finish_event(event, event.organiser)
    return Event.objects.get(pk=event.pk)
