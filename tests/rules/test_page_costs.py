"""The rules pages cost the same queries with one imported version of a game's rules or four, in
two languages: the index, a game's rules (searched too), its history, both languages side by side,
the consistency check and the import form (tests/conftest.py page_costs). Our own small rules text."""

import pytest

from rules.services import import_rules
from tests.conftest import DATA, make_user, page_costs, same_costs

pytestmark = pytest.mark.django_db
GAME = "dust-reclamation"
ENGLISH = (DATA / "rules-ours-en.txt").read_text(encoding="utf-8")
SPANISH = (DATA / "rules-ours-es.txt").read_text(encoding="utf-8")


def new_version(number, actor):
    """Version 1.<number + 2> of the English text, one rule reworded in each."""
    text = ENGLISH.replace("V1.2", f"V1.{number + 2}").replace("five (5) cards", f"five (5) cards ({number})")
    document, created = import_rules(GAME, "en", text.encode(), f"pocket-duel-{number}.txt", actor=actor)
    assert created, document


def pages():
    base = f"/en/rules/{GAME}"
    return [
        "/en/rules/",
        f"{base}/",
        f"{base}/?q=card",
        f"{base}/?language=es",
        f"/fr/rules/{GAME}/",
        f"{base}/history/",
        f"{base}/history/?language=es",
        f"{base}/compare/",
        f"{base}/check/",
        f"{base}/import/",
        "/en/rules/dust-collectorz/clash/",
    ]


def test_the_rules_pages_cost_the_same_with_more_versions(client, organiser):
    client.force_login(organiser)
    import_rules(GAME, "en", ENGLISH.encode(), "pocket-duel.txt", actor=organiser)
    import_rules(GAME, "es", SPANISH.encode(), "pocket-duel-es.txt", actor=organiser)
    new_version(1, organiser)
    small = page_costs(client, pages())
    for number in (2, 3, 4):
        new_version(number, make_user(f"editor{number}", organiser=True))
    large = page_costs(client, pages())
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)
    assert "V1.6" in client.get(f"/en/rules/{GAME}/history/").text
