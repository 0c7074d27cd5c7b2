"""One settings module, driven by the environment (see README and .env.example).

With nothing set, the site runs on SQLite with Celery tasks executed in-process.
With DATABASE_URL and REDIS_URL it runs on PostgreSQL with Redis as broker and cache.
"""

import os
from pathlib import Path

import dj_database_url
from django.conf.locale import LANG_INFO
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false), got {raw!r}")


def env_int(name, default):
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None


def env_list(name, default=()):
    raw = os.environ.get(name, "")
    items = [item.strip() for item in raw.split(",") if item.strip()]
    return items or list(default)


DEBUG = env_bool("DEBUG", default=False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"  # noqa: S105

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# Hosts a health probe may name to reach /healthz (and nothing else): the machine's own checks and a
# load balancer probe the process by its address, not by the site's name.
HEALTH_PROBE_HOSTS = env_list("HEALTH_PROBE_HOSTS", ["127.0.0.1", "localhost", "[::1]"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "api",
    "accounts",
    "catalogue",
    "decks",
    "tournaments",
    "rules",
    "sample",
]

MIDDLEWARE = [
    "config.request_guard.RequestGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.languages.UnknownLanguageMiddleware",
    "api.middleware.ApiLanguageMiddleware",
    "api.middleware.ApiBodyLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "core.db_blips.DatabaseBlipMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            "builtins": ["core.grouping"],  # {{ count|grouped }} everywhere
        },
    },
]

# Database: SQLite in the project folder unless DATABASE_URL is set.
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # A kept connection is checked before a request reuses it: one that PostgreSQL dropped meanwhile
    # (a restart, a terminated backend) is replaced instead of failing the request.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=env_int("CONN_MAX_AGE", 60),
            conn_health_checks=env_bool("CONN_HEALTH_CHECKS", True),
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"]["ENGINE"] = "core.postgresql"  # the same, with a health check without a round trip
        # The hot paths' prepared statements (core/prepared.py; nothing else is prepared) are planned
        # once per connection: PostgreSQL would otherwise plan their joins again on every run when it
        # guesses a generic plan dearer, 1-5 ms each time for 0.2 ms of work (docs/benchmarks.md).
        options = DATABASES["default"].setdefault("OPTIONS", {})
        options["options"] = f"{options.get('options', '')} -c plan_cache_mode=force_generic_plan".strip()
else:
    # A store's Saturday on one file: writers take the lock up front (IMMEDIATE) and wait for it
    # (timeout, in seconds) instead of failing, and readers never block writers (WAL).
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            "TEST": {"NAME": os.environ.get("SQLITE_TEST_PATH") or None},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: Celery broker and cache when REDIS_URL is set; otherwise tasks run eagerly
# in-process and the cache is local memory, so a laptop needs nothing else.
REDIS_URL = os.environ.get("REDIS_URL", "")
# A cache that is down or slow is a miss, never an error: pages compute instead (within the
# socket timeouts below) and the event is logged.
CACHE_TIMEOUT_SECONDS = float(os.environ.get("CACHE_TIMEOUT_SECONDS", "0.5"))
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "cardevents"),
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": CACHE_TIMEOUT_SECONDS,
                "SOCKET_TIMEOUT": CACHE_TIMEOUT_SECONDS,
            },
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
    DJANGO_REDIS_LOGGER = "cardevents.cache"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
