"""Deck chart drawn on the server as one self-contained SVG string (plain Python, no ORM).

A heading, then the panels the game's package gives (`GameDefinition.chart_panels`, see
games/chart_panels.py): shaded grids of counts with totals, histograms, and bar panels.
The caller passes cards as dicts and every display string already translated, so
this module needs no translation; all text from the inputs is XML-escaped.
"""

import dataclasses
import hashlib
import json
from typing import NamedTuple
from xml.sax.saxutils import escape

from games.chart_panels import Bars, CountGrid, Histograms, copies

FONT = "system-ui, sans-serif"
# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
HISTOGRAM_COLOURS = ("#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")

BAR_COLOURS = ("#0072B2", "#E69F00")

INK = "#1F2933"
MUTED = "#52606D"
RULE = "#CBD2D9"
TOTAL_FILL = "#E4E7EB"
SHADE_EMPTY = (0xF5, 0xF7, 0xFA)
SHADE_FULL = (0x1D, 0x4E, 0x89)

HEADING_HEIGHT = 44
PANEL_TITLE_HEIGHT = 26
PANEL_GAP = 20
ROW_HEIGHT = 26
CHAR_WIDTH = 7  # rough width of one character at 12px, to size the label column
DIGIT_WIDTH = 6.5  # rough width of one digit at 11px, to decide whether a bar's count fits
LABEL_MIN = 96
HIST_GAP = 24
HIST_TITLE = 20
HIST_COUNT_SPACE = 16
HIST_PLOT = 80
HIST_AXIS = 20
HIST_HEIGHT = HIST_TITLE + HIST_COUNT_SPACE + HIST_PLOT + HIST_AXIS
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
SLANT = 0.71  # sin 45°: a slanted column name rises this much of its length


class Layout(NamedTuple):
    """The chart's frame. The SVG scales to its box, so on a phone the wide layout's 12 px text
    would be drawn at 6-7 px; the narrow one is drawn at its own size there (text of 11 px and more)."""

    width: int
    margin: int
    hist_columns: int
    label_max: int
    slanted_headers: bool  # grid column names slanted, so that narrow columns keep whole names

    @property
    def content_width(self):
        return self.width - 2 * self.margin


WIDE = Layout(640, 24, 2, 200, False)
NARROW = Layout(320, 8, 1, 120, True)  # fits a 390 px phone's page (358 px) without shrinking


class GridGeometry(NamedTuple):
    """Where the grid's columns are: the row-label column, then equal data columns."""

    label_width: float
    cell_width: float
    margin: float

    def column_centre(self, column):
        """Horizontal centre of data column `column` (0 = the first)."""
        return self.margin + self.label_width + (column + 0.5) * self.cell_width


def deck_chart_svg(cards, labels, panels=(), layout=WIDE) -> str:
    """The deck chart as an SVG string: the heading (labels "title", "total", "empty", and "colon",
    the language's "%(label)s:") and each panel given (CountGrid, Histograms or Bars, already
    translated), in order, in `layout`."""
    pairs = copies(cards)
    title_id = _title_id(cards, panels, labels, layout)
    if not pairs:
        return _empty_svg(labels, title_id, layout)
    parts = [_heading(labels, sum(qty for _, qty in pairs), layout)]
    top = HEADING_HEIGHT
    for markup, height in _drawn_panels(panels, labels, layout):
        if markup:
            parts.append(f'<g transform="translate(0 {_num(top)})">{markup}</g>')
            top += height + PANEL_GAP
    bottom = top - PANEL_GAP + layout.margin if top > HEADING_HEIGHT else HEADING_HEIGHT
    return _svg(title_id, labels.get("title", ""), bottom, "".join(parts), layout)


def _drawn_panels(panels, labels, layout):
    """(markup, height) per panel; bar panels take turns between two colours."""
    bars = 0
    colon = _colon(labels)
    for panel in panels:
        if isinstance(panel, CountGrid):
            yield _grid_panel(panel, labels.get("total", ""), layout)
        elif isinstance(panel, Histograms):
            yield _histograms_panel(panel, layout, colon)
        elif isinstance(panel, Bars):
            yield _bars_panel(panel.title, panel.rows, BAR_COLOURS[bars % 2], layout, colon)
            bars += 1


def chart_tables(panels, labels):
    """The numbers each panel draws, as tables (the chart's text alternative, WCAG 1.1.1):
    [{"caption", "headers", "rows": [(row label, [cells])]}]. Labels "total" and "copies"."""
    return [table for table in (_panel_table(panel, labels) for panel in panels) if table]


