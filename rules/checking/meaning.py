"""Slips that keep every word's topic but change what a rule means (plain Python, no ORM).

Each check compares one rule with its aligned translation, in the languages whose few grammar words
it knows (a language without them gets no finding, never a wrong one):

* markers: "i.e." says what the rule itself means, "e.g." gives one case among others; a translation
  writing "par exemple" or "es:" where the reference writes "i.e." turns a definition into an example;
* quantifiers: "any player" is one player, whoever it is; "ogni giocatore" is every player, so a game
  that ends when any player runs out would end only when all do;
* qualifiers: "face up", "face down", "rounded down" decide how a card is played or a value counted;
  a translation that says none of its own words for one of them has dropped it;
* the number of a subject: the noun before a verb ("players draw") written in the form the translation
  otherwise uses for the other number ("il giocatore pesca": one player draws, not every player).
  Which form is which is learnt from the documents (the forms that the two texts write in the same
  rules), so no language's plural rules are needed.
"""

import re
from collections import Counter

from .terms import link_words, related, word_anchors
from .text import fold, tokens

# What follows says what the rule means ("i.e.") or only gives a case of it ("e.g."). Matched on the
# folded text (lowercase, no accents).
MARKERS = {
    "definition": {
        "en": (r"\bi\.\s?e\b\.?", r"\bnamely\b", r"\bthat is to say\b"),
        "fr": (r"\bc\s?['’]\s?est[- ]a[- ]dire\b", r"\bc\.-a-d\b", r"\ba savoir\b"),
        "it": (r"\bcioe\b", r"\bossia\b", r"\bovvero\b", r"\bvale a dire\b"),
        "es": (r"\bes decir\b", r"\bo sea\b"),
        "de": (r"\bd\.\s?h\b", r"\bdas heisst\b"),
    },
    "example": {
        "en": (r"\be\.\s?g\b\.?", r"\bfor example\b", r"\bfor instance\b"),
        "fr": (r"\bpar exemple\b", r"\bp\.\s?ex\b"),
        "it": (r"\bes\s*[.:]", r"\bad esempio\b", r"\bper esempio\b"),
        "es": (r"\bpor ejemplo\b", r"\bp\.\s?ej\b"),
        "de": (r"\bz\.\s?b\b", r"\bzum beispiel\b"),
    },
}

# "any" (one, whoever it is; "no … by any" in a negation) against "every", "each", "all".
QUANTIFIERS = {
    "any": {
        "en": (r"\bany(one|body)?\b",),
        "fr": (r"\bn\s?['’]\s?importe (quel|quelle|quels|quelles|qui|lequel|laquelle)\b", r"\bquelconques?\b"),
        "it": (r"\bqualsiasi\b", r"\bqualunque\b", r"\bnessun[oa]?\b", r"\balcun[oa]?\b"),
        "es": (r"\bcualquier[a]?\b", r"\bningun[oa]?\b"),
        "de": (r"\bbeliebige?[nmrs]?\b", r"\birgendein\w*\b"),
    },
    "every": {
        "en": (r"\bevery(one|body)?\b", r"\beach\b", r"\ball\b"),
        "fr": (r"\bchaque\b", r"\bchacune?\b", r"\btous\b", r"\btoutes\b"),
        "it": (r"\bogni\b", r"\bciascun[oa]?\b", r"\btutt[ioea]\b"),
        "es": (r"\bcada\b", r"\btod[oa]s\b"),
        "de": (r"\bjede[nmrs]?\b", r"\balle\b"),
    },
}

# Qualifiers that decide how a card is played or a value counted, and each language's words for them.
QUALIFIERS = {
    "face up": {
        "en": (r"\bface[- ]?up\b",),
        "fr": (r"\bface (visible|decouverte|en l\s?['’]\s?air)\b",),
        "it": (r"\bscopert[aeio]\b", r"\bfaccia in (su|alto)\b"),
        "es": (r"\bboca arriba\b",),
        "de": (r"\boffen\b",),
    },
    "face down": {
        "en": (r"\bface[- ]?down\b",),
        "fr": (r"\bface (cachee|contre table)\b",),
        "it": (r"\bcopert[aeio]\b", r"\bfaccia in (giu|basso)\b"),
        "es": (r"\bboca abajo\b",),
        "de": (r"\bverdeckt\w*\b",),
    },
    "rounded down": {
        "en": (r"\bround(ed|ing)? down\b",),
        "fr": (r"\barrondi\w* (a l\s?['’]\s?(entier )?inferieur|par defaut)\b",),
        "it": (r"\barrotond\w* per difetto\b", r"\bper difetto\b"),
        "es": (r"\bredonde\w* (hacia|para) abajo\b", r"\bpor defecto\b"),
        "de": (r"\babgerundet\b", r"\babrunden\b"),
    },
    "rounded up": {
        "en": (r"\bround(ed|ing)? up\b",),
        "fr": (r"\barrondi\w* (a l\s?['’]\s?(entier )?superieur|par exces)\b",),
        "it": (r"\barrotond\w* per eccesso\b", r"\bper eccesso\b"),
        "es": (r"\bredonde\w* (hacia|para) arriba\b", r"\bpor exceso\b"),
        "de": (r"\baufgerundet\b", r"\baufrunden\b"),
    },
}

