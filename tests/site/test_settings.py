"""Configuration comes from the environment; checked in fresh interpreters."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'], "
    "'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL, "
    "'cache': settings.CACHES['default']['BACKEND'], 'debug': settings.DEBUG, "
    "'mailer': settings.MAILERS['default']['BACKEND'], 'hosts': settings.ALLOWED_HOSTS}))"
)


def _settings_with(**env):
    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY"}
    }
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", **env)
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True)


def test_defaults_need_nothing_else():
    result = _settings_with(DEBUG="true")
    config = json.loads(result.stdout)
    assert config["engine"] == "django.db.backends.sqlite3"
    assert config["eager"] is True and config["broker"] == "memory://"
    assert config["cache"].endswith("LocMemCache")
    assert config["mailer"].endswith("console.EmailBackend")


def test_database_and_redis_urls_switch_to_real_services():
    result = _settings_with(
        DEBUG="true", DATABASE_URL="postgres://u@db.internal:5432/events", REDIS_URL="redis://cache.internal:6379/0"
    )
    config = json.loads(result.stdout)
    assert config["engine"] == "core.postgresql"  # Django's, with a kept connection checked without a query
    assert config["eager"] is False and config["broker"] == "redis://cache.internal:6379/0"
    assert config["cache"].endswith("RedisCache")


def test_refuses_to_start_without_secret_key_when_debug_is_off():
    result = _settings_with(DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_strict_boolean_parsing():
    result = _settings_with(DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG must be a boolean" in result.stderr


def test_production_settings():
    result = _settings_with(DEBUG="off", SECRET_KEY="x" * 60, ALLOWED_HOSTS="events.example.org, www.example.org")
    config = json.loads(result.stdout)
    assert config["debug"] is False
    assert config["hosts"] == ["events.example.org", "www.example.org"]
