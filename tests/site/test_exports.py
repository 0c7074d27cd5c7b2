"""Every CSV the site offers opens in a spreadsheet in the reader's language (core.exports, issue 27
item 6, issue 33 item 4): byte-order mark, the locale's separator and decimal mark, translated
headers and values, dates the locale's way. Each is read back with Python's csv as Excel would."""

import datetime
import re

import pytest
from django.utils import timezone

from catalogue.models import Card
from decks.models import BulkValidation, Collection
from tests.conftest import join_event, make_user
from tests.exports_support import read_dicts, read_rows
from tournaments.services import entrants as entrant_services
from tournaments.services import events, judging, prizes, rounds
from tournaments.services.results import record_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]
LANGUAGES = ["en", "fr", "it"]

# What a reader sees in each language: headers, yes/no, a decimal, a date.
WORDS = {
    "en": {"rank": "Rank", "player": "Player", "dropped": "Dropped", "yes": "yes", "no": "no",
           "omw": "OMW %", "starts": "Starts", "date": "05/01/2030 18:30", "decimal": ".", "record": "Record (W-L-D)",
           "penalty": "Penalty", "warning": "Warning", "prize": "Prize", "legal": "Legal", "decklist": "Decklist",
           "table": "Table", "result": "Result", "quantity": "Quantity", "name": "Name"},
    "fr": {"rank": "Rang", "player": "Joueur", "dropped": "Abandon", "yes": "oui", "no": "non",
           "omw": "% MW adv.", "starts": "Début", "date": "01/05/2030 18:30", "decimal": ",", "record": "Bilan (V-D-N)",
           "penalty": "Pénalité", "warning": "Avertissement", "prize": "Lot", "legal": "Légal", "decklist": "Liste de deck",
           "table": "Table", "result": "Résultat", "quantity": "Quantité", "name": "Nom"},
    "it": {"rank": "Posizione", "player": "Giocatore", "dropped": "Ritiro", "yes": "sì", "no": "no",
           "omw": "% MW avv.", "starts": "Inizio", "date": "01/05/2030 18:30", "decimal": ",",
           "record": "Bilancio (V-S-P)", "penalty": "Penalità", "warning": "Ammonizione", "prize": "Premio",
           "legal": "Legale", "decklist": "Lista del mazzo", "table": "Tavolo", "result": "Risultato", "quantity": "Quantità",
           "name": "Nome"},
}  # fmt: skip


@pytest.fixture
def night(sample, organiser, alice, bob):
    """A dated event one round in: three players (one dropped, a bye), a penalty and a prize plan."""
    starts = timezone.make_aware(datetime.datetime(2030, 5, 1, 18, 30))
    event = events.create_event(organiser, "Soirée café", "dust-collectorz", starts_at=starts, venue="Salle")
    first, second = join_event(event, alice), join_event(event, bob)
    third = entrant_services.add_entrant(event, organiser, name="Zoé")
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    match = round_.matches.get(is_bye=False)
    ids = list(match.seats.values_list("entrant_id", flat=True))
    record_result(match, organiser, wins={ids[0]: 2, ids[1]: 1})
    judging.give_penalty(event, organiser, first.pk, "warning", "Slow play", round_number=1)
    entrant_services.drop(third, organiser)
    prizes.set_prize_plan(event, organiser, {"scheme": "standing", "fixed": 6, "by_standing": [3, 2, 1]})
    return event, (first, second, third)


