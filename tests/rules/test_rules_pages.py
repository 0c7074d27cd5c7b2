"""Importing rules documents and the rules pages. The publisher's documents are read from
../shared/reference at test time; tests that need them skip, saying why, when it is absent."""

import io

import pytest
from django.core.management import CommandError, call_command

from core.errors import DomainError
from rules.models import RulesDocument
from rules.services import import_rules
from tests.conftest import REFERENCE

pytestmark = pytest.mark.django_db
needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}")
DC_FILES = {
    "en": "dust-collectorz-rules-en-V202310.09.txt",
    "fr": "dust-collectorz-rules-fr-V202310.21.txt",
    "it": "dust-collectorz-rules-it-V202311.02.txt",
}
OUR_RULES = "Our Test Game\nRules - V1.0\n\nSetup:\n\n  1. Shuffle <b>everything</b> & deal.\n\n  2. Play <script>alert(1)</script> fair.\n"


@pytest.fixture
def dc_rules(db):
    for language, name in DC_FILES.items():
        call_command(
            "import_rules",
            str(REFERENCE / name),
            game="dust-collectorz",
            language=language,
            confirm_structure=True,  # the Italian drops the preamble's paragraph
            stdout=io.StringIO(),
        )


@needs_reference
def test_import_all_reference_documents(capsys):
    for language, name in DC_FILES.items():
        if language == "it":  # it drops the preamble's paragraph: shown, and refused without the flag
            with pytest.raises(CommandError, match="structure differs from the en document"):
                call_command("import_rules", str(REFERENCE / name), game="dust-collectorz", language=language)
            assert "dropped: preamble-p1" in capsys.readouterr().out
            assert not RulesDocument.objects.filter(language="it").exists()
        call_command(
            "import_rules", str(REFERENCE / name), game="dust-collectorz", language=language, confirm_structure=True
        )
    reclamation = str(REFERENCE / "dust-reclamation-rules-en.txt")  # its text has no version label
    with pytest.raises(CommandError, match="has no version label; nothing was imported"):
        call_command("import_rules", reclamation, game="dust-reclamation", language="en")
    call_command("import_rules", reclamation, game="dust-reclamation", language="en", label="V2024.1")
    call_command(
        "import_rules", str(REFERENCE / "dbz-ccg-expanded-current-rulings-v1.5.0.txt"), game="dbz-ccg", language="en"
    )
    versions = dict(RulesDocument.objects.values_list("language", "version").filter(game__slug="dust-collectorz"))
    assert versions == {"en": "V202310.09", "fr": "V202310.21", "it": "V202311.02"}
    assert RulesDocument.objects.get(game__slug="dbz-ccg").version == "v1.5.0"
    assert RulesDocument.objects.get(game__slug="dust-reclamation").version == "V2024.1"
    assert "imported (" in capsys.readouterr().out


@needs_reference
def test_anchors_are_shared_by_all_languages_and_stable_across_reimports(dc_rules):
    def anchors(language):
        return [
            item["anchor"]
            for _section, item in RulesDocument.objects.get(
                game__slug="dust-collectorz", language=language, is_current=True
            ).items()
        ]

    english = anchors("en")
    assert "deck-composition-2" in english
    # The Italian glossary is ordered differently; its preamble is only the translator's credit.
    assert anchors("fr") == english and sorted(anchors("it")) == sorted(set(english) - {"preamble-p1"})
    call_command(
        "import_rules", str(REFERENCE / DC_FILES["fr"]), game="dust-collectorz", language="fr", stdout=io.StringIO()
    )
    assert RulesDocument.objects.filter(language="fr").count() == 1  # same text: nothing new
    assert anchors("fr") == english


def test_bad_files_write_nothing(tmp_path):
    cases = {
        "binary.txt": b"\x00\x01\x02" * 100,
        "empty.txt": b"",
        "huge.txt": b"Rules:\n  1. x\n" * 300_000,
        "flat.txt": b"just one long sentence without any structure whatsoever, nothing more.",
    }
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(CommandError, match=name):
            call_command("import_rules", str(tmp_path / name), game="dust-collectorz", language="en")
    with pytest.raises(CommandError, match="Unknown game"):
        call_command("import_rules", str(tmp_path / "flat.txt"), game="chess", language="en")
    assert not RulesDocument.objects.exists()


