"""Every count speaks its language's plural form, and so do the words that agree with it: legality
messages ("at most 1 copy is allowed", never "at most 1 are allowed"), places taken, the clock."""

import pytest
from django.template import Context, Template
from django.utils import translation

from decks.legality.messages import render
from games.deck_rules import Violation

pytestmark = pytest.mark.django_db


def message(language, code, kind="shared", expected=None, actual=None, **params):
    with translation.override(language):
        return render(Violation(code, kind, params, [], expected, actual))


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "at most 1 copy is allowed; the deck has 2.", "at most 2 copies are allowed; the deck has 3."),
        (
            "fr",
            "1 exemplaire au maximum est autorisé\u202f; le deck en contient 2.",
            "2 exemplaires au maximum sont autorisés\u202f; le deck en contient 3.",
        ),
        (
            "it",
            "è consentita al massimo 1 copia; il mazzo ne contiene 2.",
            "sono consentite al massimo 2 copie; il mazzo ne contiene 3.",
        ),
    ],
)
def test_a_copy_limit_agrees_with_its_limit(language, one, two):
    assert message(language, "copy_limit", card="Ash", limit=1, actual=2).endswith(one)
    assert message(language, "copy_limit", card="Ash", limit=2, actual=3).endswith(two)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "At most 1 Epic card is allowed", "At most 2 Epic cards are allowed"),
        ("fr", "1 carte Épique au maximum est autorisée", "2 cartes Épique au maximum sont autorisées"),
        ("it", "È consentita al massimo 1 carta Epica", "Sono consentite al massimo 2 carte Epiche"),
    ],
)
def test_limits_of_a_game_agree_with_the_limit(language, one, two):
    assert message(language, "epic_limit", max=1, actual=2).startswith(one)
    assert message(language, "epic_limit", max=2, actual=3).startswith(two)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "it needs exactly 1."), ("fr", "il en faut exactement 1."), ("it", "ne richiede esattamente 1.")],
)
def test_exactly_one_reads_as_one(language, expected):
    text = message(language, "counter_count", kind="count", expected=1, actual=2)
    assert text.endswith(expected)
    assert "servono" not in text


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_a_style_needs_no_article_that_clashes_with_its_name(language):
    from games.dbz_ccg import STYLE_LABELS

    with translation.override(language):
        orange = str(STYLE_LABELS["orange"])
    text = message(language, "style_restriction", kind="style_restriction", problem="no_card", style=orange)
    assert not text.startswith(("A ", "Un ")), text


@pytest.mark.parametrize(
    ("language", "one", "nine"),
    [
        ("en", "1 of 9 places taken", "9 of 9 places taken"),
        ("fr", "1 place prise sur 9", "9 places prises sur 9"),
        ("it", "1 posto occupato su 9", "9 posti occupati su 9"),
    ],
)
def test_places_taken_agree_with_the_places_taken(language, one, nine):
    template = Template(
        "{% load i18n %}{% blocktranslate with capacity=9 count taken=taken %}{{ taken }} of {{ capacity }} places "
        "taken{% plural %}{{ taken }} of {{ capacity }} places taken{% endblocktranslate %}"
    )
    with translation.override(language):
        assert template.render(Context({"taken": 1})) == one
        assert template.render(Context({"taken": 9})) == nine


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "1 player, 1 Swiss round", "2 players, 2 Swiss rounds"),
        ("fr", "1 joueur, 1 ronde suisse", "2 joueurs, 2 rondes suisses"),
        ("it", "1 giocatore, 1 turno svizzero", "2 giocatori, 2 turni svizzeri"),
    ],
)
def test_players_and_rounds_each_take_their_own_form(language, one, two):
    from tournaments.presenters.events import players_and_rounds

    with translation.override(language):
        assert players_and_rounds(1, 1) == one
        assert players_and_rounds(2, 2) == two


@pytest.mark.parametrize(
    ("language", "grouped", "thousands", "one"),
    [
        ("en", "10,000 levels", "1,999 levels", "1 copy is"),
        ("fr", "10\u202f000 niveaux", "1\u202f999 niveaux", "1 exemplaire"),
        ("it", "10.000 livelli", "1.999 livelli", "1 copia"),
    ],
)
def test_large_numbers_in_messages_are_grouped_the_readers_way(language, grouped, thousands, one):
    import api.parsers  # noqa: F401 - declares the message
    from core.errors import DomainError

    with translation.override(language):
        assert grouped in DomainError("api.json_too_deep", max=10000).message
        assert thousands in DomainError("api.json_too_deep", max=1999).message  # CLDR groups from 1,000
        assert "999 " in DomainError("api.json_too_deep", max=999).message
    assert one in message(language, "copy_limit", card="Ash", limit=1, actual=10000)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "The pool holds 1 prize but", "The pool holds 2 prizes but"),
        ("fr", "La dotation compte 1 lot mais", "La dotation compte 2 lots mais"),
        ("it", "Il montepremi conta 1 premio ma", "Il montepremi conta 2 premi ma"),
    ],
)
def test_refusals_count_their_nouns(language, one, two):
    import catalogue.importing  # noqa: F401 - declares the messages
    import tournaments.engine.prizes  # noqa: F401
    from core.errors import DomainError

    with translation.override(language):
        assert DomainError("prizes.pool_too_small", pool=1, needed=3).message.startswith(one)
        assert DomainError("prizes.pool_too_small", pool=2, needed=3).message.startswith(two)
        single = DomainError("catalogue.tribe_count", expected=1, count=2).message
        assert ("tribes" not in single) and ("tribus" not in single)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "1 player is still in the event.", "2 players are still in the event."),
        ("fr", "1 joueur est encore en lice.", "2 joueurs sont encore en lice."),
        ("it", "1 giocatore è ancora in gara.", "2 giocatori sono ancora in gara."),
    ],
)
def test_the_dashboard_counts_the_players_still_in(client, organiser, language, one, two):
    from tournaments.services import entrants, events

    event = events.create_event(organiser, "Plural night", "dust-collectorz")
    walk_ins = [entrants.add_entrant(event, organiser, name=name) for name in ("Ann", "Ben", "Cat")]
    entrants.check_in_many(event, organiser)
    events.start_event(event, organiser)
    client.force_login(organiser)
    url = f"/{language}/events/{event.pk}/manage/"
    entrants.drop(walk_ins[2], organiser)
    assert two in client.get(url).content.decode()
    entrants.drop(walk_ins[1], organiser)
    assert one in client.get(url).content.decode()
