"""Writes and reads for decks and collections, one module per concern."""
