"""A French or Italian page shows no English of the UI's own: every page of the site is read as a
visitor, a player and an organiser, and its visible text (and labels such as placeholders and
titles) is searched for words that only the English interface uses. Counts speak each language's
plural forms, dates and percentages are written the way each language writes them."""

import datetime
import gettext
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.template import Context, Template
from django.utils import translation

from catalogue.models import Card, CardSet, Game
from decks.models import Collection, Deck, Format
from tests.site.test_every_page import build_world, visits
from tournaments.models import Cancellation, Entrant, Event, Penalty

pytestmark = pytest.mark.django_db
LOCALE = Path(__file__).resolve().parents[2] / "locale"
WORD = re.compile(r"[A-Za-zÀ-ÿ’']{4,}")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{\{[^}]*\}\}|\{[a-z_]+\}|<[^>]+>")
QUOTED = re.compile(r"«[^»]*»|“[^”]*”")  # terms quoted from a document (the checker's findings)
LABEL_ATTRIBUTES = ("placeholder", "title", "aria-label", "alt")
SKIPPED_ELEMENTS = {"script", "style", "code", "pre", "kbd", "samp", "textarea", "option"}
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def _catalogue(language):
    with open(LOCALE / language / "LC_MESSAGES" / "django.mo", "rb") as compiled:
        return gettext.GNUTranslations(compiled)._catalog


def _words(text):
    return {word.lower().strip("’'") for word in WORD.findall(PLACEHOLDER.sub(" ", text))}


def english_only_words():
    """Words of our English UI strings that neither the French nor the Italian interface uses
    (so "deck", written the same in all three, is not one of them)."""
    english, translated = set(), set()
    for language in ("fr", "it"):
        for key, value in _catalogue(language).items():
            msgid = key[0] if isinstance(key, tuple) else key
            if msgid:
                english |= _words(msgid.split("\x04")[-1])
            translated |= _words(value)
    return english - translated


def reasons_people_wrote():
    """A judge's penalty reasons and an organiser's reason for calling an event off: user content."""
    return [*Penalty.objects.values_list("reason", flat=True), *Cancellation.objects.values_list("reason", flat=True)]


def names_in_the_data():
    """Words of names players, organisers and the catalogue chose, and of the reasons judges wrote:
    they are not the UI's."""
    names = [
        *Card.objects.values_list("name", flat=True),
        *CardSet.objects.values_list("name", flat=True),
        *Game.objects.values_list("name", flat=True),
        *Deck.objects.values_list("name", flat=True),
        *Collection.objects.values_list("name", flat=True),
        *Event.objects.values_list("name", flat=True),
        *Format.objects.values_list("name", flat=True),
        *Entrant.objects.values_list("name", flat=True),
        *reasons_people_wrote(),
        *get_user_model().objects.values_list("username", flat=True),
        *get_user_model().objects.values_list("display_name", flat=True),
    ]
    return set().union(*(_words(name.replace("-", " ")) for name in names if name))


class VisibleText(HTMLParser):
    """The text a reader of `language` sees: no scripts or code, nothing marked as another
    language (the rules' source texts side by side), plus the labels of form fields."""

    def __init__(self, language):
        super().__init__()
        self.language, self.stack, self.parts = language, [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        # Our own UI never names its language on an element: a `lang` marks a document's or the
        # catalogue's own text (the rules, card texts), which is not ours to translate.
        hidden = tag in SKIPPED_ELEMENTS or ("lang" in attrs and tag != "html")
        hidden = hidden or attrs.get("translate") == "no" or attrs.get("hidden") is not None
        if not self.hiding:
            self.parts.extend(attrs[name] for name in LABEL_ATTRIBUTES if attrs.get(name))
            if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
                self.parts.append(attrs["value"])
        if tag not in VOID_ELEMENTS:
            self.stack.append(hidden)

    def handle_endtag(self, tag):
        if tag not in VOID_ELEMENTS and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self.hiding:
            self.parts.append(data)

    @property
    def hiding(self):
        return any(self.stack)


def visible_words(html, language):
    parser = VisibleText(language)
    parser.feed(html)
    return _words(QUOTED.sub(" ", " ".join(parser.parts)))


@pytest.fixture
def world(sample):
    return build_world()


@pytest.mark.parametrize("language", ("fr", "it"))
def test_no_english_of_the_ui_on_french_and_italian_pages(client, world, language):
    suspects = english_only_words() - names_in_the_data()
    assert len(suspects) > 500, "the English word list is built from the catalogues"
    found = {}
    for username, urls in visits(world):
        if username is not None:
            client.force_login(get_user_model().objects.get(username=username))
        for url in urls:
            response = client.get(f"/{language}/{url}")
            english = visible_words(response.text, language) & suspects
            if english:
                found[url] = sorted(english)
    assert not found, f"English words on /{language}/ pages: {found}"


def test_the_check_sees_english_it_was_built_to_catch():
    """The word list holds the UI's English (so a forgotten {% translate %} is seen)."""
    words = english_only_words()
    assert {"standings", "pairings", "checked"} <= words
    assert "deck" not in words  # the game's word in all three languages
    html = '<html lang="fr"><p>Classement</p><p title="Standings">x</p><td lang="en">Turn order</td></html>'
    assert visible_words(html, "fr") & words == {"standings"}


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Nov. 22, 2026"), ("fr", "22 novembre 2026"), ("it", "22 novembre 2026")],
)
def test_dates_are_written_as_each_language_writes_them(language, expected):
    with translation.override(language):
        rendered = Template('{{ day|date:"DATE_FORMAT" }}').render(Context({"day": datetime.date(2026, 11, 22)}))
    assert rendered == expected


