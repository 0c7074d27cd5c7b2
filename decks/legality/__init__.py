"""The legality engine: plain Python, no ORM. See docs/formats.md."""

from .engine import validate
from .formats import Format, compile_format
from .model import CardInfo, Deck, DeckEntry, Verdict, Violation

__all__ = [
    "CardInfo",
    "Deck",
    "DeckEntry",
    "Format",
    "Verdict",
    "Violation",
    "compile_format",
    "validate",
]
