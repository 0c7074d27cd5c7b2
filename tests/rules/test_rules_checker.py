"""The cross-language consistency checker: unit cases of our own, and the real documents measured
against the defects we found by reading them (tests/rules/rules_known_defects.py)."""

import io
import json

import pytest
from django.core.management import call_command
from django.utils import translation

from rules.alignment import Row
from rules.checker import CheckInput, check
from rules.checking import numbers, spelling
from rules.services import import_rules
from tests.conftest import REFERENCE
from tests.rules.rules_known_defects import DEFECTS, matches

needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}")
DC_FILES = {
    "en": "dust-collectorz-rules-en-V202310.09.txt",
    "fr": "dust-collectorz-rules-fr-V202310.21.txt",
    "it": "dust-collectorz-rules-it-V202311.02.txt",
}


def row(anchor, en, fr, it=None, section="setup", kind="rule", level=0):
    return Row(anchor, section, kind, {"en": en, "fr": fr, "it": it}, level)


def stated(text, language, nouns=("cards", "cartes", "carte", "cartas")):
    required, optional = numbers.stated(text, language, set(nouns))
    return required | optional


def test_numbers_in_digits_and_words_of_any_language():
    assert stated("draws six (6) cards", "en") == {6}
    assert stated("Chaque tribu : 2 cartes Bronze et une carte Or", "fr") == {2}  # "une" is an article
    assert stated("al massimo due carte", "it") == {2}
    assert stated("Se sei in dubbio, leggi le carte", "it") == set()  # "sei" is "you are" here
    assert stated("roba dos cartas", "es") == {2}  # Spanish from num2words, no word list of ours
    assert stated("two or more cards", "en") == {2}


def test_mode_names_are_not_rule_numbers():
    names = ["Two Player Versus"]
    assert numbers.stated("Same rules as in two-player versus.", "en", {"player"}, names) == (set(), {2})
    ours = numbers.stated("Same rules as in two-player versus.", "en", {"player"}, names)
    theirs = numbers.stated("Stesse regole del giocatore contro giocatore.", "it", {"carte"}, [])
    assert numbers.differences(ours, theirs) == (set(), set())


