"""A translation whose structure differs from the reference is shown before anything is saved: the
pairing it would use and its problems (a rule dropped, two merged, two game modes swapped), and the
translator confirms it; a partial translation imports as partial and pages fall back to English."""

import io
import re

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command

from rules.models import RulesDocument
from rules.services import import_rules, preview_import
from tests.conftest import REFERENCE

needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}")
GAME = "dust-collectorz"
EN = "dust-collectorz-rules-en-V202310.09.txt"
IT = "dust-collectorz-rules-it-V202311.02.txt"
TEAM, FFA, VERSUS = "mode-four-player-team", "mode-three-and-four-player-free-for-all", "mode-two-player-versus"


def broken_italian():
    """The real Italian document with the team and free-for-all modes swapped, the two-player
    Gameplay's rule 5 dropped (the rest renumbered) and the two-player Setup's two rules merged."""
    lines = (REFERENCE / IT).read_text().split("\n")
    team = next(i for i, line in enumerate(lines) if line.startswith("Mode: Team"))
    ffa = next(i for i, line in enumerate(lines) if line.startswith("Mode: Scontro"))
    young = next(i for i, line in enumerate(lines) if line.startswith("Game Mode:"))
    text = "\n".join(lines[:team] + lines[ffa:young] + lines[team:ffa] + lines[young:])
    head, rest = text.split("\nGameplay:\n", 1)
    gameplay, tail = rest.split("\nFine del Gioco:", 1)
    gameplay = re.sub(r"\n  5\. [^\n]*\n", "\n", gameplay, count=1)
    gameplay = re.sub(r"\n  ([678])\. ", lambda m: f"\n  {int(m.group(1)) - 1}. ", gameplay)
    text = head + "\nGameplay:\n" + gameplay + "\nFine del Gioco:" + tail
    text = re.sub(r"(\n  1\. Lanciare una moneta[^\n]*)\n\s*\n  2\. ([^\n]*)", r"\1 \2", text, count=1)
    return text.replace("V202311.02", "V202311.03").encode()


@pytest.fixture
def english(db):
    import_rules(GAME, "en", (REFERENCE / EN).read_bytes(), EN)


def _problems(preview):
    return {(problem.kind, problem.anchor) for problem in preview.problems}


@needs_reference
def test_a_dropped_merged_and_swapped_translation_is_caught_before_saving(english):
    preview = preview_import(GAME, "it", broken_italian(), "it-broken.txt")
    problems = _problems(preview)
    assert ("dropped", f"{VERSUS}-gameplay-5") in problems
    assert ("merged", f"{VERSUS}-setup-2") in problems
    assert {("reordered", TEAM), ("reordered", FFA)} <= problems
    assert preview.needs_confirmation
    pairing = {row.anchor: row.texts for row in preview.rows}  # the pairing it would use, by content
    assert pairing[TEAM]["it"] == "Mode: Team Quattro Giocatori"
    assert pairing[FFA]["it"].startswith("Mode: Scontro")
    assert pairing[f"{VERSUS}-gameplay-6"]["it"].startswith("Il giocatore che gioca")  # not off by one
    assert pairing[f"{VERSUS}-gameplay-8"]["it"].startswith("Il vincitore del Round")
    with pytest.raises(Exception, match="structure differs from the en document"):
        import_rules(GAME, "it", broken_italian(), "it-broken.txt")
    assert not RulesDocument.objects.filter(language="it").exists()


@needs_reference
def test_the_command_shows_the_pairing_and_refuses_without_the_flag(english, tmp_path):
    path = tmp_path / "it-broken.txt"
    path.write_bytes(broken_italian())
    out = io.StringIO()
    with pytest.raises(CommandError, match="Nothing was imported"):
        call_command("import_rules", str(path), game=GAME, language="it", stdout=out)
    assert f"dropped: {VERSUS}-gameplay-5" in out.getvalue()
    assert f"reordered: {TEAM}" in out.getvalue()
    assert not RulesDocument.objects.filter(language="it").exists()
    call_command("import_rules", str(path), game=GAME, language="it", confirm_structure=True, stdout=io.StringIO())
    document = RulesDocument.objects.get(language="it", is_current=True)
    sections = {section["key"]: section for section in document.structure["sections"]}
    assert sections[TEAM]["heading"] == "Mode: Team Quattro Giocatori"  # on its own anchor


