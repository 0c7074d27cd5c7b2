"""Align one game's rules documents across languages, so every rule has one anchor in all of them.

``align({"en": en, "fr": fr, "it": it}, reference="en")`` pairs the sections and items of each
translation with those of the reference document *by structure*, never by translating words:

* sections: an order-preserving alignment (dynamic programming) scored on the heading level, the
  sequence of item kinds and rule numbers, the numbers written in the texts and whether both are
  the glossary; a section without a good partner stays alone and is reported;
* items of two paired sections: the same order-preserving alignment, scored on kind, rule number,
  the rule a note follows, the numbers in the texts and the text lengths;
* glossary entries: in order, like other items, unless the translation sorted its glossary in its
  own alphabetical order (the Italian one does). That is detected by comparing the best in-order
  pairing with the best pairing in any order. A reordered glossary is paired in any order on two
  language-blind clues: where each term is *used* in the rules already aligned (which anchors
  mention it, and how far into the sentence) and surface likeness (shared letter trigrams, i.e.
  cognates and untranslated game words, numbers, lengths). The alignment says so in
  ``uncertain``, and also names any two pairs that could swap partners at almost no cost.

``uncertain`` also lists rules paired although their numbers differ. Both report lists hold
(language, section key or anchor, description) tuples.

Keys and anchors come from the reference document. A section's key is its slug ("deck-composition");
a slug used by several sections is prefixed by the slug of the level-1 section it belongs to
("mode-four-player-team-setup"). Item anchors: numbered rules "<key>-<number>" (a section that
restarts its numbering gets "<key>-l2-<number>" for its second list), bullets "<key>-b<n>",
notes "<key>-note-<n>", paragraphs "<key>-p<n>" (n counts that kind within the section) and
glossary entries "glossary-<slug of the reference term>". Anything found only in a translation
gets an anchor carrying its language ("<key>-it-b3", "it-<slug>" for a section) and is reported,
like everything of the reference missing from a translation, in ``missing`` as
(language lacking it, anchor or section key, description). Anchors are unique and depend only on
the documents, so parsing and aligning again gives the same anchors. Each translation is paired
with the reference only: a section present in two translations but not in the reference gets
one key per language.

For the importer: ``section_key_of(language, s)`` and ``anchor_of(language, s, i)`` give the key
and anchor of ``documents[language].sections[s].items[i]``; ``rows()`` feeds the side-by-side
view and the consistency checker.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache

from rules.checking.numbers import number_words
from rules.parsing import Item, RulesDocument, Section, slugify, split_term

SECTION_MATCH_MIN = 0.5
ITEM_MATCH_MIN = 0.45
REORDERED_RATIO = 0.85  # in-order glossary pairing scoring below this share of the best pairing: reordered
AMBIGUOUS_SWAP = 0.01
SECTION_ORDER_MARGIN = 0.5  # sections pair in any order only when that scores this much better
# Pairing by length (Gale and Church, 1993): -log of how often each move happens, and the variance
# of a translation's length per reference character.
PAIR_COST = 0.12
UNPAIRED_COST = 4.6  # an item with no counterpart
MERGE_COST = 3.1  # two items merged into one, or one split in two
LENGTH_VARIANCE = 6.8
NUMBERS_COST = 6.0  # both write numbers, and none in common  # two glossary pairs whose swap changes the score by less than this are uncertain
GLOSSARY_PREFIX = "glossary"
_KIND_TAGS = {"bullet": "b", "note": "note-", "paragraph": "p"}
_NUMBER = re.compile(r"\d+")
_WORDS = re.compile(r"[^\W\d_]+")
_LETTERS = re.compile(r"[a-z]+")

Pair = tuple[int | None, int | None]
Report = tuple[str, str, str]


@dataclass
class AlignedItem:
    anchor: str
    kind: str
    indexes: dict[str, int]  # language -> index of the item in that language's section


@dataclass
class AlignedSection:
    key: str
    level: int
    indexes: dict[str, int]  # language -> index of the section in that language's document
    items: list[AlignedItem] = field(default_factory=list)


@dataclass(frozen=True)
class Problem:
    """What a translation's structure does differently from the reference's, at one anchor.

    kind: "reordered" (a section in another place), "merged" (this reference item's text is in
    `other`'s), "split" (this item is written as two, the second being `other`), "dropped" (no
    counterpart), "added" (only in the translation, and not the second half of a split), "untranslated"
    (a whole section missing: a partial translation)."""

    kind: str
    anchor: str
    other: str = ""


NEEDS_CONFIRMATION = ("reordered", "merged", "split", "dropped", "added")


@dataclass(frozen=True)
class Row:
    """One anchor and its text in each language (None where the language lacks it)."""

    anchor: str
    section_key: str
    kind: str  # "heading" for a section's own row, else the item kind
    texts: dict[str, str | None]
    level: int = 0  # the section's level for a heading row (1 for groups such as game modes)


@dataclass
class Alignment:
    reference: str
    documents: dict[str, RulesDocument]
    sections: list[AlignedSection]
    missing: list[Report]
    uncertain: list[Report]
    structure: list[Report] = field(
        default_factory=list
    )  # (language, anchor or key, "reordered"/"merged:<anchor>"/"split:<anchor>")
    _anchors: dict[tuple[str, int, int], str] = field(init=False, repr=False)
    _keys: dict[tuple[str, int], str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._keys = {(lang, index): s.key for s in self.sections for lang, index in s.indexes.items()}
        self._anchors = {
            (lang, section_index, item.indexes[lang]): item.anchor
            for section in self.sections
            for lang, section_index in section.indexes.items()
            for item in section.items
            if lang in item.indexes
        }

    @property
    def languages(self) -> list[str]:
        """The reference language first, then the others in the order given."""
        return [self.reference, *(lang for lang in self.documents if lang != self.reference)]

    def problems(self, language: str) -> list[Problem]:
        """The language's structure problems, in reading order (see `Problem`)."""
        found = [
            Problem(event.split(":")[0], anchor, event.partition(":")[2])
            for lang, anchor, event in self.structure
            if lang == language
        ]
        merged = {problem.other for problem in found if problem.kind == "merged"}
        second_halves = {problem.other for problem in found if problem.kind == "split"}
        found = [
            Problem("merged", problem.other, problem.anchor) if problem.kind == "merged" else problem
            for problem in found
        ]
        for lang, anchor, description in self.missing:
            if lang == language and anchor not in merged:
                found.append(Problem("untranslated" if description.startswith("section") else "dropped", anchor))
            elif self._added(lang, anchor, language) and anchor not in second_halves:  # a split shows once
                found.append(Problem("added", anchor))
        order = {row.anchor: position for position, row in enumerate(self.rows())}
        return sorted(set(found), key=lambda problem: (order.get(problem.anchor, len(order)), problem.kind))

    def _added(self, lang: str, anchor: str, language: str) -> bool:
        """A missing report saying the reference lacks one of the language's own anchors."""
        return lang == self.reference and (anchor.startswith(f"{language}-") or f"-{language}-" in anchor)

    def section_key_of(self, language: str, section_index: int) -> str | None:
        """The key of a language's section (its index in that document's sections)."""
        return self._keys.get((language, section_index))

    def anchor_of(self, language: str, section_index: int, item_index: int) -> str | None:
        """The anchor of a language's item, addressed by section and item index."""
        return self._anchors.get((language, section_index, item_index))

    def item_keys(self, language: str) -> dict[str, str]:
        """{anchor: "<section index>.<item index>"} of a language's items: how a pairing names them."""
        return {anchor: f"{s}.{i}" for (lang, s, i), anchor in self._anchors.items() if lang == language}

    def rows(self) -> Iterator[Row]:
        """Each section heading, then each of its items, with the text in every language."""
        for section in self.sections:
            yield Row(section.key, section.key, "heading", self._texts(section.indexes, None), section.level)
            for item in section.items:
                yield Row(item.anchor, section.key, item.kind, self._texts(section.indexes, item.indexes))

    def _texts(self, sections: dict[str, int], items: dict[str, int] | None) -> dict[str, str | None]:
        texts: dict[str, str | None] = {}
        for lang in self.languages:
            section = self.documents[lang].sections[sections[lang]] if lang in sections else None
            if section is None or (items is not None and lang not in items):
                texts[lang] = None
            else:
                texts[lang] = section.heading if items is None else section.items[items[lang]].text
        return texts