def test_documents_that_agree_have_no_findings():
    rows = [
        row("setup", "Setup", "Mise en place", "Preparazione", kind="heading", level=2),
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
    assert check(CheckInput(rows, "en")) == []


def test_each_kind_of_finding_with_both_texts():
    rows = [
        row("glossary", "Glossary", "Glossaire", "Glossario", kind="heading", section="glossary", level=2),
        *(
            row(f"glossary-{en.split(':')[0].lower()}", en, fr, it, section="glossary", kind="bullet")
            for en, fr, it in (
                ("Round: one cycle of turns.", "Tour : un cycle de tours.", "Round: un ciclo di turni."),
                ("Turn: one player's go.", "Tour : le coup d'un joueur.", "Turno: il turno di un giocatore."),
            )
        ),
        row("setup-1", "Draw 6 cards each Round.", "Piochez 7 cartes à chaque tour.", "Pesca 6 carte ogni Round."),
        row("setup-2", "Each Round ends a Turn.", "Chaque tour termine un tour.", "Ogni Roud finisce un Turno."),
        row("setup-3", "At the end of the Round, draw.", None, "Alla fine del Round, pesca."),
    ]
    findings = check(CheckInput(rows, "en", glossary_key="glossary"))
    kinds = {(f.kind, f.anchor, f.language) for f in findings}
    assert ("numbers", "setup-1", "fr") in kinds
    assert ("term_shared", "glossary-round", "fr") in kinds  # "Tour" for both Round and Turn
    assert ("missing", "setup-3", "fr") in kinds
    assert ("spelling_usage", "setup-2", "it") in kinds or ("term_missing", "setup-2", "it") in kinds
    numbers_finding = next(f for f in findings if f.kind == "numbers")
    assert numbers_finding.texts == {"en": "Draw 6 cards each Round.", "fr": "Piochez 7 cartes à chaque tour."}
    assert numbers_finding.severity == "meaning"
    assert {f.severity for f in findings} >= {"meaning", "terminology"}


def test_a_dropped_sentence_is_shown_side_by_side():
    rows = [
        row(
            "setup-1",
            "Shuffle your Deck. Then draw six (6) cards from it. Keep them hidden from the other players.",
            "Mélangez votre Deck. Piochez ensuite six (6) cartes.",
        )
    ]
    findings = [f for f in check(CheckInput(rows, "en")) if f.kind == "sentence_missing"]
    assert [f.texts for f in findings] == [{"en": "Keep them hidden from the other players.", "fr": None}]


def test_details_are_translated():
    rows = [row("setup-1", "Draw 6 cards.", "Piochez 7 cartes.")]
    finding = next(f for f in check(CheckInput(rows, "en")) if f.kind == "numbers")
    with translation.override("fr"):
        assert "anglais" in finding.message and "Numbers" not in finding.message and "valeurs" in finding.message
    with translation.override("it"):
        assert "inglese" in finding.message


@pytest.fixture
def dc_rules(db):
    for language, name in DC_FILES.items():
        import_rules("dust-collectorz", language, (REFERENCE / name).read_bytes(), name, confirm=True)


@needs_reference
@pytest.mark.parametrize("catalogue", [False, True], ids=["without-catalogue", "with-sample-catalogue"])
def test_the_checker_finds_what_a_careful_translator_finds(dc_rules, request, catalogue):
    """Precision >= 90% and recall >= 70% against our own list of defects, on the site as `make run`
    makes it (the sample catalogue's card names loaded) and without it; no terms typed in by hand."""
    from catalogue.models import Card, Game
    from rules.consistency import check_game
    from rules.models import Terminology

    if catalogue:
        request.getfixturevalue("sample")
        assert Card.objects.filter(card_set__game__slug="dust-collectorz").count() > 50
    assert not Terminology.objects.exists()
    findings, languages = check_game(Game.objects.get(slug="dust-collectorz"))
    assert languages == ["en", "fr", "it"]
    true = [f for f in findings if any(matches(f, d) for d in DEFECTS)]
    found = [d for d in DEFECTS if any(matches(f, d) for f in findings)]
    precision, recall = len(true) / len(findings), len(found) / len(DEFECTS)
    unmatched = [f"{f.kind} {f.language} {f.anchor}: {f.message}" for f in findings if f not in true]
    assert precision >= 0.9, unmatched
    assert recall >= 0.7, [d.note for d in DEFECTS if d not in found]
    assert not [f for f in findings if f.kind == "engine"], "the documents agree with the enforced values"
    assert not [f for f in findings if f.language == "en"]


RANKS = {
    "en": {"bronze": "Bronze", "silver": "Silver", "gold": "Gold", "platinum": "Platinum"},
    "fr": {"bronze": "Bronze", "silver": "Argent", "gold": "Or", "platinum": "Platine"},
    "it": {"bronze": "Bronzo", "silver": "Argento", "gold": "Oro", "platinum": "Platino"},
}


def test_a_rank_stated_differently_is_a_number_finding_with_both_values():
    rows = [
        row(
            "scoring-b1",
            "Bronze & Silver cards: 1 point",
            "Cartes de bronze et d'argent : 1 point",
            "Carte Bronzo e Oro: 1 punto",
        ),
        row("scoring-b2", "Gold cards: 0 points", "Cartes d'or : 0 point", "Carte d’Oro: 0 punti"),
        row("scoring-b3", "Platinum cards: 3 points", "Cartes Platinum : 3 points", "Carte Platino: 3 punti"),
    ]
    findings = [f for f in check(CheckInput(rows, "en", ranks=RANKS)) if f.kind == "numbers"]
    assert [(f.anchor, f.language) for f in findings] == [("scoring-b1", "it")]  # Platinum kept in English is fine
    assert findings[0].params["missing"] == "“Silver”" and findings[0].params["extra"] == "“Oro”"
    assert "Silver" in findings[0].message and "Oro" in findings[0].message
    assert findings[0].texts == {"en": rows[0].texts["en"], "it": rows[0].texts["it"]}


def test_spelling_only_where_a_dictionary_is_installed_and_confident():
    def allowed(_word):
        return False

    assert spelling.confidence("compost", "it")[0] == "composto"
    assert spelling.confidence("compost", "it")[1] >= spelling.CONFIDENT  # composto, composta, composti
    assert spelling.confidence("Epique", "fr") == ("épique", 1.0)  # an accent away
    intended, share = spelling.confidence("porranno", "it")  # a real future tense the list lacks
    assert intended == "vorranno" and share < spelling.CONFIDENT  # vorranno or potranno: not sure
    assert spelling.confidence("scontri", "it") == (None, 0.0)  # scontro with another ending
    assert spelling.confidence("puntos", "es") == (None, 0.0)  # punto plus s
    assert spelling.misspellings("Le porranno nelle Pile, il Mazzo compost da 32 carte.", "it", allowed) == [
        ("compost", "composto")
    ]
    assert spelling.misspellings("Los puntos de las cartas.", "es", allowed) == []
    assert spelling.dictionary("fi") is None  # no Finnish list installed: nothing reported, no error
    assert spelling.misspellings("Pelaaja nostaa kortin kompostt.", "fi", allowed) == []


def test_agreement_and_article_slips_against_the_documents_own_usage():
    texts = [
        ("a", "Usa le stesse carte per attaccare."),
        ("b", "Usano le stesse carte per difendere."),
        ("c", "Deve usare le stessa carte per attaccare."),
        ("d", "Gioca una Catena Tribale."),
        ("e", "Batte una catena di carte."),
        ("f", "Se può formare un Catena Tribale, gioca."),
        ("g", "Carte Oro: 0 punti"),
        ("h", "Carte Platino: 3 punti"),
        ("i", "Carte Bronzo: 1 punto"),
    ]
    found = {(anchor, word, usual) for anchor, word, usual in spelling.usage_variants(texts, "it")}
    assert found == {("c", "stessa", "stesse"), ("f", "un", "una")}  # "1 punto" / "0 punti" is right
    joined = spelling.joined_variants([("p1", "Les decks de la préversion.")], [("h", "Règles de la pré-version")])
    assert joined == [("p1", "préversion", "pré-version")]
    assert spelling.joined_variants([("p1", "La préversion."), ("p2", "La préversion.")], [("h", "pré-version")]) == []


def test_names_are_whole_names_and_common_words_make_none():
    rows = [
        row(
            "setup-1",
            "The last player of the Dust Collector club draws.",
            "Le dernier joueur du club dépoussiéreur pioche.",
        ),
        row("setup-2", "Play Great Tangle of Lint face up.", "Jouez Grand Enchevêtrement face visible."),
        row("setup-3", "The last of the cards is discarded.", "La dernière des cartes est défaussée."),
    ]
    names = ("Dust Collectorz: Champions Unleashed", "Great Tangle of Lint", "The Last", "Of The")
    missing = [
        (f.anchor, f.params["name"]) for f in check(CheckInput(rows, "en", names=names)) if f.kind == "name_missing"
    ]
    assert missing == [("setup-1", "Dust Collector"), ("setup-2", "Great Tangle of Lint")]


@needs_reference
def test_the_terms_come_from_the_documents(dc_rules):
    from catalogue.models import Game
    from rules.consistency import check_game

    findings, _languages = check_game(Game.objects.get(slug="dust-collectorz"))
    shared = {
        (f.language, f.params["used"], f.params["term"], f.params["other"]) for f in findings if f.kind == "term_shared"
    }
    assert ("fr", "Tour", "Round", "Turn") in shared  # from the glossary, aligned by anchor
    assert ("it", "Scontro", "Clash", "Three and Four Player Free-for-All") in shared  # glossary and a heading
    varies = {(f.language, f.anchor) for f in findings if f.kind in ("term_varies", "term_untranslated")}
    assert ("fr", "mode-two-player-versus-scoring-b3") in varies  # Platinum left in English; Platine elsewhere
    assert ("it", "mode-four-player-team-gameplay-note-1") in varies  # Contratto for Contrattacco


@needs_reference
def test_engine_values_are_checked_against_the_text(dc_rules, sample):
    from catalogue.models import Game
    from decks.models import Format
    from rules.consistency import check_game

    row_ = Format.objects.get(slug="dc-prerelease")
    row_.definition = {
        **row_.definition,
        "constraints": [dict(c, max=4) if c["code"] == "epic_limit" else c for c in row_.definition["constraints"]],
    }
    row_.save()
    findings, _languages = check_game(Game.objects.get(slug="dust-collectorz"))
    engine = {(f.anchor, f.language) for f in findings if f.kind == "engine"}
    assert engine == {
        ("deck-composition-note-1", "en"),
        ("deck-composition-note-1", "fr"),
        ("deck-composition-note-1", "it"),
    }


@needs_reference
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Epic cards per deck: the software uses 4"),
        ("fr", "Cartes Épique par deck\u00a0: le logiciel applique 4"),
        ("it", "Carte Epiche per mazzo: il programma applica 4"),
    ],
)
def test_an_engine_finding_names_what_it_checks_in_the_readers_language(dc_rules, sample, language, said):
    """The description of an enforced value ("Epic cards per deck") is the reader's, not English."""
    from catalogue.models import Game
    from decks.models import Format
    from rules.consistency import check_game

    row_ = Format.objects.get(slug="dc-prerelease")
    row_.definition = {
        **row_.definition,
        "constraints": [dict(c, max=4) if c["code"] == "epic_limit" else c for c in row_.definition["constraints"]],
    }
    row_.save()
    findings, _languages = check_game(Game.objects.get(slug="dust-collectorz"))
    engine = next(f for f in findings if f.kind == "engine")
    with translation.override(language):
        assert engine.message.startswith(said), engine.message


