"""Imports from what players already use: decklist text and CSV, pasted or uploaded, the exports of
Moxfield, Archidekt and Deckbox (samples of our own in docs/import-samples/), and every kind of bad
input refused with a message in the page's language, changing nothing."""

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalogue.models import Card
from core.errors import DomainError
from decks.decklist import parse_decklist
from decks.importing import decode_upload, read_card_list
from decks.models import Collection, Deck
from tests.decks.import_helpers import import_confirmed

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "import-samples"
FORMATS_DOC = Path(__file__).resolve().parents[2] / "docs" / "formats.md"


# Reading lists (plain Python)


def test_quantity_forms_sections_and_comments():
    text = (
        "Tokui-Waza: Saiyan\n"
        "// exported from somewhere\n"
        "Deck\n"
        "2 Pocket Puff\n"
        "3x Fluffnip (PR1) 001\n"
        "Dryer Drifter x2   # trailing comment\n"
        "Sock Orphan X 4\n"
        "Vent Skulker\n"
        "1 Pill Knight (PR1) 008 *F*\n"
        "\n"
        "Sideboard\n"
        "1 Tumblefluff\n"
        "// Sideboard\n"
        "SB: 2 Fuzzball Matron\n"
    )
    parsed = parse_decklist(text)
    assert parsed.declarations == {"tokui-waza": "Saiyan"}
    main = [(line.qty, line.name, line.set_code, line.number) for line in parsed.lines]
    assert main == [
        (2, "Pocket Puff", "", ""),
        (3, "Fluffnip", "PR1", "001"),
        (2, "Dryer Drifter", "", ""),
        (4, "Sock Orphan", "", ""),
        (1, "Vent Skulker", "", ""),
        (1, "Pill Knight", "PR1", "008"),
    ]
    assert [(line.qty, line.name) for line in parsed.sideboard] == [(1, "Tumblefluff"), (2, "Fuzzball Matron")]


def test_bad_quantities_name_their_line():
    parsed = parse_decklist("2 Pocket Puff\n0 Fluffnip\n100 Vent Skulker\n2 Sock Orphan x3")
    bad = [(line.line, line.status, line.error.message) for line in parsed.lines if line.status != "ok"]
    assert bad == [
        (2, "malformed", "The quantity 0 is not between 1 and 99."),
        (3, "malformed", "The quantity 100 is not between 1 and 99."),
        (4, "malformed", "This line gives two quantities; keep one."),
    ]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_csv_with_any_separator_a_bom_and_header_aliases(delimiter):
    rows = [
        ["Quantity", "Card Name", "Edition", "Collector Number", "Condition"],
        ["2", "Pocket Puff", "PR1", "002", "NM"],
    ]
    text = "\ufeff" + "\r\n".join(delimiter.join(row) for row in rows)
    parsed = read_card_list(text)
    assert parsed.layout == "csv" and parsed.delimiter == delimiter
    assert [(line.qty, line.name, line.set_code, line.number) for line in parsed.lines] == [
        (2, "Pocket Puff", "PR1", "002")
    ]
    assert parsed.ignored_columns == [] and parsed.lines[0].condition == "near_mint"


@pytest.mark.parametrize(
    "header",
    [
        "qty,name",
        "quantity,name",
        "count,name",
        "Qty,Set,Number",
        "count,set,collector number",
        "Quantité;Nom",
        "quantità;nome",
    ],
)
def test_header_aliases(header):
    delimiter = ";" if ";" in header else ","
    row = delimiter.join(
        {"qty": "2", "quantity": "2", "count": "2", "quantité": "2", "quantità": "2"}.get(h.lower(), "x")
        for h in header.split(delimiter)
    )
    parsed = read_card_list(f"{header}\n{row}\n")
    assert parsed.layout == "csv" and parsed.lines[0].qty == 2


def test_a_csv_with_an_unclosed_quote_names_the_line():
    with pytest.raises(DomainError, match="This CSV cannot be read at line 3: check its quotation marks."):
        read_card_list('qty,name\n1,Pocket Puff\n2,"Fluffnip\n')