def align(
    documents: dict[str, RulesDocument], reference: str = "en", pairings: dict[str, dict[str, str]] | None = None
) -> Alignment:
    """Align the documents (language -> parsed document) on the reference language's structure.

    `pairings` holds the pairing a translator chose where the computed one was wrong: {language:
    {"<section index>.<item index>" of the translation: the reference anchor it pairs with, inside
    the section its section pairs with, or "" for none}}; entries naming nothing there are ignored."""
    if reference not in documents:
        raise ValueError(f"reference language {reference!r} is not among the documents {sorted(documents)}")
    builder = _Builder(documents, reference, pairings or {})
    for language in documents:
        if language != reference:
            builder.add_language(language)
    return Alignment(
        reference, dict(documents), builder.sections, builder.missing_reports(), builder.uncertain, builder.structure
    )


# --- building -----------------------------------------------------------------------------------


class _Builder:
    """Accumulates the aligned sections, reference first, then one translation at a time."""

    def __init__(self, documents: dict[str, RulesDocument], reference: str, pairings: dict) -> None:
        self.documents = documents
        self.reference = reference
        self.pairings = pairings
        self.split_halves: dict[tuple[str, str, int], str] = {}  # (language, key, index) -> split anchor
        self.used: set[str] = set()
        self.uncertain: list[Report] = []
        self.structure: list[Report] = []
        self.ratio: float = 1.0
        self.by_length: set[tuple[str, str]] = set()  # sections paired by length: numbers may shift
        self.by_reference: list[AlignedSection] = self._reference_sections()
        self.sections: list[AlignedSection] = list(self.by_reference)

    def _reference_sections(self) -> list[AlignedSection]:
        document = self.documents[self.reference]
        keys = [_unique(key, self.used) for key in section_keys(document)]
        aligned = []
        for index, (section, key) in enumerate(zip(document.sections, keys, strict=True)):
            anchors = _item_anchors(section, key, _glossary_prefix(document, index, ""))
            items = [
                AlignedItem(_unique(anchor, self.used), item.kind, {self.reference: position})
                for position, (item, anchor) in enumerate(zip(section.items, anchors, strict=True))
            ]
            aligned.append(AlignedSection(key, section.level, {self.reference: index}, items))
        return aligned

    def add_language(self, language: str) -> None:
        """Pair a translation's sections and items with the reference ones, adding what is extra.

        The glossary comes last: a reordered glossary is paired using where its terms occur in the
        rules already aligned.
        """
        cursor, paired = -1, []
        self.ratio = length_ratio(self.documents[self.reference], self.documents[language])
        pairs, moved = _section_pairs(self.documents[self.reference], self.documents[language])
        for reference_index in moved:
            self.structure.append((language, self.by_reference[reference_index].key, "reordered"))
        for reference_index, index in pairs:
            if reference_index is None:
                cursor += 1
                self.sections.insert(cursor, self._extra_section(language, index))
                continue
            target = self.by_reference[reference_index]
            cursor = _position(self.sections, target)
            if index is not None:
                target.indexes[language] = index
                paired.append(target)
        for target in sorted(paired, key=lambda section: self._is_glossary_pair(section, language)):
            self._merge_items(target, language)

    def _extra_section(self, language: str, index: int) -> AlignedSection:
        document = self.documents[language]
        section = document.sections[index]
        key = _unique(f"{language}-{section.slug}", self.used)
        anchors = _item_anchors(section, key, _glossary_prefix(document, index, language))
        items = [
            AlignedItem(_unique(anchor, self.used), item.kind, {language: position})
            for position, (item, anchor) in enumerate(zip(section.items, anchors, strict=True))
        ]
        return AlignedSection(key, section.level, {language: index}, items)

    def _merge_items(self, target: AlignedSection, language: str) -> None:
        reference_section, section = self._sections(target, language)
        extra_anchors = _item_anchors(section, f"{target.key}-{language}", self._extra_prefix(target, language))
        reference_items = [item for item in target.items if self.reference in item.indexes]
        cursor = -1
        for reference_index, index in self._chosen_pairs(target, language, self._item_pairs(target, language)):
            if reference_index is None:
                cursor += 1
                anchor = _unique(extra_anchors[index], self.used)
                target.items.insert(cursor, AlignedItem(anchor, section.items[index].kind, {language: index}))
                self._name_second_half(language, target.key, index, anchor)
                continue
            aligned = reference_items[reference_index]
            cursor = _position(target.items, aligned)
            if index is not None:
                aligned.indexes[language] = index
                self._check_numbers(aligned, reference_section.items[reference_index], section.items[index], language)

    def _name_second_half(self, language: str, key: str, index: int, anchor: str) -> None:
        """A split rule's second half gets an anchor of its own: the split names it."""
        split = self.split_halves.get((language, key, index))
        if split is not None:
            self.structure.remove((language, split, "split"))
            self.structure.append((language, split, f"split:{anchor}"))

    def _chosen_pairs(self, target: AlignedSection, language: str, pairs: list[Pair]) -> list[Pair]:
        """The computed pairs, with the translator's choices (`pairings`) in place of theirs: a rule a
        choice takes from another leaves that one unpaired. The section's merged and split events no
        longer hold; what differs is then reported as dropped and added."""
        anchors = [item.anchor for item in target.items if self.reference in item.indexes]
        chosen: dict[int, int | None] = {}
        for key, anchor in self.pairings.get(language, {}).items():
            section_index, _, item_index = str(key).partition(".")
            in_section = section_index == str(target.indexes[language]) and item_index.isdigit()
            if in_section and (anchor == "" or anchor in anchors):
                position = anchors.index(anchor) if anchor else None
                if position is None or position not in chosen.values():
                    chosen[int(item_index)] = position
        if not chosen:
            return pairs
        self.structure = [event for event in self.structure if not (event[0] == language and event[1] in anchors)]
        self.split_halves = {k: v for k, v in self.split_halves.items() if v not in anchors}
        taken = {position for position in chosen.values() if position is not None}
        kept = [(r, i) for r, i in pairs if r is not None and i is not None and i not in chosen and r not in taken]
        kept += [(r, i) for i, r in chosen.items() if r is not None]
        count = len(self.documents[language].sections[target.indexes[language]].items)
        kept += [(None, i) for i in range(count) if i not in {i for _r, i in kept}]
        kept += [(r, None) for r in range(len(anchors)) if r not in {r for r, _i in kept}]
        return sorted(kept, key=lambda pair: _reading_position(pair, kept))

    def _sections(self, target: AlignedSection, language: str) -> tuple[Section, Section]:
        reference = self.documents[self.reference].sections[target.indexes[self.reference]]
        return reference, self.documents[language].sections[target.indexes[language]]

    def _is_glossary_pair(self, target: AlignedSection, language: str) -> bool:
        reference_glossary = self.documents[self.reference].glossary_section
        glossary = self.documents[language].glossary_section
        return target.indexes[self.reference] == reference_glossary and target.indexes[language] == glossary

    def _extra_prefix(self, target: AlignedSection, language: str) -> str | None:
        return f"{GLOSSARY_PREFIX}-{language}" if self._is_glossary_pair(target, language) else None

    def _item_pairs(self, target: AlignedSection, language: str) -> list[Pair]:
        reference_section, section = self._sections(target, language)
        if not self._is_glossary_pair(target, language):
            if _signature(reference_section) == _signature(section):
                return item_pairs(reference_section, section)
            pairs, events = length_pairs(reference_section, section, self.ratio)
            self.by_length.add((language, target.key))
            anchors = [item.anchor for item in target.items if self.reference in item.indexes]
            for kind, reference_index, other_index in events:
                event = f"merged:{anchors[other_index]}" if kind == "merged" else kind
                self.structure.append((language, anchors[reference_index], event))
                if kind == "split":
                    self.split_halves[(language, target.key, other_index)] = anchors[reference_index]
            return pairs
        usage = self._usage(reference_section, self.reference), self._usage(section, language)
        pairs, reordered, ambiguous = glossary_pairs(reference_section, section, *usage)
        if reordered:
            message = f"glossary order differs from {self.reference}: entries paired by term usage and surface likeness"
            self.uncertain.append((language, target.key, message))
        anchors = [item.anchor for item in target.items if self.reference in item.indexes]
        for reference_index, index in ambiguous:
            terms = f"{_term(reference_section.items[reference_index])!r} ~ {_term(section.items[index])!r}"
            self.uncertain.append((language, anchors[reference_index], f"uncertain glossary pair {terms}"))
        return pairs

    def _usage(self, glossary: Section, language: str) -> list[dict[str, float]]:
        """For each glossary item: anchor -> where its term first occurs in that anchor's text."""
        terms = [_term(item) for item in glossary.items]
        usage = term_usage(terms, self._texts_outside_glossary(language))
        return [usage[term] for term in terms]

    def _texts_outside_glossary(self, language: str) -> list[tuple[str, str]]:
        """(anchor, text) of the language's items already aligned, glossary excepted."""
        document, texts = self.documents[language], []
        for section in self.sections:
            index = section.indexes.get(language)
            if index is None or index == document.glossary_section:
                continue
            items = document.sections[index].items
            texts += [
                (item.anchor, items[item.indexes[language]].text) for item in section.items if language in item.indexes
            ]
        return texts

    def _check_numbers(self, aligned: AlignedItem, reference_item: Item, item: Item, language: str) -> None:
        if any(key == language and aligned.anchor.startswith(f"{section}-") for key, section in self.by_length):
            return  # renumbered around a dropped, merged or split rule, reported as such
        if reference_item.kind == "rule" and reference_item.number != item.number:
            message = f"rule numbered {item.number} in {language}, {reference_item.number} in {self.reference}"
            self.uncertain.append((language, aligned.anchor, message))

    def missing_reports(self) -> list[Report]:
        """(language, key or anchor, description) for every section or item a language lacks."""
        reports: list[Report] = []
        for section in self.sections:
            for language in self.documents:
                if language not in section.indexes:
                    reports.append((language, section.key, f"section missing (present in {_names(section.indexes)})"))
            for item in section.items:
                for language in section.indexes:
                    if language not in item.indexes:
                        reports.append(
                            (language, item.anchor, f"{item.kind} missing (present in {_names(item.indexes)})")
                        )
        return reports


