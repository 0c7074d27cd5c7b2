"""The NRTM-style JSON of a Swiss event, as Netrunner's cobra writes it (players, rounds of tables,
scores), written and read. What NRTM cannot say (game wins, the game, joins and drops) is in
`cardEvents` members, which other readers skip. Plain Python, no Django (docs/interchange.md)."""

import json

from core.errors import DomainError

from .interchange import (
    EventRecord,
    PlayerRecord,
    RoundRecord,
    Standing,
    TableRecord,
    check,
    match_points,
    presence_from,
)

FORMAT_VERSION = 1


def write_json(record):
    """The JSON text: players in standings order, every round (a round being played has null scores)."""
    players = sorted(record.players, key=lambda p: (record.standings.get(p.number, Standing(0, 0)).rank, p.number))
    document = {
        "name": record.name,
        "date": record.starts_on or None,
        "cutToTop": 0,
        "preliminaryRounds": len(record.rounds),
        "players": [_player(record, player) for player in players],
        "eliminationPlayers": [],
        "rounds": [[_table(table) for table in round_.tables] for round_ in record.rounds],
        "uploadedFrom": "Card events",
        "cardEvents": {
            "version": FORMAT_VERSION,
            "game": record.game,
            "format": record.format,
            "bestOf": record.best_of,
            "swissRounds": record.swiss_rounds,
            "seed": record.seed,
            "tiebreakers": record.tiebreakers,
            "lateEntryLosses": record.late_entry_losses,
            "venue": record.venue,
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _player(record, player):
    standing = record.standings.get(player.number, Standing(0, 0))
    return {
        "id": player.number,
        "name": player.name,
        "rank": standing.rank,
        "corpIdentity": None,
        "runnerIdentity": None,
        "matchPoints": standing.points,
        "strengthOfSchedule": standing.omw,
        "extendedStrengthOfSchedule": None,
        "cardEvents": {"joinedRound": player.joined_round, "droppedAfter": player.dropped_after},
    }


def _table(table):
    sides = [_side(table, seat) for seat in range(len(table.players))]
    if table.is_bye:
        sides.append({"id": None, "combinedScore": None, "gameWins": None})
    return {
        "table": table.table,
        "player1": sides[0],
        "player2": sides[1],
        "intentionalDraw": False,
        "twoForOne": False,
        "eliminationGame": False,
        "cardEvents": {"draws": table.draws},
    }


def _side(table, seat):
    number = table.players[seat]
    if not table.has_result:
        return {"id": number, "combinedScore": None, "gameWins": None}
    wins = None if table.is_bye else table.wins[seat]
    return {"id": number, "combinedScore": match_points(table, number), "gameWins": wins}


# Reading


def read_json(text, expected_game=""):
    """A checked EventRecord from the JSON text (ours, or cobra's without the cardEvents members)."""
    try:
        document = json.loads(text)
        if not isinstance(document, dict):
            raise TypeError("not a JSON object")
        record = _record(document)
    except DomainError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise DomainError("interchange.bad_json", "file", reason=str(error) or type(error).__name__) from None
    return check(record, expected_game)


def _record(document):
    own = document.get("cardEvents") or {}
    numbers = {int(item["id"]): index for index, item in enumerate(_sorted_ids(document["players"]), start=1)}
    rounds = tuple(
        RoundRecord(index, tuple(_read_table(item, numbers, index) for item in tables))
        for index, tables in enumerate(_swiss_rounds(document.get("rounds") or []), start=1)
    )
    players, standings = [], {}
    for item in document["players"]:
        number = numbers[int(item["id"])]
        presence = item.get("cardEvents") or {}
        joined, dropped = presence_from(number, rounds)
        if "joinedRound" in presence:
            joined, dropped = int(presence["joinedRound"]), _optional_int(presence.get("droppedAfter"))
        players.append(PlayerRecord(number, _text(item["name"]), joined, dropped))
        standings[number] = Standing(
            int(item.get("rank") or 0), int(item.get("matchPoints") or 0), float(item.get("strengthOfSchedule") or 0)
        )
    return EventRecord(
        name=_text(document.get("name") or ""),
        starts_on=_text(document.get("date") or "")[:10],
        game=_text(own.get("game") or ""),
        format=_text(own.get("format") or ""),
        best_of=int(own.get("bestOf") or 1),
        swiss_rounds=_optional_int(own.get("swissRounds")),
        seed=_optional_int(own.get("seed")),
        tiebreakers=_text(own.get("tiebreakers") or "mtr"),
        late_entry_losses=bool(own.get("lateEntryLosses", True)),
        venue=_text(own.get("venue") or ""),
        players=tuple(sorted(players, key=lambda player: player.number)),
        rounds=rounds,
        standings=standings,
    )


def _sorted_ids(players):
    if not isinstance(players, list):
        raise TypeError("players is not a list")
    return sorted(players, key=lambda item: int(item["id"]))


def _swiss_rounds(rounds):
    if not isinstance(rounds, list) or not all(isinstance(tables, list) for tables in rounds):
        raise TypeError("rounds is not a list of lists")
    return [tables for tables in rounds if not any(table.get("eliminationGame") for table in tables)]


def _read_table(item, numbers, round_number):
    sides = [item["player1"], item["player2"]]
    seated = [side for side in sides if side and side.get("id") is not None]
    players = tuple(_number(numbers, side["id"], round_number) for side in seated)
    draws = int((item.get("cardEvents") or {}).get("draws") or 0)
    if len(players) == 1:
        return TableRecord(int(item["table"]), players)
    wins = [side.get("gameWins") for side in seated]
    if any(win is None for win in wins):
        wins = _wins_from_scores([side.get("combinedScore") for side in seated])
        draws = 1 if wins == (0, 0) else draws
    return TableRecord(int(item["table"]), players, None if wins is None else tuple(int(win) for win in wins), draws)


def _wins_from_scores(scores):
    """One game per match, read from the scores (files without game wins)."""
    if any(score is None for score in scores):
        return None
    first, second = (float(score) for score in scores)
    return (1, 0) if first > second else (0, 1) if first < second else (0, 0)


def _number(numbers, player_id, round_number):
    number = numbers.get(int(player_id))
    if number is None:
        raise DomainError("interchange.unknown_player", round=round_number, number=player_id)
    return number


def _optional_int(value):
    return None if value is None else int(value)


def _text(value):
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not text")
    return value.strip()
