"""Deck-check selection: seeded and reproducible, so a log entry proves it was random (plain Python).

The same seed, tables and options always give the same tables, in any process and Python 3.12+:
`random.Random(str)` seeds from the string's SHA-512 and `sample` over a sorted list is stable.
"""

import random
import secrets
from dataclasses import dataclass

from core.errors import DomainError, define_messages
from core.messages import gettext_lazy as _
from core.messages import ngettext_lazy

MAX_SEED_LENGTH = 64

define_messages(
    {
        "deck_check.count": ngettext_lazy(
            "This round has %(max)s table to check: choose 1.",
            "Choose between 1 and %(max)s tables.",
            "max",
        ),
        "deck_check.top": _("“Among the top tables” must be a number of tables from 1 to %(max)s."),
        "deck_check.seed": _("A seed is up to %(max)s letters, digits or dashes."),
        "deck_check.not_enough": ngettext_lazy(
            "Only %(count)s table can be checked without checking a player twice; "
            "ask for fewer tables or allow repeats.",
            "Only %(count)s tables can be checked without checking a player twice; "
            "ask for fewer tables or allow repeats.",
            "count",
        ),
    }
)


@dataclass(frozen=True)
class CheckTable:
    """A table of the round: its number (1 = the top table) and its players' ids."""

    number: int
    players: tuple


@dataclass(frozen=True)
class Selection:
    seed: str
    tables: tuple  # the chosen table numbers, in the order drawn
    candidates: tuple  # the table numbers the draw was made from


def new_seed():
    return secrets.token_hex(8)


def select_tables(tables, count, seed, top=None, checked_players=frozenset(), allow_repeat=False):
    """Draw `count` tables at random, among the `top` first if given, skipping tables with a player
    already checked unless `allow_repeat`; raises DomainError when too few tables qualify."""
    ordered = sorted(tables, key=lambda table: table.number)
    _check_options(count, top, seed, len(ordered))
    pool = ordered[:top] if top else ordered
    if not allow_repeat:
        pool = [table for table in pool if not set(table.players) & set(checked_players)]
    if len(pool) < count:
        raise DomainError("deck_check.not_enough", "count", status=409, count=len(pool))
    candidates = tuple(table.number for table in pool)
    drawn = random.Random(seed).sample(candidates, count)  # noqa: S311 -- fairness, not secrecy
    return Selection(seed, tuple(drawn), candidates)


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _tables_in(value, upper):
    return _whole(value) and value <= upper


def _refusal(value):
    """More tables than the round has is a conflict with the round (409), anything else invalid (400)."""
    return 409 if _whole(value) else 400


def _check_options(count, top, seed, table_count):
    upper = max(table_count, 1)
    if not _tables_in(count, upper):
        raise DomainError("deck_check.count", "count", status=_refusal(count), max=upper)
    if top is not None and not _tables_in(top, upper):
        raise DomainError("deck_check.top", "top", status=_refusal(top), max=upper)
    if not isinstance(seed, str) or not seed or len(seed) > MAX_SEED_LENGTH or not seed.replace("-", "").isalnum():
        raise DomainError("deck_check.seed", "seed", max=MAX_SEED_LENGTH)
