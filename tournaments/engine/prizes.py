"""Prizes by record, by final standing or by a curve fitted to the pool (plain Python, no ORM).

Prizes are whole units (boosters). Rounding rule: every prize is rounded down to a whole
unit; what the rounding leaves stays in the pool as the leftover, which is never negative.
A record earns the prize of the best listed record it equals or beats by match points
(3 per win, 1 per draw), so a better record never gets less. A pool smaller than the payout
table needs is refused, never shrunk silently.
"""

import re
from dataclasses import dataclass, field

from core.errors import DomainError, define_messages
from core.messages import gettext_lazy as _
from core.messages import ngettext_lazy

BY_RECORD, BY_STANDING, CURVE = "record", "standing", "curve"
SCHEMES = (BY_RECORD, BY_STANDING, CURVE)
WIN_POINTS, DRAW_POINTS = 3, 1
MAX_UNITS = 100_000
MAX_PRIZES = 4_096  # one per player of the largest event the site runs
AMOUNT_LABELS = {
    "per_entrant": _("The pool per entrant"),
    "fixed": _("The fixed pool"),
    "participation": _("The participation prize"),
    "by_record": _("Each prize"),
    "by_standing": _("Each prize"),
}
RECORD = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})(?:\s*-\s*(\d{1,2}))?\s*$")

define_messages(
    {
        "prizes.unknown_scheme": _("Choose how prizes are paid: by record, by final standing or by a curve."),
        "prizes.amount": _("%(what)s must be a whole number between 0 and %(max)s."),
        "prizes.no_pool": _("Give a prize pool: a number per entrant or a fixed number."),
        "prizes.bad_record": _("“%(record)s” is not a record; write wins-losses or wins-losses-draws, e.g. 3-1."),
        "prizes.record_twice": _("The record %(record)s is listed twice."),
        "prizes.empty_table": _("List at least one prize."),
        "prizes.too_many": _("List up to %(max)s prizes."),
        "prizes.not_decreasing": _(
            "%(better)s gets %(better_prize)s but %(worse)s gets %(worse_prize)s: a better result must not get less."
        ),
        "prizes.same_points": _(
            "%(first)s and %(second)s are worth the same match points, so they must get the same prize."
        ),
        "prizes.pool_too_small": ngettext_lazy(
            "The pool holds %(pool)s prize but the payout table needs %(needed)s for these players.",
            "The pool holds %(pool)s prizes but the payout table needs %(needed)s for these players.",
            "pool",
        ),
    }
)


@dataclass(frozen=True)
class Record:
    wins: int
    losses: int
    draws: int = 0

    @property
    def points(self):
        return self.wins * WIN_POINTS + self.draws * DRAW_POINTS

    def __str__(self):
        return f"{self.wins}-{self.losses}" + (f"-{self.draws}" if self.draws else "")


def parse_record(text):
    """'3-1' or '3-0-1' (wins-losses-draws) -> Record; raises DomainError."""
    match = RECORD.match(str(text))
    if not match:
        raise DomainError("prizes.bad_record", "by_record", record=str(text)[:20])
    return Record(int(match[1]), int(match[2]), int(match[3] or 0))


@dataclass(frozen=True)
class PrizeEntrant:
    """One player as the calculator sees them: final place (1 = first; players who share a place
    have the same one, and the next place is counted past them: 1, 1, 3) and match record."""

    id: object
    place: int
    record: Record
    eligible: bool = True  # a disqualified player gets nothing
    points: int | None = None  # match points where there is no record: a pod's places table

    @property
    def match_points(self):
        return self.record.points if self.points is None else self.points


@dataclass(frozen=True)
class PayoutPlan:
    """What the organiser describes: the pool and how it is paid out."""

    scheme: str
    per_entrant: int = 0  # e.g. 2 boosters per entrant
    fixed: int = 0
    by_record: dict = field(default_factory=dict)  # {"4-0": 8, "3-1": 5}
    by_standing: tuple = ()  # prizes for 1st, 2nd, ...
    participation: int = 0  # everyone eligible gets at least this

    def pool(self, entrants):
        return self.fixed + self.per_entrant * entrants


@dataclass(frozen=True)
class PrizeLine:
    entrant: object
    prize: int
    place: int = 0  # the entrant's final place, shared by tied players


@dataclass(frozen=True)
class PrizeSheet:
    pool: int
    lines: tuple  # PrizeLine in the entrants' order
    leftover: int

    @property
    def paid(self):
        return self.pool - self.leftover

    def prize_of(self, entrant_id):
        return next(line.prize for line in self.lines if line.entrant == entrant_id)