@needs_reference
def test_upload_preview_confirm_and_the_checker_reports_order_and_missing(english, client, organiser, alice):
    cache.clear()
    client.force_login(alice)
    assert client.get(f"/en/rules/{GAME}/import/").status_code == 403
    client.force_login(organiser)
    upload = io.BytesIO(broken_italian())
    upload.name = "it-broken.txt"
    page = client.post(f"/en/rules/{GAME}/import/", {"language": "it", "file": upload})
    assert page.status_code == 200
    assert "merged into another rule" in page.text and "in another place" in page.text
    assert f'id="pair-{VERSUS}-gameplay-5"' in page.text and "no counterpart: dropped" in page.text
    assert not RulesDocument.objects.filter(language="it").exists()  # nothing saved by the preview
    token = page.context["preview"].token
    digest = page.context["digest"]
    done = client.post(
        f"/en/rules/{GAME}/import/confirm/", {"digest": digest, "language": "it", "token": token}, follow=True
    )
    assert done.status_code == 200 and "V202311.03" in done.text
    assert RulesDocument.objects.filter(language="it", is_current=True).exists()
    from catalogue.models import Game
    from rules.consistency import check_game

    findings, _languages = check_game(Game.objects.get(slug=GAME))
    found = {(f.kind, f.language, f.anchor) for f in findings}
    assert ("order", "it", TEAM) in found and ("order", "it", FFA) in found
    assert ("missing", "it", f"{VERSUS}-gameplay-5") in found


@needs_reference
def test_a_confirmation_is_for_the_pairing_shown(english, client, organiser):
    cache.clear()
    client.force_login(organiser)
    upload = io.BytesIO(broken_italian())
    upload.name = "it-broken.txt"
    page = client.post(f"/fr/rules/{GAME}/import/", {"language": "it", "file": upload})
    assert "Confirmer" in page.text or "confirm" in page.text.lower()
    client.post(
        f"/fr/rules/{GAME}/import/confirm/", {"digest": page.context["digest"], "language": "it", "token": "0" * 32}
    )
    assert not RulesDocument.objects.filter(language="it").exists()


@needs_reference
def test_a_partial_translation_imports_as_partial_and_pages_fall_back(english, client):
    text = (REFERENCE / IT).read_text()
    two_player = text[: text.index("Glossario:")]  # the two-player rules only
    preview = preview_import(GAME, "it", two_player.encode(), "it-2p.txt")
    assert preview.partial and {p.kind for p in preview.problems} <= {"untranslated", "dropped"}
    import_rules(GAME, "it", two_player.encode(), "it-2p.txt", confirm=preview.token)
    page = client.get(f"/it/rules/{GAME}/").text
    assert "Questa traduzione è parziale" in page
    assert f'<h2 id="{TEAM}" class="level-1" lang="en">Mode: Four Player Team' in page
    assert f'id="{VERSUS}-gameplay-1" class="rule rule-rule"' in page  # its own text, in Italian
    assert re.search(rf'id="{TEAM}-setup-1" class="rule rule-rule fallback" lang="en"', page)


def _upload(client, text, name="it-broken.txt"):
    upload = io.BytesIO(text)
    upload.name = name
    return client.post(f"/en/rules/{GAME}/import/", {"language": "it", "file": upload})


def _form(page, **extra):
    context = page.context
    return {"digest": context["digest"], "language": "it", "label": "", "pairing": context["pairing"], **extra}


def _key(page, anchor):
    return next(row["key"] for row in page.context["rows"] if row["anchor"] == anchor)