# In-process tasks raise their errors while developing and testing; in production they are logged.
CELERY_TASK_EAGER_PROPAGATES = env_bool("CELERY_TASK_EAGER_PROPAGATES", default=DEBUG)
# In-process, a task sent for later (a webhook's gathering window or retry) runs on one background
# thread after its countdown, never in the request (core/background.py); tests turn it off to run
# such tasks at once.
TASKS_LATER_IN_BACKGROUND = env_bool("TASKS_LATER_IN_BACKGROUND", default=True)
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A worker never gives up on its broker: it reconnects with backoff (2 s more per attempt, at most
# 30 s) at start and after any loss, for as long as it takes (docs/scoring.md, "When Redis goes away").
CELERY_BROKER_TRANSPORT = "core.broker:Transport" if REDIS_URL else None
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CHANNEL_ERROR_RETRY = True  # a Redis that is loading or was demoted: reconnect too
# A task whose acknowledgement can no longer reach the broker is stopped: it will be delivered again
# (or resent by the sweeper), and every task is idempotent.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Celery's own count of tasks before it closes the database connection: a worker otherwise opens
# a connection per task. Connections are kept and checked around each task instead, as requests'
# are (config/celery.py: CONN_MAX_AGE and the health check).
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 1000)
CELERY_TASK_DEFAULT_QUEUE = "default"
# A big event's scoring and follow-up go to a queue of their own, so no store waits behind it
# (tournaments/queues.py); a worker consumes both unless started with -Q. Every worker also takes
# the `urgent` queue, before any other (config/celery.py, core/broker.py): a store's round that
# its last report closes.
CELERY_TASK_QUEUES = (
    Queue("urgent", routing_key="urgent"),
    Queue("default", routing_key="default"),
    Queue("large", routing_key="large"),
)
CELERY_TASK_ROUTES = ("tournaments.queues.route",)
LARGE_EVENT_PLAYERS = env_int("LARGE_EVENT_PLAYERS", 256)
# Fail fast when the broker is down: the report is saved and the sweeper sends it later.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300),
    "socket_connect_timeout": 2,
    "socket_timeout": 2,  # a frozen Redis must not hold a request longer than this
    "socket_keepalive": True,
    "health_check_interval": 10,  # an idle connection is pinged before use; a half-open one is dropped
    "queue_order_strategy": "core.broker:UrgentFirstCycle",
}
# Beat keeps its schedule in memory: nothing on local disk, and its one job is a fixed interval.
CELERY_BEAT_SCHEDULER = "celery.beat:Scheduler"
CELERY_BEAT_SCHEDULE = {
    "sweep-reports": {"task": "tournaments.tasks.sweep_reports", "schedule": float(env_int("SWEEP_SECONDS", 10))},
    "sweep-webhooks": {"task": "tournaments.tasks.sweep_webhooks", "schedule": 30.0},
    "sweep-bulk-validations": {"task": "decks.tasks.sweep_bulk_validations", "schedule": 60.0},
    "purge-deleted-decks": {"task": "decks.tasks.sweep_deleted_decks", "schedule": 3600.0},  # past RESTORE_DAYS
    "worker-ping": {"task": "core.workers.ping", "schedule": 15.0},  # the workers' heartbeat
}
# /healthz and the dashboard call scoring paused when no worker was seen for this long (core/workers.py).
WORKER_STALE_SECONDS = env_int("WORKER_STALE_SECONDS", 60)
# A report sent to the workers is not sent again before this lease ends (then with a backoff).
SCORING_LEASE_SECONDS = env_int("SCORING_LEASE_SECONDS", 30)
# Tables a scoring run settles per transaction (a round's burst is a few such batches).
SCORING_BATCH_TABLES = env_int("SCORING_BATCH_TABLES", 100)
# Workers wait this long between the batches of a burst, so a burst is a few big batches. In-process
# tasks (no Redis) never wait: the player's own request runs them.
# A scoring run yields after this long, sent again to the back of its queue, so a worker busy with
# a big event's burst comes back to the queues (and the stores' work) at least this often.
SCORING_RUN_SECONDS = env_int("SCORING_RUN_SECONDS", 5)
SCORING_GATHER_MS = env_int("SCORING_GATHER_MS", 300 if REDIS_URL else 0)

# Webhooks (docs/webhooks.md): facts arriving within WEBHOOK_GATHER_SECONDS make one delivery; a
# receiver has WEBHOOK_TIMEOUT_SECONDS to answer, and a failed delivery is tried WEBHOOK_MAX_ATTEMPTS
# times, waiting WEBHOOK_RETRY_SECONDS, then twice as long each time. Private and loopback addresses
# are refused when DEBUG is off, unless WEBHOOK_ALLOW_PRIVATE (a receiver on the same network).
WEBHOOK_GATHER_SECONDS = env_int("WEBHOOK_GATHER_SECONDS", 5)
WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 3)
WEBHOOK_MAX_ATTEMPTS = env_int("WEBHOOK_MAX_ATTEMPTS", 6)
WEBHOOK_RETRY_SECONDS = env_int("WEBHOOK_RETRY_SECONDS", 30)
WEBHOOK_ALLOW_PRIVATE = env_bool("WEBHOOK_ALLOW_PRIVATE", default=False)

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"


def ui_languages(codes):
    """[(code, name)] for the UI languages named in UI_LANGUAGES: codes Django knows; a catalogue in
    locale/<code>/ translates the UI (without one, pages fall back to English)."""
    unknown = [code for code in codes if code not in LANG_INFO or "name" not in LANG_INFO[code]]
    if unknown:
        raise ImproperlyConfigured(f"UI_LANGUAGES: unknown language code(s) {', '.join(unknown)}")
    return [(code, _(LANG_INFO[code]["name"])) for code in dict.fromkeys(codes)]


LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "en")
LANGUAGES = ui_languages(env_list("UI_LANGUAGES", ["en", "fr", "it"]))
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(f"LANGUAGE_CODE {LANGUAGE_CODE!r} must be one of UI_LANGUAGES")
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]  # where a language writes dates differently from Django's default
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# Email: SMTP when EMAIL_HOST is set, else the console. A site that sends no mail says so with
# EMAIL_BACKEND=console, which `check --deploy` then accepts; left implicit, the check fails.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND_CHOICE = os.environ.get("EMAIL_BACKEND", "").strip().lower() or ("smtp" if EMAIL_HOST else "")
if EMAIL_BACKEND_CHOICE not in {"smtp", "console", ""}:
    raise ImproperlyConfigured(f"EMAIL_BACKEND must be smtp or console, got {EMAIL_BACKEND_CHOICE!r}")
