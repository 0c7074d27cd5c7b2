"""Turning stored rules into what pages show: glossary links, search hits, side-by-side rows, diffs
(plain Python)."""

import difflib

from django.utils.html import escape
from django.utils.safestring import mark_safe

from .checking.text import tokens

MIN_LINKED_TERM = 3


def glossary_links(structure):
    """term (folded) -> [(anchor, its glossary headword)] for the document's own glossary; a word
    two entries share (French "Tour" for Round and Turn) has both."""
    key = structure.get("glossary_section")
    section = next((s for s in structure.get("sections", []) if s["key"] == key), None)
    if section is None:
        return {}
    links = {}
    for entry, item in zip(structure.get("glossary", []), section["items"], strict=False):
        if entry["term"] and len(entry["term"]) >= MIN_LINKED_TERM:
            links.setdefault(entry["term"], []).append(item["anchor"])
    return links


def linked_text(text, links, skip_anchor="", reference_terms=None):
    """The text, escaped, with glossary terms linked (longest terms first, whole words only). A term
    shared by two entries links to both, each named by its reference-language term."""
    reference_terms = reference_terms or {}
    spans = _term_spans(text, {term: anchors for term, anchors in links.items() if skip_anchor not in anchors})
    parts, position = [], 0
    for start, end, anchors in spans:
        parts.append(escape(text[position:start]))
        parts.append(_link(text[start:end], anchors, reference_terms))
        position = end
    parts.append(escape(text[position:]))
    return mark_safe("".join(parts))  # noqa: S308 - every piece is escaped


def _term_spans(text, links):
    text_tokens = tokens(text)
    taken, spans = set(), []
    for term in sorted(links, key=lambda t: -len(t)):
        wanted = [token.folded for token in tokens(term)]
        size = len(wanted)
        for start in range(len(text_tokens) - size + 1):
            window = range(start, start + size)
            if [text_tokens[i].folded for i in window] == wanted and not taken.intersection(window):
                taken.update(window)
                spans.append((text_tokens[start].start, text_tokens[start + size - 1].end, links[term]))
    return sorted(spans)


def _link(word, anchors, reference_terms):
    first = f'<a class="term" href="#{escape(anchors[0])}">{escape(word)}</a>'
    if len(anchors) == 1:
        return first
    choices = ", ".join(
        f'<a href="#{escape(anchor)}">{escape(reference_terms.get(anchor, anchor))}</a>' for anchor in anchors
    )
    return f'{first}<sup class="term-choices">({choices})</sup>'


def reference_glossary_terms(structure):
    """anchor -> headword, for naming the entries a translated term may stand for."""
    key = structure.get("glossary_section")
    section = next((s for s in structure.get("sections", []) if s["key"] == key), None)
    entries = structure.get("glossary", [])
    return {
        item["anchor"]: entry["term"] for entry, item in zip(entries, section["items"] if section else [], strict=False)
    }


def search(structure, query):
    """Items containing the query's words as whole words (case and accents aside, both ways), with
    what matched marked, their section and their game mode (the level-1 section above)."""
    wanted = [token.folded for token in tokens(query)]
    if not wanted:
        return []
    hits, mode = [], ""
    for section in structure.get("sections", []):
        if section.get("level") == 1:
            mode = section["heading"]
        for item in section["items"]:
            spans = _matches(item["text"], wanted)
            if spans:
                hits.append(
                    {
                        "anchor": item["anchor"],
                        "heading": section["heading"],
                        "mode": mode if mode != section["heading"] else "",
                        "text": _marked(item["text"], spans),
                    }
                )
    return hits


def _matches(text, wanted):
    text_tokens = tokens(text)
    size = len(wanted)
    return [
        (text_tokens[start].start, text_tokens[start + size - 1].end)
        for start in range(len(text_tokens) - size + 1)
        if [token.folded for token in text_tokens[start : start + size]] == wanted
    ]


def _marked(text, spans):
    parts, position = [], 0
    for start, end in spans:
        parts.append(escape(text[position:start]))
        parts.append(f"<mark>{escape(text[start:end])}</mark>")
        position = end
    parts.append(escape(text[position:]))
    return mark_safe("".join(parts))  # noqa: S308 - every piece is escaped


def side_by_side(documents, languages, stale=None):
    """Rows for the side-by-side view: a heading row per section, then one row per anchor; a cell
    whose translation is older than the reference text is marked `stale`."""
    rows, seen = [], set()
    for language in languages:
        for section in documents[language].structure.get("sections", []):
            if section["key"] not in seen:
                seen.add(section["key"])
                rows.append(_heading_row(section, documents, languages))
                rows += _item_rows(section["key"], documents, languages, seen, stale or {})
    return rows


def _section(document, key):
    return next((s for s in document.structure.get("sections", []) if s["key"] == key), None)


def _heading_row(section, documents, languages):
    cells = []
    for language in languages:
        found = _section(documents[language], section["key"])
        cells.append({"language": language, "text": found["heading"] if found else None})
    return {"anchor": section["key"], "kind": "heading", "level": section.get("level", 2), "cells": cells}


def _item_rows(key, documents, languages, seen, stale):
    texts, order = {}, []
    for language in languages:
        found = _section(documents[language], key)
        for item in found["items"] if found else []:
            if item["anchor"] not in texts:
                texts[item["anchor"]] = {}
                order.append(item["anchor"])
            texts[item["anchor"]][language] = item["text"]
    seen.update(order)
    return [
        {
            "anchor": anchor,
            "kind": "item",
            "cells": [
                {
                    "language": language,
                    "text": texts[anchor].get(language),
                    "stale": anchor in stale.get(language, {}).get("anchors", ()),
                }
                for language in languages
            ],
        }
        for anchor in order
    ]


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


def with_fallback(structure, reference):
    """The translation's sections with the reference's text in place of every rule and section it
    lacks (a partial translation, a dropped rule), in the reference's order; those are marked
    `fallback` so the page says so and marks their language."""
    own = {section["key"]: section for section in structure.get("sections", [])}
    reference_keys = {section["key"] for section in reference.get("sections", [])}
    sections = []
    for ref_section in reference.get("sections", []):
        section = own.get(ref_section["key"])
        if section is None:
            items = [{**item, "fallback": True} for item in ref_section["items"]]
            sections.append({**ref_section, "items": items, "fallback": True})
            continue
        sections.append({**section, "items": _items_with_fallback(section["items"], ref_section["items"])})
        sections += [own[key] for key in _extra_after(structure, section["key"], reference_keys)]
    return sections


def _items_with_fallback(items, reference_items):
    present = {item["anchor"] for item in items}
    merged, position = list(items), 0
    for ref_item in reference_items:
        if ref_item["anchor"] in present:
            position = next(i for i, item in enumerate(merged) if item["anchor"] == ref_item["anchor"]) + 1
        else:
            merged.insert(position, {**ref_item, "fallback": True})
            position += 1
    return merged


def _extra_after(structure, key, reference_keys):
    """Keys of the translation's own sections (none in the reference) right after section `key`."""
    keys = [section["key"] for section in structure.get("sections", [])]
    extra = []
    for other in keys[keys.index(key) + 1 :]:
        if other in reference_keys:
            break
        extra.append(other)
    return extra
