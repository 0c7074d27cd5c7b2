"""FIDE's TRF-16 for a Swiss event, written and read (docs/interchange.md has the mapping).

Player lines ("001") keep the format's fixed columns; what TRF-16 cannot say about a card game
(game wins, table numbers, the game, a drop after the last round, names over 33 characters) is in
extension lines (XC…), which other programs skip. Plain Python, no Django."""

from core.errors import DomainError

from .interchange import EventRecord, PlayerRecord, RoundRecord, Standing, TableRecord, check, presence_from

NEWLINE = "\r\n"  # TRF-16, remark 1: each line ends with a carriage return
NAME_WIDTH = 33
ROUND_START = 91  # 0-based column of round 1's block (TRF-16 columns 92-99); each block is 10 wide
WIN, LOSS, DRAW = "1", "0", "="
RESULTS = {"1": "win", "W": "win", "+": "win", "0": "loss", "L": "loss", "-": "loss", "=": "draw", "D": "draw"}
BYES = {"U", "F"}  # a pairing-allocated or full-point bye: a bye here (won 2-0)
ABSENT = {"Z", " ", ""}


def write_trf(record):
    """The TRF-16 text of a record; rounds still being played are left out (TRF holds results)."""
    rounds = [round_ for round_ in record.rounds if round_.complete]
    lines = [f"012 {record.name}"]
    if record.venue:
        lines.append(f"022 {record.venue}")
    if record.starts_on:
        lines.append(f"042 {record.starts_on.replace('-', '/')}")
    lines += [f"062 {len(record.players)}", "092 Individual: Swiss-System"]
    if record.swiss_rounds:
        lines.append(f"XXR {record.swiss_rounds}")
    lines.append(_event_line(record))
    lines += [_player_line(record, player, rounds) for player in record.players]
    lines += [_table_line(round_.number, table) for round_ in rounds for table in round_.tables if not table.is_bye]
    lines += [_presence_line(player) for player in record.players if _presence_differs(player)]
    lines += [f"XCN {player.number:>4} {player.name}" for player in record.players if len(player.name) > NAME_WIDTH]
    return NEWLINE.join(line.rstrip() for line in lines) + NEWLINE


def _event_line(record):
    seed = "-" if record.seed is None else record.seed
    return (
        f"XCE game={record.game or '-'} format={record.format or '-'} best_of={record.best_of} seed={seed} "
        f"tiebreakers={record.tiebreakers} late_entry_losses={int(record.late_entry_losses)}"
    )


def _player_line(record, player, rounds):
    standing = record.standings.get(player.number, Standing(0, 0))
    head = (
        f"001 {player.number:>4} {'':1}{'':3} {player.name[:NAME_WIDTH]:<{NAME_WIDTH}} {'':>4} {'':3} {'':>11} "
        f"{'':10} {standing.points:>4.1f} {standing.rank:>4}"
    )
    return head + "".join(_round_block(round_, player.number) for round_ in rounds)


def _round_block(round_, number):
    """Ten columns: two blanks, opponent (4), blank, colour, blank, result."""
    table = next((table for table in round_.tables if number in table.players), None)
    if table is None:
        return "  0000 - Z"
    if table.is_bye:
        return "  0000 - U"
    seat = table.players.index(number)
    opponent = table.players[1 - seat]
    result = {"win": WIN, "loss": LOSS, "draw": DRAW}[table.outcome(number)]
    return f"  {opponent:>4} {'wb'[seat]} {result}"


def _table_line(round_number, table):
    first, second = table.players
    return f"XCT {round_number:>3} {table.table:>4} {first:>4} {second:>4} {table.wins[0]:>2} {table.wins[1]:>2} {table.draws:>2}"


def _presence_differs(player):
    return player.joined_round != 1 or player.dropped_after is not None


def _presence_line(player):
    dropped = "-" if player.dropped_after is None else player.dropped_after
    return f"XCP {player.number:>4} {player.joined_round:>3} {dropped:>3}"


# Reading


def read_trf(text, expected_game=""):
    """A checked EventRecord from TRF-16 text (ours, or another program's without the XC lines)."""
    reader = _Reader()
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            reader.read(number, line)
    return check(reader.record(), expected_game)