if EMAIL_BACKEND_CHOICE == "smtp" and not EMAIL_HOST:
    raise ImproperlyConfigured("EMAIL_BACKEND=smtp needs EMAIL_HOST.")
MAILERS = {
    "default": (
        {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": EMAIL_HOST,
                "port": env_int("EMAIL_PORT", 587),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", default=True),
            },
        }
        if EMAIL_BACKEND_CHOICE == "smtp"
        else {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    )
}
# The console chosen on purpose is not the "development-only backend" mistake the check looks for.
SILENCED_SYSTEM_CHECKS = ["mail.E001"] if EMAIL_BACKEND_CHOICE == "console" else []
del EMAIL_HOST, EMAIL_BACKEND_CHOICE
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "cardevents@localhost")

# The largest form a page may post, files aside: the organisers' bulk validation accepts 5 MB of
# pasted decklists. Anything larger gets a message saying so (config.urls.handler400).
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 6 * 1024 * 1024)

# Security: strict defaults when DEBUG is off (checked by `check --deploy` in CI).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
X_FRAME_OPTIONS = "DENY"
# Pages carry no inline script, handler or style: everything comes from the site's own files.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

# API tokens last this many days (0: until revoked by a new password or "log out everywhere").
API_TOKEN_LIFETIME_DAYS = env_int("API_TOKEN_LIFETIME_DAYS", 0)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "catalogue.api.pagination.StandardPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.json_exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # The API reads JSON only (a file upload, the one exception, names its own parsers), so its schema
    # offers no form bodies it would then read differently.
    "DEFAULT_PARSER_CLASSES": ["api.parsers.StrictJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

# The public read API's limit per client address (api.throttles.PublicRateThrottle), e.g. "300/minute".
PUBLIC_API_RATE = os.environ.get("PUBLIC_API_RATE", "300/minute")

# Failed logins (pages, admin, API token) and password-reset e-mails allowed per window, per account
# (normalised username or e-mail) and per client address (accounts/limits.py). A successful login
# clears the account's failures. Counted in the cache, and in the database while the cache is down.
LOGIN_LIMITS = {
    "login_account": os.environ.get("LOGIN_RATE_PER_ACCOUNT", "10/hour"),
    "login_address": os.environ.get("LOGIN_RATE_PER_ADDRESS", "120/hour"),
    "reset_account": os.environ.get("PASSWORD_RESET_RATE_PER_ACCOUNT", "3/hour"),
    "reset_address": os.environ.get("PASSWORD_RESET_RATE_PER_ADDRESS", "20/hour"),
    # Unknown join codes typed (tournaments.joining): a whole store behind one address mistypes a few.
    "join_account": os.environ.get("JOIN_CODE_RATE_PER_ACCOUNT", "20/hour"),
    "join_address": os.environ.get("JOIN_CODE_RATE_PER_ADDRESS", "60/hour"),
}
# Reverse proxies (addresses or networks) whose X-Forwarded-For is believed: the client is the
# right-most hop that is not one of them. Empty: REMOTE_ADDR is the client, the header is ignored.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")
SPECTACULAR_SETTINGS = {
    "TITLE": "Card events API",
    "DESCRIPTION": "Catalogue, decks and tournaments for card-game events.",
    "VERSION": "1.0.0",
    "OAS_VERSION": "3.1.0",  # JSON Schema 2020-12: `propertyNames` can say what a body's keys may hold
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "DeckVisibilityEnum": "decks.models.Visibility",
        "CollectionVisibilityEnum": "decks.models.CollectionVisibility",
        "CollectionImportModeEnum": "decks.services.collections.IMPORT_MODES",
        # The event, its public view and its creation share these choice sets: one name each.
        "EventModeEnum": "tournaments.models.Event.Mode",
        "BestOfEnum": [(1, "1"), (3, "3")],
        "TopCutEnum": [(0, "None"), (4, "4"), (8, "8")],
        # An event's status keeps its name beside a webhook delivery's.
        "StatusEnum": "tournaments.models.Event.Status",
        "DeliveryStatusEnum": "tournaments.models.WebhookDelivery.Status",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.add_standard_errors",
        "api.schema.bound_integers",
        "api.schema.free_text_parameters",
        "api.schema.storable_bodies",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "filters": {"escape_control_characters": {"()": "core.logging.EscapeControlCharacters"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["escape_control_characters"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

# Where `make run` finds the publisher's rules documents to import (never committed).
RULES_REFERENCE_DIR = Path(os.environ.get("RULES_REFERENCE_DIR", BASE_DIR.parent / "shared" / "reference"))

# Limits for uploaded catalogue files.
CATALOGUE_IMPORT_MAX_BYTES = env_int("CATALOGUE_IMPORT_MAX_BYTES", 10 * 1024 * 1024)
CATALOGUE_IMPORT_MAX_CARDS = env_int("CATALOGUE_IMPORT_MAX_CARDS", 20000)
