"""Login limits that protect people (issue 25, item 3): only failures count, look-alike usernames
share a limit, the client address is never taken from a header a client can set, the admin login,
the token endpoint and password-reset e-mails are limited alike, and the limits hold with the
cache down."""

import pytest
from django.core import mail
from django.core.cache import cache
from django.utils import translation

from accounts.limits import client_address
from accounts.models import LoginFailures
from tests.conftest import make_user
from tests.site.test_hardening import DEAD_CACHE

pytestmark = pytest.mark.django_db

LOGIN = "/en/accounts/login/"
TOKEN = "/api/v1/auth/token/"


def log_in(client, username, password, address="203.0.113.9", **headers):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address, **headers)


@pytest.fixture
def few_failures(settings):
    settings.LOGIN_LIMITS = {**settings.LOGIN_LIMITS, "login_account": "3/hour", "login_address": "5/hour"}


def test_normal_logins_never_lock_an_organiser_out(client, organiser):
    for _ in range(15):
        assert log_in(client, "olivia", "pw-olivia").status_code == 302
        client.logout()


def test_a_success_clears_the_accounts_failures(client, alice, few_failures):
    for _ in range(2):
        assert log_in(client, "alice", "wrong").status_code == 200
    assert log_in(client, "alice", "pw-alice").status_code == 302
    client.logout()
    for _ in range(2):
        assert log_in(client, "alice", "wrong", address="203.0.113.10").status_code == 200
    assert log_in(client, "alice", "pw-alice", address="203.0.113.10").status_code == 302


def test_failures_lock_the_account_and_say_when_to_retry(client, alice, few_failures):
    for _ in range(3):
        log_in(client, "alice", "wrong")
    refused = log_in(client, "alice", "pw-alice", address="198.51.100.7")
    assert refused.status_code == 429
    assert "Too many attempts to log in. Try again in 60 minutes." in refused.text
    assert "_auth_user_id" not in client.session
    with translation.override("fr"):
        french = client.post("/fr/accounts/login/", {"username": "alice", "password": "x"}, REMOTE_ADDR="198.51.100.8")
    assert french.status_code == 429 and "Réessayez dans 60" in french.text


def test_a_look_alike_username_shares_the_limit(client, alice, few_failures):
    for index, name in enumerate(("ａｌｉｃｅ", "ALICE", "Alice")):
        log_in(client, name, "wrong", address=f"198.51.100.{index}")
    assert log_in(client, "alice", "pw-alice", address="198.51.100.20").status_code == 429


def test_the_address_limit_counts_failures_across_accounts(client, alice, few_failures):
    for index in range(5):
        log_in(client, f"nobody-{index}", "wrong")
    assert log_in(client, "alice", "pw-alice").status_code == 429
    assert log_in(client, "alice", "pw-alice", address="203.0.113.99").status_code == 302


def test_forwarded_for_is_ignored_unless_from_a_trusted_proxy(client, alice, few_failures, settings):
    for index in range(5):  # an attacker varying the header still shares one address
        log_in(client, f"nobody-{index}", "wrong", HTTP_X_FORWARDED_FOR=f"10.0.0.{index}")
    assert log_in(client, "alice", "pw-alice", HTTP_X_FORWARDED_FOR="10.9.9.9").status_code == 429

    settings.TRUSTED_PROXIES = ["192.0.2.0/24"]
    behind_proxy = {"address": "192.0.2.1"}
    for index in range(5):  # behind the proxy each client is its own address: one client's failures
        log_in(client, f"nobody-{index}", "wrong", HTTP_X_FORWARDED_FOR="1.2.3.4, 10.0.0.5", **behind_proxy)
    assert log_in(client, "alice", "pw-alice", HTTP_X_FORWARDED_FOR="10.0.0.5", **behind_proxy).status_code == 429
    assert log_in(client, "alice", "pw-alice", HTTP_X_FORWARDED_FOR="10.0.0.6", **behind_proxy).status_code == 302


def test_the_client_is_the_right_most_untrusted_hop(rf, settings):
    settings.TRUSTED_PROXIES = ["192.0.2.0/24", "2001:db8::1"]

    def address(remote, forwarded=None):
        headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
        return client_address(rf.get("/", REMOTE_ADDR=remote, **headers))

    assert address("203.0.113.5", "1.1.1.1") == "203.0.113.5"  # not a proxy: the header is ignored
    assert address("192.0.2.1", "spoofed, 198.51.100.4, 192.0.2.7") == "198.51.100.4"
    assert address("2001:db8::1", "198.51.100.4") == "198.51.100.4"
    assert address("192.0.2.1", "not-an-address") == "192.0.2.1"
    assert address("192.0.2.1") == "192.0.2.1"


