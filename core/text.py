"""Text a database can store: PostgreSQL refuses NUL characters and lone surrogates."""

import re

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def has_unstorable_text(value):
    """True when a string anywhere in a JSON-like value holds NUL or a lone surrogate."""
    if isinstance(value, str):
        return bool(UNSTORABLE.search(value))
    if isinstance(value, dict):
        return any(has_unstorable_text(key) or has_unstorable_text(item) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return any(has_unstorable_text(item) for item in value)
    return False