def _panel_table(panel, labels):
    if isinstance(panel, CountGrid):
        columns = [sum(counts[i] for _label, counts in panel.rows) for i in range(len(panel.columns))]
        rows = [(label, [*counts, sum(counts)]) for label, counts in panel.rows]
        rows.append((labels.get("total", ""), [*columns, sum(columns)]))
        return {"caption": panel.title, "headers": [*panel.columns, labels.get("total", "")], "rows": rows}
    if isinstance(panel, Histograms):
        width = max((len(counts) for _label, counts in panel.series), default=0)
        rows = [(label, [*counts, *[0] * (width - len(counts))]) for label, counts in panel.series]
        return {"caption": panel.title, "headers": [str(value) for value in range(width)], "rows": rows}
    if isinstance(panel, Bars):
        return {
            "caption": panel.title,
            "headers": [labels.get("copies", "")],
            "rows": [(label, [n]) for label, n in panel.rows],
        }
    return None


# --- inputs -------------------------------------------------------------------------


def _title_id(cards, panels, labels, layout):
    """A deterministic id for <title>, distinct for different charts (and layouts) on one page."""
    drawn = [dataclasses.asdict(panel) for panel in panels]
    payload = json.dumps([cards, drawn, labels, layout.width], sort_keys=True, default=str)
    return "deck-chart-" + hashlib.sha256(payload.encode()).hexdigest()[:10]


# --- SVG helpers --------------------------------------------------------------------


def _text_escape(text):
    """Escape text content."""
    return escape(str(text))


def _attr_escape(text):
    """Escape an attribute value, quotes included."""
    return escape(str(text), {'"': "&quot;", "'": "&apos;"})


def _num(value):
    """A coordinate written compactly and deterministically."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(x, y, content, anchor="start", tooltip=None, **attrs):
    """A <text> element (optional hover tooltip); extra attributes use underscores for dashes."""
    extra = "".join(f' {key.rstrip("_").replace("_", "-")}="{_attr_escape(value)}"' for key, value in attrs.items())
    hover = "" if tooltip is None else f"<title>{_text_escape(tooltip)}</title>"
    return f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}"{extra}>{_text_escape(content)}{hover}</text>'


def _rect(x, y, width, height, fill, tooltip=None):
    """A <rect> element, with an optional hover tooltip."""
    geometry = f'x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(height)}" fill="{fill}"'
    if tooltip is None:
        return f"<rect {geometry}/>"
    return f"<rect {geometry}><title>{_text_escape(tooltip)}</title></rect>"


def _svg(title_id, title, height, body, layout):
    """The root <svg> element around `body`, with a white background."""
    height = _num(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{layout.width}" height="{height}" '
        f'viewBox="0 0 {layout.width} {height}" role="img" aria-labelledby="{title_id}" '
        f'font-family="{FONT}" font-size="12" fill="{INK}">'
        f'<title id="{title_id}">{_text_escape(title)}</title>'
        f'<rect width="100%" height="100%" fill="#FFFFFF"/>{body}</svg>'
    )


def _empty_svg(labels, title_id, layout):
    """A small chart saying the deck has no cards."""
    body = _text(layout.margin, 28, labels.get("title", ""), font_size=16, font_weight="bold")
    body += _text(layout.margin, 56, labels.get("empty", ""), fill=MUTED)
    return _svg(title_id, labels.get("title", ""), 76, body, layout)


def _colon(labels):
    """The language's "%(label)s:" (French spaces the colon): label and count as "Total: 32"."""
    pattern = str(labels.get("colon", "%(label)s:"))
    return lambda label, count: f"{pattern % {'label': label}} {count}"


def _heading(labels, total_copies, layout):
    """The chart title, with the deck's total number of cards on the right."""
    title = _text(layout.margin, 28, labels.get("title", ""), font_size=16, font_weight="bold")
    total = _text(
        layout.width - layout.margin, 28, _colon(labels)(labels.get("total", ""), total_copies), "end", fill=MUTED
    )
    return title + total


def _panel_title(text, layout):
    """A panel's title, on its first line."""
    return _text(layout.margin, 16, text, font_size=13, font_weight="bold")


# --- a grid of counts, with a Total column and a Total row ---------------------------


