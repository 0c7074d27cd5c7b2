import datetime
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from catalogue.models import Card, Game
from core.errors import DomainError

from .legality import compile_format
from .variants import CONDITIONS, FINISHES, LANGUAGES, NEAR_MINT, NORMAL, UNSTATED, Variant

SHARE_TOKEN_LENGTH = 32
DESCRIPTION_LENGTH = 4000
RESTORE_DAYS = 30  # a deleted deck can be restored this long, then it is purged


def restore_cutoff(now=None):
    """Decks deleted before this moment can no longer be restored: they are purged."""
    return (now or timezone.now()) - datetime.timedelta(days=RESTORE_DAYS)


def new_share_token():
    """A random, unguessable link key (128 bits, URL-safe): unlisted decks and collections are
    reached by it, never by their numeric id."""
    return secrets.token_urlsafe(16)


class Format(models.Model):
    """One version of a format definition (JSON, see docs/formats.md)."""

    slug = models.SlugField(_("slug"))
    version = models.CharField(_("version"), max_length=40)
    name = models.CharField(_("name"), max_length=120)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="formats", verbose_name=_("game"))
    effective = models.DateField(_("in force from"))
    definition = models.JSONField(_("definition"))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug", "-effective"]
        constraints = [models.UniqueConstraint(fields=["slug", "version"], name="format_unique_version")]
        verbose_name = _("format")
        verbose_name_plural = _("formats")

    def __str__(self):
        return f"{self.name} {self.version}"

    def clean(self):
        try:
            compiled = compile_format(self.definition)
        except DomainError as error:
            raise ValidationError({"definition": error.message}) from None
        if (compiled.slug, compiled.version) != (self.slug, self.version):
            raise ValidationError({"definition": _("The definition's slug and version must match this row.")})
        if compiled.game != self.game.slug:
            raise ValidationError({"definition": _("The definition's game must match this row.")})


class Visibility(models.TextChoices):
    PRIVATE = "private", _("Private")
    UNLISTED = "unlisted", _("Unlisted (anyone with the link)")
    PUBLIC = "public", _("Public")


class CollectionVisibility(models.TextChoices):
    PRIVATE = "private", _("Private")
    UNLISTED = "unlisted", _("Unlisted (anyone with the link can look)")


class Collection(models.Model):
    """Cards a player owns: their binder, or a sealed pool opened at a prerelease."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collections", verbose_name=_("owner")
    )
    name = models.CharField(_("name"), max_length=120)
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=CollectionVisibility, default=CollectionVisibility.PRIVATE
    )
    share_token = models.CharField(
        _("share link key"), max_length=SHARE_TOKEN_LENGTH, unique=True, default=new_share_token, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["owner", "name"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="collection_unique_name_per_owner")]
        verbose_name = _("collection")
        verbose_name_plural = _("collections")

    def __str__(self):
        return self.name

    def owned(self):
        """{card id: copies}, every finish, condition and language counted together."""
        return dict(self.items.values("card_id").annotate(copies=models.Sum("qty")).values_list("card_id", "copies"))

    def holdings(self):
        """{Variant: copies}: one entry per row, what the collection's writes compare."""
        rows = self.items.values_list("card_id", "finish", "condition", "language", "qty")
        return {Variant(card, finish, condition, language): qty for card, finish, condition, language, qty in rows}


