"""Log lines carry user text (names, decklists); escape control characters so a name with a line
break cannot forge a line of the server log."""

import logging
import re

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def escape(text):
    return CONTROL.sub(lambda found: found.group(0).encode("unicode_escape").decode("ascii"), text)


class EscapeControlCharacters(logging.Filter):
    def filter(self, record):
        message = record.getMessage()
        escaped = escape(message)
        if escaped != message:
            record.msg, record.args = escaped, None
        return True
