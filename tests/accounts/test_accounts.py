import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_signup_logs_in_and_uses_chosen_language(client):
    response = client.post(
        "/en/accounts/signup/",
        {
            "username": "dana",
            "email": "dana@example.org",
            "preferred_language": "it",
            "password1": "a-Strong-pass-42",
            "password2": "a-Strong-pass-42",
        },
    )
    assert response.status_code == 302
    assert response.url == "/it/"
    user = get_user_model().objects.get(username="dana")
    assert user.preferred_language == "it"
    assert client.get("/it/").context["user"] == user


def test_signup_with_mismatched_passwords_creates_nothing(client):
    response = client.post(
        "/en/accounts/signup/",
        {
            "username": "eve",
            "email": "eve@example.org",
            "preferred_language": "en",
            "password1": "x-Pass-1234",
            "password2": "other",
        },
    )
    assert response.status_code == 200
    assert "errors" in response.text
    assert not get_user_model().objects.filter(username="eve").exists()


def test_login_redirects_to_preferred_language(client, bob):
    response = client.post("/en/accounts/login/", {"username": "bob", "password": "pw-bob"})
    assert response.status_code == 302
    assert response.url == "/fr/"


def test_logout_requires_post(client, alice):
    client.force_login(alice)
    assert client.get("/en/accounts/logout/").status_code == 405
    assert client.post("/en/accounts/logout/").status_code == 302
    assert client.get("/en/accounts/profile/").status_code == 302


def test_profile_requires_login_and_saves_language(client, alice):
    assert client.get("/en/accounts/profile/").url.startswith("/en/accounts/login/")
    client.force_login(alice)
    response = client.post(
        "/en/accounts/profile/", {"display_name": "Ali", "email": "a@example.org", "preferred_language": "fr"}
    )
    assert response.url == "/fr/accounts/profile/"
    alice.refresh_from_db()
    assert (alice.display_name, alice.preferred_language) == ("Ali", "fr")


def test_password_change(client, alice):
    client.force_login(alice)
    response = client.post(
        "/en/accounts/password/change/",
        {"old_password": "pw-alice", "new_password1": "n3w-Secret-pass", "new_password2": "n3w-Secret-pass"},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("n3w-Secret-pass")


def test_password_reset_sends_email_with_working_link(client, alice):
    response = client.post("/en/accounts/password/reset/", {"email": "alice@example.org"})
    assert response.url == "/en/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/password/reset/" in line)
    path = link.split("://", 1)[1].split("/", 1)[1]
    form_page = client.get("/" + path, follow=True)
    assert form_page.status_code == 200
    response = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": "Reset-pass-99", "new_password2": "Reset-pass-99"}
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("Reset-pass-99")


def test_language_switch_keeps_page_and_remembers_choice(client, alice):
    client.force_login(alice)
    response = client.post("/language/", {"language": "it", "next": "/en/catalogue/?x=1"})
    assert response.url == "/it/catalogue/?x=1"
    alice.refresh_from_db()
    assert alice.preferred_language == "it"


def test_language_switch_refuses_foreign_redirects(client):
    response = client.post("/language/", {"language": "fr", "next": "https://evil.example/"})
    assert response.url == "/fr/"


def test_grant_and_revoke_organiser(alice, capsys):
    assert not alice.is_organiser
    call_command("grant_organiser", "alice")
    assert get_user_model().objects.get(pk=alice.pk).is_organiser
    call_command("grant_organiser", "alice", "--revoke")
    assert not get_user_model().objects.get(pk=alice.pk).is_organiser
    with pytest.raises(CommandError, match="No user named 'nobody'"):
        call_command("grant_organiser", "nobody")


def test_organiser_badge_in_header(client, organiser, alice):
    client.force_login(organiser)
    assert "Organiser</span>" in client.get("/en/").text
    client.force_login(alice)
    assert "Organiser</span>" not in client.get("/en/").text