class CollectionCard(models.Model):
    """Copies of one card in one finish, condition and language (a variant row), with the player's
    tags. A card may have several rows; legality and "decks I can build" count them together."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="items")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+", verbose_name=_("card"))
    finish = models.CharField(_("finish"), max_length=10, choices=FINISHES.items(), default=NORMAL)
    condition = models.CharField(_("condition"), max_length=20, choices=CONDITIONS.items(), default=NEAR_MINT)
    language = models.CharField(_("language"), max_length=8, choices=LANGUAGES.items(), default=UNSTATED, blank=True)
    tags = models.JSONField(_("tags"), default=list, blank=True)
    qty = models.PositiveIntegerField(_("quantity"))

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["collection", "card", "finish", "condition", "language"], name="collection_card_variant_once"
            ),
            models.CheckConstraint(condition=models.Q(qty__gte=1), name="collection_card_qty_positive"),
        ]

    def __str__(self):
        return f"{self.qty} {self.card}"

    @property
    def variant(self):
        return Variant(self.card_id, self.finish, self.condition, self.language)


class CollectionChange(models.Model):
    """One write of many cards to a collection (an import, emptying it, an undo) with each card's
    count before and after: the collection's history, from which any of them is undone."""

    class Kind(models.TextChoices):
        ADD = "add", _("Import: cards added")
        SET = "set", _("Import: counts set")
        REPLACE = "replace", _("Import: collection replaced")
        CLEAR = "clear", _("Collection emptied")
        UNDO = "undo", _("Undo")
        CARD = "card", _("Card count changed")
        EDIT = "edit", _("Finish, condition or language changed")

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="history")
    kind = models.CharField(_("change"), max_length=10, choices=Kind)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    lines = models.PositiveIntegerField(default=0)
    # [[card id, before, after, finish, condition, language], ...]; rows written before variants
    # have only the first three, meaning the default variant (see Variant).
    counts = models.JSONField(default=list)
    undoes = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    undone_by = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["collection", "-created_at", "-pk"]

    def __str__(self):
        return f"{self.collection} {self.kind} ({len(self.counts)} cards)"

    @property
    def copies_added(self):
        return sum(max(0, count[2] - count[1]) for count in self.counts)

    @property
    def copies_removed(self):
        return sum(max(0, count[1] - count[2]) for count in self.counts)


class Deck(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks", verbose_name=_("owner")
    )
    name = models.CharField(_("name"), max_length=120)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks", verbose_name=_("game"))
    format_slug = models.SlugField(_("format"))
    description = models.TextField(_("description"), max_length=DESCRIPTION_LENGTH, blank=True)
    visibility = models.CharField(_("visibility"), max_length=10, choices=Visibility, default=Visibility.PRIVATE)
    share_token = models.CharField(
        _("share link key"), max_length=SHARE_TOKEN_LENGTH, unique=True, default=new_share_token, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Set by deleting: the deck leaves every page and list, and its owner can restore it for
    # RESTORE_DAYS (decks.services.decks); then it is purged.
    deleted_at = models.DateTimeField(_("deleted"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")

    def __str__(self):
        return self.name

    def latest_version(self):
        return self.versions.order_by("-number").first()


class DeckVersion(models.Model):
    """An immutable snapshot of a deck; a registered deck points at one, and its hash proves it."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    content_hash = models.CharField(_("content hash"), max_length=64, db_index=True)
    declarations = models.JSONField(_("declarations"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deck_version_unique_number")]

    def __str__(self):
        return f"{self.deck} v{self.number}"


class DeckVersionCard(models.Model):
    version = models.ForeignKey(DeckVersion, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    qty = models.PositiveIntegerField(_("quantity"))

    class Meta:
        ordering = ["card__name"]
        constraints = [
            models.UniqueConstraint(fields=["version", "card"], name="deck_version_card_once"),
            models.CheckConstraint(condition=models.Q(qty__gte=1), name="deck_version_card_qty_positive"),
        ]

    def __str__(self):
        return f"{self.qty} {self.card}"


class BulkValidation(models.Model):
    """An organiser's batch of decklists checked in the background (Celery)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bulk_validations")
    format_slug = models.SlugField(_("format"))
    as_of = models.DateField(_("checked as of"))
    language = models.CharField(max_length=8, default="en")
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    items = models.JSONField(default=list)  # [{"name", "text"}]
    results = models.JSONField(default=list)  # [{"name", "legal", "card_count", "codes", "messages"}]
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    heartbeat = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.format_slug} x{self.total} ({self.status})"

    @property
    def percent(self):
        return round(100 * self.done / self.total) if self.total else 100
