"""The deck chart SVG: what a player reads off it (no database needed)."""

import xml.etree.ElementTree as ET

from decks.charts import deck_chart_svg as draw_chart
from games import dust_collectorz
from games.chart_panels import DeckChartInput

SVG = "{http://www.w3.org/2000/svg}"
TRIBES = ["Rustborn", "Glimmerkin", "Mirewalkers"]
LABELS = {
    "title": "Deck chart",
    "grid_title": "Champions by tribe and rank",
    "stats_title": "Stats",
    "ranks": {"bronze": "Bronze", "silver": "Silver", "gold": "Gold", "platinum": "Platinum", "epic": "Epic"},
    "stats": {"power": "Power", "speed": "Speed", "health": "Health", "cunning": "Cunning"},
    "total": "Total",
    "empty": "No cards yet",
}


def champion(name, tribe, rank, qty=1, power=1, speed=1, health=1, cunning=1):
    stats = {"power": power, "speed": speed, "health": health, "cunning": cunning}
    return {"name": name, "qty": qty, "type": "champion", "tribe": tribe, "rank": rank, "stats": stats}


def counter(name, qty=1):
    return {"name": name, "qty": qty, "type": "counter", "tribe": "", "rank": "", "stats": {}}


def deck_chart_svg(cards, tribes, labels):
    """A Dust Collectorz deck's chart: the generic chart with the panels the game's package gives."""
    return draw_chart(cards, labels, dust_collectorz.GAME.chart_panels(DeckChartInput(cards, tribes)))


def parse(svg):
    """The SVG as an element tree: fails here if it is not well-formed XML."""
    return ET.fromstring(svg)  # noqa: S314 -- our own output, parsed to check it is well-formed


def render(cards, tribes=TRIBES, labels=LABELS):
    """The chart for a deck, parsed."""
    return parse(deck_chart_svg(cards, tribes, labels))


def text_of(element):
    """What a <text> element shows (its hover tooltip excluded)."""
    return (element.text or "").strip()


def grid(root):
    """The tribe × rank grid as the eye reads it: {row label: {column label: cell text}}, rows in order."""
    group = root.find(f".//{SVG}g[@class='tribe-rank-grid']")
    assert group is not None, "no tribe × rank grid"
    texts = [(float(t.get("x")), float(t.get("y")), t.get("text-anchor"), text_of(t)) for t in group.iter(f"{SVG}text")]
    centred = [(x, y, text) for x, y, anchor, text in texts if anchor == "middle"]
    header_y = min(y for _, y, _ in centred)
    columns = {x: text for x, y, text in centred if y == header_y}
    cell_lines = {y for _, y, _ in centred if y != header_y}
    rows = sorted((y, text) for _, y, anchor, text in texts if anchor == "start" and y in cell_lines)
    table = {}
    for row_y, row_label in rows:
        table[row_label] = {columns[x]: text for x, y, text in centred if y == row_y}
    return table


def histogram(root, stat_label):
    """One stat's histogram as {value label: count shown on top of its bar}."""
    group = root.find(f".//{SVG}g[@aria-label='{stat_label}']")
    assert group is not None, f"no histogram for {stat_label}"
    ticks = {t.get("x"): t.text for t in group.iter(f"{SVG}text") if t.get("class") == "tick"}
    counts = {t.get("x"): t.text for t in group.iter(f"{SVG}text") if t.get("class") == "count"}
    assert set(counts) <= set(ticks), "every count sits over a value label"
    return {ticks[x]: counts.get(x) for x in ticks}


def all_text(root):
    return [text_of(t) for t in root.iter(f"{SVG}text")]


def test_chart_is_a_self_contained_accessible_svg():
    svg = deck_chart_svg([champion("A", "Rustborn", "gold")], TRIBES, LABELS)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert title.get("id") == root.get("aria-labelledby")
    assert title.text == "Deck chart"
    assert root.get("font-family") == "system-ui, sans-serif"
    assert 600 <= float(root.get("width")) <= 700
    assert "<script" not in svg and "href" not in svg and "url(" not in svg


def test_grid_cell_counts_copies_of_champions_with_that_tribe_and_rank():
    cards = [
        champion("A", "Rustborn", "gold", qty=3),
        champion("B", "Rustborn", "gold", qty=2),
        champion("C", "Glimmerkin", "gold"),
        champion("D", "Rustborn", "epic"),
        counter("Trap", qty=3),
    ]
    table = grid(render(cards))
    assert table["Rustborn"]["Gold"] == "5"
    assert table["Rustborn"]["Epic"] == "1"
    assert table["Rustborn"]["Bronze"] == "0"
    assert table["Glimmerkin"]["Gold"] == "1"
    assert table["Mirewalkers"] == {
        "Bronze": "0",
        "Silver": "0",
        "Gold": "0",
        "Platinum": "0",
        "Epic": "0",
        "Total": "0",
    }