def _reading_position(pair: Pair, pairs: list[Pair]) -> float:
    """Where a pair comes in the translation's order: an unpaired reference item right after the
    translation's item paired with the reference item before it."""
    reference_index, index = pair
    if index is not None:
        return index
    before = [i for r, i in pairs if i is not None and r is not None and r < reference_index]
    return max(before, default=-1) + 0.5


def _term(item: Item) -> str:
    term = split_term(item.text)
    return term[0] if term else item.text[:40]


def _names(indexes: dict[str, int]) -> str:
    return ", ".join(indexes)


def _position(items: list, target: object) -> int:
    return next(index for index, item in enumerate(items) if item is target)


def _unique(anchor: str, used: set[str]) -> str:
    """The anchor, or the anchor with '-2', '-3' … when already taken; recorded as used."""
    candidate, counter = anchor, 1
    while candidate in used:
        counter += 1
        candidate = f"{anchor}-{counter}"
    used.add(candidate)
    return candidate


# --- keys and anchors ---------------------------------------------------------------------------


def section_keys(document: RulesDocument) -> list[str]:
    """Each section's slug, prefixed by its level-1 parent's slug when the slug is not unique."""
    counts = Counter(section.slug for section in document.sections)
    keys = []
    for section, parent in zip(document.sections, _parents(document.sections), strict=True):
        shared = counts[section.slug] > 1 and parent is not None
        keys.append(f"{parent.slug}-{section.slug}" if shared else section.slug)
    return keys


