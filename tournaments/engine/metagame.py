"""The metagame of published decklists (docs/metagame.md), plain Python (no Django).

Each deck has an archetype (its game's rule, games/<game>/archetypes.py). Per archetype: its
decks and share of the field, its match win rate and its conversion into the top cut; per pair
of archetypes, how their matches went.

- A match is won, lost or drawn as the standings count it (in pods, first place wins); byes are
  not matches played and are left out.
- Match win rate = (matches won + half the matches drawn) / matches played, so that the two
  sides of a matchup add up to 100%. Mirror matches are left out of an archetype's own win rate
  (they are always one win and one loss) and shown on the matchup table's diagonal.
- The matchup table counts one-against-one matches between decks of two different known
  archetypes; its diagonal is empty (an archetype's mirror matches are counted beside it).
- Conversion = decks that reached the top cut / decks, over the events that played a top cut.
"""

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class MetagameDeck:
    """One registered list in the report: its player, archetype and top-cut reach."""

    player: object
    archetype: str  # the archetype's key (games.archetypes.Archetype.key)
    label: str
    made_top_cut: bool | None = None  # None: its event played no top cut


@dataclass(frozen=True)
class PlayedMatch:
    """One match's outcome for each of its players: {player: "win" | "loss" | "draw"} (no byes)."""

    results: dict


@dataclass
class Record:
    """Matches won, lost and drawn; a win rate counts a draw as half a win."""

    wins: int = 0
    losses: int = 0
    drawn: int = 0

    def add(self, result):
        if result == "win":
            self.wins += 1
        elif result == "loss":
            self.losses += 1
        else:
            self.drawn += 1

    @property
    def played(self):
        return self.wins + self.losses + self.drawn

    @property
    def win_rate(self):
        """Fraction of matches won (a draw half), or None without a match."""
        return Fraction(2 * self.wins + self.drawn, 2 * self.played) if self.played else None

    def as_dict(self):
        rate = self.win_rate
        return {
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.drawn,
            "played": self.played,
            "win_rate": None if rate is None else round(float(rate), 4),
        }


@dataclass
class ArchetypeTally:
    key: str
    label: str
    decks: int = 0
    in_events_with_top_cut: int = 0
    top_cut: int = 0
    record: Record = field(default_factory=Record)
    mirrors: int = 0


def metagame(decks, matches):
    """The report as plain data: {"decks", "archetypes": [...], "matchups": {...}, "has_top_cut"}.
    Archetypes come most played first (then by label); shares and rates are fractions rounded to 4."""
    archetype_of = {deck.player: deck.archetype for deck in decks}
    tallies = _tallies(decks)
    pairs = {}
    for match in matches:
        _count_match(match.results, archetype_of, tallies, pairs)
    order = sorted(tallies.values(), key=lambda tally: (-tally.decks, tally.label, tally.key))
    return {
        "decks": len(decks),
        "has_top_cut": any(tally.in_events_with_top_cut for tally in order),
        "archetypes": [_archetype_row(tally, len(decks)) for tally in order],
        "matchups": _matchups([tally.key for tally in order], pairs),
    }


def _tallies(decks):
    tallies = {}
    for deck in decks:
        tally = tallies.setdefault(deck.archetype, ArchetypeTally(deck.archetype, deck.label))
        tally.decks += 1
        if deck.made_top_cut is not None:
            tally.in_events_with_top_cut += 1
            tally.top_cut += bool(deck.made_top_cut)
    return tallies


def _count_match(results, archetype_of, tallies, pairs):
    """Add one match to each listed player's archetype record and, one against one, to the matchups."""
    players = list(results)
    for player in players:
        mine = archetype_of.get(player)
        if mine is None:
            continue
        others = [archetype_of.get(other) for other in players if other != player]
        if len(others) == 1 and others[0] == mine:
            tallies[mine].mirrors += 1  # each side counts it: two per mirror match
        else:
            tallies[mine].record.add(results[player])
        if len(others) == 1 and others[0] not in (None, mine):
            pairs.setdefault((mine, others[0]), Record()).add(results[player])


def _archetype_row(tally, total):
    conversion = Fraction(tally.top_cut, tally.in_events_with_top_cut) if tally.in_events_with_top_cut else None
    return {
        "key": tally.key,
        "label": tally.label,
        "decks": tally.decks,
        "share": round(float(Fraction(tally.decks, total)), 4),
        **tally.record.as_dict(),
        "mirror_matches": tally.mirrors // 2,
        "top_cut": tally.top_cut if tally.in_events_with_top_cut else None,
        "conversion": None if conversion is None else round(float(conversion), 4),
    }


def _matchups(keys, pairs):
    """{"archetypes": keys, "rows": [[record of row against column, or None]]} in the report's order."""
    rows = [[pairs[(mine, theirs)].as_dict() if (mine, theirs) in pairs else None for theirs in keys] for mine in keys]
    return {"archetypes": keys, "rows": rows}
