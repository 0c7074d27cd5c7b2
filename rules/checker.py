"""Cross-language consistency of one game's rules, plain Python (no Django).

Fed the aligned rows (anchor -> text per language), it reports:
(a) aligned rules whose numbers differ (digits and number words from two up: "one"/"un"/"uno"
    double as articles, so they are not counted);
(b) aligned rules where a game term of the reference text has no counterpart in a translation;
(c) one concept written in several ways within one document;
(d) sections or rules present in one language and missing in another;
(e) numbers in the official text that differ from the values the software enforces.
Each finding quotes the texts with their anchor.
"""

import re
from collections import Counter
from dataclasses import dataclass, field

# Number words from two up. Words that are also common other words are left out: French "neuf"
# (new) and Italian "sei" (you are); their digits are still counted.
NUMBER_WORDS = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"},
    "fr": {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 10: "dix"},
    "it": {2: "due", 3: "tre", 4: "quattro", 5: "cinque", 7: "sette", 8: "otto", 9: "nove", 10: "dieci"},
}
SKIPPED_SECTIONS = ("preamble",)
WORD = r"(?<![\w])({})(?![\w])"


@dataclass
class Finding:
    kind: str  # numbers, term, inconsistent_term, missing, engine
    anchor: str
    language: str
    detail: str
    texts: dict = field(default_factory=dict)  # language -> quoted text

    def as_dict(self):
        return {
            "kind": self.kind,
            "anchor": self.anchor,
            "language": self.language,
            "detail": self.detail,
            "texts": self.texts,
        }


def numbers_in(text, language):
    """The multiset of numbers written in a text: digits, and number words from two up."""
    found = Counter(int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w.]\d)", text))
    lowered = text.lower()
    for value, word in NUMBER_WORDS.get(language, {}).items():
        found[value] += len(re.findall(WORD.format(re.escape(word)), lowered))
    return +found


def _collapse_repeats(numbers, text, language):
    """ "six (6)" states one number twice: count it once."""
    for value, word in NUMBER_WORDS.get(language, {}).items():
        if re.search(rf"{word}\s*\(\s*{value}\s*\)", text.lower()):
            numbers[value] -= 1
    return +numbers


def count_numbers(text, language):
    return _collapse_repeats(numbers_in(text, language), text, language)


def term_count(text, spellings):
    pattern = "|".join(re.escape(s) for s in sorted(spellings, key=len, reverse=True))
    return len(re.findall(WORD.format(pattern), text, re.IGNORECASE)) if pattern else 0


def check(rows, reference, terminology=None, missing=(), expectations=()):
    """`rows`: [(anchor, section_key, kind, {language: text or None})]; `terminology`:
    {concept: {language: [spellings, preferred first]}}; `missing`: [(language, anchor, description)];
    `expectations`: [(anchor, [numbers], description)]. Returns findings, in reading order."""
    terminology = terminology or {}
    findings = []
    for anchor, section_key, kind, texts in rows:
        if kind == "heading" or section_key in SKIPPED_SECTIONS or texts.get(reference) is None:
            continue
        findings += _number_findings(anchor, reference, texts)
        findings += _term_findings(anchor, reference, texts, terminology)
    findings += _inconsistent_terms(rows, reference, terminology)
    findings += [Finding("missing", anchor, language, description) for language, anchor, description in missing]
    findings += _engine_findings(rows, expectations)
    return findings


def _number_findings(anchor, reference, texts):
    expected = count_numbers(texts[reference], reference)
    for language, text in texts.items():
        if language == reference or text is None:
            continue
        found = count_numbers(text, language)
        if found != expected:
            detail = f"numbers {_listed(expected)} in {reference.upper()}, {_listed(found)} in {language.upper()}"
            yield Finding("numbers", anchor, language, detail, {reference: texts[reference], language: text})


def _listed(numbers):
    return "[" + ", ".join(str(n) for n in sorted(numbers.elements())) + "]"


def _term_findings(anchor, reference, texts, terminology):
    """The reference text names a game term; a translation has none of its words."""
    for concept, families in terminology.items():
        if reference not in families or not term_count(texts[reference], _all(families[reference])):
            continue
        for language, text in texts.items():
            if language == reference or text is None or language not in families:
                continue
            if not term_count(text, _all(families[language])):
                expected = families[language][0][0]
                detail = f"“{families[reference][0][0]}” ({concept}) has no “{expected}” in {language.upper()}"
                yield Finding("term", anchor, language, detail, {reference: texts[reference], language: text})


def _all(families):
    return [spelling for family in families for spelling in family]


def _inconsistent_terms(rows, reference, terminology):
    """One language writes a concept with different words (not just other forms of one word)."""
    for concept, languages in terminology.items():
        for language, families in languages.items():
            used = {}
            for anchor, _section, kind, texts in rows:
                text = texts.get(language)
                if kind == "heading" or not text:
                    continue
                for number, family in enumerate(families):
                    if number not in used and term_count(text, family):
                        used[number] = (family[0], anchor, text)
            if len(used) > 1:
                quoted = {f"{language}:{anchor}": text for _word, anchor, text in used.values()}
                names = ", ".join(f"“{word}” ({anchor})" for word, anchor, _text in used.values())
                yield Finding("inconsistent_term", concept, language, f"{concept} written as {names}", quoted)


def _engine_findings(rows, expectations):
    by_anchor = {anchor: texts for anchor, _section, _kind, texts in rows}
    for anchor, numbers, description in expectations:
        texts = by_anchor.get(anchor)
        if texts is None:
            continue
        for language, text in texts.items():
            if text is None:
                continue
            found = count_numbers(text, language)
            lacking = Counter(numbers) - found
            if lacking:
                detail = f"{description}: the software uses {sorted(numbers)}, the text lacks {_listed(lacking)}"
                yield Finding("engine", anchor, language, detail, {language: text})