def _parents(sections: list[Section]) -> list[Section | None]:
    """The level-1 section each level-2 section belongs to (None for the others)."""
    parents: list[Section | None] = []
    group = None
    for section in sections:
        parents.append(group if section.level >= 2 else None)
        if section.level == 1:
            group = section
    return parents


def _glossary_prefix(document: RulesDocument, index: int, language: str) -> str | None:
    if document.glossary_section != index:
        return None
    return f"{GLOSSARY_PREFIX}-{language}" if language else GLOSSARY_PREFIX


def _item_anchors(section: Section, key: str, glossary_prefix: str | None) -> list[str]:
    """Anchors of a section's items: rules by number, other kinds by their count, terms by slug."""
    counts: Counter[str] = Counter()
    anchors, list_number, previous = [], 1, None
    for item in section.items:
        term = split_term(item.text) if glossary_prefix and item.kind == "bullet" else None
        if term:
            anchors.append(f"{glossary_prefix}-{slugify(term[0]) or 'term'}")
        elif item.kind == "rule":
            list_number += previous is not None and item.number <= previous
            previous = item.number
            anchors.append(f"{key}-{item.number}" if list_number == 1 else f"{key}-l{list_number}-{item.number}")
        else:
            counts[item.kind] += 1
            anchors.append(f"{key}-{_KIND_TAGS[item.kind]}{counts[item.kind]}")
    return anchors