@needs_reference
def test_accepted_findings_stay_quiet_on_reimport(dc_rules, client, organiser):
    from catalogue.models import Game
    from rules.consistency import check_game
    from rules.models import RulesDocument

    game = Game.objects.get(slug="dust-collectorz")
    finding = next(f for f in check_game(game)[0] if f.kind == "term_shared")
    client.force_login(organiser)
    page = client.post(
        "/en/rules/dust-collectorz/check/accept/", {"key": finding.key, "note": "Tour is fine in French."}, follow=True
    )
    assert page.status_code == 200 and "Tour is fine in French." in page.text
    RulesDocument.objects.filter(language="fr").delete()
    import_rules("dust-collectorz", "fr", (REFERENCE / DC_FILES["fr"]).read_bytes(), DC_FILES["fr"])
    again = next(f for f in check_game(game)[0] if f.key == finding.key)
    assert again.accepted == "Tour is fine in French."
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("check_rules", game="dust-collectorz", json=True, stdout=out)
    listed = {item["key"]: item for item in json.loads(out.getvalue())}
    assert listed[finding.key]["accepted"] is True


@needs_reference
def test_only_organisers_accept_findings(dc_rules, client, alice):
    client.force_login(alice)
    response = client.post("/en/rules/dust-collectorz/check/accept/", {"key": "x", "note": "fine"})
    assert response.status_code == 403


