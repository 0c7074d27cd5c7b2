"""The open formats in plain Python (docs/interchange.md): TRF-16 checked column by column against
the format's positions, foreign files read, and bad files refused with a clear code."""

import json

import pytest

from core.errors import DomainError
from tournaments.engine.interchange import EventRecord, PlayerRecord, RoundRecord, Standing, TableRecord
from tournaments.engine.interchange_csv import read_player_list, write_standings
from tournaments.engine.interchange_json import read_json, write_json
from tournaments.engine.interchange_trf import read_trf, write_trf

LONG_NAME = "Maximiliana Escobar-Fitzgerald de la Vega"


def _record():
    players = (
        PlayerRecord(1, "Ana Lima"),
        PlayerRecord(2, LONG_NAME),
        PlayerRecord(3, "Cy Diaz", dropped_after=2),
        PlayerRecord(4, "Dee Okafor", joined_round=2),
    )
    rounds = (
        RoundRecord(1, (TableRecord(1, (1, 2), (2, 1)), TableRecord(2, (3,)))),
        RoundRecord(2, (TableRecord(1, (3, 1), (1, 1), 1), TableRecord(2, (2, 4), (0, 2)))),
        RoundRecord(3, (TableRecord(1, (4, 1)),)),  # being played: no result yet
    )
    standings = {1: Standing(1, 4, 0.5), 2: Standing(3, 0), 3: Standing(2, 4), 4: Standing(4, 3)}
    return EventRecord(
        "Store night", game="dust-collectorz", best_of=3, swiss_rounds=4, seed=17, starts_on="2026-11-28",
        venue="Hall B", players=players, rounds=rounds, standings=standings,
    )  # fmt: skip


def _columns(line, first, last):
    """TRF-16 positions are 1-based and inclusive."""
    return line[first - 1 : last]


def test_trf_player_lines_hold_each_field_at_its_column():
    text = write_trf(_record())
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    lines = {line[4:8].strip(): line for line in text.split("\r\n") if line.startswith("001")}
    ana = lines["1"]
    assert _columns(ana, 1, 3) == "001"
    assert _columns(ana, 5, 8) == "   1"  # start rank, right-aligned
    assert _columns(ana, 10, 10) == " " and _columns(ana, 11, 13) == "   "  # no sex, no title
    assert _columns(ana, 15, 47) == "Ana Lima".ljust(33)
    assert _columns(ana, 49, 52) == "    " and _columns(ana, 54, 56) == "   "  # no rating, federation
    assert _columns(ana, 58, 68) == " " * 11 and _columns(ana, 70, 79) == " " * 10  # no FIDE id, birth date
    assert _columns(ana, 81, 84) == " 4.0"  # match points, 3/1/0
    assert _columns(ana, 86, 89) == "   1"
    # Round 1: opponent 2, first seat (white), won; round 2: opponent 3, second seat, drawn.
    assert (_columns(ana, 92, 95), _columns(ana, 97, 97), _columns(ana, 99, 99)) == ("   2", "w", "1")
    assert (_columns(ana, 102, 105), _columns(ana, 107, 107), _columns(ana, 109, 109)) == ("   3", "b", "=")
    assert len(ana) == 109, "round 3 is still being played: TRF holds results only"
    cy, dee = lines["3"], lines["4"]
    assert (_columns(cy, 92, 95), _columns(cy, 97, 97), _columns(cy, 99, 99)) == ("0000", "-", "U")  # the bye
    assert (_columns(dee, 92, 95), _columns(dee, 97, 97), _columns(dee, 99, 99)) == ("0000", "-", "Z")  # not yet in
    assert _columns(lines["2"], 15, 47) == LONG_NAME[:33]


def test_trf_header_and_extension_lines():
    lines = write_trf(_record()).split("\r\n")
    assert lines[:6] == [
        "012 Store night",
        "022 Hall B",
        "042 2026/11/28",
        "062 4",
        "092 Individual: Swiss-System",
        "XXR 4",
    ]
    assert "XCT   2    1    3    1  1  1  1" in lines  # round, table, seats, game wins, draws
    assert "XCP    3   1   2" in lines and "XCP    4   2   -" in lines  # joined, dropped after
    assert f"XCN    2 {LONG_NAME}" in lines


@pytest.mark.parametrize(("write", "read"), [(write_trf, read_trf), (write_json, read_json)], ids=["trf", "json"])
def test_a_written_file_reads_back_to_the_same_file(write, read):
    text = write(_record())
    assert write(read(text, "dust-collectorz")) == text


def test_the_json_is_shaped_as_cobra_writes_it():
    document = json.loads(write_json(_record()))
    assert {"name", "date", "cutToTop", "preliminaryRounds", "players", "eliminationPlayers", "rounds"} <= set(document)
    first = document["rounds"][0][0]
    assert first["player1"] == {"id": 1, "combinedScore": 3, "gameWins": 2}
    assert first["player2"] == {"id": 2, "combinedScore": 0, "gameWins": 1}
    assert document["rounds"][0][1]["player2"]["id"] is None  # a bye
    assert document["rounds"][2][0]["player1"]["combinedScore"] is None  # not played yet
    assert [player["name"] for player in document["players"]][:2] == ["Ana Lima", "Cy Diaz"]


