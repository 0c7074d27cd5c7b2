"""A refused CSV row is named by the line it is on in the file, as a text editor or Excel numbers
it: Excel's "sep=;" first line counts, and so does a line break inside a quoted cell."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalogue.models import Card
from decks.models import Collection

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool(alice, sample):
    collection = Collection.objects.create(owner=alice, name="Binder")
    collection.items.create(card=Card.objects.get(name="Pocket Puff"), qty=1)
    return collection


def refused_lines(client, pool, data, language="en"):
    upload = SimpleUploadedFile("binder.csv", data, content_type="text/csv")
    page = client.post(f"/{language}/collections/{pool.pk}/import/", {"file": upload, "mode": "replace"})
    assert page.context["preview"] is None
    return page.content.decode(), [(line["line"], line["text"]) for line in page.context["rejected"]]


def test_the_sep_line_counts(client, alice, pool):
    client.force_login(alice)
    text, lines = refused_lines(client, pool, b"sep=;\r\nQty;Name\r\n2;Pocket Puff\r\n0;Fluffnip\r\n")
    assert lines == [(4, "0;Fluffnip")]
    assert '<span class="line-no">Line 4</span> <code>0;Fluffnip</code>' in text
    assert pool.owned() == {Card.objects.get(name="Pocket Puff").pk: 1}


def test_a_line_break_inside_a_cell_counts(client, alice, pool):
    client.force_login(alice)
    data = b'Qty,Name,Tags\r\n2,Pocket Puff,"binder\r\ntrade"\r\n0,Fluffnip,\r\n'
    _text, lines = refused_lines(client, pool, data)
    assert lines == [(4, "0,Fluffnip,")]


def test_a_broken_quote_after_the_sep_line_names_its_line(client, alice, pool):
    client.force_login(alice)
    text, _lines = refused_lines(client, pool, b'sep=;\r\nQty;Name\r\n2;Pocket Puff\r\n1;"Fluff"nip\r\n')
    assert "This CSV cannot be read at line 4: check its quotation marks." in text
