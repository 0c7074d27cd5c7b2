"""Any language, no code: rules documents in any ISO 639-1 language, UI languages from configuration
(the Spanish worked example of docs/translating.md), and bad input refused with nothing changed."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from core.errors import DomainError
from rules.models import RulesDocument
from rules.services import import_rules
from tests.conftest import DATA

pytestmark = pytest.mark.django_db
GAME = "dust-reclamation"
OURS_EN = (DATA / "rules-ours-en.txt").read_bytes()
OURS_ES = (DATA / "rules-ours-es.txt").read_bytes()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def spanish_ui(settings):
    """What UI_LANGUAGES=en,fr,it,es and a locale/es catalogue give, with our own small catalogue."""
    settings.LANGUAGES = [*settings.LANGUAGES, ("es", "Spanish")]
    settings.LOCALE_PATHS = [*settings.LOCALE_PATHS, DATA / "locale"]


def _settings_languages(value):
    env = {**os.environ, "DEBUG": "true", "UI_LANGUAGES": value}
    code = "import django; django.setup(); from django.conf import settings; print([c for c, _ in settings.LANGUAGES])"
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ui_languages_come_from_configuration():
    assert _settings_languages("en,fr,it,es").stdout.strip() == "['en', 'fr', 'it', 'es']"
    assert _settings_languages("").stdout.strip() == "['en', 'fr', 'it']"
    refused = _settings_languages("en,xx")
    assert refused.returncode != 0 and "UI_LANGUAGES: unknown language code(s) xx" in refused.stderr


def test_spanish_worked_example_imports_aligns_renders_and_is_checked(client, spanish_ui):
    call_command("import_rules", str(DATA / "rules-ours-en.txt"), game=GAME, language="en", stdout=io.StringIO())
    call_command("import_rules", str(DATA / "rules-ours-es.txt"), game=GAME, language="es", stdout=io.StringIO())
    spanish = RulesDocument.objects.get(language="es")
    assert spanish.credit == "Traducción de Lucía Moreno"
    sections = {section["heading"]: section["key"] for section in spanish.structure["sections"]}
    assert sections["Modo: Dos jugadores"] == "mode-two-players"  # by structure, not the free-for-all
    anchors = [item["anchor"] for _section, item in spanish.items()]
    assert "mode-two-players-gameplay-3" in anchors and "glossary-defender" in anchors
    page = client.get("/es/rules/dust-reclamation/")
    assert page.status_code == 200 and "Buscar en las reglas" in page.text
    assert '<article class="rules-text" lang="es">' in page.text and 'id="mode-two-players-gameplay-3"' in page.text
    compare = client.get("/es/rules/dust-reclamation/compare/").text
    assert "Español" in compare and "Lado a lado" in compare
    check = client.get("/es/rules/dust-reclamation/check/")
    kinds = {(f.kind, f.anchor, f.language) for f in check.context["groups"][0][2]}
    assert ("missing", "mode-free-for-all-for-three-or-four-players", "es") in kinds


def test_a_language_without_a_ui_catalogue_renders_with_its_fallback(client, settings):
    settings.LANGUAGES = [*settings.LANGUAGES, ("de", "German")]
    page = client.get("/de/rules/")
    assert page.status_code == 200 and "The official rules of each game" in page.text


def test_a_document_in_a_language_the_ui_lacks(client):
    import_rules(GAME, "en", OURS_EN, "en.txt")
    import_rules(GAME, "es", OURS_ES, "es.txt")
    page = client.get("/en/rules/dust-reclamation/", {"language": "es"})
    assert page.status_code == 200 and page.context["document"].language == "es"
    assert '<article class="rules-text" lang="es">' in page.text and "Language of the text: Spanish" in page.text
    assert 'href="/en/rules/dust-reclamation/?language=es"' in client.get("/en/rules/dust-reclamation/").text
    not_ui = client.get("/es/rules/dust-reclamation/")  # not a UI language here: the English page, once
    assert (not_ui.status_code, not_ui.headers["Location"]) == (302, "/en/rules/dust-reclamation/")


def _nothing_changes(action):
    before = list(RulesDocument.objects.values_list("pk", "language", "version", "is_current", "structure"))
    with pytest.raises((DomainError, CommandError)) as refused:
        action()
    assert list(RulesDocument.objects.values_list("pk", "language", "version", "is_current", "structure")) == before
    return str(refused.value)


def test_bad_input_gets_a_clear_message_and_changes_nothing(tmp_path):
    import_rules(GAME, "en", OURS_EN, "en.txt")
    import_rules(GAME, "es", OURS_ES, "es.txt")
    message = _nothing_changes(lambda: import_rules(GAME, "xx", OURS_ES, "xx.txt"))
    assert "“xx” is not an ISO 639-1 language code" in message
    (tmp_path / "empty.txt").write_bytes(b"")
    message = _nothing_changes(
        lambda: call_command("import_rules", str(tmp_path / "empty.txt"), game=GAME, language="es")
    )
    assert "empty.txt: The document is empty." in message
    unrelated = b"Another Game\nV2.0\n\nIntro:\n\n  1. Something else entirely.\n"
    message = _nothing_changes(lambda: import_rules(GAME, "fr", unrelated, "other.txt"))
    assert "does not look like a translation of the same rules" in message
    older = OURS_ES.replace(b"V1.2", b"V1.1").replace(b"siete", b"ocho")
    message = _nothing_changes(lambda: import_rules(GAME, "es", older, "old.txt"))
    assert "version V1.1 is older than the current es document (V1.2)" in message
    unlabelled = OURS_ES.replace(b"V1.2", b"").replace(b"siete", b"ocho")
    message = _nothing_changes(lambda: import_rules(GAME, "es", unlabelled, "sin-version.txt"))
    assert "sin-version.txt: the document has no version label; nothing was imported" in message
    reused = OURS_ES.replace(b"siete", b"ocho")
    message = _nothing_changes(lambda: import_rules(GAME, "es", reused, "otra.txt"))
    assert "version V1.2 of the es document was already imported with another text" in message
    assert RulesDocument.objects.filter(language="es").count() == 1
