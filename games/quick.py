"""Quick-reference blocks: plain dicts one template renders for every game."""


def heading(text):
    return {"kind": "heading", "text": text}


def paragraph(text):
    return {"kind": "paragraph", "text": text}


def table(columns, rows, caption=""):
    """`rows` hold cells: text, a rank badge ({"text": ..., "rank": key}), or a list of either, read
    as alternatives ("Platinum or Epic"). Cells are stored as lists of parts."""
    return {
        "kind": "table",
        "columns": columns,
        "rows": [[_parts(cell) for cell in row] for row in rows],
        "caption": caption,
    }


def _parts(cell):
    return list(cell) if isinstance(cell, (list, tuple)) else [cell]


def items(entries):
    return {"kind": "list", "items": entries}


def rank_cell(rank, label):
    return {"text": label, "rank": rank}
