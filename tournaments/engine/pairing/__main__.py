"""python -m tournaments.engine.pairing INPUT.json: the pairing of one round, as JSON."""

import json
import sys

from core.errors import DomainError

from . import pair_round, players_from_json


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m tournaments.engine.pairing INPUT.json", file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding="utf-8") as handle:
            document = json.load(handle)
        players = players_from_json(document)
        pairing = pair_round(
            players,
            int(document.get("round", 1)),
            document.get("seed", 0),
            int(document.get("pod_size", 2)),
            bool(document.get("pods_of_five", False)),
        )
    except (OSError, json.JSONDecodeError, DomainError, ValueError) as error:
        print(f"{argv[0]}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(pairing.as_dict(players), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
