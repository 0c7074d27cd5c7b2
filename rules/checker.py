"""Cross-language consistency of one game's rules, plain Python (no ORM).

Fed the aligned rows of the current documents (one anchor, its text in every language), it reports
what a careful translator would: numbers that differ (`checking.numbers`), rules, sentences and
clauses missing on one side (`checking.sentences`), game terms not translated, written in different
ways or two terms sharing one translation (`checking.terms`, derived from the glossary, the headings
and the rules themselves), names not kept, spelling (`checking.spelling`) and numbers that differ
from what the software enforces. Each finding has a kind, a severity and the texts side by side.
"""

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache

from .checking import connectors, meaning, numbers, sentences, spelling, terms
from .checking.findings import Finding
from .checking.text import MIN_STEM, are_forms, contains_phrase, find_phrase, fold, phrase_words, tokens
from .parsing import split_term

MIN_SHORT_SENTENCE = 60
SHORT_SENTENCE_SHARE = 0.5
MIN_USES = 2
_CLAUSE_END = re.compile(r"[,;:.!?()]")


@dataclass
class CheckInput:
    rows: list  # alignment rows: anchor, section_key, kind, texts {language: text or None}, level
    reference: str
    glossary_key: str | None = None
    expectations: list = field(default_factory=list)  # (anchor, [numbers], description)
    vocabulary: tuple = ()  # the game's own words in the reference language (ranks, card types)
    names: tuple = ()  # names kept as written (the game's, tribes', cards')
    confirmed: dict = field(default_factory=dict)  # {source term: {language: ([forms], [other words])}}
    stale: dict = field(default_factory=dict)  # {language: {"anchors", "version", "since"}}: reference changed
    ranks: dict = field(default_factory=dict)  # {language: {rank: label}}: the game's values (Gold, Silver)
    moved: dict = field(default_factory=dict)  # {language: [section keys paired out of order]}

    @property
    def languages(self):
        seen = []
        for row in self.rows:
            seen += [language for language in row.texts if language not in seen]
        return [language for language in seen if language != self.reference]

    def items(self):
        """(anchor, texts) of every rule, bullet, note and paragraph."""
        return [(row.anchor, row.texts) for row in self.rows if row.kind != "heading"]


def check(source):
    """The findings for the aligned rows, in reading order."""
    term_table = _terms(source)
    findings = [
        *_stale(source),
        *_order(source),
        *_missing(source),
        *_numbers(source),
        *_sentences(source),
        *_meaning(source),
        *_term_findings(source, term_table),
        *_connectors(source, term_table),
        *_names(source),
        *_mode_names_kept(source),
        *_spelling(source, term_table),
        *_engine(source),
    ]
    order = {row.anchor: position for position, row in enumerate(source.rows)}
    unique = {finding.key: finding for finding in findings}
    return sorted(unique.values(), key=lambda f: (order.get(f.anchor, len(order)), f.language, f.kind))


# --- missing rules and sections -----------------------------------------------------------------


def _missing(source):
    lacking_sections = set()
    for row in source.rows:
        present = [language for language, text in row.texts.items() if text is not None]
        for language in (language for language, text in row.texts.items() if text is None):
            if (language, row.section_key) in lacking_sections:
                continue
            if row.kind == "heading":
                lacking_sections.add((language, row.section_key))
            quoted = {code: row.texts[code] for code in present}
            params = {"present": ",".join(present), "language": language}
            yield Finding("missing", language, row.anchor, params, quoted, (row.anchor,))


def _order(source):
    """Sections a translation has in another place than the reference (two game modes swapped)."""
    headings = {row.anchor: row.texts for row in source.rows if row.kind == "heading"}
    for language, keys in source.moved.items():
        for key in keys:
            params = {"reference": source.reference, "language": language}
            yield Finding("order", language, key, params, _quote(source, headings.get(key, {}), language), (key,))


def _stale(source):
    """Rules whose reference text changed since the translation was made."""
    by_anchor = dict(source.items())
    for language, stale in source.stale.items():
        for anchor in sorted(stale["anchors"]):
            texts = by_anchor.get(anchor, {})
            params = {
                "reference": source.reference,
                "language": language,
                "version": stale["version"] or "—",
                "since": stale["since"] or "—",
            }
            yield Finding("stale", language, anchor, params, _quote(source, texts, language), (stale["version"],))


