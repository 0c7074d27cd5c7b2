"""Game scoring, plain Python: one module per game. The values here are also what the rules
pages show beside the official text (rules as code)."""