# --- pairing ------------------------------------------------------------------------------------


def monotone_pairs(rows: int, columns: int, gain: Callable[[int, int], float]) -> list[Pair]:
    """Order-preserving pairing that maximises the summed gain; pairs need a positive gain."""
    gains = [[gain(i, j) for j in range(columns)] for i in range(rows)]
    best = [[0.0] * (columns + 1) for _ in range(rows + 1)]
    for i in range(rows):
        for j in range(columns):
            diagonal = best[i][j] + gains[i][j] if gains[i][j] > 0 else float("-inf")
            best[i + 1][j + 1] = max(diagonal, best[i][j + 1], best[i + 1][j])
    return _trace(best, gains)


def _trace(best: list[list[float]], gains: list[list[float]]) -> list[Pair]:
    i, j = len(best) - 1, len(best[0]) - 1
    pairs: list[Pair] = []
    while i and j:
        gain = gains[i - 1][j - 1]
        if gain > 0 and best[i][j] == best[i - 1][j - 1] + gain:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif best[i][j] == best[i - 1][j]:
            pairs.append((i - 1, None))
            i -= 1
        else:
            pairs.append((None, j - 1))
            j -= 1
    pairs += [(k, None) for k in reversed(range(i))] + [(None, k) for k in reversed(range(j))]
    return pairs[::-1]


def _section_pairs(reference: RulesDocument, other: RulesDocument) -> tuple[list[Pair], list[int]]:
    """(pairs, reference indexes of sections paired out of order). Whole groups (a game mode and its
    sections) pair first, then the sections inside each pair of groups, so a partial translation's
    sections stay in their own mode. Groups pair in order unless pairing them in any order scores
    clearly better (two game modes swapped): those sections are named."""
    shapes_a = [_SectionShape.of(section, reference.language) for section in reference.sections]
    shapes_b = [_SectionShape.of(section, other.language) for section in other.sections]

    def gain(i: int, j: int) -> float:
        same_role = (reference.glossary_section == i) == (other.glossary_section == j)
        return shapes_a[i].similarity(shapes_b[j], same_role) - SECTION_MATCH_MIN

    gains = [[gain(i, j) for j in range(len(shapes_b))] for i in range(len(shapes_a))]
    groups_a, groups_b = _groups(reference), _groups(other)

    def inside(group_a: list[int], group_b: list[int]) -> list[Pair]:
        pairs = monotone_pairs(len(group_a), len(group_b), lambda i, j: gains[group_a[i]][group_b[j]])
        return [(group_a[i], group_b[j]) for i, j in pairs if i is not None and j is not None]

    group_gains = [[_total(inside(a, b), gains) for b in groups_b] for a in groups_a]
    groups_in_order = monotone_pairs(len(groups_a), len(groups_b), lambda i, j: group_gains[i][j])
    groups_any_order = [(i, j) for i, j in _greedy_pairs(group_gains) if group_gains[i][j] > 0]

    def sections(group_pairs: list) -> list[tuple[int, int]]:
        paired = [(i, j) for i, j in group_pairs if i is not None and j is not None]
        return sorted(pair for i, j in paired for pair in inside(groups_a[i], groups_b[j]))

    in_order = sections(groups_in_order)
    if _total(groups_any_order, group_gains) < _total(groups_in_order, group_gains) + SECTION_ORDER_MARGIN:
        return _in_order_with_unpaired(in_order, len(shapes_a), len(shapes_b)), []
    pairs = sections(groups_any_order)
    partner = dict(in_order)
    moved = [i for i, j in pairs if partner.get(i) != j]
    return _with_unpaired(pairs, len(shapes_a), len(shapes_b)), moved