@pytest.mark.parametrize("language", LANGUAGES)
def test_standings_csv_reads_back_in_the_readers_language(client, night, language):
    event, _players = night
    words = WORDS[language]
    response = client.get(f"/{language}/events/{event.pk}/standings.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = read_dicts(response, language)
    assert {words["rank"], words["player"], words["dropped"], words["omw"], words["starts"]} <= rows[0].keys()
    assert {row[words["dropped"]] for row in rows} == {words["yes"], words["no"]}
    assert all(row[words["starts"]] == words["date"] for row in rows)
    percent = rows[0][words["omw"]]
    assert percent.count(words["decimal"]) == 1 and len(percent.split(words["decimal"])[1]) == 2
    assert {row[words["player"]] for row in rows} >= {"Zoé"}


def test_standings_csv_cache_is_kept_per_language(client, night):
    """One cached standings export per language: French after English is French, not English cached."""
    event, _players = night
    english = read_rows(client.get(f"/en/events/{event.pk}/standings.csv"), "en")
    french = read_rows(client.get(f"/fr/events/{event.pk}/standings.csv"), "fr")
    assert english[0][0] == "Rank" and french[0][0] == "Rang"
    again = client.get(f"/en/events/{event.pk}/standings.csv")
    assert read_rows(again, "en") == english
    tag = again["ETag"]
    assert client.get(f"/fr/events/{event.pk}/standings.csv", HTTP_IF_NONE_MATCH=tag).status_code == 200


@pytest.mark.parametrize("language", LANGUAGES)
def test_pairings_csv_one_row_per_seat(client, night, language):
    event, _players = night
    words = WORDS[language]
    rows = read_dicts(client.get(f"/{language}/events/{event.pk}/rounds/1/pairings.csv"), language)
    assert len(rows) == 3 and {words["table"], words["player"], words["result"]} <= rows[0].keys()
    played = [row for row in rows if row[words["result"]] and "2" in row[words["result"]]]
    assert len(played) == 2 and all(row[words["starts"]] == words["date"] for row in rows)


# What Excel turns into a date when it opens a CSV: "3-1-0" is 3 January 2000 in French, 1 March in English.
LOOKS_LIKE_A_DATE = re.compile(r"^\d{1,4}[-/]\d{1,2}(?:[-/]\d{1,4})?$")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_record_or_score_is_read_as_a_date(client, night, language):
    """Records (wins-losses-draws) and scores keep their dashes as en dashes, as the pages write a
    score, so a spreadsheet shows "1–0–0" and not a date; every cell of the event's exports."""
    event, _players = night
    words = WORDS[language]
    for path in ("standings.csv", "rounds/1/pairings.csv", "prizes.csv"):
        rows = read_rows(client.get(f"/{language}/events/{event.pk}/{path}"), language)
        dates = [cell for row in rows for cell in row if LOOKS_LIKE_A_DATE.match(cell)]
        assert dates == [], (path, dates)
    pairings = read_dicts(client.get(f"/{language}/events/{event.pk}/rounds/1/pairings.csv"), language)
    assert {row[words["record"]] for row in pairings} == {"0–0–0"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_penalties_csv_translates_the_penalty(client, night, organiser, language):
    event, _players = night
    words = WORDS[language]
    client.force_login(organiser)
    rows = read_dicts(client.get(f"/{language}/events/{event.pk}/manage/judging/penalties.csv"), language)
    assert [row[words["penalty"]] for row in rows] == [words["warning"]]
    assert rows[0][words["player"]] == _players[0].name


@pytest.mark.parametrize("language", LANGUAGES)
def test_prize_csv_and_sheet_show_each_record(client, night, language):
    event, _players = night
    words = WORDS[language]
    rows = read_dicts(client.get(f"/{language}/events/{event.pk}/prizes.csv"), language)
    records = [row[words["record"]] for row in rows if row[words["rank"]]]
    assert sorted(records) == ["0–1–0", "1–0–0", "1–0–0"]  # a win, a bye, a loss
    assert {row[words["prize"]] for row in rows if row[words["rank"]]} == {"3", "2", "1"}
    sheet = client.get(f"/{language}/events/{event.pk}/prizes/").text
    assert all(f'<td class="num record">{record.replace("–", "-")}</td>' in sheet for record in records)


@pytest.mark.parametrize("language", LANGUAGES)
def test_bulk_validation_csv_says_yes_or_no_in_the_readers_language(
    client, organiser, sample, language, django_capture_on_commit_callbacks
):
    words = WORDS[language]
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"/{language}/decks/bulk/",
            {"format": "dc-prerelease", "as_of": "2024-01-01", "text": "Name: Élodie\n2 Pocket Puff"},
        )
    job = BulkValidation.objects.get()
    rows = read_dicts(client.get(f"/{language}/decks/bulk/{job.pk}/report.csv"), language)
    assert [(row[words["decklist"]], row[words["legal"]]) for row in rows] == [("Élodie", words["no"])]


@pytest.mark.parametrize("language", LANGUAGES)
def test_collection_csv_is_the_readers_and_imports_back(client, sample, language):
    """The collection export is also an import format: each language's file reads back the same."""
    owner = make_user("collector")
    pool = Collection.objects.create(owner=owner, name="Binder")
    pool.items.create(card=Card.objects.get(name="Pocket Puff"), qty=3)
    client.force_login(owner)
    response = client.get(f"/{language}/collections/{pool.pk}/export/?as=csv")
    rows = read_dicts(response, language)
    assert rows[0][WORDS[language]["quantity"]] == "3" and rows[0][WORDS[language]["name"]] == "Pocket Puff"
    # Its collector number stays as printed for other sites' importers (docs/formats.md): no apostrophe.
    assert list(rows[0].values())[2:4] == ["PR1", "002"]
    from decks.importing import read_card_list

    lines = read_card_list(response.content.decode("utf-8")).lines
    assert [(line.qty, line.name, line.set_code, line.number) for line in lines] == [(3, "Pocket Puff", "PR1", "002")]


@pytest.mark.parametrize("language", ["fr", "it"])
def test_text_a_spreadsheet_would_change_is_kept_as_written(client, organiser, language):
    """Names Excel would read as numbers or dates (leading zeros, a long number, "1E5", "1/10") or run
    as formulas open as written: each gets the apostrophe that keeps a cell as text."""
    event = events.create_event(organiser, "Cafe", "dust-collectorz")
    names = ["007", "123456789012345678", "1E5", "1/10", "=1+1", "42", "Zoé 1/10"]
    for name in names:
        entrant_services.add_entrant(event, organiser, name=name)
    rows = read_dicts(client.get(f"/{language}/events/{event.pk}/standings.csv"), language)
    written = {row[WORDS[language]["player"]] for row in rows}
    assert written == {"'007", "'123456789012345678", "'1E5", "'1/10", "'=1+1", "42", "Zoé 1/10"}


def test_no_csv_is_written_outside_the_one_helper():
    """Every export goes through core.exports: no other module writes CSV or sets a CSV content type.
    The one exception is the interchange standings CSV, a fixed format for other tools (comma, UTF-8,
    English headers, docs/interchange.md), which must not change with the reader's locale."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    allowed = {root / "core" / "exports.py", root / "tournaments" / "engine" / "interchange_csv.py"}
    writers = []
    for path in root.glob("*/**/*.py"):
        if path.parts[len(root.parts)] in {"tests", "bench", ".venv"} or path in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        if "csv.writer(" in text or "csv.DictWriter(" in text or 'content_type="text/csv' in text:
            writers.append(str(path.relative_to(root)))
    assert writers == []


def test_the_interchange_standings_csv_keeps_formula_like_names_as_text(client, organiser):
    """The plain standings CSV for other tools (docs/interchange.md) stays comma-separated English, but a
    name a spreadsheet would run as a formula is written as text there too, as in every other export."""
    import csv
    import io

    event = events.create_event(organiser, "Formula night", "dust-collectorz")
    entrant_services.add_entrant(event, organiser, name='=HYPERLINK("http://evil.example")')
    entrant_services.add_entrant(event, organiser, name="-2+3")
    client.force_login(organiser)
    text = client.get(f"/en/events/{event.pk}/export/standings.csv").content.decode()
    header, *rows = list(csv.reader(io.StringIO(text)))
    assert header[:2] == ["Rank", "Player"]
    assert sorted(row[1] for row in rows) == ["'-2+3", '\'=HYPERLINK("http://evil.example")']
