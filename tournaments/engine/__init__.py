"""The tournament engine: pairing, standings, results, penalties, prizes, deck checks, the bracket and
the event's lifecycle, in plain Python that imports no Django (tests/tournaments/engine/test_engine_plain.py)."""
