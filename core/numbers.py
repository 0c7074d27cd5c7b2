"""The integers the database can hold, the same on SQLite and PostgreSQL.

SQLite stores any 64-bit integer in any column, PostgreSQL only what the column's type holds, and
Python's sqlite3 cannot even send a larger one: an input is held to these bounds before it reaches
a query, so both databases give the same answer.
"""

ID_MAX = 2**63 - 1  # an id (bigint) and the largest integer either database stores at all
ID_MIN = -(2**63)
INTEGER_MAX = 2**31 - 1  # an integer column (PositiveIntegerField) on PostgreSQL
SMALL_MAX = 2**15 - 1  # a smallint column (PositiveSmallIntegerField) on PostgreSQL


def has_unstorable_number(value):
    """True when an integer anywhere in a JSON-like value is beyond 64 bits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return not ID_MIN <= value <= ID_MAX
    if isinstance(value, dict):
        return any(has_unstorable_number(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(has_unstorable_number(item) for item in value)
    return False


def whole_number(text, maximum=ID_MAX):
    """A whole number typed into a form or a query string, or None when it is not one the database
    can hold. ASCII digits only, as a number field reads them: str.isdigit() also accepts "²",
    which int() then refuses with an error (a 500) instead of an answer."""
    text = str(text)
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > len(str(maximum)):
        return None
    number = int(text)
    return number if number <= maximum else None