# --- numbers ----------------------------------------------------------------------------------------


def _mode_names(source, language):
    return [
        part
        for row in source.rows
        if row.kind == "heading" and getattr(row, "level", 0) == 1 and row.texts.get(language)
        for part in terms.heading_parts(row.texts[language])[1:]
    ]


def _numbers(source):
    languages = [source.reference, *source.languages]
    nouns = {
        language: numbers.counted_nouns(texts.get(language) or "" for _anchor, texts in source.items())
        for language in languages
    }
    names = {language: _mode_names(source, language) for language in languages}
    for anchor, texts in source.items():
        reference_text = texts.get(source.reference)
        if not reference_text:
            continue
        ours = numbers.stated(reference_text, source.reference, nouns[source.reference], names[source.reference])
        for language in source.languages:
            text = texts.get(language)
            if not text:
                continue
            theirs = numbers.stated(text, language, nouns[language], names[language])
            missing, extra = numbers.differences(ours, theirs)
            if missing or extra:
                params = {
                    "missing": _listed(missing),
                    "extra": _listed(extra),
                    "reference": source.reference,
                    "language": language,
                }
                words = tuple(str(n) for n in sorted(missing | extra))
                yield Finding("numbers", language, anchor, params, _quote(source, texts, language), words)
            yield from _ranks(source, anchor, texts, language)


def _ranks(source, anchor, texts, language):
    """A rank the translation names where the reference names another ("Bronzo e Oro" for Bronze &
    Silver): a value stated differently, reported as a number finding with both values."""
    reference_labels = source.ranks.get(source.reference) or {}
    if not reference_labels:
        return
    labels = source.ranks.get(language) or {}
    ours = numbers.ranks_stated(texts[source.reference], reference_labels, reference_labels)
    theirs = numbers.ranks_stated(texts[language], labels, reference_labels)
    missing, extra = ours - theirs, theirs - ours
    if extra:
        params = {
            # Quoted: the documents' own words, shown as written whatever the reader's language.
            "missing": ", ".join(f"“{reference_labels[rank]}”" for rank in sorted(missing)) or "—",
            "extra": ", ".join(f"“{labels.get(rank) or reference_labels[rank]}”" for rank in sorted(extra)),
            "reference": source.reference,
            "language": language,
        }
        words = tuple(reference_labels[rank] for rank in sorted(missing | extra))
        yield Finding("numbers", language, anchor, params, _quote(source, texts, language), words)


def _listed(values):
    return ", ".join(str(value) for value in sorted(values)) or "—"


def _quote(source, texts, language):
    return {source.reference: texts.get(source.reference), language: texts.get(language)}


# --- sentences ---------------------------------------------------------------------------------------


def _sentences(source):
    for language in source.languages:
        pairs = [(texts.get(source.reference), texts.get(language)) for _anchor, texts in source.items()]
        ratio = sentences.usual_ratio(pairs)
        for anchor, texts in source.items():
            ours, theirs = texts.get(source.reference), texts.get(language)
            if ours and theirs:
                yield from _sentence_findings(source, anchor, language, ours, theirs, ratio)


def _sentence_findings(source, anchor, language, ours, theirs, ratio):
    params = {"reference": source.reference, "language": language}
    for mine, other in sentences.pair(sentences.split(ours), sentences.split(theirs), ratio):
        quoted = {source.reference: " ".join(mine) or None, language: " ".join(other) or None}
        words = tuple(fold(" ".join(mine or other))[:60].split())
        if not other:
            yield Finding("sentence_missing", language, anchor, params, quoted, words)
        elif not mine:
            yield Finding("sentence_added", language, anchor, params, quoted, words)
        elif _much_shorter(" ".join(mine), " ".join(other), ratio):
            yield Finding("sentence_short", language, anchor, params, quoted, words)


def _much_shorter(mine, other, ratio):
    return len(mine) >= MIN_SHORT_SENTENCE and len(other) < SHORT_SENTENCE_SHARE * ratio * len(mine)


# --- meaning: i.e. / e.g., any / every, face up, the number of a subject ---------------------------


