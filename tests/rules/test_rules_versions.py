"""Versions of rules documents: a new English version marks the translated rules whose English text
changed as older than the English, until that translation's next version; the current version is the
newest label. The documents are the publisher's, read from ../shared/reference at test time and
edited here into new versions."""

import io
import re

import pytest
from django.core.management import call_command

from core.errors import DomainError
from rules.consistency import check_game
from rules.models import RulesDocument
from rules.reference import import_reference_documents
from rules.services import import_rules
from tests.conftest import REFERENCE

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}"),
]
GAME = "dust-collectorz"
FILES = {
    "en": ("dust-collectorz-rules-en-V202310.09.txt", "V202310.09"),
    "fr": ("dust-collectorz-rules-fr-V202310.21.txt", "V202310.21"),
    "it": ("dust-collectorz-rules-it-V202311.02.txt", "V202311.02"),
}
CHANGED = "deck-composition-2"
STALE_MARK = re.compile(r'<p id="([^"]+)" class="rule rule-\w+ stale">')


def _text(language):
    name, _label = FILES[language]
    return (REFERENCE / name).read_text(encoding="utf-8")


def _new_version(language, label, change_anchor=None):
    """The document with a new label and, optionally, one rule's text changed."""
    text = _text(language).replace(FILES[language][1], label)
    if change_anchor:
        document = RulesDocument.objects.get(game__slug=GAME, language=language, is_current=True)
        rule = next(item["text"] for _section, item in document.items() if item["anchor"] == change_anchor)
        words = rule.split()
        passage = next(
            " ".join(words[i : i + 4]) for i in range(len(words)) if text.count(" ".join(words[i : i + 4])) == 1
        )
        text = text.replace(passage, passage + " (at least once per round)")
    return text


@pytest.fixture
def translated(db):
    for language, (name, _label) in FILES.items():
        call_command(
            "import_rules",
            str(REFERENCE / name),
            game=GAME,
            language=language,
            confirm_structure=True,
            stdout=io.StringIO(),
        )


def _stale_on_page(client, language):
    return STALE_MARK.findall(client.get(f"/{language}/rules/{GAME}/").text)


def _stale_on_compare(client):
    page = client.get(f"/en/rules/{GAME}/compare/").text
    return {
        (anchor, language)
        for anchor, row in re.findall(r'<tr id="([^"]+)">(.*?)</tr>', page, re.S)
        for language in re.findall(r'<td lang="(\w+)"><span class="badge stale-mark"', row)
    }


def _stale_findings():
    findings, _languages = check_game(RulesDocument.objects.first().game)
    return {(finding.anchor, finding.language) for finding in findings if finding.kind == "stale"}


def test_a_new_english_version_marks_the_changed_rule_in_every_translation_until_its_next_version(translated, client):
    assert _stale_on_page(client, "fr") == [] and _stale_on_page(client, "it") == []
    assert _stale_findings() == set() and _stale_on_compare(client) == set()

    import_rules(GAME, "en", _new_version("en", "V202312.01", change_anchor=CHANGED), "rules-en-v2.txt")

    assert _stale_on_page(client, "fr") == [CHANGED] and _stale_on_page(client, "it") == [CHANGED]
    assert _stale_on_page(client, "en") == []
    assert "Traduction antérieure au texte anglais" in client.get(f"/fr/rules/{GAME}/").text
    assert _stale_findings() == {(CHANGED, "fr"), (CHANGED, "it")}
    assert _stale_on_compare(client) == {(CHANGED, "fr"), (CHANGED, "it")}
    finding = next(f for f in check_game(RulesDocument.objects.first().game)[0] if f.kind == "stale")
    assert "V202312.01" in finding.message and "V2023" in finding.message

    import_rules(GAME, "fr", _new_version("fr", "V202312.05"), "regles-fr-v2.txt")

    assert _stale_on_page(client, "fr") == [] and _stale_on_page(client, "it") == [CHANGED]
    assert _stale_findings() == {(CHANGED, "it")}
    assert _stale_on_compare(client) == {(CHANGED, "it")}


def test_the_newest_label_stays_current_and_an_older_one_never_replaces_it(translated):
    import_rules(GAME, "en", _new_version("en", "V202312.01", change_anchor=CHANGED), "rules-en-v2.txt")

    def current():
        return RulesDocument.objects.get(game__slug=GAME, language="en", is_current=True).version

    older = _new_version("en", "V202311.15", change_anchor=CHANGED)
    with pytest.raises(DomainError) as refused:
        import_rules(GAME, "en", older, "rules-en-between.txt")
    assert "version V202311.15 is older than the current en document (V202312.01), which stays current" in str(
        refused.value.message
    )
    assert current() == "V202312.01" and RulesDocument.objects.filter(language="en").count() == 2

    out = io.StringIO()
    call_command("import_rules", str(REFERENCE / FILES["en"][0]), game=GAME, language="en", stdout=out)
    assert "nothing changed; the current document stays V202312.01" in out.getvalue()
    assert current() == "V202312.01"

    same_label = _new_version("en", "v202312.1")  # another spelling of the newest label
    with pytest.raises(DomainError, match="already imported with another text"):
        import_rules(GAME, "en", same_label, "rules-en-respelled.txt")
    assert current() == "V202312.01"


def test_the_sample_import_labels_a_document_whose_text_has_none(db):
    """`make run` imports the reference folder: a text without a label gets its file name's or its
    file's date, so every document is labelled and none is left out."""
    reports = []
    import_reference_documents(report=reports.append)
    labels = dict(RulesDocument.objects.values_list("game__slug", "version").filter(language="en"))
    assert labels["dbz-ccg"] == "v1.5.0" and labels[GAME] == "V202310.09"
    assert re.fullmatch(r"V20\d{6}", labels["dust-reclamation"])
    assert reports == []