@needs_reference
def test_command_exit_status_and_json(dc_rules):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("check_rules", game="dust-collectorz", json=True, stdout=out)
    assert exited.value.code == 1
    listed = json.loads(out.getvalue())
    assert {item["severity"] for item in listed} == {"meaning", "terminology", "typo"}


@pytest.mark.django_db
def test_command_on_a_game_without_findings():
    import_rules("dust-reclamation", "en", b"Our Game\nRules - V1.0\n\nSetup:\n\n  1. Deal 6 cards.\n", "ours.txt")
    with pytest.raises(SystemExit) as exited:
        call_command("check_rules", game="dust-reclamation", stdout=io.StringIO())
    assert exited.value.code == 0


@needs_reference
def test_check_page_in_every_language_links_each_finding_to_the_side_by_side_view(client, dc_rules):
    for language in ("en", "fr", "it"):
        page = client.get(f"/{language}/rules/dust-collectorz/check/")
        assert page.status_code == 200
        assert f'href="/{language}/rules/dust-collectorz/compare/#mode-two-player-versus-gameplay-4"' in page.text
    french = client.get("/fr/rules/dust-collectorz/check/").text
    assert "traduit à la fois" in french and "translates both" not in french


def _kinds(rows, **options):
    return {(f.kind, f.anchor, f.language): f for f in check(CheckInput(rows, "en", **options))}