def _grid_panel(grid, total_label, layout):
    """The grid as (markup, height); nothing without rows."""
    if not grid.rows:
        return "", 0
    rows = _grid_rows(grid, total_label)
    geometry = _grid_geometry([label for label, _ in grid.rows], len(grid.columns), layout)
    peak = max((count for _, counts in rows[:-1] for count in counts[:-1]), default=0)
    names = [*grid.columns, total_label]
    slant = _slant_height(names) if layout.slanted_headers else 0  # room for the slanted names
    header = _grid_header(names, geometry, PANEL_TITLE_HEIGHT + slant, slanted=bool(slant))
    parts = [_panel_title(grid.title, layout), header]
    for index, (name, counts) in enumerate(rows, start=1):
        is_total = index == len(rows)
        y = PANEL_TITLE_HEIGHT + slant + index * ROW_HEIGHT
        parts.append(_grid_row(name, counts, geometry, y, peak, is_total))
    height = PANEL_TITLE_HEIGHT + slant + (len(rows) + 1) * ROW_HEIGHT
    return f'<g class="{_attr_escape(grid.name)}">{"".join(parts)}</g>', height


def _grid_rows(grid, total_label):
    """(label, [count per column..., row total]) per row, then the Total row."""
    rows = [(label, [*counts, sum(counts)]) for label, counts in grid.rows]
    column_totals = [sum(row_counts[column] for _, row_counts in rows) for column in range(len(grid.columns) + 1)]
    return [*rows, (total_label, column_totals)]


def _grid_geometry(row_labels, columns, layout):
    """Label column wide enough for the longest (capped) label; the rest split evenly, Total included."""
    longest = max(len(label) for label in row_labels)
    label_width = min(max(longest * CHAR_WIDTH + 12, LABEL_MIN), layout.label_max)
    return GridGeometry(label_width, (layout.content_width - label_width) / (columns + 1), layout.margin)


def _slant_height(names):
    """The height slanted column names rise above their row."""
    return round(max(len(name) for name in names) * CHAR_WIDTH * SLANT)


def _grid_header(names, geometry, y, slanted=False):
    """The column names, Total last, over the grid's columns; slanted at 45° where the columns are
    too narrow for a whole name written level."""
    parts = []
    for column, name in enumerate(names):
        x = geometry.column_centre(column)
        if slanted:
            turn = f"rotate(-45 {_num(x - 4)} {_num(y + 20)})"
            parts.append(_text(x - 4, y + 20, name, fill=MUTED, font_weight="bold", transform=turn))
        else:
            parts.append(_text(x, y + 17, name, "middle", fill=MUTED, font_weight="bold"))
    return "".join(parts)


def _grid_row(name, counts, geometry, y, peak, is_total):
    """One grid row: its label (or Total) and its shaded count cells."""
    weight = "bold" if is_total else "normal"
    shown = _fit(name, geometry.label_width)
    tooltip = None if shown == name else name
    parts = [_text(geometry.margin + 4, y + 17, shown, tooltip=tooltip, font_weight=weight)]
    for column, count in enumerate(counts):
        is_total_cell = is_total or column == len(counts) - 1
        parts.append(_grid_cell(column, count, geometry, y, peak, is_total_cell))
    return "".join(parts)


def _grid_cell(column, count, geometry, y, peak, is_total):
    """One count cell, shaded by count (totals on a neutral grey)."""
    fill, ink = (TOTAL_FILL, INK) if is_total else _shade(count, peak)
    x = geometry.column_centre(column) - geometry.cell_width / 2
    cell = _rect(x + 1, y + 1, geometry.cell_width - 2, ROW_HEIGHT - 2, fill)
    weight = "bold" if is_total else "normal"
    return cell + _text(x + geometry.cell_width / 2, y + 17, count, "middle", fill=ink, font_weight=weight)


def _shade(count, peak):
    """(background, text colour) for a cell: very light at 0, darker blue as the count grows."""
    if count <= 0 or peak <= 0:
        return _hex(SHADE_EMPTY), MUTED
    strength = 0.2 + 0.8 * count / peak
    rgb = tuple(round(a + (b - a) * strength) for a, b in zip(SHADE_EMPTY, SHADE_FULL, strict=True))
    return _hex(rgb), _readable_on(rgb)


def _readable_on(rgb):
    """White or black, whichever contrasts more with the background (always at least 4.5:1)."""
    return "#FFFFFF" if _luminance(rgb) < 0.179 else "#000000"