def _meaning(source):
    for language in source.languages:
        linked = meaning.Links(source.items(), source.reference, language)
        learnt = meaning.SubjectNumbers(linked), meaning.DroppedWords(linked)
        for anchor, texts in source.items():
            ours, theirs = texts.get(source.reference), texts.get(language)
            if ours and theirs:
                for kind, params, words in _meaning_slips(ours, theirs, source.reference, language, learnt):
                    params = {"reference": source.reference, "language": language, **params}
                    yield Finding(kind, language, anchor, params, _quote(source, texts, language), words)


def _meaning_slips(ours, theirs, reference, language, learnt):
    """(kind, params, words) of each meaning slip between a rule and its translation."""
    subjects, dropped = learnt
    for kind, mine, other in meaning.markers(ours, theirs, reference, language):
        yield kind, {"ours": mine, "theirs": other}, (other, mine)
    quantified = meaning.quantifier(ours, theirs, reference, language)
    if quantified:
        mine, others = quantified
        yield "quantifier", {"ours": mine, "theirs": ", ".join(others)}, (*others, mine)
    for mine, name in meaning.qualifiers(ours, theirs, reference, language):
        yield "qualifier_missing", {"ours": mine}, (name,)
    for mine, other in subjects.slips(ours, theirs):
        yield "subject_number", {"ours": mine, "theirs": other}, (mine, other)
    for mine, usual in dropped.missing(ours, theirs):
        yield "word_missing", {"ours": mine, "usual": usual}, (mine, usual)


# --- terms ------------------------------------------------------------------------------------------


def _terms(source):
    table = terms.explicit_terms(source.rows, source.reference, source.glossary_key, split_term)
    terms.add_vocabulary(table, source.vocabulary)
    terms.apply_confirmed(table, source.confirmed)
    terms.add_usage(table, source.items(), source.reference, source.languages)
    return table


def _term_findings(source, table):
    texts = {row.anchor: row.texts for row in source.rows}
    for language in source.languages:
        for term in table.values():
            yield from _heading_variation(term, language, texts, source)
            yield from _usage_findings(term, language, source, texts)
        yield from _shared(table, language, texts, source)


def _finding(kind, language, anchor, source, texts, params, words):
    params = {"reference": source.reference, "language": language, **params}
    return Finding(kind, language, anchor, params, _quote(source, texts.get(anchor, {}), language), tuple(words))


def _heading_variation(term, language, texts, source):
    """Headings that write one term differently; a glossary entry sharing no word with them."""
    headings = [r for r in term.explicit(language) if r.origin == "heading"]
    usual = _majority(headings)
    for rendering in headings:
        if usual and not terms.same_rendering(rendering.phrase, usual.phrase):
            params = {"term": term.source, "used": rendering.phrase, "usual": usual.phrase}
            yield _finding("term_varies", language, rendering.anchor, source, texts, params, params.values())
    for rendering in (r for r in term.explicit(language) if r.origin == "glossary"):
        if usual and not terms.shares_word(rendering.phrase, usual.phrase):
            params = {"term": term.source, "used": rendering.phrase, "usual": usual.phrase}
            yield _finding("term_varies", language, rendering.anchor, source, texts, params, params.values())


def _majority(renderings):
    groups = []
    for rendering in renderings:
        group = next((g for g in groups if terms.same_rendering(g[0].phrase, rendering.phrase)), None)
        if group is None:
            groups.append([rendering])
        else:
            group.append(rendering)
    return max(groups, key=len)[0] if groups else None


def _usage_findings(term, language, source, texts):
    renderings = [r for r in term.renderings.get(language, []) if r.origin != "alternative"]
    if not term.checked_in_rules:
        return
    if not renderings:
        yield from _untranslated_minority(term, language, source, texts)
        return
    anchors = terms.uses(term, source.items(), source.reference, skip=term.anchors)
    found = {
        anchor: terms.present(term, texts[anchor].get(language) or "", language, term.source) for anchor in anchors
    }
    usual = _usual(renderings, found)
    for anchor in anchors:
        text = texts[anchor].get(language)
        if text:
            yield from _at_anchor(term, language, anchor, found[anchor], usual, renderings, source, texts)
    yield from _unused(term, language, found, usual, source, texts)


