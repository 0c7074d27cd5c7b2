"""Plain CSV in and out (docs/interchange.md): the standings in the column order Melee and EventLink
users know, and a player list as other organiser tools export it. Comma separated, UTF-8, English
headers: the interchange format, not the spreadsheet export of the pages. Plain Python, no Django."""

import csv
import io

from core.errors import DomainError, define_messages
from core.messages import gettext_lazy as _

from .interchange import visible

define_messages(
    {
        "interchange.no_name_column": _(
            "The first line must name the columns: a “name” column (or first and last name, or a username) is needed."
        ),
        "interchange.row_without_name": _("Line %(line)s has no name."),
        "interchange.name_too_long": _("Line %(line)s: a name has at most %(max)s characters."),
        "interchange.no_rows": _("The file lists no players."),
        "interchange.too_many_rows": _("The file lists %(count)s players; at most %(max)s can be imported at once."),
    }
)

STANDINGS_HEADER = ("Rank", "Player", "Points", "Record", "OMW%", "GW%", "OGW%")


def write_standings(rows):
    """`rows`: standings dicts (rank, name, match_points, wins, losses, draws, omw, gw, ogw), best first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(STANDINGS_HEADER)
    for row in rows:
        record = f"{row['wins']}-{row['losses']}-{row['draws']}"
        percentages = (f"{row[key] * 100:.2f}" for key in ("omw", "gw", "ogw"))
        writer.writerow((row["rank"], row["name"], row["match_points"], record, *percentages))
    return buffer.getvalue()


# A player list: the headers other tools write, lower-cased, spaces and dashes dropped.
NAME_HEADERS = {"name", "player", "playername", "displayname", "fullname", "nom", "nome"}
FIRST_HEADERS = {"firstname", "givenname", "prénom", "prenom"}
LAST_HEADERS = {"lastname", "surname", "familyname", "nomdefamille", "cognome"}
USERNAME_HEADERS = {"username", "user", "login", "nickname", "handle"}
EMAIL_HEADERS = {"email", "mail", "emailaddress"}
MAX_ROWS = 2000
MAX_NAME = 120


def read_player_list(text):
    """[(line, name)] in file order. The name is the name column, else first and last name, else
    the username; an e-mail column is read past and never used (docs/interchange.md)."""
    dialect = _dialect(text)
    rows = list(csv.reader(io.StringIO(text), dialect))
    if not rows:
        raise DomainError("interchange.no_rows", "file")
    columns = _columns(rows[0])
    players = []
    for line, cells in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        name = _name(cells, columns)
        if not name:
            raise DomainError("interchange.row_without_name", "file", line=line)
        if len(name) > MAX_NAME:
            raise DomainError("interchange.name_too_long", "file", line=line, max=MAX_NAME)
        players.append((line, visible(name)))
    if not players:
        raise DomainError("interchange.no_rows", "file")
    if len(players) > MAX_ROWS:
        raise DomainError("interchange.too_many_rows", "file", count=len(players), max=MAX_ROWS)
    return players


def _dialect(text):
    first = text.split("\n", 1)[0]
    return (
        csv.excel_tab
        if first.count("\t") > max(first.count(","), first.count(";"))
        else (_Semicolon if first.count(";") > first.count(",") else csv.excel)
    )


class _Semicolon(csv.excel):
    delimiter = ";"


def _key(header):
    return header.strip().lower().replace(" ", "").replace("-", "").replace("_", "")


def _columns(header):
    keys = [_key(cell) for cell in header]

    def find(names):
        return next((index for index, key in enumerate(keys) if key in names), None)

    columns = {
        "name": find(NAME_HEADERS),
        "first": find(FIRST_HEADERS),
        "last": find(LAST_HEADERS),
        "username": find(USERNAME_HEADERS),
    }
    if columns["name"] is None and columns["first"] is None and columns["username"] is None:
        raise DomainError("interchange.no_name_column", "file")
    return columns


def _cell(cells, index):
    return cells[index].strip() if index is not None and index < len(cells) else ""


def _name(cells, columns):
    whole = _cell(cells, columns["name"])
    parts = " ".join(part for part in (_cell(cells, columns["first"]), _cell(cells, columns["last"])) if part)
    return " ".join((whole or parts or _cell(cells, columns["username"])).split())