@pytest.mark.parametrize(("language", "expected"), [("en", "66.67%"), ("fr", "66,67\xa0%"), ("it", "66,67%")])
def test_percentages_are_written_as_each_language_writes_them(language, expected):
    with translation.override(language):
        rendered = Template("{% load languages %}{{ value|local_percent }}").render(Context({"value": 200 / 3}))
    assert rendered == expected


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "nobody wins more than 1 game.", "nobody wins more than 2 games."),
        ("fr", "personne ne gagne plus de 1 manche.", "personne ne gagne plus de 2 manches."),
        ("it", "nessuno vince più di 1 partita.", "nessuno vince più di 2 partite."),
    ],
)
def test_counts_take_the_plural_form_of_the_language(language, one, two):
    from core.errors import DomainError

    with translation.override(language):
        assert DomainError("result.too_many_wins", best_of=1, needed=1).message.endswith(one)
        assert DomainError("result.too_many_wins", best_of=3, needed=2).message.endswith(two)


# French spaces ; : ! ? (docs/translating.md): what the catalogue says is checked by test_typography;
# this catches what templates, scripts' labels and charts write around translated text ("Total: 3").
BARE_PUNCTUATION = re.compile(r"(?<=[\w)»’%])[:;!?](?=\s|$)")
SYNTAX = re.compile(r"«[^»]*»|^Name: .*", re.S)  # decklist syntax quoted or shown as typed ("Name: Alice")


def test_french_pages_space_their_punctuation(client, world):
    games = [name for name in Game.objects.values_list("name", flat=True) if ":" in name]  # "Dust: Reclamation"
    games += reasons_people_wrote()  # written by organisers and judges, in their own typography
    found = {}
    for username, urls in visits(world):
        if username is not None:
            client.force_login(get_user_model().objects.get(username=username))
        for url in urls:
            parser = VisibleText("fr")
            parser.feed(client.get(f"/fr/{url}").text)
            for part in parser.parts:
                text = SYNTAX.sub(" ", part)
                for name in games:
                    text = text.replace(name, " ")
                if BARE_PUNCTUATION.search(text):
                    found[text.strip()[:80]] = url
    assert not found, f"punctuation without its no-break space on French pages: {found}"


@pytest.mark.parametrize(
    ("language", "columns"),
    [("fr", ["Deck légal", "Abandon après la ronde", "Compte"]), ("it", ["Mazzo legale", "Ritirato dopo il turno"])],
)
def test_every_admin_page_answers_and_names_its_columns_in_the_staffs_language(client, world, language, columns):
    """Staff work in the admin too, on the site as `make run` makes it (the rules documents have
    versions): every list and form answers, and our models' columns are translated."""
    from django.contrib import admin

    client.force_login(get_user_model().objects.create_superuser("root", "root@example.org", "x"))
    for model in admin.site._registry:
        base = f"/{language}/admin/{model._meta.app_label}/{model._meta.model_name}/"
        for url in (base, f"{base}add/"):
            assert client.get(url).status_code == 200, url
    entrants = client.get(f"/{language}/admin/tournaments/entrant/").text
    assert all(column in entrants for column in columns), columns
