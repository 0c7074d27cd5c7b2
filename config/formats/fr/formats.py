"""French numbers as French typography writes them: a narrow no-break space between groups of
digits ("10 000"), as CLDR has it; Django's own French formats give the rest."""

THOUSAND_SEPARATOR = "\u202f"