@needs_reference
def test_a_pairing_changed_on_the_preview_is_checked_again_and_imported_as_confirmed(english, client, organiser):
    """The translator says the Italian rule paired with Gameplay 6 translates Gameplay 5 (the one the
    file dropped): the preview shows the new pairing and its problems, and the import uses it."""
    cache.clear()
    client.force_login(organiser)
    page = _upload(client, broken_italian())
    moved = _key(page, f"{VERSUS}-gameplay-6")
    assert f'name="pair-{moved}"' in page.text
    italian = next(row["text"] for row in page.context["rows"] if row["anchor"] == f"{VERSUS}-gameplay-6")
    again = client.post(f"/en/rules/{GAME}/import/pairing/", _form(page, **{f"pair-{moved}": f"{VERSUS}-gameplay-5"}))
    assert again.status_code == 200 and "1 rule is paired as you chose." in again.text
    problems = _problems(again.context["preview"])
    assert ("dropped", f"{VERSUS}-gameplay-6") in problems and ("dropped", f"{VERSUS}-gameplay-5") not in problems
    assert not RulesDocument.objects.filter(language="it").exists()  # still nothing saved
    preview = again.context["preview"]
    client.post(f"/en/rules/{GAME}/import/confirm/", _form(again, token=preview.token))
    document = RulesDocument.objects.get(language="it", is_current=True)
    assert document.pairing == {moved: f"{VERSUS}-gameplay-5"}
    anchors = {item["anchor"]: item["text"] for _section, item in document.items()}
    assert anchors[f"{VERSUS}-gameplay-5"] == italian and f"{VERSUS}-gameplay-6" not in anchors
    page = client.get(f"/it/rules/{GAME}/compare/")
    assert italian in page.text


@needs_reference
def test_a_tampered_pairing_is_refused(english, client, organiser):
    cache.clear()
    client.force_login(organiser)
    page = _upload(client, broken_italian())
    moved = _key(page, f"{VERSUS}-gameplay-6")
    again = client.post(f"/en/rules/{GAME}/import/pairing/", _form(page, **{f"pair-{moved}": ""}))
    token = again.context["preview"].token
    tampered = _form(again, token=token, pairing=f'{{"{moved}": "{VERSUS}-gameplay-4"}}')
    refused = client.post(f"/en/rules/{GAME}/import/confirm/", tampered, follow=True)
    assert "not the one the preview showed" in refused.text
    assert not RulesDocument.objects.filter(language="it").exists()
    unchosen = client.post(f"/en/rules/{GAME}/import/confirm/", _form(page, token=token), follow=True)
    assert "no longer the one" in unchosen.text and not RulesDocument.objects.filter(language="it").exists()


@needs_reference
def test_one_english_rule_is_not_paired_twice(english, client, organiser):
    cache.clear()
    client.force_login(organiser)
    page = _upload(client, broken_italian())
    first, second = _key(page, f"{VERSUS}-gameplay-6"), _key(page, f"{VERSUS}-gameplay-7")
    choices = {f"pair-{first}": f"{VERSUS}-gameplay-5", f"pair-{second}": f"{VERSUS}-gameplay-5"}
    again = client.post(f"/en/rules/{GAME}/import/pairing/", _form(page, **choices))
    assert "two rules of this translation are paired with" in again.text
    assert again.context["preview"].pairing == {}  # the pairing shown before stays


@needs_reference
def test_a_split_rule_shows_once_as_split(english):
    text = (REFERENCE / IT).read_text()
    first = text.index(". Per iniziare, ogni giocatore pesca sei (6)")
    split = text[:first] + ".\n\n  3. Per iniziare" + text[first + len(". Per iniziare") :]
    preview = preview_import(GAME, "it", split.encode(), "it-split.txt")
    splits = [p for p in preview.problems if p.kind == "split"]
    assert [p.anchor for p in splits] == [f"{VERSUS}-setup-2"]
    assert not [p for p in preview.problems if p.kind == "added" and p.anchor == splits[0].other]
    assert splits[0].other.startswith(f"{VERSUS}-setup-it")
