"""One finding of the rules checker: what, where, how serious, and the texts side by side.

Details are message templates with parameters, rendered when shown, in the reader's language.
"""

import hashlib
from dataclasses import dataclass, field

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.languages import language_name

from .text import fold

SEVERITIES = {"meaning": _("meaning"), "terminology": _("terminology"), "typo": _("typo")}

KINDS = {
    "stale": (
        "meaning",
        _(
            "Translation older than the %(reference)s text: this rule changed in version %(version)s; "
            "the %(language)s text translates version %(since)s."
        ),
    ),
    "numbers": (
        "meaning",
        _("Numbers or values differ: %(missing)s in %(reference)s only, %(extra)s in %(language)s only."),
    ),
    "missing": ("meaning", _("Present in %(present)s, missing in %(language)s.")),
    "order": (
        "meaning",
        _("This section comes in another place in %(language)s than in %(reference)s: it is paired by its content."),
    ),
    "sentence_missing": ("meaning", _("A sentence of the %(reference)s text has no counterpart in %(language)s.")),
    "sentence_added": ("meaning", _("A sentence of the %(language)s text has no counterpart in %(reference)s.")),
    "sentence_short": (
        "meaning",
        _("This sentence is much shorter than the %(reference)s one: a clause may be missing."),
    ),
    "marker_example": (
        "meaning",
        _(
            "“%(ours)s” in %(reference)s says what the rule means; “%(theirs)s” in %(language)s gives only "
            "an example of it."
        ),
    ),
    "marker_definition": (
        "meaning",
        _("“%(ours)s” in %(reference)s gives an example; “%(theirs)s” in %(language)s makes it what the rule means."),
    ),
    "quantifier": (
        "meaning",
        _(
            "“%(ours)s” in %(reference)s means one, whichever it is; “%(theirs)s” in %(language)s means every "
            "one, which changes whom the rule applies to."
        ),
    ),
    "qualifier_missing": ("meaning", _("“%(ours)s” in %(reference)s is not said in %(language)s here.")),
    "subject_number": (
        "meaning",
        _(
            "“%(ours)s” in %(reference)s and “%(theirs)s” in %(language)s differ in number: one says it of "
            "one, the other of several."
        ),
    ),
    "word_missing": (
        "meaning",
        _(
            "“%(ours)s” in %(reference)s is not said here, though the %(language)s text writes it “%(usual)s” "
            "in nearly every other rule."
        ),
    ),
    "term_missing": ("meaning", _("“%(term)s” is not translated here (elsewhere: “%(usual)s”).")),
    "name_missing": ("meaning", _("The name “%(name)s” is missing here.")),
    "connector": (
        "meaning",
        _("“%(first)s” %(ours)s “%(second)s”: “%(used)s” here, where this translation usually writes “%(usual)s”."),
    ),
    "term_varies": ("terminology", _("“%(term)s” is written “%(used)s” here and “%(usual)s” elsewhere.")),
    "term_untranslated": ("terminology", _("“%(term)s” is left untranslated here and written “%(usual)s” elsewhere.")),
    "term_unused": (
        "terminology",
        _("The %(origin)s writes “%(term)s” as “%(used)s”, but the rules write “%(usual)s”."),
    ),
    "term_shared": ("terminology", _("“%(used)s” translates both “%(term)s” and “%(other)s”.")),
    "spelling": ("typo", _("“%(word)s” is not in the %(language)s dictionary: “%(usual)s”?")),
    "spelling_usage": ("typo", _("“%(word)s” here, “%(usual)s” in the same phrase elsewhere.")),
    "engine": ("meaning", _("%(description)s: the software uses %(expected)s; the text lacks %(lacking)s.")),
}
ORIGINS = {"glossary": _("glossary"), "heading": _("heading")}
LANGUAGE_PARAMS = ("reference", "language", "present")


@dataclass
class Finding:
    kind: str
    language: str
    anchor: str
    params: dict = field(default_factory=dict)
    texts: dict = field(default_factory=dict)  # language -> the text quoted
    words: tuple = ()  # what it is about: the terms, words or numbers involved
    accepted: object = None  # the acceptance note, when a person accepted it

    @property
    def severity(self):
        return KINDS[self.kind][0]

    @property
    def severity_label(self):
        return SEVERITIES[self.severity]

    @property
    def message(self):
        params = {}
        for name, value in self.params.items():
            if name in LANGUAGE_PARAMS:
                value = ", ".join(language_name(code, in_text=True) for code in str(value).split(","))
            elif name == "origin":
                value = ORIGINS.get(value, value)
            elif name == "description":  # the game's gettext_noop text (rules_expectations)
                value = gettext(value)
            params[name] = value
        return str(KINDS[self.kind][1]) % params

    @property
    def key(self):
        """Stable across re-imports: kind, language, anchor and the words it is about."""
        subject = "|".join(sorted({fold(str(word)) for word in self.words}))
        digest = hashlib.sha256(subject.encode()).hexdigest()[:16]
        return f"{self.kind}:{self.language}:{self.anchor}:{digest}"[:200]

    def as_dict(self):
        return {
            "kind": self.kind,
            "severity": self.severity,
            "anchor": self.anchor,
            "language": self.language,
            "detail": self.message,
            "texts": self.texts,
            "key": self.key,
            "accepted": self.accepted is not None,
        }