def test_an_example_marker_where_the_reference_defines_is_a_meaning_finding():
    rows = [
        row(
            "tie-p1",
            "The last successful play (i.e., the last card played) wins the tie.",
            "Le dernier coup réussi (par exemple, la dernière carte jouée) remporte l'égalité.",
            "L'ultima giocata riuscita (cioè l'ultima carta giocata) vince il pareggio.",
        ),
        row(
            "glossary-stat",
            "Stat Value: a number, e.g., power or speed.",
            "Stat : un nombre, par exemple la puissance ou la vitesse.",
            "Statistica: un numero, cioè attacco o velocità.",
        ),
    ]
    found = _kinds(rows)
    marker = found[("marker_example", "tie-p1", "fr")]
    assert marker.params["ours"] == "i.e." and marker.params["theirs"] == "par exemple"
    assert ("marker_example", "tie-p1", "it") not in found  # "cioè" is "i.e."
    assert ("marker_definition", "glossary-stat", "it") in found  # "cioè" for "e.g."
    assert not [key for key in found if key[1] == "glossary-stat" and key[2] == "fr"]
    with translation.override("it"):
        assert "esempio" in marker.message


def test_any_written_as_every_is_a_meaning_finding():
    rows = [
        row(
            "goal-p1",
            "The game ends when all cards of any player have been exhausted.",
            "La partie se termine lorsque toutes les cartes d'un joueur ont été épuisées.",
            "Il gioco finisce quando tutte le carte di ogni giocatore sono state esaurite.",
        ),
        row(
            "setup-1",
            "Each player may discard any card.",
            "Chaque joueur peut défausser n'importe quelle carte.",
            "Ogni giocatore può scartare qualsiasi carta.",
        ),
    ]
    found = _kinds(rows)
    assert [key for key in found if key[0] == "quantifier"] == [("quantifier", "goal-p1", "it")]
    assert "ogni" in found[("quantifier", "goal-p1", "it")].words


def test_a_dropped_face_up_is_a_meaning_finding():
    rows = [
        row(
            "gameplay-1",
            "They place their cards face up in the center.",
            "Il place ses cartes face visible au centre.",
            "Posiziona quindi le carte al centro.",
        ),
        row(
            "setup-2",
            "Place your Deck face-down in front of you.",
            "Placez votre pioche face cachée devant vous.",
            "Posiziona il Mazzo a faccia in giù di fronte a te.",
        ),
    ]
    found = _kinds(rows)
    assert [key for key in found if key[0] == "qualifier_missing"] == [("qualifier_missing", "gameplay-1", "it")]
    assert found[("qualifier_missing", "gameplay-1", "it")].words == ("face up",)


