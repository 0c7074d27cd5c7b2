"""The header's language switcher switches whatever language the visitor or the player came with:
a shared link in one language, a cookie or profile in another. Bad language codes read as English."""

import itertools

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "fr", "it")
PAIRS = list(itertools.permutations(LANGUAGES, 2))


def _third(*languages):
    return next(code for code in LANGUAGES if code not in languages)


@pytest.mark.parametrize(("page", "chosen"), PAIRS)
def test_a_visitor_switches_from_a_link_in_another_language(client, page, chosen):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = _third(page, chosen)
    response = client.post(
        "/language/", {"language": chosen, "next": f"/{page}/events/?page=2#round-3"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.headers["Location"] == f"/{chosen}/events/?page=2#round-3"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == chosen
    assert client.get(response.headers["Location"]).headers["Content-Language"] == chosen


@pytest.mark.parametrize(("page", "chosen"), PAIRS)
def test_a_player_switches_from_a_link_in_another_language(client, alice, page, chosen):
    alice.preferred_language = _third(page, chosen)
    alice.save()
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = alice.preferred_language
    response = client.post("/language/", {"language": chosen, "next": f"/{page}/rules/?q=tribe"})
    assert response.headers["Location"] == f"/{chosen}/rules/?q=tribe"
    alice.refresh_from_db()
    assert alice.preferred_language == chosen


def test_a_page_that_does_not_exist_still_switches(client):
    response = client.post("/language/", {"language": "it", "next": "/fr/nowhere/at/all/"})
    assert response.headers["Location"] == "/it/nowhere/at/all/"


def test_an_unknown_language_in_the_switcher_is_english(client):
    response = client.post("/language/", {"language": "xx", "next": "/fr/events/"})
    assert response.headers["Location"] == "/en/events/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"


@pytest.mark.parametrize(
    ("path", "expected"),
    [("/de/events/?page=2", "/en/events/?page=2"), ("/xx/", "/en/"), ("/fr-ca/rules/", "/fr/rules/"), ("/es", "/en/")],
)
def test_a_language_prefix_the_site_does_not_have_is_english_once(client, path, expected):
    response = client.get(path)
    assert (response.status_code, response.headers["Location"]) == (302, expected)
    assert client.get(expected).status_code == 200


@pytest.mark.parametrize(("cookie", "accept"), [("zz", "zz-YY"), ("de", "de-DE,es;q=0.8"), ("", "klingon")])
def test_an_unknown_cookie_or_accept_language_is_english(client, cookie, accept):
    if cookie:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept, follow=True)
    assert response.redirect_chain == [("/en/", 302)]
    assert response.status_code == 200 and response.headers["Content-Language"] == "en"


def test_a_stored_language_the_site_no_longer_has_logs_in_in_english(client, alice):
    alice.preferred_language = "es"
    alice.save()
    response = client.post("/en/accounts/login/", {"username": "alice", "password": "pw-alice"})
    assert response.headers["Location"] == "/en/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"


@pytest.mark.parametrize(
    ("page", "chosen", "welcome"), [("en", "fr", "Bienvenue"), ("fr", "it", "Ti diamo il benvenuto")]
)
def test_the_welcome_after_signing_up_is_in_the_language_chosen(client, page, chosen, welcome):
    response = client.post(
        f"/{page}/accounts/signup/",
        {
            "username": "tessa",
            "email": "tessa@example.org",
            "preferred_language": chosen,
            "password1": "Brittle-Tides-7731",
            "password2": "Brittle-Tides-7731",
        },
        follow=True,
    )
    assert response.redirect_chain[-1][0] == f"/{chosen}/"
    assert welcome in response.text and "Welcome!" not in response.text