def test_the_admin_login_is_limited(client, organiser, few_failures):
    organiser.is_staff = True
    organiser.save()
    for _ in range(3):
        page = client.post("/en/admin/login/", {"username": "olivia", "password": "wrong"}, REMOTE_ADDR="203.0.113.1")
        assert page.status_code == 200
    refused = client.post(
        "/en/admin/login/", {"username": "olivia", "password": "pw-olivia"}, REMOTE_ADDR="203.0.113.2"
    )
    assert refused.status_code == 429 and "Too many attempts to log in" in refused.text
    assert "_auth_user_id" not in client.session
    cache.clear()
    allowed = client.post(
        "/en/admin/login/", {"username": "olivia", "password": "pw-olivia"}, REMOTE_ADDR="203.0.113.2"
    )
    assert allowed.status_code == 302


def test_the_token_endpoint_counts_failures_only(api, alice, client, few_failures):
    for _ in range(5):
        assert api.post(TOKEN, {"username": "alice", "password": "pw-alice"}).status_code == 200
    for _ in range(3):
        assert api.post(TOKEN, {"username": "ＡＬＩＣＥ", "password": "wrong"}).status_code == 401
    refused = api.post(TOKEN, {"username": "alice", "password": "pw-alice"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 3500
    assert "try again in" in refused.json()["message"]
    assert log_in(client, "alice", "pw-alice").status_code == 429, "the page and the API share one limit"


def test_password_reset_emails_are_limited_per_email_and_address(client, alice, settings):
    settings.LOGIN_LIMITS = {**settings.LOGIN_LIMITS, "reset_account": "2/hour", "reset_address": "3/hour"}
    reset = "/en/accounts/password/reset/"
    for _ in range(2):
        assert client.post(reset, {"email": "alice@example.org"}, REMOTE_ADDR="203.0.113.1").status_code == 302
    refused = client.post(reset, {"email": "ALICE@example.org"}, REMOTE_ADDR="203.0.113.2")
    assert refused.status_code == 429 and "Too many password reset requests. Try again in" in refused.text
    assert len(mail.outbox) == 2
    assert client.post(reset, {"email": "someone@example.org"}, REMOTE_ADDR="203.0.113.1").status_code == 302
    from_there = client.post(reset, {"email": "other@example.org"}, REMOTE_ADDR="203.0.113.1")
    assert from_there.status_code == 429, "three requests from one address, whatever the e-mail"
    with translation.override("it"):
        italian = client.post("/it/accounts/password/reset/", {"email": "x@example.org"}, REMOTE_ADDR="203.0.113.1")
    assert italian.status_code == 429 and "Riprova tra" in italian.text


def test_the_limits_hold_with_the_cache_down(client, api, alice, few_failures, settings):
    settings.CACHES = DEAD_CACHE
    cache.close()
    for _ in range(3):
        assert log_in(client, "alice", "wrong").status_code == 200
    assert LoginFailures.objects.filter(scope="login_account", count=3).exists()
    refused = log_in(client, "alice", "pw-alice", address="198.51.100.50")
    assert refused.status_code == 429 and "Try again in 60 minutes" in refused.text
    assert (
        api.post(TOKEN, {"username": "alice", "password": "pw-alice"}, REMOTE_ADDR="198.51.100.51").status_code == 429
    )
    LoginFailures.objects.all().delete()
    assert log_in(client, "alice", "wrong").status_code == 200
    assert log_in(client, "alice", "pw-alice").status_code == 302
    assert not LoginFailures.objects.filter(scope="login_account").exists(), "a success clears the account"


def test_ended_windows_leave_the_table(client, alice, few_failures):
    make_user("bob")
    LoginFailures.objects.create(scope="login_account", key="x" * 64, count=9, window_ends="2020-01-01T00:00Z")
    from accounts import limits

    limits._database_count("login_account", "y" * 64, limits.timezone.now(), 3600)
    assert list(LoginFailures.objects.values_list("key", flat=True)) == ["y" * 64]
