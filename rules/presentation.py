"""Turning stored rules into what pages show: glossary links, search hits, diffs (plain Python)."""

import difflib
import re

from django.utils.html import escape
from django.utils.safestring import mark_safe

from games.cards import search_key


def glossary_links(structure):
    """term -> anchor of its glossary entry, for the document's own glossary."""
    key = structure.get("glossary_section")
    section = next((s for s in structure.get("sections", []) if s["key"] == key), None)
    if section is None:
        return {}
    links = {}
    for entry, item in zip(structure.get("glossary", []), section["items"], strict=False):
        if entry["term"] and len(entry["term"]) > 2:
            links[entry["term"]] = item["anchor"]
    return links


def linked_text(text, links, skip_anchor=""):
    """The text, escaped, with glossary terms linked (longest terms first, whole words only)."""
    escaped = escape(text)
    terms = sorted((term for term, anchor in links.items() if anchor != skip_anchor), key=len, reverse=True)
    if not terms:
        return mark_safe(escaped)  # noqa: S308 - built from escaped text only
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(escape(term)) for term in terms) + r")(?!\w)", re.IGNORECASE)
    lookup = {escape(term).casefold(): anchor for term, anchor in links.items()}

    def link(match):
        anchor = lookup.get(match.group(1).casefold())
        return f'<a class="term" href="#{anchor}">{match.group(1)}</a>' if anchor else match.group(1)

    return mark_safe(pattern.sub(link, escaped))  # noqa: S308 - terms and text are escaped


def search(structure, query):
    """Items whose text contains the query (case- and accent-insensitive), with the match marked."""
    needle = search_key(query)
    if not needle:
        return []
    hits = []
    for section in structure.get("sections", []):
        for item in section["items"]:
            if needle in search_key(item["text"]):
                hits.append(
                    {"anchor": item["anchor"], "heading": section["heading"], "text": _mark(item["text"], query)}
                )
    return hits


def _mark(text, query):
    escaped = escape(text)
    pattern = re.compile(re.escape(escape(query)), re.IGNORECASE)
    return mark_safe(pattern.sub(lambda m: f"<mark>{m.group(0)}</mark>", escaped))  # noqa: S308


def diff(older, newer):
    """Rows (anchor, kind, before, after) for items added, removed or changed between two versions."""
    before = {item["anchor"]: item["text"] for _section, item in _items(older)}
    after = {item["anchor"]: item["text"] for _section, item in _items(newer)}
    rows = []
    for anchor in list(after) + [a for a in before if a not in after]:
        old, new = before.get(anchor), after.get(anchor)
        if old != new:
            kind = "added" if old is None else "removed" if new is None else "changed"
            rows.append({"anchor": anchor, "kind": kind, "before": old, "after": new, "words": _word_diff(old, new)})
    return rows


def _items(structure):
    for section in structure.get("sections", []):
        for item in section["items"]:
            yield section, item


def _word_diff(old, new):
    if old is None or new is None:
        return None
    parts = []
    a, b = old.split(), new.split()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag in ("delete", "replace"):
            parts.append(f"<del>{escape(' '.join(a[i1:i2]))}</del>")
        if tag in ("insert", "replace"):
            parts.append(f"<ins>{escape(' '.join(b[j1:j2]))}</ins>")
        if tag == "equal":
            parts.append(escape(" ".join(a[i1:i2])))
    return mark_safe(" ".join(parts))  # noqa: S308 - every piece is escaped
