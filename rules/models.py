from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game


class RulesDocument(models.Model):
    """One imported version of a game's rules in one language. The publisher's text is data an
    organiser imports; `structure` holds its sections and items with anchors shared by all languages."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rules_documents", verbose_name=_("game"))
    language = models.CharField(_("language"), max_length=8)
    version = models.CharField(_("version"), max_length=40, blank=True)
    title = models.CharField(_("title"), max_length=200)
    credit = models.CharField(_("credit"), max_length=300, blank=True)
    source_name = models.CharField(_("file"), max_length=200)
    source_text = models.TextField(_("text"))
    content_hash = models.CharField(_("content hash"), max_length=64)
    structure = models.JSONField(_("structure"), default=dict)
    is_current = models.BooleanField(_("current"), default=True)
    # A translation's reference when it was imported: rule hashes by anchor and the version label.
    reference_hashes = models.JSONField(_("reference rules"), default=dict, blank=True)
    reference_version = models.CharField(_("reference version"), max_length=40, blank=True)
    # A translation's pairing chosen on the import preview where the computed one was wrong:
    # {"<section index>.<item index>": reference anchor, or "" for none} (rules.alignment.align).
    pairing = models.JSONField(_("pairing with the reference"), default=dict, blank=True)
    imported_at = models.DateTimeField(_("imported on"), auto_now_add=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, verbose_name=_("imported by")
    )

    class Meta:
        ordering = ["game", "language", "-imported_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "language", "content_hash"], name="rules_document_once"),
        ]
        verbose_name = _("rules document")
        verbose_name_plural = _("rules documents")

    def __str__(self):
        return f"{self.title} ({self.language}, {self.version or f'{self.imported_at:%Y-%m-%d}'})"

    def items(self):
        """(section, item) pairs in reading order."""
        for section in self.structure.get("sections", []):
            for item in section["items"]:
                yield section, item


class Terminology(models.Model):
    """A confirmed or overriding translation of a game term (the checker derives the others from the
    documents): the row in the reference language names the term, each other row its translation."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="terminology", verbose_name=_("game"))
    concept = models.SlugField(_("concept"), max_length=60)
    language = models.CharField(_("language"), max_length=8)
    term = models.CharField(_("term"), max_length=80)
    variants = models.CharField(
        _("other forms"),
        max_length=300,
        blank=True,
        help_text=_("Plural and other forms of the same word, comma-separated."),
    )
    alternatives = models.CharField(
        _("other translations seen"),
        max_length=300,
        blank=True,
        help_text=_(
            "Different words used for the same concept, comma-separated: the checker reports documents that mix them."
        ),
    )

    class Meta:
        ordering = ["game", "concept", "language"]
        constraints = [models.UniqueConstraint(fields=["game", "concept", "language"], name="terminology_once")]
        verbose_name = _("term")
        verbose_name_plural = _("terminology")

    def __str__(self):
        return f"{self.concept} [{self.language}]: {self.term}"

    def families(self):
        """[[the term and its forms], [another translation], ...]."""
        forms = [self.term, *_split(self.variants)]
        return [forms, *([alternative] for alternative in _split(self.alternatives))]


def _split(text):
    return [part.strip() for part in text.split(",") if part.strip()]


class FindingReview(models.Model):
    """A checker finding a person accepted, with why; accepted findings stay quiet on re-import."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="finding_reviews", verbose_name=_("game"))
    key = models.CharField(_("finding"), max_length=200)
    note = models.TextField(_("note"))
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, verbose_name=_("accepted by")
    )
    accepted_at = models.DateTimeField(_("accepted on"), auto_now=True)

    class Meta:
        ordering = ["game", "key"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="finding_review_once")]
        verbose_name = _("accepted finding")
        verbose_name_plural = _("accepted findings")

    def __str__(self):
        return self.key