def _usual(renderings, found):
    """The rendering present in most rules (the glossary's, then a heading's, on a tie)."""
    rank = {"confirmed": 0, "glossary": 1, "heading": 2, "usage": 3}
    counted = [
        (sum(any(terms.same_rendering(r.phrase, p.phrase) for p in present) for present in found.values()), r)
        for r in renderings
    ]
    counted.sort(key=lambda pair: (-pair[0], rank.get(pair[1].origin, 9)))
    return counted[0][1] if counted else None


def _at_anchor(term, language, anchor, present, usual, renderings, source, texts):
    text = texts[anchor][language]
    if not present and any(_all_words_in(r.phrase, text) for r in renderings):
        return  # "Tribu plus forte ou plus faible": an elliptic Weaker Tribe
    if not present:
        used = terms.nearest_word([r.phrase for r in renderings], text)
        if used:
            params = {"term": term.source, "used": used, "usual": usual.phrase}
            yield _finding("term_varies", language, anchor, source, texts, params, params.values())
        else:
            params = {"term": term.source, "usual": usual.phrase}
            words = (term.source, *(r.phrase for r in renderings))
            yield _finding("term_missing", language, anchor, source, texts, params, words)
        return
    if any(terms.equivalent(p, usual) for p in present):
        return
    used = present[0]
    kind = "term_untranslated" if used.origin == "untranslated" else "term_varies"
    alternatives = [p for p in present if p.origin == "alternative"]
    if alternatives:
        used = alternatives[0]
    params = {"term": term.source, "used": used.phrase, "usual": usual.phrase}
    yield _finding(kind, language, anchor, source, texts, params, params.values())


def _all_words_in(phrase, text):
    written = [token.folded for token in tokens(text)]
    wanted = [word for word in phrase_words(phrase) if len(word) > 2]
    return len(wanted) > 1 and all(any(are_forms(word, other) for other in written) for word in wanted)


def _untranslated_minority(term, language, source, texts):
    """A term with no known rendering, left in the source language in a few of its rules only."""
    anchors = terms.uses(term, source.items(), source.reference, skip=term.anchors)
    kept = [a for a in anchors if texts[a].get(language) and contains_phrase(term.source, texts[a][language])]
    if kept and len(kept) * 2 < len(anchors):
        for anchor in kept:
            params = {"term": term.source, "usual": "—"}
            yield _finding("term_untranslated", language, anchor, source, texts, params, (term.source,))


def _unused(term, language, found, usual, source, texts):
    """A glossary or heading rendering the rules never use, when they write the term otherwise or
    never as the glossary does."""
    if usual and len(found) >= MIN_USES and not any(found.values()):
        for rendering in term.explicit(language):
            params = {"term": term.source, "used": rendering.phrase, "usual": "—", "origin": rendering.origin}
            yield _finding("term_unused", language, rendering.anchor, source, texts, params, params.values())
        return
    if not usual or usual.origin in ("glossary", "heading"):
        return
    for rendering in term.explicit(language):
        used = any(terms.same_rendering(rendering.phrase, p.phrase) for present in found.values() for p in present)
        if used or terms.phrase_related(rendering.phrase, usual.phrase):
            continue
        params = {"term": term.source, "used": rendering.phrase, "usual": usual.phrase, "origin": rendering.origin}
        yield _finding("term_unused", language, rendering.anchor, source, texts, params, params.values())


def _shared(table, language, texts, source):
    """One translation for two terms, or a term's translation missing where its source is part of another."""
    explicit = [(term, r) for term in table.values() for r in term.explicit(language)]
    for term, rendering in explicit:
        for other, other_rendering in explicit:
            if other is term or other_rendering.anchor == rendering.anchor:
                continue
            if _shares_translation(term, rendering, other, other_rendering):
                params = {"term": term.source, "other": other.source, "used": rendering.phrase}
                words = (rendering.phrase, term.source, other.source)
                yield _finding("term_shared", language, rendering.anchor, source, texts, params, words)
            elif terms.phrase_inside(term.source, other.source, are_forms) and not _rendered_inside(
                term, language, other_rendering.phrase
            ):
                usual = _majority(term.explicit(language))
                params = {"term": term.source, "used": other_rendering.phrase, "usual": usual.phrase}
                yield _finding("term_varies", language, other_rendering.anchor, source, texts, params, params.values())


def _shares_translation(term, rendering, other, other_rendering):
    """ "Tour" for Round and Turn; "Nul" (Nullify) inside "Match nul" (Tie Game)."""
    unrelated = not terms.phrase_related(term.source, other.source) and not terms.phrase_related(
        other.source, term.source
    )
    return unrelated and terms.phrase_inside(rendering.phrase, other_rendering.phrase)