def test_a_csv_without_card_columns_is_refused():
    with pytest.raises(DomainError, match="A CSV needs a name column, or set and number columns."):
        read_card_list("qty,set,condition\n2,PR1,NM\n")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "import.empty_file"),
        (b"\xef\xbb\xbf  \n", "import.empty_file"),
        (b"\xff\xfe" + "2 Pocket Puff\n".encode("utf-16-le") + b"\x00\xdc", "import.utf16"),  # a lone surrogate
        (b"\xfe\xff" + "2 Pocket Puff\n".encode("utf-16-be") + b"\x00", "import.utf16"),  # an odd length
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "import.binary"),
        (b"2 Pocket Puff \x81\x9d\n", "import.not_utf8"),
        (b"2 Pocket Puff\n" * 10000, "import.file_too_large"),
    ],
)
def test_unreadable_uploads_say_why(data, code):
    with pytest.raises(DomainError) as refused:
        decode_upload(data, "list.txt")
    assert refused.value.code == code


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_read_with_or_without_its_byte_order_mark(codec):
    """Excel's "Unicode Text" is UTF-16 with a byte-order mark; other tools leave the mark out."""
    text = "qty\tname\r\n2\tPocket Puff\r\n1\tÉclair d’Élodie\r\n"
    assert decode_upload(text.encode(codec), "list.txt") == text


def test_a_bom_is_not_part_of_the_first_line():
    assert decode_upload("\ufeff2 Pocket Puff\r\n".encode(), "list.txt").startswith("2 Pocket Puff")


# Known exports, into a collection

EXPECTED = {"Fluffnip": 3, "Pocket Puff": 2, "Master Roshi Sensei": 1, "Orange Spin Kick": 4}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("file_name", "layout", "ignored"),
    [
        (
            "moxfield-collection.csv",
            "moxfield",
            ["Tradelist Count", "Last Modified", "Alter", "Proxy", "Purchase Price"],
        ),
        (
            "archidekt-collection.csv",
            "archidekt",
            ["Date Added", "Purchase Price", "Multiverse Id", "Scryfall ID"],
        ),
        (
            "deckbox-inventory.csv",
            "deckbox",
            [
                "Tradelist Count",
                "Signed",
                "Artist Proof",
                "Altered Art",
                "Misprint",
                "Promo",
                "Textless",
                "My Price",
            ],
        ),
    ],
)
def test_exports_of_moxfield_archidekt_and_deckbox(client, alice, sample, file_name, layout, ignored):
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    upload = SimpleUploadedFile(file_name, (SAMPLES / file_name).read_bytes(), content_type="text/csv")
    page = import_confirmed(client, f"/en/collections/{pool.pk}/import/", {"file": upload}, follow=True)
    owned = {Card.objects.get(pk=card).name: qty for card, qty in pool.owned().items()}
    assert owned == EXPECTED
    read_as = page.context["last_import"]["read_as"]
    assert (read_as["layout"], read_as["ignored_columns"]) == (layout, ignored)
    assert "Columns ignored:" in page.text and re.search(r"Read as (Moxfield|Archidekt|Deckbox)", page.text)


@pytest.mark.django_db
def test_a_french_excel_sheet_with_semicolons_and_a_bom(client, alice, sample):
    pool = Collection.objects.create(owner=alice, name="Classeur")
    client.force_login(alice)
    upload = SimpleUploadedFile("classeur.csv", (SAMPLES / "excel-fr-semicolon.csv").read_bytes())
    page = import_confirmed(client, f"/fr/collections/{pool.pk}/import/", {"file": upload}, follow=True)
    assert {Card.objects.get(pk=card).name: qty for card, qty in pool.owned().items()} == {
        "Fluffnip": 3,
        "Pocket Puff": 2,
    }
    assert "Lu comme un fichier CSV (séparé par des points-virgules)" in page.text


@pytest.mark.django_db
def test_api_upload_of_a_sample_file(api, alice, sample):
    api.force_authenticate(alice)
    pool = api.post("/api/v1/collections/", {"name": "Binder"}, format="json").json()["id"]
    with (SAMPLES / "moxfield-collection.csv").open("rb") as handle:
        body = api.post(f"/api/v1/collections/{pool}/import/", {"file": handle}, format="multipart").json()
    assert body["card_count"] == sum(EXPECTED.values()) and body["read_as"]["layout"] == "moxfield"
    assert {change["name"]: (change["before"], change["after"]) for change in body["changes"]}["Fluffnip"] == (0, 3)