MIN_FORM_RULES = 2  # rules that show which translation form answers a reference form
FORM_SHARE = 2 / 3  # and the share of them that must agree
VERB_REACH = 2  # the verb follows its subject within this many words


def _found(patterns, language, text):
    """The phrases of `text` matching the language's patterns, as written; None: language unknown."""
    if language not in patterns:
        return None
    folded = fold(text)
    same_length = len(folded) == len(text)
    found = []
    for pattern in patterns[language]:
        for match in re.finditer(pattern, folded):
            found.append(text[match.start() : match.end()] if same_length else match.group())
    return found


def markers(ours, theirs, reference, language):
    """(kind, reference marker, translation marker): "i.e." rendered as an example or "e.g." as a
    definition, with no marker of the right kind in the translation."""
    for said, other in (("definition", "example"), ("example", "definition")):
        mine = _found(MARKERS[said], reference, ours)
        right, wrong = _found(MARKERS[said], language, theirs), _found(MARKERS[other], language, theirs)
        if mine and right is not None and not right and wrong:
            yield f"marker_{other}", mine[0], wrong[0]


def quantifier(ours, theirs, reference, language):
    """(reference "any", translation "every" words) when an "any" became an "every": the translation
    has fewer "any" and more "every" quantifiers than the reference."""
    any_ours, every_ours = _found(QUANTIFIERS["any"], reference, ours), _found(QUANTIFIERS["every"], reference, ours)
    any_theirs = _found(QUANTIFIERS["any"], language, theirs)
    every_theirs = _found(QUANTIFIERS["every"], language, theirs)
    if None in (any_ours, every_ours, any_theirs, every_theirs) or not any_ours:
        return None
    if len(any_theirs) < len(any_ours) and len(every_theirs) > len(every_ours):
        return any_ours[0], every_theirs
    return None


def qualifiers(ours, theirs, reference, language):
    """The qualifiers the reference states and the translation does not."""
    for name, patterns in QUALIFIERS.items():
        if _found(patterns, reference, ours) and _found(patterns, language, theirs) == []:
            yield _found(patterns, reference, ours)[0], name


# --- a defined word dropped ---------------------------------------------------------------------------

MIN_WORD_RULES = 8  # rules using a word before its absence says something
RENDERED_SHARE = 0.9  # of them where the translation writes the word it is linked to


class DroppedWords:
    """The game's defined words (the reference writes them with a capital inside a sentence: Player,
    Deck, Attacker) that the translation writes, as the word they are linked to, in nearly every rule
    using them: a rule where it does not has most likely dropped it ("Il Team Difensore" for the
    Defending Team player)."""

    def __init__(self, linked):
        self.linked = linked
        capitalised = _capitalised_inside(linked.items, linked.reference)
        self.usual = {}
        for word, other in linked.links.items():
            uses = [(ours, theirs) for ours, theirs in self._pairs() if self._written(word, ours)]
            rendered = sum(1 for _ours, theirs in uses if _renders(other, theirs))
            if word in capitalised and len(uses) >= MIN_WORD_RULES and rendered >= RENDERED_SHARE * len(uses):
                self.usual[word] = other

    def _pairs(self):
        reference, language = self.linked.reference, self.linked.language
        return [
            (texts[reference], texts[language])
            for _anchor, texts in self.linked.items
            if texts.get(reference) and texts.get(language)
        ]

    def _written(self, word, text):
        """The reference's own form of the word in the text ("players" for player; not "states" for stat)."""
        return next(
            (
                token.text
                for token in tokens(text)
                if self.linked.ours_canonical.get(token.folded) == word and abs(len(token.folded) - len(word)) <= 1
            ),
            None,
        )

    def missing(self, ours, theirs):
        """(the reference's word, the translation's usual word) for each one this rule drops."""
        for word, other in self.usual.items():
            written = self._written(word, ours)
            if written and not _renders(other, theirs):
                yield written, other