def _in_order_with_unpaired(pairs: list[tuple[int, int]], rows: int, columns: int) -> list[Pair]:
    """Pairs in order with every unpaired section of either side at its place."""
    result: list[Pair] = []
    i = j = 0
    for a, b in [*pairs, (rows, columns)]:
        result += [(k, None) for k in range(i, a)] + [(None, k) for k in range(j, b)]
        if a < rows:
            result.append((a, b))
        i, j = a + 1, b + 1
    return result


def _groups(document: RulesDocument) -> list[list[int]]:
    """Section indexes by group: a level-1 section and the sections under it; any other section
    (before the first group, the glossary) alone."""
    groups: list[list[int]] = []
    open_group = False
    for index, section in enumerate(document.sections):
        if section.level == 1 and index != document.glossary_section:
            groups.append([index])
            open_group = True
        elif open_group and section.level >= 2 and index != document.glossary_section:
            groups[-1].append(index)
        else:
            groups.append([index])
            open_group = False
    return groups


def _signature(section: Section) -> tuple[str, ...]:
    return tuple(f"r{item.number}" if item.kind == "rule" else item.kind for item in section.items)


def length_ratio(reference: RulesDocument, other: RulesDocument) -> float:
    """How much longer the translation's texts are than the reference's, overall."""
    ours = sum(len(item.text) for section in reference.sections for item in section.items)
    theirs = sum(len(item.text) for section in other.sections for item in section.items)
    return theirs / ours if ours and theirs else 1.0


def length_pairs(a: Section, b: Section, ratio: float) -> tuple[list[Pair], list[tuple[str, int, int]]]:
    """Pair two sections' items by their lengths (Gale and Church's idea), for sections whose shapes
    differ: one item each (same kind), an item with no counterpart, two reference items merged into
    one or one split in two. Rule numbers are ignored (a dropped rule renumbers the rest). Returns the
    pairs and the events: ("merged", first, second reference index) or ("split", reference, other index)."""
    rows, columns = len(a.items), len(b.items)
    inf = float("inf")
    cost = [[inf] * (columns + 1) for _ in range(rows + 1)]
    step: dict[tuple[int, int], tuple[int, int]] = {}
    cost[0][0] = 0.0
    for i in range(rows + 1):
        for j in range(columns + 1):
            if cost[i][j] == inf:
                continue
            for di, dj in ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2)):
                if i + di > rows or j + dj > columns:
                    continue
                extra = _move_cost(a.items[i : i + di], b.items[j : j + dj], ratio)
                if cost[i][j] + extra < cost[i + di][j + dj]:
                    cost[i + di][j + dj] = cost[i][j] + extra
                    step[(i + di, j + dj)] = (di, dj)
    pairs: list[Pair] = []
    events: list[tuple[str, int, int]] = []
    i, j = rows, columns
    while i or j:
        di, dj = step[(i, j)]
        i, j = i - di, j - dj
        if (di, dj) == (1, 1):
            pairs.append((i, j))
        elif (di, dj) == (1, 0):
            pairs.append((i, None))
        elif (di, dj) == (0, 1):
            pairs.append((None, j))
        elif (di, dj) == (2, 1):
            pairs += [(i + 1, None), (i, j)]
            events.append(("merged", i, i + 1))
        else:
            pairs += [(None, j + 1), (i, j)]
            events.append(("split", i, j + 1))
    return pairs[::-1], events[::-1]


def _move_cost(ours: list[Item], theirs: list[Item], ratio: float) -> float:
    """Gale and Church's cost: how unlikely the move is, plus how unlikely the lengths are for it."""
    if not ours or not theirs:
        return UNPAIRED_COST
    if any(item.kind != ours[0].kind for item in [*ours, *theirs]):
        return float("inf")
    reference = sum(len(item.text) for item in ours) or 1
    written = sum(len(item.text) for item in theirs)
    deviation = abs(written - ratio * reference) / math.sqrt(reference * LENGTH_VARIANCE)
    unlikely = -math.log(max(math.erfc(deviation / math.sqrt(2)), 1e-12))
    ours_text, theirs_text = " ".join(item.text for item in ours), " ".join(item.text for item in theirs)
    numbers = 0.0
    if _NUMBER.search(ours_text) and _NUMBER.search(theirs_text):  # "5 points" is not "3 points"
        numbers = NUMBERS_COST * (1 - number_similarity(ours_text, theirs_text))
    return (MERGE_COST if len(ours) + len(theirs) > 2 else PAIR_COST) + unlikely + numbers


