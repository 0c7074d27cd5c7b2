"""Feeds the checker: the current documents of a game, its terminology and the engine's values."""

from .alignment import align
from .checker import check
from .models import Terminology
from .parsing import parse_rules
from .quick_reference import quick_reference
from .services import REFERENCE_LANGUAGE, current_documents

# Which scoring section of the Dust Collectorz rules is which game mode (rules anchors).
DC_MODE_SECTIONS = {
    "versus": "mode-two-player-versus-scoring",
    "team": "mode-four-player-team-scoring",
    "ffa": "mode-three-and-four-player-free-for-all-scoring",
}


def check_game(game):
    """(findings, languages) for the game's current rules documents."""
    documents = current_documents(game)
    if not documents:
        return [], []
    parsed = {language: parse_rules(doc.source_text, language) for language, doc in documents.items()}
    reference = REFERENCE_LANGUAGE if REFERENCE_LANGUAGE in parsed else sorted(parsed)[0]
    alignment = align(parsed, reference=reference)
    rows = [(row.anchor, row.section_key, row.kind, row.texts) for row in alignment.rows()]
    findings = check(rows, reference, terminology_of(game), alignment.missing, expectations(game))
    return findings, alignment.languages


def terminology_of(game):
    table = {}
    for entry in Terminology.objects.filter(game=game):
        table.setdefault(entry.concept, {})[entry.language] = entry.families()
    return table


def expectations(game):
    """(anchor, numbers, description): what the rules text should say, from the enforced configuration."""
    if game.slug != "dust-collectorz":
        return []
    quick = quick_reference(game)
    tribes = len(quick["wheel"]) or 5
    found = [
        (
            "deck-composition-1",
            [quick["deck_size"], quick["per_tribe"], tribes, quick["counters"]],
            "deck size, cards per tribe, tribes, Counter type cards",
        ),
        ("deck-composition-2", [count for _ranks, count in quick["slots"]], "cards of each rank per tribe"),
        ("deck-composition-note-1", [quick["epic_limit"]], "Epic cards per deck"),
        ("deck-composition-3", [quick["ability_limit"]], "Bronze or Silver cards sharing an ability"),
    ]
    points = quick["rank_points"]
    for mode, section in DC_MODE_SECTIONS.items():
        found += [
            (f"{section}-b1", [points["bronze"]], "points for a Bronze or Silver card"),
            (f"{section}-b2", [points["gold"]], "points for a Gold card"),
            (f"{section}-b3", [points["platinum"]], "points for a Platinum or Epic card"),
            (f"{section}-b4", [points["counter"]], "points for a Counter type card"),
            (f"{section}-b5", [quick["bonus"][mode]], f"last-round bonus ({mode})"),
        ]
    return found
