"""The cross-language consistency checker: unit cases of our own, and the real documents."""

import io
import json

import pytest
from django.core.management import call_command

from rules.checker import check, count_numbers
from rules.services import import_rules

from .conftest import REFERENCE

needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}")
TERMS = {
    "rank-silver": {"en": [["Silver"]], "fr": [["Argent"]], "it": [["Argento"]]},
    "deck": {"en": [["Deck", "Decks"]], "fr": [["Deck"], ["pioche"]], "it": [["Mazzo", "Mazzi"]]},
}


def row(anchor, en, fr, it=None, section="setup"):
    return (anchor, section, "rule", {"en": en, "fr": fr, "it": it})


def test_numbers_in_digits_and_words():
    assert count_numbers("draws six (6) cards", "en") == {6: 1}
    assert count_numbers("Chaque tribu : 2 cartes Bronze et une carte Or", "fr") == {2: 1}  # "une" is an article
    assert count_numbers("al massimo due carte", "it") == {2: 1}
    assert count_numbers("Se sei in dubbio", "it") == {}  # "sei" is "you are" here


def test_documents_that_agree_have_no_findings():
    rows = [
        row(
            "setup-1",
            "Shuffle your Deck and draw six (6) cards.",
            "Mélangez votre Deck et piochez six (6) cartes.",
            "Mescola il tuo Mazzo e pesca sei (6) carte.",
        ),
        row(
            "setup-2",
            "Two Silver cards score 1 point each.",
            "Deux cartes Argent rapportent 1 point chacune.",
            "Due carte Argento valgono 1 punto ciascuna.",
        ),
    ]
    assert check(rows, "en", TERMS) == []


def test_each_kind_of_finding():
    rows = [
        row(
            "setup-1",
            "Draw 6 cards from your Deck.",
            "Piochez 7 cartes de votre pioche.",
            "Pesca 6 carte dal tuo Mazzo.",
        ),
        row(
            "setup-2",
            "Silver cards score 1 point.",
            "Les cartes Argent valent 1 point, comme le Deck.",
            "Le carte Oro valgono 1 punto.",
        ),
        ("setup-3", "setup", "rule", {"en": "Only in English.", "fr": None, "it": None}),
    ]
    findings = check(
        rows, "en", TERMS, missing=[("fr", "setup-3", "rule missing")], expectations=[("setup-1", [6], "cards drawn")]
    )
    kinds = sorted((f.kind, f.anchor, f.language) for f in findings)
    assert kinds == [
        ("engine", "setup-1", "fr"),
        ("inconsistent_term", "deck", "fr"),
        ("missing", "setup-3", "fr"),
        ("numbers", "setup-1", "fr"),
        ("term", "setup-2", "it"),
    ]
    numbers = next(f for f in findings if f.kind == "numbers")
    assert numbers.texts == {"en": "Draw 6 cards from your Deck.", "fr": "Piochez 7 cartes de votre pioche."}


@pytest.fixture
def dc_rules(db):
    for language, name in (
        ("en", "dust-collectorz-rules-en-V202310.09.txt"),
        ("fr", "dust-collectorz-rules-fr-V202310.21.txt"),
        ("it", "dust-collectorz-rules-it-V202311.02.txt"),
    ):
        import_rules("dust-collectorz", language, (REFERENCE / name).read_bytes(), name)


@needs_reference
def test_the_real_differences_between_the_three_documents(dc_rules):
    from catalogue.models import Game
    from rules.consistency import check_game

    findings, languages = check_game(Game.objects.get(slug="dust-collectorz"))
    assert languages == ["en", "fr", "it"]
    assert {(f.kind, f.anchor, f.language) for f in findings} == {
        ("numbers", "deck-composition-2", "it"),  # "1 Platino o Epica": one "1" fewer
        ("numbers", "mode-two-player-versus-gameplay-6", "it"),  # the -1 / +1 tribe modifiers are dropped
        ("term", "mode-two-player-versus-gameplay-6", "it"),
        ("numbers", "mode-four-player-team-p1", "it"),  # "two-player versus" becomes "player against player"
        ("numbers", "mode-three-and-four-player-free-for-all-p1", "it"),
        ("term", "mode-four-player-team-scoring-b1", "it"),  # "Bronzo e Oro" where English says Bronze & Silver
        ("inconsistent_term", "counter-type", "fr"),  # Pion, compteur, Counter, Contre
        ("inconsistent_term", "counter-type", "it"),  # Contrattacco and Contratto
        ("inconsistent_term", "deck", "fr"),  # Deck and pioche
        ("inconsistent_term", "deck", "it"),  # Mazzo and Deck
        ("inconsistent_term", "rank-platinum", "fr"),  # Platine and Platinum
    }
    assert not [f for f in findings if f.kind == "engine"], "the documents agree with the enforced values"


@needs_reference
def test_engine_values_are_checked_against_the_text(dc_rules, sample):
    from catalogue.models import Game
    from decks.models import Format
    from rules.consistency import check_game

    row = Format.objects.get(slug="dc-prerelease")
    row.definition = {
        **row.definition,
        "constraints": [dict(c, max=4) if c["code"] == "epic_limit" else c for c in row.definition["constraints"]],
    }
    row.save()
    findings, _languages = check_game(Game.objects.get(slug="dust-collectorz"))
    engine = {(f.anchor, f.language) for f in findings if f.kind == "engine"}
    assert engine == {
        ("deck-composition-note-1", "en"),
        ("deck-composition-note-1", "fr"),
        ("deck-composition-note-1", "it"),
    }


@needs_reference
def test_command_exit_status_and_json(dc_rules):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("check_rules", game="dust-collectorz", json=True, stdout=out)
    assert exited.value.code == 1
    assert {item["kind"] for item in json.loads(out.getvalue())} >= {"numbers", "term", "inconsistent_term"}


@pytest.mark.django_db
def test_command_on_a_game_without_findings():
    import_rules("dust-reclamation", "en", b"Our Game\nRules - V1\n\nSetup:\n\n  1. Deal 6 cards.\n", "ours.txt")
    with pytest.raises(SystemExit) as exited:
        call_command("check_rules", game="dust-reclamation", stdout=io.StringIO())
    assert exited.value.code == 0


@needs_reference
def test_check_page_in_every_language(client, dc_rules):
    for language in ("en", "fr", "it"):
        page = client.get(f"/{language}/rules/dust-collectorz/check/")
        assert page.status_code == 200 and "deck-composition-2" in page.text
