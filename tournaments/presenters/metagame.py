"""The metagame report for people (docs/metagame.md): the engine's plain data turned into rows,
charts, a matchup table and export rows in the active language."""

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .metagame_charts import bar_chart_svg


def percent(fraction):
    """A fraction as the reader writes a whole percentage ("33%", "33 %"); "—" for none."""
    if fraction is None:
        return "—"
    return _("%(percent)s%%") % {"percent": number_format(round(fraction * 100), 0)}


def record(row):
    """Wins-losses-draws, as the standings write a record."""
    return f"{row['wins']}-{row['losses']}-{row['draws']}"


def report_page(report):
    """What the report's template shows: archetype rows, the two charts, the matchup table and
    each deck's archetype."""
    rows = report["archetypes"]
    return {
        "decks": report["decks"],
        "has_top_cut": report["has_top_cut"],
        "rows": [_page_row(row) for row in rows],
        "charts": _charts(rows),
        "matchups": _matchup_table(report),
        "lists": report["lists"],
    }


def _page_row(row):
    return {
        "label": row["label"],
        "decks": row["decks"],
        "share": percent(row["share"]),
        "record": record(row),
        "played": row["played"],
        "win_rate": percent(row["win_rate"]),
        "mirrors": row["mirror_matches"],
        "top_cut": "—" if row["top_cut"] is None else row["top_cut"],
        "conversion": percent(row["conversion"]),
    }


def _charts(rows):
    if not rows:
        return []
    peak = max(row["share"] for row in rows) or 1
    shares = [(row["label"], row["share"] / peak, percent(row["share"])) for row in rows]
    rates = [(row["label"], row["win_rate"], percent(row["win_rate"])) for row in rows]
    return [
        bar_chart_svg(_("Share of the decks"), shares, "share", colon=_("%(label)s:")),
        bar_chart_svg(_("Match win rate"), rates, "win_rate", marker=0.5, colon=_("%(label)s:")),
    ]


def _matchup_table(report):
    """{"headers": labels, "rows": [(label, [cell text])]}: the row archetype's results against
    each column's, as a win rate and a record; the diagonal names the mirror."""
    labels = [row["label"] for row in report["archetypes"]]
    table = []
    for index, (label, cells) in enumerate(zip(labels, report["matchups"]["rows"], strict=True)):
        texts = []
        for column, cell in enumerate(cells):
            if column == index:
                texts.append(pgettext("metagame matchup", "mirror"))
            elif cell is None:
                texts.append("—")
            else:
                texts.append(f"{percent(cell['win_rate'])} ({record(cell)})")
        table.append((label, texts))
    return {"headers": labels, "rows": table}


def csv_header(report):
    """The CSV's columns: one row per archetype, then its win rate against each archetype."""
    against = [_("Against %(archetype)s: win rate %%") % {"archetype": row["label"]} for row in report["archetypes"]]
    return [
        _("Archetype"), _("Decks"), _("Share %"), _("Matches played"), _("Wins"), _("Losses"), _("Draws"),
        _("Match win rate %"), _("Mirror matches"), _("Top cut"), _("Conversion %"), *against,
    ]  # fmt: skip


def csv_rows(report):
    rows = []
    for row, cells in zip(report["archetypes"], report["matchups"]["rows"], strict=True):
        rows.append(
            [
                row["label"], row["decks"], _hundred(row["share"]), row["played"], row["wins"], row["losses"],
                row["draws"], _hundred(row["win_rate"]), row["mirror_matches"], row["top_cut"],
                _hundred(row["conversion"]), *(_hundred(cell["win_rate"]) if cell else None for cell in cells),
            ]
        )  # fmt: skip
    return rows


def _hundred(fraction):
    """A fraction as a percentage for a spreadsheet (a number with two decimals), or empty."""
    return None if fraction is None else round(fraction * 100, 2)
