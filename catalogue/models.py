from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import games
from games.cards import number_sort_key, search_key


def rules_search_text(ability, text):
    """What the rules-text search looks in: "Élan d’acier" is found by "elan d'acier"."""
    return search_key(f"{ability}\n{text}")


class Game(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=120)
    schema = models.CharField(
        _("card schema"),
        max_length=32,
        choices=games.card_schema_choices,
        default="generic",
        help_text=_("Which game-specific card fields are validated on import."),
    )
    has_decks = models.BooleanField(_("uses deck building"), default=True)
    description = models.TextField(_("description"), blank=True)
    is_sample = models.BooleanField(_("sample data"), default=False)
    # Bumped by every import, so in-process card indexes know when to reload.
    catalogue_version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("catalogue:game", args=[self.slug])

    @property
    def definition(self):
        """What the game registry knows of this game (scoring, formats, quick reference...)."""
        return games.of(self)

    @property
    def card_schema(self):
        schemas = games.card_schemas()
        return schemas.get(self.schema, schemas["generic"])

    def wheel(self):
        """Tribes in wheel order: each tribe beats the next one."""
        tribes = {tribe.pk: tribe for tribe in self.tribes.all()}
        if not tribes:
            return []
        start = min(tribes.values(), key=lambda tribe: tribe.position)
        ordered, current = [], start
        while current is not None and current not in ordered:
            ordered.append(current)
            current = tribes.get(current.beats_id)
        return ordered


class Tribe(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="tribes", verbose_name=_("game"))
    name = models.CharField(_("name"), max_length=60)
    position = models.PositiveSmallIntegerField(_("position on the wheel"), default=0)
    beats = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="beaten_by",
        verbose_name=_("beats"),
    )

    class Meta:
        ordering = ["game", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "name"], name="tribe_unique_name_per_game")]
        verbose_name = _("tribe")
        verbose_name_plural = _("tribes")

    def __str__(self):
        return self.name


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets", verbose_name=_("game"))
    code = models.CharField(_("code"), max_length=16)
    name = models.CharField(_("name"), max_length=120)
    released_on = models.DateField(_("release date"))

    class Meta:
        ordering = ["game", "released_on", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="set_unique_code_per_game")]
        verbose_name = _("card set")
        verbose_name_plural = _("card sets")

    def __str__(self):
        return f"{self.name} ({self.code})"


class Card(models.Model):
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="cards", verbose_name=_("set"))
    number = models.CharField(_("number"), max_length=16)
    # The number as it sorts ("2" before "10") on every database: the catalogue's sorts read it.
    number_key = models.CharField(max_length=160, default="", editable=False)
    name = models.CharField(_("name"), max_length=160)
    search_name = models.CharField(max_length=160, db_index=True, editable=False)
    type = models.CharField(_("type"), max_length=32)
    tribe = models.ForeignKey(
        Tribe, on_delete=models.PROTECT, null=True, blank=True, related_name="cards", verbose_name=_("tribe")
    )
    rank = models.CharField(_("rank"), max_length=16, choices=games.rank_choices, blank=True)
    ability = models.CharField(_("ability"), max_length=120, blank=True)
    power = models.PositiveSmallIntegerField(_("power"), null=True, blank=True)
    speed = models.PositiveSmallIntegerField(_("speed"), null=True, blank=True)
    health = models.PositiveSmallIntegerField(_("health"), null=True, blank=True)
    cunning = models.PositiveSmallIntegerField(_("cunning"), null=True, blank=True)
    text = models.TextField(_("text"), blank=True)
    attributes = models.JSONField(_("attributes"), default=dict, blank=True)
    # The ability and rules text folded as names are (case, accents, ’): the rules-text search.
    search_text = models.TextField(default="", blank=True, editable=False)

    class Meta:
        ordering = ["card_set", "number_key", "pk"]
        constraints = [models.UniqueConstraint(fields=["card_set", "number"], name="card_unique_number_per_set")]
        indexes = [models.Index(fields=["rank"]), models.Index(fields=["type"])]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.search_name = search_key(self.name)
        self.number_key = number_sort_key(self.number)
        self.search_text = rules_search_text(self.ability, self.text)
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("catalogue:card", args=[self.card_set.game.slug, self.card_set.code, self.number])

    @property
    def type_label(self):
        return games.card_type_label(self.type)

    @property
    def stats(self):
        """The stat columns the registry's games fill, where this card has a value."""
        values = {stat: getattr(self, stat) for stat in games.stat_fields()}
        return {key: value for key, value in values.items() if value is not None}
