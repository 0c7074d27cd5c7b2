import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from accounts.services import set_organiser
from catalogue.services import import_catalogue_file
from tournaments.services import entrants, events, rounds

DATA = Path(__file__).parent / "data"
REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"

# No timing thresholds in tests, Hypothesis's own included: its 200 ms deadline per example failed
# a legality property once on a loaded CI machine while the property held.
hypothesis_settings.register_profile("site", deadline=None)
hypothesis_settings.load_profile("site")


@pytest.fixture(autouse=True)
def _reset_language():
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Ids are reused after a test's rollback, so cached standings must not outlive a test."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _fresh_deck_snapshot():
    """Each test's database is new; so must be the in-process format and card caches."""
    from decks.services.legality import forget_snapshot

    forget_snapshot()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_gathering(settings):
    """Tests run the scoring task in their own process: no wait between its batches. The wait is
    tested in test_scoring_batches.py, and real workers (test_reliability.py) keep the default."""
    settings.SCORING_GATHER_MS = 0


def make_user(username, organiser=False, **fields):
    user = get_user_model().objects.create_user(username=username, password="pw-" + username, **fields)
    if organiser:
        set_organiser(user, granted=True)
    return user


@pytest.fixture
def alice(db):
    return make_user("alice", email="alice@example.org")


@pytest.fixture
def bob(db):
    return make_user("bob", email="bob@example.org", preferred_language="fr")


@pytest.fixture
def organiser(db):
    return make_user("olivia", organiser=True, email="olivia@example.org")


@pytest.fixture
def api():
    return APIClient()