def test_grid_has_a_total_column_and_a_total_row():
    cards = [
        champion("A", "Rustborn", "bronze", qty=2),
        champion("B", "Rustborn", "silver"),
        champion("C", "Mirewalkers", "bronze", qty=3),
    ]
    table = grid(render(cards))
    assert table["Rustborn"]["Total"] == "3"
    assert table["Mirewalkers"]["Total"] == "3"
    assert table["Total"] == {"Bronze": "5", "Silver": "1", "Gold": "0", "Platinum": "0", "Epic": "0", "Total": "6"}


def test_counts_are_shaded_darker_than_empty_cells():
    root = render([champion("A", "Rustborn", "gold", qty=4)])
    fills = [rect.get("fill") for rect in root.find(f".//{SVG}g[@class='tribe-rank-grid']").iter(f"{SVG}rect")]
    assert len(set(fills)) >= 3  # empty cells, the shaded cell, the totals


def test_tribes_are_listed_in_wheel_order_then_total():
    wheel = ["Zephyrs", "Ashen", "Mirewalkers"]
    table = grid(render([champion("A", "Ashen", "gold")], tribes=wheel))
    assert list(table) == [*wheel, "Total"]


def test_tribe_names_are_escaped_and_the_svg_still_parses():
    evil = '<Evil & "Co">'
    labels = {**LABELS, "title": "Deck <b>& 'more'</b>"}
    svg = deck_chart_svg([champion("A", evil, "silver", qty=2)], [evil, "Rustborn"], labels)
    assert evil not in svg
    assert "&lt;Evil &amp;" in svg
    root = parse(svg)
    assert grid(root)[evil]["Silver"] == "2"
    assert root.find(f"{SVG}title").text == "Deck <b>& 'more'</b>"


def test_long_tribe_names_are_shortened_with_the_full_name_on_hover():
    name = "The Exceedingly Long-Named Tribe of the Northern Scrapyards"
    root = render([champion("A", name, "gold")], tribes=[name])
    (label,) = [t for t in root.iter(f"{SVG}text") if t.text and t.text.startswith("The Exceedingly")]
    assert label.text.endswith("…")
    assert label.find(f"{SVG}title").text == name


def test_histogram_shows_how_many_copies_have_each_value():
    cards = [
        champion("A", "Rustborn", "gold", qty=3, power=2),
        champion("B", "Rustborn", "gold", qty=1, power=2),
        champion("C", "Glimmerkin", "silver", qty=2, power=0),
        counter("Trap", qty=5),
    ]
    assert histogram(render(cards), "Power") == {"0": "2", "1": None, "2": "4"}


def test_each_stat_has_its_own_histogram_and_colour():
    root = render([champion("A", "Rustborn", "gold", power=3, speed=1, health=5, cunning=0)])
    for label in ("Power", "Speed", "Health", "Cunning"):
        assert histogram(root, label)
    colours = {
        rect.get("fill")
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "histogram"
        for rect in group.iter(f"{SVG}rect")
    }
    assert len(colours) == 4


def test_value_labels_never_overlap_on_a_wide_range():
    cards = [champion(str(value), "Rustborn", "gold", power=value) for value in range(0, 100, 3)]
    group = render(cards).find(f".//{SVG}g[@aria-label='Power']")
    xs = sorted(float(t.get("x")) for t in group.iter(f"{SVG}text") if t.get("class") == "tick")
    assert len(xs) > 3
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 20


def test_empty_deck_shows_the_empty_label():
    root = render([])
    assert "No cards yet" in all_text(root)
    assert root.find(f".//{SVG}g[@class='tribe-rank-grid']") is None


def test_deck_of_another_game_renders_without_grid_or_histograms():
    cards = [
        {"name": "Goku", "qty": 1, "type": "main_personality", "tribe": "", "rank": "", "stats": {}},
        {"name": "Kamehameha", "qty": 3, "type": "energy_combat", "tribe": "", "rank": "", "stats": {}},
    ]
    root = render(cards, tribes=[])
    assert root.find(f".//{SVG}g[@class='tribe-rank-grid']") is None
    assert root.find(f".//{SVG}g[@class='histogram']") is None
    assert "Total: 4" in all_text(root)


def test_same_deck_gives_the_same_svg_and_other_decks_other_ids():
    cards = [champion("A", "Rustborn", "gold", qty=2), counter("Trap")]
    assert deck_chart_svg(cards, TRIBES, LABELS) == deck_chart_svg(list(cards), list(TRIBES), dict(LABELS))
    other = parse(deck_chart_svg(cards[:1], TRIBES, LABELS))
    assert other.get("aria-labelledby") != render(cards).get("aria-labelledby")
