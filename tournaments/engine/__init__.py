"""The tournament engine: pairing, standings, results, penalties, prizes and deck checks, in plain Python."""
