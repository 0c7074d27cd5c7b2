"""Messages after actions read in the page's language, e-mails in the recipient's own (issue 33 item 4)."""

import html
import re

import pytest
from django.core import mail
from django.utils import translation

from tournaments.services import events

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "fr", "it"]


def flash(response):
    return [
        html.unescape(text) for text in re.findall(r'<ul class="messages"><li class="[^"]*">(.*?)</li>', response.text)
    ]


def said(language, msgid, **params):
    with translation.override(language):
        return translation.gettext(msgid) % params if params else translation.gettext(msgid)


@pytest.mark.parametrize(("page", "preferred"), [("fr", "it"), ("it", "en"), ("en", "fr"), ("fr", "fr")])
def test_the_reset_email_is_in_the_recipients_language(client, alice, page, preferred):
    """Whoever asks, from whichever page, the account holder reads the mail in their own language."""
    alice.preferred_language = preferred
    alice.save()
    client.post(f"/{page}/accounts/password/reset/", {"email": "alice@example.org"})
    (sent,) = mail.outbox
    assert sent.subject == said(preferred, "Reset your password")
    assert said(preferred, "Follow this link to choose a new password:") in sent.body
    assert f"/{preferred}/accounts/password/reset/" in sent.body
    if preferred != "en":
        assert "Follow this link" not in sent.body


@pytest.mark.parametrize("language", LANGUAGES)
def test_messages_after_actions_are_in_the_pages_language(client, organiser, alice, language):
    event = events.create_event(organiser, "Friday", "dust-collectorz")
    client.force_login(organiser)
    added = client.post(f"/{language}/events/{event.pk}/manage/entrants/", {"name": "Walk-in"}, follow=True)
    assert flash(added) == [said(language, "%(name)s added.", name="Walk-in")]
    plan = {"scheme": "standing", "per_entrant": 1, "fixed": 0, "table": "2, 1", "participation": 0}
    saved = client.post(f"/{language}/events/{event.pk}/manage/judging/prizes/", plan, follow=True)
    assert flash(saved) == [said(language, "Prize pool saved.")]
    client.force_login(alice)
    registered = client.post(f"/{language}/events/{event.pk}/register/", {"deck": ""}, follow=True)
    assert flash(registered) == [said(language, "You are registered for %(name)s.", name="Friday")]
    if language != "en":
        assert said(language, "Prize pool saved.") != "Prize pool saved."
