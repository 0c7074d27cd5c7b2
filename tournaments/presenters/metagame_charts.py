"""The metagame's charts drawn on the server as self-contained SVG strings (plain Python).

Narrow on purpose: 360 units wide, each archetype's name on its own line above its bar, so that
the chart is read at its own size on a 390 px phone and names are never squeezed beside bars.
The caller passes every text already translated and formatted; all of it is XML-escaped. The
numbers are also given as a table beside the chart (its text alternative, WCAG 1.1.1)."""

import hashlib
from xml.sax.saxutils import escape

WIDTH = 360
MARGIN = 8
PLOT = WIDTH - 2 * MARGIN - 52  # room on the right for the value
TITLE_HEIGHT = 32
LABEL_HEIGHT = 18
BAR_HEIGHT = 18
ROW_GAP = 10
ROW_HEIGHT = LABEL_HEIGHT + BAR_HEIGHT + ROW_GAP
LABEL_CHARS = 44  # about what 13px text fits in the width
INK = "#1F2933"
MUTED = "#52606D"
RULE = "#7B8794"
TRACK = "#E4E7EB"
# Okabe-Ito blue and vermillion: told apart with the common colour-vision deficiencies, and
# each at least 3:1 against white (WCAG 1.4.11).
COLOURS = {"share": "#0072B2", "win_rate": "#D55E00"}


def bar_chart_svg(title, rows, kind, marker=None, colon="%(label)s:"):
    """A horizontal bar chart: `rows` are (label, fraction of the full bar or None, value text);
    `marker` draws a dashed line at that fraction (50% for win rates); `colon` is the language's
    "%(label)s:" for a bar's tooltip (French spaces the colon)."""
    height = TITLE_HEIGHT + len(rows) * ROW_HEIGHT + MARGIN
    title_id = "metagame-" + hashlib.sha256(repr((title, rows)).encode()).hexdigest()[:10]
    parts = [_text(MARGIN, 22, title, font_size=15, font_weight="bold")]
    for index, row in enumerate(rows):
        parts.append(_row(TITLE_HEIGHT + index * ROW_HEIGHT, row, COLOURS[kind], colon))
    if marker is not None and rows:
        x = MARGIN + PLOT * marker
        bottom = TITLE_HEIGHT + len(rows) * ROW_HEIGHT - ROW_GAP
        parts.append(
            f'<line x1="{_num(x)}" y1="{TITLE_HEIGHT}" x2="{_num(x)}" y2="{_num(bottom)}" stroke="{RULE}" '
            'stroke-dasharray="4 3"/>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="metagame-chart {kind}" width="{WIDTH}" '
        f'height="{_num(height)}" viewBox="0 0 {WIDTH} {_num(height)}" role="img" aria-labelledby="{title_id}" '
        f'font-family="system-ui, sans-serif" font-size="13" fill="{INK}">'
        f'<title id="{title_id}">{escape(title)}</title><rect width="100%" height="100%" fill="#FFFFFF"/>'
        f"{''.join(parts)}</svg>"
    )


def _row(top, row, colour, colon):
    label, fraction, value = row
    shown = label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"
    parts = [_text(MARGIN, top + 13, shown, tooltip=None if shown == label else label)]
    bar_top = top + LABEL_HEIGHT
    parts.append(_rect(MARGIN, bar_top, PLOT, BAR_HEIGHT, TRACK))
    width = 0 if fraction is None else max(PLOT * min(max(fraction, 0), 1), 2)
    if width:
        parts.append(_rect(MARGIN, bar_top, width, BAR_HEIGHT, colour, tooltip=f"{colon % {'label': label}} {value}"))
    parts.append(_text(MARGIN + PLOT + 6, bar_top + 14, value, fill=MUTED if fraction is None else INK))
    return f'<g class="bar">{"".join(parts)}</g>'


def _num(value):
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(x, y, content, tooltip=None, **attrs):
    extra = "".join(f' {key.replace("_", "-")}="{escape(str(value))}"' for key, value in attrs.items())
    hover = "" if tooltip is None else f"<title>{escape(tooltip)}</title>"
    return f'<text x="{_num(x)}" y="{_num(y)}"{extra}>{escape(str(content))}{hover}</text>'


def _rect(x, y, width, height, fill, tooltip=None):
    geometry = f'x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(height)}" fill="{fill}"'
    if tooltip is None:
        return f"<rect {geometry}/>"
    return f"<rect {geometry}><title>{escape(tooltip)}</title></rect>"