def test_a_new_version_keeps_the_old_one_with_a_diff(client):
    import_rules("dust-reclamation", "en", OUR_RULES.encode(), "v1.txt")
    changed = OUR_RULES.replace("V1.0", "V1.1").replace("deal.", "deal seven cards.")
    import_rules("dust-reclamation", "en", changed.encode(), "v2.txt")
    assert RulesDocument.objects.filter(game__slug="dust-reclamation").count() == 2
    assert RulesDocument.objects.get(is_current=True).version == "V1.1"
    page = client.get("/en/rules/dust-reclamation/history/").text
    assert "Changes from V1.0 to V1.1" in page and "<del>deal.</del> <ins>deal seven cards.</ins>" in page


def test_imported_text_is_escaped_everywhere(client):
    import_rules("dust-reclamation", "en", OUR_RULES.encode(), "ours.txt")
    for url in (
        "/en/rules/dust-reclamation/",
        "/en/rules/dust-reclamation/compare/",
        "/en/rules/dust-reclamation/?q=script",
    ):
        page = client.get(url).text
        assert "<script>alert(1)</script>" not in page and "<b>everything</b>" not in page
        assert "&lt;script&gt;" in page


def test_other_language_shown_with_a_notice(client):
    import_rules("dust-reclamation", "en", OUR_RULES.encode(), "ours.txt")
    page = client.get("/it/rules/dust-reclamation/")
    assert page.status_code == 200 and '<article class="rules-text" lang="en">' in page.text
    assert page.context["fallback"] is True
    assert "EN</a>" not in page.text


@needs_reference
def test_pages_in_every_language(client, dc_rules):
    for language, word in (("en", "Deck Composition"), ("fr", "Composition du Deck"), ("it", "Composizione del Mazzo")):
        page = client.get(f"/{language}/rules/dust-collectorz/")
        assert page.status_code == 200 and word in page.text
        assert 'id="deck-composition-2"' in page.text
    compare = client.get("/en/rules/dust-collectorz/compare/").text
    assert (
        compare.count('id="deck-composition-2"') == 1
        and "Composizione" not in compare.split('id="deck-composition-2"')[0][-50:]
    )


@needs_reference
def test_search_matches_whole_words_ignores_accents_both_ways_and_highlights(client, dc_rules):
    hits = client.get("/fr/rules/dust-collectorz/", {"q": "EPIQUE"}).context["hits"]
    assert any(hit["anchor"] == "deck-composition-2" for hit in hits)
    assert all("<mark>Épique</mark>" in hit["text"] or "<mark>Epique</mark>" in hit["text"] for hit in hits)
    tie = client.get("/en/rules/dust-collectorz/", {"q": "tie"}).context["hits"]
    assert tie and all("<mark>tie</mark>" in hit["text"].lower() for hit in tie)  # never inside "abilities"
    accented = client.get("/it/rules/dust-collectorz/", {"q": "tribu"}).context["hits"]
    assert accented and all("<mark>trib" in hit["text"].lower() for hit in accented)
    plain = client.get("/fr/rules/dust-collectorz/", {"q": "défausse"}).context["hits"]
    assert any("<mark>défausse</mark>" in hit["text"].lower() for hit in plain)


@needs_reference
def test_each_search_hit_shows_its_section_and_mode(client, dc_rules):
    page = client.get("/en/rules/dust-collectorz/", {"q": "coin"})
    modes = {(hit["mode"], hit["heading"]) for hit in page.context["hits"]}
    assert ("Mode: Four Player Team", "Setup") in modes
    assert "Mode: Four Player Team › Setup" in page.text


@needs_reference
def test_glossary_terms_are_linked_and_shared_words_link_to_both(client, dc_rules):
    page = client.get("/en/rules/dust-collectorz/").text
    assert 'class="term" href="#glossary-capture-pile"' in page
    french = client.get("/fr/rules/dust-collectorz/").text
    assert '(<a href="#glossary-round">Round</a>, <a href="#glossary-turn">Turn</a>)' in french


@needs_reference
def test_side_by_side_shows_versions_and_section_headings(client, dc_rules):
    page = client.get("/en/rules/dust-collectorz/compare/").text
    assert "V202310.09" in page and "V202310.21" in page and "V202311.02" in page
    assert ">Mise en place</th>" in page and ">Composizione del Mazzo</th>" in page
    assert ">French<br>" in page


PYTHON_LITERALS = ("{'", "{&#x27;", "[&#x27;", "['", "<QuerySet", "&lt;QuerySet", "object at 0x", "[(", "{&quot;")


