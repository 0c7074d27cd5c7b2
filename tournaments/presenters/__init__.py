"""Plain data for pages and the API from event rows, one module per noun. Nothing here writes or
parses text back. Importing the package loads every noun, so each has registered its log words
(presenters/audit.py) before any entry is described."""

from . import audit, decklists, entrants, events, judging, results, rounds, sealed, staff, standings, webhooks  # noqa: F401