class _Reader:
    def __init__(self):
        self.header = {}
        self.event = {}
        self.players = {}  # start number -> (name, points, rank, [(opponent, colour, result)])
        self.tables = {}  # (round, first, second) -> (table, wins, draws)
        self.presence = {}
        self.names = {}

    def read(self, number, line):
        code = line[:3]
        try:
            handler = getattr(self, f"_line_{code.lower()}", None)
            if handler is not None:
                handler(line)
            elif code in ("012", "022", "042", "XXR"):
                self.header[code] = line[4:].strip()
        except DomainError:
            raise
        except (ValueError, IndexError, KeyError) as error:
            raise DomainError("interchange.malformed", "file", line=number, reason=str(error) or code) from None

    def _line_001(self, line):
        start = int(line[4:8])
        if start in self.players:
            raise ValueError(f"player {start} is listed twice")
        points = float(line[80:84] or 0)
        rank = int(line[85:89].strip() or 0)
        games = []
        for at in range(ROUND_START, len(line), 10):
            opponent = int(line[at : at + 4].strip() or 0)
            colour = line[at + 5 : at + 6].strip().lower()
            result = line[at + 7 : at + 8].strip().upper()
            games.append((opponent, colour, result))
        self.players[start] = (line[14:47].strip(), points, rank, games)

    def _line_xce(self, line):
        for item in line[4:].split():
            key, value = item.split("=", 1)
            self.event[key] = value

    def _line_xct(self, line):
        round_, table, first, second, first_wins, second_wins, draws = (int(part) for part in line[4:].split())
        self.tables[(round_, first, second)] = (table, (first_wins, second_wins), draws)

    def _line_xcp(self, line):
        number, joined, dropped = line[4:].split()
        self.presence[int(number)] = (int(joined), None if dropped == "-" else int(dropped))

    def _line_xcn(self, line):
        number, name = line[4:].strip().split(" ", 1)
        self.names[int(number)] = name.strip()

    def record(self):
        rounds = self._rounds()
        players = tuple(self._player(number, rounds) for number in sorted(self.players))
        standings = {n: Standing(rank, int(points)) for n, (_, points, rank, _) in self.players.items()}
        event = self.event
        return EventRecord(
            name=self.header.get("012", ""),
            venue=self.header.get("022", ""),
            starts_on=self.header.get("042", "").replace("/", "-"),
            swiss_rounds=int(self.header["XXR"]) if self.header.get("XXR") else None,
            game=_given(event.get("game")),
            format=_given(event.get("format")),
            best_of=int(event.get("best_of", 1)),
            seed=int(event["seed"]) if _given(event.get("seed")) else None,
            tiebreakers=event.get("tiebreakers", "mtr"),
            late_entry_losses=event.get("late_entry_losses", "1") == "1",
            players=players,
            rounds=rounds,
            standings=standings,
        )

    def _player(self, number, rounds):
        joined, dropped = self.presence.get(number) or presence_from(number, rounds)
        return PlayerRecord(number, self.names.get(number, self.players[number][0]), joined, dropped)

    def _rounds(self):
        count = max((len(games) for *_, games in self.players.values()), default=0)
        return tuple(RoundRecord(index, self._tables(index)) for index in range(1, count + 1))

    def _tables(self, round_number):
        pairs, byes = [], []
        for number, (*_, games) in sorted(self.players.items()):
            if len(games) < round_number:
                continue
            opponent, colour, result = games[round_number - 1]
            if opponent == 0:
                if result == "H":
                    raise DomainError("interchange.not_swiss", reason="a half-point bye")
                if result in BYES:
                    byes.append(number)
                elif result not in ABSENT and result != "-":
                    raise DomainError("interchange.malformed", "file", line=number, reason=result)
                continue
            if opponent < number and opponent in self.players:
                self._check_named_back(round_number, opponent, number)
                continue  # the pair is read from its lower-numbered player
            pairs.append(self._pair(round_number, number, opponent, colour, result))
        return self._numbered(round_number, pairs, byes)

    def _pair(self, round_number, number, opponent, colour, result):
        other = self.players.get(opponent)
        if other is None:
            raise DomainError("interchange.unknown_player", round=round_number, number=opponent)
        games = other[3]
        theirs = games[round_number - 1] if len(games) >= round_number else (0, "", "")
        mine = RESULTS.get(result)
        if theirs[0] != number or mine is None or RESULTS.get(theirs[2]) != _reverse(mine):
            raise DomainError("interchange.disagree", round=round_number, first=number, second=opponent)
        seated = (number, opponent) if colour != "b" else (opponent, number)
        return seated, mine if seated[0] == number else _reverse(mine)

    def _check_named_back(self, round_number, first, second):
        games = self.players[first][3]
        if len(games) < round_number or games[round_number - 1][0] != second:
            raise DomainError("interchange.disagree", round=round_number, first=first, second=second)

    def _numbered(self, round_number, pairs, byes):
        """Tables with their numbers and game wins from the XCT lines, else numbered in order with
        one game per match (a file from another program)."""
        tables = []
        for index, (seated, first_outcome) in enumerate(pairs, start=1):
            known = self.tables.get((round_number, *seated))
            if known is not None:
                tables.append(TableRecord(known[0], seated, known[1], known[2]))
                continue
            wins = {"win": (1, 0), "loss": (0, 1), "draw": (0, 0)}[first_outcome]
            tables.append(TableRecord(index, seated, wins, 1 if first_outcome == "draw" else 0))
        tables.sort(key=lambda table: table.table)
        first_bye = max((table.table for table in tables), default=0) + 1
        tables += [TableRecord(first_bye + offset, (number,)) for offset, number in enumerate(byes)]
        return tuple(tables)


def _reverse(outcome):
    return {"win": "loss", "loss": "win"}.get(outcome, outcome)


def _given(value):
    return "" if value in (None, "-") else value