def test_a_subject_in_the_other_number_before_the_same_verb_is_a_meaning_finding():
    rows = [
        row(f"rule-{n}", en, "-", it)
        for n, (en, it) in enumerate(
            [
                ("At the end of the Round, players draw cards.", "Alla fine del Round, i giocatori pescano carte."),
                ("Then players draw two cards.", "Poi i giocatori pescano due carte."),
                ("The next player draws one card.", "Il giocatore successivo pesca una carta."),
                ("The first player draws three cards.", "Il primo giocatore pesca tre carte."),
                ("At the end of the turn, players draw cards.", "Alla fine del turno, il giocatore pesca carte."),
                ("Each player shuffles the Deck.", "Ogni giocatore mescola il Mazzo."),
                ("Players shuffle the Deck.", "I giocatori mescolano il Mazzo."),
                ("Draw a card from the Deck.", "Pesca una carta dal Mazzo."),
            ]
        )
    ]
    found = [f for f in check(CheckInput(rows, "en")) if f.kind == "subject_number"]
    assert [(f.anchor, f.params["ours"], f.params["theirs"]) for f in found] == [
        ("rule-4", "players draw", "giocatore pesca")
    ]


def test_a_defined_word_the_translation_always_renders_dropped_from_one_rule():
    verbs = [("scores", "segna"), ("draws", "pesca"), ("plays", "gioca"), ("wins", "vince"), ("loses", "perde")]
    rows = [
        row(f"rule-{n}", f"The Player {verbs[n % 5][0]} {n} cards.", "-", f"Il Giocatore {verbs[n % 5][1]} {n} carte.")
        for n in range(9)
    ]
    rows.append(row("rule-9", "The Defending Team player answers.", "-", "Il Team Difensore risponde."))
    rows.append(row("rule-10", "The Team answers.", "-", "Il Team risponde."))
    found = [f for f in check(CheckInput(rows, "en")) if f.kind == "word_missing"]
    assert [(f.anchor, f.params["ours"], f.params["usual"]) for f in found] == [("rule-9", "player", "giocatore")]


@needs_reference
def test_a_card_named_after_a_phrase_of_the_rules_is_checked_at_once(dc_rules, dc_catalogue):
    """The checker's answer is kept a day, keyed by what it read: a card added to the catalogue
    is a new name the translations must keep, so the next check sees it."""
    from catalogue.models import Card, Game
    from rules.consistency import check_game

    game = Game.objects.get(slug="dust-collectorz")

    def discard_pile_missing():
        findings = check_game(game)[0]
        return [f.language for f in findings if f.kind == "name_missing" and f.params["name"] == "Discard Pile"]

    assert discard_pile_missing() == []
    card = Card.objects.filter(card_set__game=game).first()
    card.pk, card.number, card.name = None, "LP-1", "Discard Pile"
    card.save()
    assert "fr" in discard_pile_missing()


@needs_reference
def test_the_dbz_rulings_are_checked_against_the_enforced_numbers(sample):
    """The rulings state 50 to 85 cards, 4 and 3 copies, Level 1-2 Allies and 7 days: the enforced
    format agrees, and a format that drifts from them (80 cards) is flagged where the rulings say it."""
    from catalogue.models import Game
    from decks.models import Format
    from rules.consistency import check_game

    name = "dbz-ccg-expanded-current-rulings-v1.5.0.txt"
    import_rules("dbz-ccg", "en", (REFERENCE / name).read_bytes(), name, confirm=True)
    game = Game.objects.get(slug="dbz-ccg")
    assert not [f for f in check_game(game)[0] if f.kind == "engine"]
    row_ = Format.objects.get(slug="dbz-expanded")
    constraints = [dict(c, max=80) if c["code"] == "deck_size" else c for c in row_.definition["constraints"]]
    row_.definition = {**row_.definition, "constraints": constraints}
    row_.save()
    engine = [(f.anchor, f.language) for f in check_game(game)[0] if f.kind == "engine"]
    assert engine == [("deck-size-b1", "en")]