def _rendered_inside(term, language, phrase):
    return any(
        terms.phrase_inside(r.phrase, phrase) for r in term.renderings.get(language, []) if r.origin != "alternative"
    )


# --- connectors ---------------------------------------------------------------------------------


def _connectors(source, table):
    texts = dict(source.items())
    for language in source.languages:
        checked = [
            (key, [r for r in term.renderings.get(language, []) if r.origin != "alternative"])
            for key, term in table.items()
            if term.checked_in_rules and term.renderings.get(language)
        ]
        checked = [(key, _Renderings(table[key].source, renderings)) for key, renderings in checked]
        found = []
        for anchor, row in texts.items():
            if row.get(source.reference) and row.get(language):
                found += connectors.joints(anchor, row[source.reference], row[language], checked, terms.related)
        for joint, usual in connectors.unusual(found):
            params = {
                "first": table[joint.first].source,
                "second": table[joint.second].source,
                "ours": joint.ours,
                "used": joint.theirs,
                "usual": usual,
            }
            words = (joint.theirs, joint.ours, params["first"], params["second"])
            yield _finding(
                "connector", language, joint.anchor, source, {joint.anchor: texts[joint.anchor]}, params, words
            )


class _Renderings(list):
    """A term's renderings, with its source phrase, for the connectors module."""

    def __init__(self, source, renderings):
        super().__init__(renderings)
        self.source = source


def _mode_names_kept(source):
    """A game mode named in the reference must be named in the translation (numbers either way)."""
    levels = [row for row in source.rows if row.kind == "heading" and getattr(row, "level", 0) == 1]
    for anchor, texts in source.items():
        reference_text = texts.get(source.reference) or ""
        for row in levels:
            ours = terms.heading_parts(row.texts.get(source.reference) or "")[1:]
            for index, name in enumerate(ours):
                if not numbers.names_spans(reference_text, [name], source.reference):
                    continue
                for language in source.languages:
                    theirs = terms.heading_parts(row.texts.get(language) or "")[1:]
                    text = texts.get(language)
                    if text and index < len(theirs) and not _names_mode(text, theirs[index], language):
                        params = {"name": name, "reference": source.reference, "language": language}
                        quoted = _quote(source, texts, language)
                        yield Finding("name_missing", language, anchor, params, quoted, (name, theirs[index]))


def _names_mode(text, name, language):
    """Every word of the mode's name is in one clause of the text, numbers in digits or words: a name
    is one phrase ("a quattro giocatori, è il team" does not name the Four Player Team mode)."""
    wanted = numbers.with_digits(name, language)
    wanted = [token.folded for token in tokens(wanted) if len(token.folded) > 2] + numbers.digits_in(wanted)
    for clause in _CLAUSE_END.split(numbers.with_digits(text, language)):
        words_written = [token.folded for token in tokens(clause)] + numbers.digits_in(clause)
        if all(any(terms.related(word, other) for other in words_written) for word in wanted):
            return True
    return False


# --- names --------------------------------------------------------------------------------------


def _names(source):
    names = _whole_names(source)
    for anchor, texts in source.items():
        reference_text = texts.get(source.reference) or ""
        for name in _names_in(reference_text, names):
            for language in source.languages:
                text = texts.get(language)
                if text and not all(_has_related(word, text) for word in phrase_words(name)):
                    params = {"name": name, "reference": source.reference, "language": language}
                    yield Finding("name_missing", language, anchor, params, _quote(source, texts, language), (name,))


def _whole_names(source):
    """The names looked for, each as a whole: the game's, its tribes' and its cards', a name with a
    subtitle ("Dust Collectorz: Champions Unleashed") also by its short name. Common words never make a
    name: one whose every word the reference also writes in lowercase ("The Last") is left out."""
    lowercase = {
        token.folded
        for _anchor, texts in source.items()
        for token in tokens(texts.get(source.reference) or "")
        if token.text.islower()
    }
    names = {part.strip() for name in source.names for part in (name, name.split(":")[0]) if part.strip()}
    kept = [name for name in names if tokens(name) and not all(token.folded in lowercase for token in tokens(name))]
    return sorted(kept, key=len, reverse=True)