def _chess_line(start, sex, title, name, rating, points, rank, games):
    """A player line as a chess program writes it, every field at its TRF-16 column."""
    head = f"001 {start:>4} {sex}{title:>3} {name:<33} {rating:>4} NOR {'1503014':>11} 1990/11/30 {points:>4} {rank:>4}"
    return head + "".join(f"  {opponent:>4} {colour} {result}" for opponent, colour, result in games)


def test_a_trf_from_a_chess_program_reads_one_game_per_match():
    text = "\n".join(
        [
            "012 Club blitz",
            _chess_line(1, "m", "GM", "Carlsen, Magnus", 2830, "1.5", 1, [(2, "w", "1"), (3, "b", "=")]),
            _chess_line(2, "m", "", "Doe, John", 1500, "1.0", 2, [(1, "b", "0"), ("0000", "-", "U")]),
            _chess_line(3, "w", "", "Roe, Jane", 1600, "0.5", 3, [("0000", "-", "Z"), (1, "w", "=")]),
        ]
    )
    record = read_trf(text)
    assert record.game == "" and record.best_of == 1
    assert [p.name for p in record.players] == ["Carlsen, Magnus", "Doe, John", "Roe, Jane"]
    assert record.rounds[0].tables == (TableRecord(1, (1, 2), (1, 0)),)
    assert record.rounds[1].tables == (TableRecord(1, (3, 1), (0, 0), 1), TableRecord(2, (2,)))
    assert record.players[2].joined_round == 2


def _broken(old, new):
    text = write_trf(_record())
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "interchange.no_players"),
        (_broken("001    1", "001    x"), "interchange.malformed"),
        ("001    1      A\n001    3      C\n", "interchange.player_numbers"),
        (_broken("     2 w 1", "     8 w 1"), "interchange.unknown_player"),
        (_broken("     2 w 1", "     2 w 0"), "interchange.disagree"),
        (_broken("0000 - U", "0000 - H"), "interchange.not_swiss"),
        (_broken("game=dust-collectorz", "game=dbz-ccg"), "interchange.wrong_game"),
        (_broken("XCP    4   2   -", "XCP    4   3   -"), "interchange.not_playing"),
    ],
    ids=["empty", "malformed", "numbering", "unknown", "disagree", "half-bye", "other-game", "not-joined"],
)
def test_a_bad_trf_is_refused_with_a_reason(text, code):
    with pytest.raises(DomainError) as refused:
        read_trf(text, "dust-collectorz")
    assert refused.value.code == code
    assert str(refused.value.message)


def _json_with(change):
    document = json.loads(write_json(_record()))
    change(document)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "interchange.bad_json"),
        ("[]", "interchange.bad_json"),
        (_json_with(lambda d: d["rounds"][0][0]["player2"].update(id=99)), "interchange.unknown_player"),
        (_json_with(lambda d: d["rounds"].insert(0, d["rounds"].pop(2))), "interchange.unfinished_round"),
        (_json_with(lambda d: d["rounds"][1].append(d["rounds"][1][0])), "interchange.twice_in_round"),
        (_json_with(lambda d: d["cardEvents"].update(game="dbz-ccg")), "interchange.wrong_game"),
        (_json_with(lambda d: d["players"][0].update(name=7)), "interchange.bad_json"),
    ],
    ids=["syntax", "not-object", "unknown", "out-of-order", "twice", "other-game", "name-type"],
)
def test_a_bad_json_is_refused_with_a_reason(text, code):
    with pytest.raises(DomainError) as refused:
        read_json(text, "dust-collectorz")
    assert refused.value.code == code


def test_the_standings_csv_is_plain_in_the_known_column_order():
    rows = [{"rank": 1, "name": "Ana, the First", "match_points": 9, "wins": 3, "losses": 0, "draws": 0}]
    rows[0] |= {"omw": 0.5, "gw": 0.8571, "ogw": 1 / 3}
    text = write_standings(rows)
    assert text == 'Rank,Player,Points,Record,OMW%,GW%,OGW%\r\n1,"Ana, the First",9,3-0-0,50.00,85.71,33.33\r\n'


@pytest.mark.parametrize(
    "text",
    [
        "Name,Email\nAna Lima,ana@example.org\n\nBo Chen,\n",
        "First Name;Last Name;E-mail\nAna;Lima;ana@example.org\nBo;Chen;\n",
        "username\tDCI\nAna Lima\t1\nBo Chen\t2\n",
    ],
    ids=["melee", "semicolons", "tabs-username"],
)
def test_a_player_list_reads_names_from_the_usual_columns(text):
    assert [name for _line, name in read_player_list(text)] == ["Ana Lima", "Bo Chen"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Email\nana@example.org\n", "interchange.no_name_column"),
        ("Name,Email\n,ana@example.org\n", "interchange.row_without_name"),
        ("Name\n", "interchange.no_rows"),
        ("Name\n" + "x" * 121 + "\n", "interchange.name_too_long"),
    ],
)
def test_a_bad_player_list_is_refused(text, code):
    with pytest.raises(DomainError) as refused:
        read_player_list(text)
    assert refused.value.code == code


@pytest.mark.parametrize("name", ["Ana\x00Lima", "Ana\u202eLima", "Ana\x07"])
def test_names_with_hidden_characters_are_refused(name):
    with pytest.raises(DomainError) as refused:
        read_player_list(f"Name\n{name}\n")
    assert refused.value.code == "interchange.hidden_characters"
    with pytest.raises(DomainError):
        read_trf(write_trf(_record()).replace("Ana Lima", name))
