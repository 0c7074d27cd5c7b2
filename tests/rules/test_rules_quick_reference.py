"""The quick reference states only what the documents state: each line is compared with the text of
the rules at its anchors (short words that must be there) and with the values the site enforces."""

import re

import pytest
from django.utils import translation

from catalogue.models import Game
from games.dust_collectorz.scoring import score_young_champions
from rules.checking.numbers import number_words
from rules.quick_reference import quick_reference, reference_input
from rules.services import import_rules
from tests.conftest import REFERENCE

needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}")
EN = "dust-collectorz-rules-en-V202310.09.txt"
VERSUS = "mode-two-player-versus"
YOUNG = "game-mode-young-champions-age-4"

# (words of our line, the anchors it summarises, words the document writes there)
SOURCES = [
    ("A deck has exactly", ["deck-composition-1"], ["Deck of 32 cards", "6 cards of each", "2 Counter Type cards"]),
    ("At most 5 Epic cards", ["deck-composition-note-1"], ["maximum of 5 Epic cards"]),
    ("each one only once", ["deck-composition-3"], ["All Epic cards should be unique"]),
    ("share an ability", ["deck-composition-3"], ["no more than two Silver or Bronze cards with the same ability"]),
    ("stronger-tribe card gets +1", [f"{VERSUS}-gameplay-6"], ["+1 for Stronger Tribe"]),
    ("weaker-tribe card −1", [f"{VERSUS}-gameplay-6"], ["-1 for Weaker Tribe"]),
    (
        "may not answer with the attacking tribe",
        [f"{VERSUS}-gameplay-4"],
        ["cannot answer the Attacker with the same tribe"],
    ),
    ("a tie goes to the defender", [f"{VERSUS}-gameplay-note-1"], ["tie in Stat Value, the Defender always wins"]),
    ("Discarded cards do not count", [f"{VERSUS}-scoring-b6"], ["Discard Piles do not count"]),
    (
        "the winner of the last round wins",
        [f"{VERSUS}-tie-game-p1"],
        ["the player who won the last round wins the tie"],
    ),
    ("runs out of cards first wins", [f"{YOUNG}-p1"], ["first player to exhaust all cards"]),
    ("fewest cards in hand", ["end-of-the-game-and-scoring-p1"], ["the player with the fewest cards in their Hand"]),
    (
        "the player who made the last successful play",
        [f"{YOUNG}-tie-game-p1"],
        [
            "the player who made the last successful play",
            "the last card or chain that could beat the card in the center",
            "wins the tie",
        ],
    ),
]


def _lines(blocks):
    """Every sentence, list item and table row of the quick reference, as text."""
    lines = []
    for block in blocks:
        if block["kind"] == "paragraph":
            lines += [s.strip() for s in re.split(r"(?<=[.;])\s+", str(block["text"])) if s.strip()]
        elif block["kind"] == "list":
            lines += [str(item) for item in block["items"]]
        elif block["kind"] == "table":
            for row in block["rows"]:
                lines.append(
                    " | ".join(" / ".join(str(p["text"] if isinstance(p, dict) else p) for p in c) for c in row)
                )
    return lines


@pytest.fixture
def english(db, sample):
    import_rules("dust-collectorz", "en", (REFERENCE / EN).read_bytes(), EN)
    game = Game.objects.get(slug="dust-collectorz")
    texts = {
        item["anchor"]: item["text"]
        for section in game.rules_documents.get(is_current=True).structure["sections"]
        for item in section["items"]
    }
    return game, texts


@needs_reference
def test_each_line_states_what_the_document_states(english):
    game, texts = english
    with translation.override("en"):
        lines = _lines(quick_reference(game))
    wheel = dict(reference_input(game).wheel)
    for line in lines:
        if " · beats " in line:  # the tribe wheel comes from the catalogue the clash calculator uses
            name, beaten = line.split(" · beats ")
            assert wheel[name] == beaten
            continue
        if " | " in line:  # table rows: rank and count, or card and points, or mode and bonus
            assert _row_in_document(line, texts), line
            continue
        sources = [(anchors, words) for ours, anchors, words in SOURCES if ours in line]
        assert sources, f"no document source for the quick reference's line: {line!r}"
        for anchors, words in sources:
            written = " ".join(texts[anchor] for anchor in anchors)
            for word in words:
                assert word in written, (line, word, anchors)
        stated = {n for anchors, _words in sources for a in anchors for n in _numbers(texts[a])}
        assert set(re.findall(r"\d+", line)) <= stated, line
    assert not [line for line in lines if "share the win" in line]  # no document says a tie is shared


def _numbers(text):
    """The numbers a text writes, in digits or in English words ("no more than two")."""
    words = number_words("en")
    return set(re.findall(r"\d+", text)) | {str(words[w]) for w in re.findall(r"[a-z]+", text.lower()) if w in words}


def _row_in_document(line, texts):
    """A rank count (deck-composition-2), points per captured card, or a mode's last-round bonus."""
    cells = [cell.strip() for cell in line.split("|")]
    label, value = cells[0], cells[-1].lstrip("+")
    scoring = {
        "Two players (versus)": f"{VERSUS}-scoring-b5",
        "Teams of two (2 against 2)": "mode-four-player-team-scoring-b5",
        "Free-for-all (3-4 players)": "mode-three-and-four-player-free-for-all-scoring-b5",
    }
    if label in scoring:
        return f"Last Round Won: {value} point" in texts[scoring[label]]
    ranks = label.split(" / ")
    composition = texts["deck-composition-2"]
    if all(f"{value} {rank}" in composition for rank in ranks):
        return True
    points = [texts[f"{VERSUS}-scoring-b{n}"] for n in range(1, 5)]
    named = "Counter Type" if label == "Counter type card" else ranks[0]
    return any(
        named in bullet and bullet.endswith(f": {value} point" + ("s" if value != "1" else "")) for bullet in points
    )


def test_scoring_settles_a_young_champions_tie_as_the_documents_say():
    """Equal hands: the player who made the last successful play wins the tie."""
    players = [1, 2, 3]
    report = {
        "cards_left": {"1": {"deck": 0, "hand": 2}, "2": {"deck": 0, "hand": 2}, "3": {"deck": 0, "hand": 4}},
        "last_play": 2,
    }
    result = score_young_champions(report, players)
    assert result.winner == 2