def _names_in(text, names):
    """The names of `names` that the text writes as a whole, capitals kept ("Dust Collector" for the
    game Dust Collectorz; not "dust" alone, nor "of the" out of a card's name); longest first."""
    text_tokens, taken, found = tokens(text), set(), []
    for name in names:
        name_tokens = tokens(name)
        for start in find_phrase([t.folded for t in name_tokens], text_tokens, same=terms.related):
            span = set(range(start, start + len(name_tokens)))
            written = text_tokens[start : start + len(name_tokens)]
            capitals = all(
                not ours.text[:1].isupper() or theirs.text[:1].isupper()
                for ours, theirs in zip(name_tokens, written, strict=True)
            )
            if capitals and not span & taken:
                taken |= span
                found.append(" ".join(token.text for token in written))
    return list(dict.fromkeys(found))


def _has_related(word, text):
    return any(terms.related(word, token.folded) for token in tokens(text))


# --- spelling -----------------------------------------------------------------------------------


def _allowed_words(source, table):
    """A test for words not to spell-check: names, terms, and words related to the reference's."""
    allowed = {token.text.lower() for name in source.names for token in tokens(name)}
    for term in table.values():
        for renderings in term.renderings.values():
            for rendering in renderings:
                allowed.update(token.text.lower() for token in tokens(rendering.phrase))
    reference_words = {
        word for _anchor, texts in source.items() for word in phrase_words(texts.get(source.reference) or "")
    }
    # Related words share their first letters (terms.related), so only those are compared.
    reference_words_by_start = defaultdict(list)
    for word in reference_words:
        if len(word) > 2:
            reference_words_by_start[word[:MIN_STEM]].append(word)

    @cache
    def is_allowed(word):
        folded = fold(word)
        candidates = reference_words_by_start.get(folded[:MIN_STEM], ())
        return word.lower() in allowed or any(terms.related(folded, other) for other in candidates)

    return is_allowed


def _spelling(source, table):
    allowed = _allowed_words(source, table)
    for language in source.languages:
        texts = [(anchor, texts.get(language)) for anchor, texts in source.items() if texts.get(language)]
        by_anchor = dict(texts)
        vocabulary = _vocabulary(texts)

        def known(word, vocabulary=vocabulary):
            return word.lower() in vocabulary or allowed(word)

        for anchor, text in texts:
            for word, intended in dict.fromkeys(spelling.misspellings(text, language, known)):
                params = {"word": word, "usual": intended, "language": language}
                yield Finding("spelling", language, anchor, params, {language: text}, (word, intended))
        headings = [(row.anchor, row.texts.get(language)) for row in source.rows if row.kind == "heading"]
        variants = [
            *spelling.usage_variants(texts, language),
            *spelling.joined_variants(texts, [(anchor, text) for anchor, text in headings if text]),
        ]
        for anchor, word, usual in variants:
            params = {"word": word, "usual": usual}
            yield Finding("spelling_usage", language, anchor, params, {language: by_anchor[anchor]}, (word, usual))


def _vocabulary(texts):
    """The document's own vocabulary: words it writes in several rules ("scontri", "puntos") are its
    words, not slips, whatever a dictionary says; a slip is a one-off."""
    rules_of = {}
    for anchor, text in texts:
        for token in tokens(text):
            rules_of.setdefault(token.text.lower(), set()).add(anchor)
    return {word for word, anchors in rules_of.items() if len(anchors) >= MIN_USES}


# --- what the software enforces ----------------------------------------------------------------------


def _engine(source):
    by_anchor = dict(source.items())
    for anchor, expected, description in source.expectations:
        texts = by_anchor.get(anchor)
        for language, text in (texts or {}).items():
            if not text:
                continue
            stated = {value for value, _start, _end in numbers.mentions(text, language, _all_nouns(source, language))}
            lacking = set(expected) - stated
            if lacking:
                params = {"description": description, "expected": _listed(set(expected)), "lacking": _listed(lacking)}
                yield Finding("engine", language, anchor, params, {language: text}, tuple(map(str, lacking)))


def _all_nouns(source, language):
    return numbers.counted_nouns(texts.get(language) or "" for _anchor, texts in source.items())


__all__ = ["CheckInput", "Finding", "check", "contains_phrase"]