def write_catalogue(tmp_path, document, name="catalogue.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def dc_document(**overrides):
    """A small Dust Collectorz set of our own: 5 tribes, a few champions and counters."""
    document = json.loads((DATA / "dc-mini.json").read_text(encoding="utf-8"))
    document.update(overrides)
    return document


@pytest.fixture
def sample(db):
    """The sample catalogue shipped for `make run` (our own cards)."""
    from sample.management.commands.load_sample_data import SAMPLE_DIR

    for path in sorted(SAMPLE_DIR.glob("*.json")):
        import_catalogue_file(path)


@pytest.fixture
def dc_catalogue(db, tmp_path):
    import_catalogue_file(write_catalogue(tmp_path, dc_document()))


@pytest.fixture(autouse=True, scope="session")
def _end_leftover_sessions(django_db_setup, django_db_blocker):
    """A browser may abort a request mid-flight; Django then never closes that live-server
    thread's database connection, and PostgreSQL would refuse to drop the test database.
    End such sessions once, just before the test database is dropped."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )


@pytest.fixture
def start_worker(transactional_db, settings, tmp_path):
    """Start real Celery workers (subprocesses) on the test database; all are stopped afterwards."""
    from django.db import connection

    from tests.site.worker_support import Worker, database_url

    if not settings.REDIS_URL or connection.vendor != "postgresql":
        pytest.skip("needs DATABASE_URL (PostgreSQL) and REDIS_URL: CI's second pass runs it with real workers")
    workers = []

    def start(**options):
        workers.append(Worker(database_url(connection), tmp_path / "worker.log", **options))
        return workers[-1]

    yield start
    for worker in workers:
        worker.stop()


@pytest.fixture
def celery_worker_process(start_worker):
    return start_worker()


@pytest.fixture
def eager_celery():
    """Run tasks in-process even in the Redis run, for tests about what a task does, not how it travels."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def browser_page():
    """A headless Chromium page (Debian's browser driven by Playwright); skips without one."""
    from tests.site.browser.browser_support import open_page, require_chromium

    playwright_api = require_chromium()
    with playwright_api.sync_playwright() as playwright:
        browser, context, page = open_page(playwright, playwright_api.expect)
        try:
            yield page
        finally:
            context.close()
            browser.close()


@pytest.fixture
def paired(organiser, alice, bob, django_capture_on_commit_callbacks):
    """A Dust Collectorz event with alice against bob at table 1, best of 3."""
    event = events.create_event(organiser, "Report night", "dust-collectorz", top_cut=0, swiss_rounds=3)
    players = [join_event(event, user) for user in (alice, bob)]
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    match = round_.matches.get(is_bye=False)
    return event, match, {p.user_id: p.pk for p in players}


def join_event(event, user):
    """`user` registers for the event themselves (an organiser adds only walk-ins, issue 24) and,
    where no deck is checked, is checked in at the desk: what adding them by username once did."""
    entrant = entrants.register_player(event, user)
    if not event.format_slug and not entrant.checked_in:
        entrant = entrants.check_in(entrant, event.organiser)
    return entrant


def page_costs(client, urls):
    """[(url, queries)]: what one GET of each costs with the page cache cold and what a running
    process keeps between requests warm (the decks' format snapshot, tested in tests/decks/): the
    same pages of a bigger world must cost the same (docs/benchmarks.md, "Pages at scale")."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from decks.services.legality import _Snapshot

    costs = []
    for url in urls:
        client.get(url)  # the snapshot read now, not in the measured request
        cache.clear()
        ttl, _Snapshot.STAMP_TTL = _Snapshot.STAMP_TTL, float("inf")  # its stamp is not read again meanwhile
        try:
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url)
        finally:
            _Snapshot.STAMP_TTL = ttl
        assert response.status_code == 200, f"{url}: {response.status_code}"
        costs.append((url, len(captured)))
    return costs


def same_costs(small, large):
    """An assertion message naming each page whose cost grew (page_costs of two sizes, url by url)."""
    grown = [(url, few, many) for (url, few), (_url, many) in zip(small, large, strict=True) if few != many]
    return "queries grew with the data:\n" + "\n".join(f"{url}: {few} -> {many}" for url, few, many in grown)


# A pass on two cores ends when the later of its two processes does: a test of minutes started near
# the end leaves the other core idle meanwhile. So the longest tests run first, the axe run over
# every page (a test per language) first of all; CI's xdist hands work out with --dist worksteal
# (pyproject.toml), an idle process taking over the queue's tail from the busy one.
LONGEST_FIRST = ("tests/site/browser/test_browser_accessibility.py",)
LONG_MARKERS = ("browser", "worker")


def _length_rank(item):
    if item.nodeid.split("::", 1)[0] in LONGEST_FIRST:
        return 0
    return 1 if any(item.get_closest_marker(name) for name in LONG_MARKERS) else 2


def _transactional(item):
    marker = item.get_closest_marker("django_db")
    fixtures = getattr(item, "fixturenames", ())
    return (
        "live_server" in fixtures or "transactional_db" in fixtures or bool(marker and marker.kwargs.get("transaction"))
    )


# Plain Python, no database: the game engine (pairing, pods, standings, scoring) runs the same on
# every database, so CI's PostgreSQL pass skips these and the SQLite pass runs them (CI time).
PLAIN_PYTHON = ("tests/tournaments/engine/", "tests/games/")
DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "client", "admin_client", "django_user_model"}


def _plain_python(item):
    return (
        item.nodeid.startswith(PLAIN_PYTHON)
        and item.get_closest_marker("django_db") is None
        and not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def _skip_plain_python_beside_postgresql(items):
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    skip = pytest.mark.skip(reason="plain Python, the same on every database: the SQLite pass runs it (CI time)")
    for item in items:
        if _plain_python(item):
            item.add_marker(skip)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """After pytest-django's order (database tests, then transactional ones, then the rest), the long
    tests move to the head of the transactional ones: they all use a live server, so no test meets a
    database emptied by a flush before its turn that Django's own order would not."""
    _skip_plain_python_beside_postgresql(items)
    long_items = sorted((item for item in items if _length_rank(item) < 2), key=_length_rank)
    if not long_items:
        return
    rest = [item for item in items if _length_rank(item) == 2]
    head = next((index for index, item in enumerate(rest) if _transactional(item)), len(rest))
    items[:] = rest[:head] + long_items + rest[head:]