def check_plan(plan):
    """Refuse an impossible plan before any player is known; returns the plan."""
    if plan.scheme not in SCHEMES:
        raise DomainError("prizes.unknown_scheme", "scheme")
    for name in ("per_entrant", "fixed", "participation"):
        _units(getattr(plan, name), name)
    if not plan.per_entrant and not plan.fixed:
        raise DomainError("prizes.no_pool", "per_entrant")
    if plan.scheme == BY_RECORD:
        record_table(plan.by_record)
    elif plan.scheme == BY_STANDING:
        standing_table(plan.by_standing)
    return plan


def _units(value, name):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_UNITS:
        raise DomainError("prizes.amount", name, what=AMOUNT_LABELS[name], max=MAX_UNITS)
    return value


def record_table(table):
    """{"4-0": 8, ...} -> [(Record, prize)] best first; a better record must not get less."""
    _require_rows(table, "by_record")
    rows, seen = [], set()
    for text, prize in table.items():
        record = parse_record(text)
        if record in seen:
            raise DomainError("prizes.record_twice", "by_record", record=str(record))
        seen.add(record)
        rows.append((record, _units(prize, "by_record")))
    rows.sort(key=lambda row: -row[0].points)
    for (better, high), (worse, low) in zip(rows, rows[1:], strict=False):
        if worse.points == better.points and low != high:
            raise DomainError("prizes.same_points", "by_record", first=str(better), second=str(worse))
        if low > high:
            raise DomainError(
                "prizes.not_decreasing",
                "by_record",
                better=str(better),
                better_prize=high,
                worse=str(worse),
                worse_prize=low,
            )
    return rows


def standing_table(table):
    """[10, 6, 4] (1st, 2nd, 3rd) -> the same list; a better place must not get less."""
    _require_rows(table, "by_standing")
    prizes = [_units(prize, "by_standing") for prize in table]
    for place, (high, low) in enumerate(zip(prizes, prizes[1:], strict=False), start=1):
        if low > high:
            raise DomainError(
                "prizes.not_decreasing", "by_standing", better=_place(place), better_prize=high,
                worse=_place(place + 1), worse_prize=low,
            )  # fmt: skip
    return prizes


def _require_rows(table, field):
    if not table:
        raise DomainError("prizes.empty_table", field)
    if len(table) > MAX_PRIZES:
        raise DomainError("prizes.too_many", field, max=MAX_PRIZES)


def _place(place):
    return f"#{place}"


def compute(plan, entrants):
    """The prize of each entrant and the leftover; raises DomainError if the pool is too small."""
    check_plan(plan)
    pool = plan.pool(len(entrants))
    if plan.scheme == CURVE:
        prizes = _curve(plan, entrants, pool)
    else:
        table = _record_prize(plan) if plan.scheme == BY_RECORD else _standing_prize(plan, entrants)
        prizes = [max(table(entrant), plan.participation) if entrant.eligible else 0 for entrant in entrants]
    needed = sum(prizes)
    if needed > pool:
        raise DomainError("prizes.pool_too_small", "fixed", pool=pool, needed=needed)
    lines = tuple(PrizeLine(entrant.id, prize, entrant.place) for entrant, prize in zip(entrants, prizes, strict=True))
    return PrizeSheet(pool, lines, pool - needed)


def _record_prize(plan):
    rows = record_table(plan.by_record)

    def prize(entrant):
        return next((prize for record, prize in rows if entrant.record.points >= record.points), 0)

    return prize


def _standing_prize(plan, entrants):
    """Players who share a place share the prizes of the places their tie spans (two tied for 2nd
    share the prizes of 2nd and 3rd), each the mean rounded down, as every prize is."""
    prizes = standing_table(plan.by_standing)
    tied = {}
    for entrant in entrants:
        tied[entrant.place] = tied.get(entrant.place, 0) + 1

    def prize(entrant):
        spanned = range(entrant.place, entrant.place + tied[entrant.place])
        return sum(prizes[place - 1] for place in spanned if 1 <= place <= len(prizes)) // len(spanned)

    return prize


def curve_weight(points):
    """Match points squared, so the curve rises with each win: 0-4 → 0, 1-3 → 9, 2-2 → 36, 3-1 → 81, 4-0 → 144
    (at a pod event, the places table's points)."""
    return points**2


def _curve(plan, entrants, pool):
    """Participation for everyone eligible, the rest in proportion to `curve_weight`, rounded down."""
    eligible = [entrant for entrant in entrants if entrant.eligible]
    base = plan.participation * len(eligible)
    if base > pool:
        raise DomainError("prizes.pool_too_small", "fixed", pool=pool, needed=base)
    weights = {entrant.id: curve_weight(entrant.match_points) for entrant in eligible}
    total = sum(weights.values())
    rest = pool - base

    def share(entrant):
        if not entrant.eligible:
            return 0
        # Whole numbers throughout: floor division is the rounding rule, and the floors never sum past `rest`.
        return plan.participation + (rest * weights[entrant.id] // total if total else 0)

    return [share(entrant) for entrant in entrants]