@dataclass(frozen=True)
class _SectionShape:
    """What section pairing looks at: level, kinds and rule numbers in order, numbers written."""

    level: int
    signature: tuple[str, ...]
    numbers: Counter[str]

    @classmethod
    def of(cls, section: Section, language: str = "") -> _SectionShape:
        signature = tuple(f"r{item.number}" if item.kind == "rule" else item.kind[0] for item in section.items)
        text = " ".join([section.heading, *(item.text for item in section.items)])
        return cls(section.level, signature, Counter(_NUMBER.findall(text)) + _heading_numbers(section, language))

    def similarity(self, other: _SectionShape, same_glossary_role: bool = True) -> float:
        shape = 1.0
        if self.signature or other.signature:
            shape = SequenceMatcher(None, self.signature, other.signature, autojunk=False).ratio()
        numbers = _jaccard(self.numbers, other.numbers)
        return 0.15 * (self.level == other.level) + 0.45 * shape + 0.25 * numbers + 0.15 * same_glossary_role


def _heading_numbers(section: Section, language: str) -> Counter[str]:
    """Numbers a heading writes in words ("Modo: Dos jugadores", "Mode: Two Player Versus"), so that
    modes pair by their player counts in any language num2words knows."""
    words = number_words(language) if language else {}
    return Counter(
        str(words[word]) for word in (w.lower() for w in _WORDS.findall(_fold(section.heading))) if word in words
    )


def section_similarity(a: Section, b: Section, same_glossary_role: bool = True) -> float:
    """0..1: level, item kinds and rule numbers in order, numbers in the texts, glossary role."""
    return _SectionShape.of(a).similarity(_SectionShape.of(b), same_glossary_role)


def item_pairs(a: Section, b: Section) -> list[Pair]:
    """Order-preserving pairing of two sections' items."""
    after_a, after_b = _preceding_rules(a), _preceding_rules(b)

    def gain(i: int, j: int) -> float:
        return item_similarity(a.items[i], b.items[j], after_a[i] == after_b[j]) - ITEM_MATCH_MIN

    return monotone_pairs(len(a.items), len(b.items), gain)


def item_similarity(a: Item, b: Item, same_preceding_rule: bool = True) -> float:
    """0..1: kinds must agree; rule numbers, a note's rule, numbers in the text and lengths."""
    if a.kind != b.kind:
        return 0.0
    numbers = number_similarity(a.text, b.text)
    length = _length_ratio(a.text, b.text)
    if a.kind == "rule":
        return (0.7 if a.number == b.number else 0.2) + 0.2 * numbers + 0.1 * length
    if a.kind == "note":
        return 0.5 + 0.3 * same_preceding_rule + 0.2 * numbers
    return 0.5 + 0.3 * numbers + 0.2 * length


def _preceding_rules(section: Section) -> list[int | None]:
    """For each item, the number of the last rule before it."""
    numbers, last = [], None
    for item in section.items:
        numbers.append(last)
        if item.kind == "rule":
            last = item.number
    return numbers


def glossary_pairs(
    a: Section, b: Section, usage_a: list[dict[str, float]] | None = None, usage_b: list[dict[str, float]] | None = None
) -> tuple[list[Pair], bool, list[tuple[int, int]]]:
    """(pairs, reordered?, ambiguous pairs) for two glossary sections.

    Entries are scored by surface likeness plus, when given, the likeness of their terms' usage
    (``usage_a[i]``: anchor -> relative position of the term's first use in that anchor's text).
    """
    usage_a = usage_a or [{} for _ in a.items]
    usage_b = usage_b or [{} for _ in b.items]
    scores = [
        [surface_similarity(x, y) + usage_similarity(usage_a[i], usage_b[j]) + 1e-9 for j, y in enumerate(b.items)]
        for i, x in enumerate(a.items)
    ]
    in_order = monotone_pairs(len(a.items), len(b.items), lambda i, j: scores[i][j])
    any_order = _greedy_pairs(scores)
    if _total(in_order, scores) >= REORDERED_RATIO * _total(any_order, scores):
        return in_order, False, []
    return _with_unpaired(any_order, len(a.items), len(b.items)), True, _ambiguous(any_order, scores)


def _greedy_pairs(scores: list[list[float]]) -> list[tuple[int, int]]:
    """Best-scoring pairs first, each entry used once."""
    candidates = sorted(
        ((score, i, j) for i, row in enumerate(scores) for j, score in enumerate(row)),
        key=lambda candidate: (-candidate[0], candidate[1], candidate[2]),
    )
    taken_a, taken_b, pairs = set(), set(), []
    for _, i, j in candidates:
        if i not in taken_a and j not in taken_b:
            taken_a.add(i)
            taken_b.add(j)
            pairs.append((i, j))
    return sorted(pairs)