@needs_reference
def test_no_rules_page_prints_a_python_literal(client, dc_rules, organiser):
    import_rules("dust-reclamation", "en", OUR_RULES.encode(), "v1.txt")
    import_rules("dust-reclamation", "en", OUR_RULES.replace("V1.0", "V1.1").encode(), "v2.txt")
    client.force_login(organiser)
    pages = ["", "dust-collectorz/", "dust-collectorz/compare/", "dust-collectorz/check/", "dust-collectorz/clash/"]
    pages += ["dust-collectorz/history/?language=fr", "dust-reclamation/history/", "dust-collectorz/?q=tour"]
    for language in ("en", "fr", "it"):
        for url in pages:
            page = client.get(f"/{language}/rules/{url}")
            assert page.status_code == 200, url
            found = [literal for literal in PYTHON_LITERALS if literal in page.text]
            assert not found, (language, url, found)
    history = client.get("/en/rules/dust-collectorz/history/?language=fr")
    assert '<option value="fr" selected>French</option>' in history.text and "V202310.21" in history.text


def test_switching_language_keeps_the_anchor(client):
    response = client.post("/language/", {"language": "fr", "next": "/en/rules/dust-collectorz/#deck-composition-2"})
    assert response.status_code == 302 and response["Location"] == "/fr/rules/dust-collectorz/#deck-composition-2"
    page = client.get("/en/rules/").text
    assert "js/keep-anchor.js" in page and 'class="language-switcher" data-keep-anchor' in page


def test_dates_are_written_per_language(client):
    import datetime

    from django.utils import timezone

    import_rules("dust-reclamation", "en", OUR_RULES.encode(), "ours.txt")
    moment = timezone.make_aware(datetime.datetime(2026, 11, 22, 12, 0))
    RulesDocument.objects.update(imported_at=moment)
    assert "22 novembre 2026" in client.get("/it/rules/dust-reclamation/").text
    assert "22 novembre 2026" in client.get("/fr/rules/dust-reclamation/").text
    assert "November 22, 2026" in client.get("/en/rules/dust-reclamation/").text


def test_quick_reference_rank_names_are_translated(client, sample):
    page = client.get("/fr/rules/dust-collectorz/").text
    for rank in (">Argent<", ">Or<", ">Platine<", ">Épique<"):
        assert rank in page
    assert ">Argento<" in client.get("/it/rules/dust-collectorz/").text


def test_quick_reference_comes_from_the_enforced_configuration(client, sample):
    from decks.models import Format

    page = client.get("/en/rules/dust-collectorz/").text
    assert "A deck has exactly 32 cards: 6 champions of each tribe and 2 Counter type cards." in page
    assert "Lintlings" in page  # the wheel from the catalogue
    row = Format.objects.get(slug="dc-prerelease")
    definition = dict(row.definition)
    definition["constraints"] = [
        dict(c, exactly=40) if c["code"] == "deck_size" else c for c in definition["constraints"]
    ]
    row.definition = definition
    row.save()
    assert "A deck has exactly 40 cards" in client.get("/en/rules/dust-collectorz/").text
    for language in ("fr", "it"):
        assert client.get(f"/{language}/rules/dust-collectorz/").status_code == 200
    assert "+6" in page  # the team mode's last-round bonus from the scoring configuration


def test_import_errors_name_the_file():
    with pytest.raises(DomainError, match="empty.txt: The document is empty."):
        import_rules("dust-collectorz", "en", b"", "empty.txt")


def test_the_dbz_quick_reference_states_every_level_rule_the_deck_check_enforces(client, sample):
    """The deck check refuses skipped Main Personality levels, Allies above level 2 (from 11/24/04)
    and Battle Simulator cards: the quick reference says so, from the format in force."""
    from decks.models import Format

    page = client.get("/en/rules/dbz-ccg/").text
    assert "Main Personality levels start at level 1 and skip none" in page
    assert "Allies of level 1 to 2 only, from Nov. 24, 2004." in page
    assert "Cards printed with the words “Battle Simulator” are not allowed" in page
    row = Format.objects.get(slug="dbz-expanded")
    definition = dict(row.definition)
    definition["constraints"] = [dict(c, max=3) if c["code"] == "ally_level" else c for c in definition["constraints"]]
    row.definition = definition
    row.save()
    assert "Allies of level 1 to 3 only" in client.get("/en/rules/dbz-ccg/").text
    assert "24 novembre 2004" in client.get("/fr/rules/dbz-ccg/").text
