"""The format definitions shipped with the site (JSON files in games/formats/, see docs/formats.md),
and the definitions in force.

The decks app loads the shipped files into its table, enforces what the table holds, and installs
that table as the source of `definition_in_force`, so the rules pages print the numbers the deck
checker enforces without importing the decks app.
"""

import datetime
import functools
import json
from pathlib import Path

FORMATS_DIR = Path(__file__).resolve().parent / "formats"


@functools.cache
def shipped_definitions():
    definitions = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(FORMATS_DIR.glob("*.json"))]
    return tuple(definitions)


_source = None


def install_source(source):
    """`source(slug, as_of)` returns the definition the site enforces, or None."""
    global _source
    _source = source


def definition_in_force(slug, as_of):
    """The definition of a format in force on a date, from the installed source (the database)
    or else the shipped files."""
    return (_source or shipped_in_force)(slug, as_of)


def shipped_in_force(slug, as_of):
    """The shipped version of a format in force on a date (the earliest one before it exists), or None."""
    versions = sorted((d for d in shipped_definitions() if d["slug"] == slug), key=lambda d: d["effective"])
    in_force = [d for d in versions if datetime.date.fromisoformat(d["effective"]) <= as_of] or versions[:1]
    return in_force[-1] if in_force else None


def constraint(definition, code):
    """The constraint with this code in a definition, or {}."""
    return next((c for c in (definition or {}).get("constraints", []) if c.get("code") == code), {})