def _with_unpaired(pairs: list[tuple[int, int]], rows: int, columns: int) -> list[Pair]:
    paired_a, paired_b = {i for i, _ in pairs}, {j for _, j in pairs}
    result: list[Pair] = sorted([*pairs, *((i, None) for i in range(rows) if i not in paired_a)], key=lambda p: p[0])
    return result + [(None, j) for j in range(columns) if j not in paired_b]


def _total(pairs: list, scores: list[list[float]]) -> float:
    return sum(scores[i][j] for i, j in pairs if i is not None and j is not None)


def _ambiguous(pairs: list[tuple[int, int]], scores: list[list[float]]) -> list[tuple[int, int]]:
    """Pairs that could swap partners with another pair at almost no cost."""
    flagged: set[tuple[int, int]] = set()
    for position, (i, j) in enumerate(pairs):
        for k, m in pairs[position + 1 :]:
            if scores[i][j] + scores[k][m] - scores[i][m] - scores[k][j] < AMBIGUOUS_SWAP:
                flagged.update({(i, j), (k, m)})
    return sorted(flagged)


# --- text features ------------------------------------------------------------------------------


def number_similarity(a: str, b: str) -> float:
    """Weighted Jaccard of the numbers written in two texts (1.0 when neither has any)."""
    return _jaccard(Counter(_NUMBER.findall(a)), Counter(_NUMBER.findall(b)))


def surface_similarity(a: Item, b: Item) -> float:
    """0..1 likeness of two 'Term: definition' entries by letter trigrams, numbers and length."""
    term_a, definition_a, numbers_a, length_a = _surface(a.text)
    term_b, definition_b, numbers_b, length_b = _surface(b.text)
    terms = _jaccard(term_a, term_b)
    definitions = _jaccard(definition_a, definition_b)
    numbers = _jaccard(numbers_a, numbers_b)
    return 0.3 * terms + 0.5 * definitions + 0.1 * numbers + 0.1 * _ratio(length_a, length_b)


@lru_cache(maxsize=8192)
def _surface(text: str) -> tuple[Counter[str], Counter[str], Counter[str], int]:
    """An entry's trigrams (term, definition), numbers and definition length, computed once per
    text: a glossary of n entries against m compares every pair, which made importing a
    translation spend most of its time recounting the same trigrams."""
    term, definition = split_term(text) or ("", text)
    return _trigrams(term), _trigrams(definition), Counter(_NUMBER.findall(text)), len(definition)


def term_usage(terms: list[str], texts: list[tuple[str, str]]) -> dict[str, dict[str, float]]:
    """For each term: anchor -> relative position (0..1) of the term's first use in that text."""
    patterns = {term: _term_pattern(term) for term in terms}
    usage: dict[str, dict[str, float]] = {term: {} for term in terms}
    for anchor, text in texts:
        folded = _fold(text)
        for term, pattern in patterns.items():
            if match := pattern.search(folded):
                usage[term][anchor] = match.start() / len(folded)
    return usage


def _term_pattern(term: str) -> re.Pattern[str]:
    """The term, and any word in brackets after it ('Impilare (Stacking)'), as whole words."""
    variants = [re.sub(r"\s*\([^)]*\)", "", term), *re.findall(r"\(([^)]*)\)", term)]
    words = sorted({_fold(variant).strip() for variant in variants} - {""}, key=len, reverse=True)
    if not words:
        return re.compile(r"(?!)")
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(map(re.escape, words)) + r")(?![a-z0-9])")


def usage_similarity(a: dict[str, float], b: dict[str, float]) -> float:
    """0..1: shared anchors, weighted by how close the term sits in both texts."""
    anchors = a.keys() | b.keys()
    if not anchors:
        return 0.0
    return sum(1 - abs(a[anchor] - b[anchor]) for anchor in a.keys() & b.keys()) / len(anchors)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()


def _trigrams(text: str) -> Counter[str]:
    folded = _fold(text)
    grams: Counter[str] = Counter()
    for word in _LETTERS.findall(folded):
        padded = f" {word} "
        grams.update(padded[k : k + 3] for k in range(len(padded) - 2))
    return grams


def _jaccard(a: Counter[str], b: Counter[str]) -> float:
    """Weighted Jaccard: the shared counts over the counts of either (min over max, summed)."""
    if not a and not b:
        return 1.0
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    shared = sum(min(count, large[key]) for key, count in small.items() if key in large)
    return shared / (a.total() + b.total() - shared)


def _length_ratio(a: str, b: str) -> float:
    return _ratio(len(a), len(b))


def _ratio(a: int, b: int) -> float:
    return min(a, b) / max(a, b) if max(a, b) else 1.0
