"""`check --deploy` is clean as deployed, and docs/deploy.md states the limits the settings enforce
(issue 25, item 7)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from api.parsers import MAX_JSON_DEPTH
from decks.decklist import MAX_BYTES as DECKLIST_BYTES
from decks.services.collections import MAX_IMPORT_BYTES
from tournaments.services.results_reports import MAX_REPORT_BYTES

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")


def _check_deploy(**env):
    clean = {key: os.environ[key] for key in ("PATH", "HOME", "LANG") if key in os.environ}
    clean.update(
        DEBUG="false",
        SECRET_KEY="test-only-" + "a-long-random-looking-secret-value-for-the-deploy-check" * 2,
        ALLOWED_HOSTS="events.example.org",
        **env,
    )
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"]
    return subprocess.run(command, cwd=ROOT, env=clean, capture_output=True, text=True)


@pytest.mark.parametrize("mail", [{"EMAIL_BACKEND": "console"}, {"EMAIL_HOST": "smtp.example.org"}])
def test_check_deploy_is_clean_with_mail_configured(mail):
    result = _check_deploy(**mail)
    assert result.returncode == 0, result.stderr


def test_check_deploy_fails_when_nobody_said_how_mail_leaves():
    result = _check_deploy()
    assert result.returncode != 0 and "mail.E001" in result.stderr


def test_smtp_without_a_host_is_a_configuration_error():
    result = _check_deploy(EMAIL_BACKEND="smtp")
    assert result.returncode != 0 and "EMAIL_BACKEND=smtp needs EMAIL_HOST" in result.stderr


def _stated(pattern):
    found = re.search(pattern, DEPLOY)
    assert found, f"docs/deploy.md does not state {pattern!r}"
    return found.group(1).replace(",", "")


def test_deploy_md_states_the_limits_the_settings_enforce():
    assert float(_stated(r"DATA_UPLOAD_MAX_MEMORY_SIZE` \(default ([\d.]+) MB")) * 2**20 == (
        settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    )
    assert int(_stated(r"a report body is at most (\d+) KB")) * 1024 == MAX_REPORT_BYTES
    assert int(_stated(r"a pasted decklist (\d+) KB")) * 1024 == DECKLIST_BYTES
    assert int(_stated(r"a collection import (\d+) MB")) * 2**20 == MAX_IMPORT_BYTES
    assert int(_stated(r"CATALOGUE_IMPORT_MAX_BYTES` \(default (\d+) MB")) * 2**20 == (
        settings.CATALOGUE_IMPORT_MAX_BYTES
    )
    assert (
        int(_stated(r"CATALOGUE_IMPORT_MAX_CARDS`\s+\(default ([\d,]+)\) cards")) == settings.CATALOGUE_IMPORT_MAX_CARDS
    )
    assert int(_stated(r"nests at most (\d+) levels")) == MAX_JSON_DEPTH
    assert _stated(r"LOGIN_RATE_PER_ACCOUNT`,\s+default `([^`]+)`") == settings.LOGIN_LIMITS["login_account"]
    assert _stated(r"LOGIN_RATE_PER_ADDRESS`, default `([^`]+)`") == settings.LOGIN_LIMITS["login_address"]
    assert int(_stated(r"SCORING_LEASE_SECONDS`, (\d+) s")) == settings.SCORING_LEASE_SECONDS
    assert float(_stated(r"CACHE_TIMEOUT_SECONDS`, default ([\d.]+) s")) == settings.CACHE_TIMEOUT_SECONDS
    probes = re.search(r"`HEALTH_PROBE_HOSTS` \(default `([^`]+)`\)", DEPLOY).group(1)
    assert probes.split(",") == settings.HEALTH_PROBE_HOSTS