@pytest.mark.django_db
def test_the_documented_decklist_example_reads_as_a_deck(sample):
    """docs/formats.md shows the text format with a DBZ list: every line of it is a card."""
    from catalogue.models import Game
    from decks.services import decks as deck_services

    example = re.search(r"```text\n(.*?)```", FORMATS_DOC.read_text(encoding="utf-8"), re.S).group(1)
    content = deck_services.deck_content(example, Game.objects.get(slug="dbz-ccg"))
    assert sum(content.cards.values()) == 8 and content.sideboard == 1
    assert content.declarations == {"main-personality": "Goku", "tokui-waza": "Saiyan"}


# Bad input: a message in the page's language, nothing changed


@pytest.mark.django_db
def test_wrong_collector_numbers_are_reported_not_ignored(client, alice, sample):
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    text = "qty,name,set,number\n1,Fluffnip,PR1,002\n1,Fluffnip,PR1,999\n1,Fluffnip,SAI,001\n1,,PR1,1\n"
    page = client.post(f"/en/collections/{pool.pk}/import/", {"text": text})
    rejected = {line["line"]: line["error"] for line in page.context["rejected"]}
    assert rejected == {
        2: "PR1 002 is Pocket Puff, not Fluffnip.",
        3: "There is no card PR1 999.",
        4: "There is no card SAI 001.",
    }
    assert "Did you mean: Fluffnip (PR1) 001" in page.text
    assert pool.owned() == {}


@pytest.mark.django_db
def test_unknown_cards_get_suggestions_in_french(client, alice, sample):
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    page = client.post(f"/fr/collections/{pool.pk}/import/", {"text": "2 Pocket Pufff\n0 Fluffnip"})
    assert "Vouliez-vous dire\u00a0: Pocket Puff" in page.text
    assert "La quantité 0 n’est pas comprise entre 1 et 9\u202f999." in page.text
    assert "Rien n’a été importé" in page.text and pool.owned() == {}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "data", "message"),
    [
        ("en", "2 Pocket Puff\n".encode("utf-16") + b"\x00", "looks like UTF-16 but cannot be read as UTF-16"),
        ("fr", "2 Pocket Puff\n".encode("utf-16") + b"\x00", "semble en UTF-16 mais ne peut pas être lu"),
        ("it", "2 Pocket Puff\n".encode("utf-16-be") + b"\x00", "sembra in UTF-16 ma non può essere letto"),
        ("it", b"\xff\xd8\xff\xe0 JFIF \x00\x10", "non è un file di testo o CSV."),
        ("it", b"", "è vuoto."),
        ("fr", b"\xff\xd8\xff\xe0 JFIF \x00\x10", "n’est pas un fichier texte ou CSV."),
        ("en", b"Pocket Puff \x81\x9d", "is in an encoding this site cannot read."),
        ("fr", b"1 Pocket Puff\n" * 80000, "dépasse 1\u202f024 Ko"),
    ],
)
def test_bad_files_are_refused_in_the_pages_language(client, alice, sample, language, data, message):
    pool = Collection.objects.create(owner=alice, name="Binder")
    pool.items.create(card=Card.objects.get(name="Pocket Puff"), qty=1)
    client.force_login(alice)
    upload = SimpleUploadedFile("list.txt", data)
    page = client.post(f"/{language}/collections/{pool.pk}/import/", {"file": upload, "mode": "replace"})
    assert page.status_code == 200 and message in page.text
    assert len(pool.owned()) == 1


@pytest.mark.django_db
def test_deck_from_an_uploaded_moxfield_style_csv(client, alice, sample):
    client.force_login(alice)
    csv_text = "Count,Name,Edition,Collector Number\n2,Pocket Puff,PR1,002\n1,Fluffnip,PR1,001\n"
    upload = SimpleUploadedFile("deck.csv", ("\ufeff" + csv_text).encode())
    response = client.post(
        "/en/decks/new/", {"name": "From Moxfield", "format": "dc-prerelease", "visibility": "private", "file": upload}
    )
    deck = Deck.objects.get(name="From Moxfield")
    assert response.status_code == 302
    assert sorted(qty for qty in deck.latest_version().cards.values_list("qty", flat=True)) == [1, 2]