def _luminance(rgb):
    """WCAG relative luminance of an (r, g, b) colour."""
    linear = [(v / 255 / 12.92) if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _hex(rgb):
    """#RRGGBB for an (r, g, b) triple."""
    return "#{:02X}{:02X}{:02X}".format(*rgb)


def _fit(name, width):
    """A label shortened with an ellipsis if it cannot fit in `width` pixels."""
    limit = int((width - 12) // CHAR_WIDTH)
    return name if len(name) <= limit else name[: limit - 1] + "…"


# --- histograms ---------------------------------------------------------------------


def _histograms_panel(panel, layout, colon):
    """One histogram per series as (markup, height), as many to a row as the layout takes; nothing
    without series."""
    if not panel.series:
        return "", 0
    per_row = layout.hist_columns
    width = (layout.content_width - HIST_GAP * (per_row - 1)) / per_row
    parts = [_panel_title(panel.title, layout)]
    for index, (label, counts) in enumerate(panel.series):
        row, column = divmod(index, per_row)
        x = layout.margin + column * (width + HIST_GAP)
        y = PANEL_TITLE_HEIGHT + row * (HIST_HEIGHT + HIST_GAP)
        colour = HISTOGRAM_COLOURS[index % len(HISTOGRAM_COLOURS)]
        parts.append(_histogram(label, colour, counts, (x, y, width), colon))
    rows = -(-len(panel.series) // per_row)
    return "".join(parts), PANEL_TITLE_HEIGHT + rows * HIST_HEIGHT + (rows - 1) * HIST_GAP


class HistogramFrame(NamedTuple):
    """Where and how one histogram's bars are drawn."""

    label: str
    colour: str
    x: float
    slot: float  # width given to each value
    baseline: float
    peak: int  # the highest count, drawn at full height


def _histogram(label, colour, counts, box, colon):
    """One histogram: swatch and name, bars with counts on top, values on the axis."""
    x, y, width = box
    baseline = y + HIST_TITLE + HIST_COUNT_SPACE + HIST_PLOT
    frame = HistogramFrame(label, colour, x, width / len(counts), baseline, max(counts))
    parts = [_rect(x, y + 4, 12, 12, frame.colour), _text(x + 18, y + 14, label, font_weight="bold")]
    parts += [_bar(frame, value, count, colon) for value, count in enumerate(counts) if count > 0]
    parts.append(
        f'<line x1="{_num(x)}" y1="{_num(baseline)}" x2="{_num(x + width)}" y2="{_num(baseline)}" stroke="{RULE}"/>'
    )
    parts += _tick_labels(frame, len(counts))
    return f'<g class="histogram" aria-label="{_attr_escape(label)}">{"".join(parts)}</g>'


def _bar(frame, value, count, colon):
    """One bar (with a hover tooltip) and, when there is room, its count on top."""
    height = max(HIST_PLOT * count / frame.peak, 1)
    gap = min(frame.slot * 0.2, 6)
    left = frame.x + value * frame.slot
    tooltip = colon(f"{frame.label} {value}", count)
    bar = _rect(left + gap / 2, frame.baseline - height, frame.slot - gap, height, frame.colour, tooltip)
    if frame.slot < DIGIT_WIDTH * len(str(count)) + 4:
        return bar
    centre = left + frame.slot / 2
    return bar + _text(centre, frame.baseline - height - 4, count, "middle", font_size=11, class_="count")


def _tick_labels(frame, bins):
    """Value labels under the bars, thinned out so that they never overlap."""
    step = next((step for step in TICK_STEPS if frame.slot * step >= 22), TICK_STEPS[-1])
    return [_tick_label(frame, value) for value in range(0, bins, step)]


def _tick_label(frame, value):
    """The label of one value, centred under its bar."""
    x = frame.x + (value + 0.5) * frame.slot
    return _text(x, frame.baseline + 15, value, "middle", fill=MUTED, font_size=11, class_="tick")


# --- copies per group, as horizontal bars --------------------------------------------


def _bars_panel(title, rows, colour, layout, colon):
    """One bar per (label, copies) row, longest first as given, as (markup, height)."""
    rows = [(label, count) for label, count in rows if count > 0]
    if not rows:
        return "", 0
    longest = max(len(str(label)) for label, _ in rows)
    label_width = min(max(longest * CHAR_WIDTH + 12, LABEL_MIN), layout.label_max)
    plot = layout.content_width - label_width - 40
    peak = max(count for _, count in rows)
    parts = [_panel_title(title, layout)]
    margin = layout.margin
    for index, (label, count) in enumerate(rows):
        y = PANEL_TITLE_HEIGHT + index * ROW_HEIGHT
        shown = _fit(str(label), label_width)
        width = max(plot * count / peak, 2)
        parts.append(_text(margin, y + 17, shown, tooltip=None if shown == label else label))
        parts.append(_rect(margin + label_width, y + 5, width, ROW_HEIGHT - 10, colour, colon(label, count)))
        parts.append(_text(margin + label_width + width + 6, y + 17, count, class_="count"))
    return f'<g class="bars" aria-label="{_attr_escape(title)}">{"".join(parts)}</g>', (
        PANEL_TITLE_HEIGHT + len(rows) * ROW_HEIGHT
    )