def _renders(word, text):
    return any(related(word, token.folded) for token in tokens(text))


def _capitalised_inside(items, language):
    """Folded words written with a capital inside a sentence somewhere: the document's defined terms."""
    found = set()
    for _anchor, texts in items:
        text = texts.get(language) or ""
        words = tokens(text)
        for before, token in zip(words, words[1:], strict=False):
            if token.text[:1].isupper() and not re.search(r"[.:!?]", text[before.end : token.start]):
                found.add(token.folded)
    return found


# --- the number of a subject ----------------------------------------------------------------------


class Links:
    """The words of a translation linked to the reference's (`terms.link_words`), with each side's
    forms mapped onto one canonical form."""

    def __init__(self, items, reference, language):
        self.items, self.reference, self.language = items, reference, language
        self.links = link_words(items, reference, language)
        _, self.ours_canonical = word_anchors(items, reference)
        _, self.theirs_canonical = word_anchors(items, language)


class SubjectNumbers:
    """Which translation form of a word answers which reference form, learnt from the rules that write
    only one form of the word on each side ("players" with "giocatori", "player" with "giocatore")."""

    def __init__(self, linked):
        items, reference, language = linked.items, linked.reference, linked.language
        self.links, self.ours_canonical = linked.links, linked.ours_canonical
        self.theirs_canonical = linked.theirs_canonical
        counts = {}
        for _anchor, texts in items:
            ours, theirs = texts.get(reference), texts.get(language)
            if ours and theirs:
                self._count(ours, theirs, counts)
        self.partner = {}
        for form, seen in counts.items():
            best, times = seen.most_common(1)[0]
            if times >= MIN_FORM_RULES and times >= FORM_SHARE * sum(seen.values()):
                self.partner[form] = best

    def _forms(self, text, canonical):
        forms = {}
        for token in tokens(text):
            word = canonical.get(token.folded)
            if word:
                forms.setdefault(word, set()).add(token.folded)
        return forms

    def _count(self, ours, theirs, counts):
        ours_forms, theirs_forms = self._forms(ours, self.ours_canonical), self._forms(theirs, self.theirs_canonical)
        for word, written in ours_forms.items():
            answer = theirs_forms.get(self.links.get(word))
            if len(written) == 1 and answer and len(answer) == 1:
                counts.setdefault(next(iter(written)), Counter())[next(iter(answer))] += 1

    def slips(self, ours, theirs):
        """(reference subject and verb, translation subject and verb) where the translation writes the
        subject in the form it uses for the reference's other form, before the same verb."""
        theirs_tokens = tokens(theirs)
        ours_tokens = tokens(ours)
        for position, token in enumerate(ours_tokens[:-1]):
            following = ours_tokens[position + 1]
            if not _subject_and_verb(ours, token, following):
                continue
            other_forms = self._other_forms(self.ours_canonical.get(token.folded), token.folded)
            verb = self.links.get(self.ours_canonical.get(following.folded))
            if not other_forms or not verb:
                continue
            for index, written in enumerate(theirs_tokens):
                if written.folded not in other_forms:
                    continue
                reach = theirs_tokens[index + 1 : index + 1 + VERB_REACH]
                said = next((t for t in reach if related(verb, t.folded) and _joined(theirs, written, t)), None)
                if said:
                    yield f"{token.text} {following.text}", f"{written.text} {said.text}"

    def _other_forms(self, word, form):
        if form not in self.partner:
            return set()
        """The translation forms that answer the reference word's other forms, not this one."""
        return {
            partner
            for other, partner in self.partner.items()
            if other != form and self.ours_canonical.get(other) == word and partner != self.partner.get(form)
        }


def _joined(text, first, last):
    """Whether two words of a text are in one clause: nothing but words and spaces between them."""
    return not re.search(r"[^\w\s]", text[first.end : last.start])


def _subject_and_verb(text, noun, verb):
    """A noun and the word right after it, read as subject and verb: not a compound's part
    ("two-player versus"), not across punctuation ("card. When"), not before a name ("Player Team")."""
    return text[max(0, noun.start - 1) : noun.start] != "-" and _joined(text, noun, verb) and verb.text.islower()