@pytest.mark.django_db
def test_the_builder_shows_and_saves_an_uploaded_list(client, alice, sample):
    from catalogue.models import Game
    from decks.services import decks as deck_services

    game = Game.objects.get(slug="dust-collectorz")
    deck = deck_services.create_deck(alice, "Upload", game, "dc-prerelease", "private", {})
    client.force_login(alice)
    upload = SimpleUploadedFile("deck.txt", "\ufeff3 Pocket Puff\r\n".encode())
    checked = client.post(f"/en/decks/{deck.pk}/edit/", {"decklist": "", "file": upload, "check": "1"})
    assert "3 Pocket Puff" in checked.context["form"]["decklist"].value()
    assert "The deck has 3 cards; it must have 32." in checked.text
    saved = client.post(
        f"/en/decks/{deck.pk}/edit/",
        {"decklist": "1 Fluffnip", "file": SimpleUploadedFile("d.txt", b"2 Pocket Puff"), "save": "1"},
    )
    assert saved.status_code == 302
    assert list(deck.latest_version().cards.values_list("card__name", "qty")) == [("Pocket Puff", 2)]


@pytest.mark.django_db
def test_sideboard_lines_are_left_out_of_a_deck_and_said_so(client, alice, sample):
    client.force_login(alice)
    text = "Deck\n2 Pocket Puff\nSideboard\n1 Fluffnip\n1 Vent Skulker\n"
    page = client.post(
        "/en/decks/new/",
        {"name": "With side", "format": "dc-prerelease", "visibility": "private", "decklist": text},
        follow=True,
    )
    assert "2 sideboard lines were left out: these formats have no sideboard." in page.text
    assert list(Deck.objects.get(name="With side").latest_version().cards.values_list("qty", flat=True)) == [2]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_an_oversize_post_gets_a_message_in_the_pages_language(client, alice, sample, settings, language):
    """Django refuses a body over DATA_UPLOAD_MAX_MEMORY_SIZE before any view runs: the page
    says why in its language (413), never a bare "Bad Request (400)"."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    response = client.post(f"/{language}/collections/{pool.pk}/import/", {"text": "1 Pocket Puff\n" * 100_000})
    assert response.status_code == 413
    expected = {
        "en": "What you sent is larger than 1 MB",
        "fr": "Vous avez envoyé plus de 1 Mo",
        "it": "Hai inviato più di 1 MB",
    }[language]
    assert expected in response.text and f'<html lang="{language}"' in response.text
    assert pool.owned() == {}


@pytest.mark.django_db
def test_an_oversize_multipart_api_request_gets_json(api, alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    api.force_authenticate(alice)
    pool = Collection.objects.create(owner=alice, name="Binder")
    response = api.post(
        f"/api/v1/collections/{pool.pk}/import/",
        {"text": "1 Pocket Puff\n" * 100_000},
        format="multipart",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert response.status_code == 413 and response.json()["code"] == "request.too_large"
    assert response.json()["message"].startswith("Hai inviato più di 1 MB")


@pytest.mark.django_db
def test_oversize_text_over_the_api_is_a_clear_400(api, alice, sample):
    api.force_authenticate(alice)
    pool = Collection.objects.create(owner=alice, name="Binder")
    response = api.post(f"/api/v1/collections/{pool.pk}/import/", {"text": "1 Pocket Puff\n" * 80_000}, format="json")
    assert response.status_code == 400 and response.json()["message"] == "The list is larger than 1,024 KB."


@pytest.mark.django_db
def test_a_three_megabyte_paste_gets_the_forms_own_message(client, alice, sample):
    """The reported bug: a 3-5 MB paste got Django's raw "Bad Request (400)"."""
    pool = Collection.objects.create(owner=alice, name="Binder")
    client.force_login(alice)
    page = client.post(f"/it/collections/{pool.pk}/import/", {"text": "1 Pocket Puff\n" * 230_000})
    assert page.status_code == 200 and "La lista supera i 1.024 KB." in page.text
    assert pool.owned() == {}


@pytest.mark.django_db
def test_count_name_edition_files_pick_the_printing_of_that_set(api, alice, sample):
    api.force_authenticate(alice)
    pool = api.post("/api/v1/collections/", {"name": "Binder"}, format="json").json()["id"]
    text = "Count,Name,Edition\n2,Pocket Puff,pr1\n1,Goku (Level 1),Saiyan Saga\n"
    body = api.post(f"/api/v1/collections/{pool}/import/", {"text": text}, format="json").json()
    assert {(c["name"], c["set"], c["after"]) for c in body["changes"]} == {
        ("Pocket Puff", "PR1", 2),
        ("Goku (Level 1)", "SAI", 1),
    }
    wrong = api.post(
        f"/api/v1/collections/{pool}/import/", {"text": "Count,Name,Edition\n1,Pocket Puff,SAI\n"}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["lines"][0]["error"] == "Pocket Puff is not printed in set SAI."
