"""One card search, shared by the catalogue pages and the API."""

from django import forms
from django.db.models import Case, F, IntegerField, Value, When
from django.utils.translation import gettext_lazy as _

import games
from games.cards import search_key

from .models import Card, Game

# Every sort ends on the set, the number (naturally: "2" before "10", Card.number_key) and the pk,
# so reprints and equal stats keep their place from one page to the next.
SET_AND_NUMBER = ("card_set__released_on", "card_set__code", "number_key", "pk")
SORTS = {
    "name": ("search_name", *SET_AND_NUMBER),
    "number": SET_AND_NUMBER,
    "rank": ("rank_order", "search_name", *SET_AND_NUMBER),
    # Highest first; cards without stats (counters) last on every database.
    **{
        stat: (F(stat).desc(nulls_last=True), "search_name", *SET_AND_NUMBER)
        for stat in ("power", "speed", "health", "cunning")
    },
}


class CardFilterForm(forms.Form):
    game = forms.SlugField(required=False, label=_("Game"))
    set = forms.CharField(required=False, max_length=16, label=_("Set"))
    tribe = forms.CharField(required=False, max_length=60, label=_("Tribe"))
    rank = forms.ChoiceField(required=False, choices=[("", _("Any rank")), *games.ranks().items()], label=_("Rank"))
    type = forms.CharField(required=False, max_length=32, label=_("Type"))
    number = forms.CharField(required=False, max_length=16, label=_("Number"))
    q = forms.CharField(required=False, max_length=100, label=_("Name"))
    text = forms.CharField(required=False, max_length=100, label=_("Rules text"))
    sort = forms.ChoiceField(
        required=False,
        label=_("Sort by"),
        choices=[
            ("name", _("Name")),
            ("number", _("Set and number")),
            ("rank", _("Rank")),
            ("power", _("Power")),
            ("speed", _("Speed")),
            ("health", _("Health")),
            ("cunning", _("Cunning")),
        ],
    )

    def clean_game(self):
        slug = self.cleaned_data["game"]
        if slug and not Game.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("Unknown game “%(game)s”."), params={"game": slug})
        return slug


def search_cards(filters):
    """Cards matching cleaned CardFilterForm data."""
    cards = Card.objects.select_related("card_set__game", "tribe")
    if filters.get("game"):
        cards = cards.filter(card_set__game__slug=filters["game"])
    if filters.get("set"):
        cards = cards.filter(card_set__code__iexact=filters["set"])
    if filters.get("tribe"):
        cards = cards.filter(tribe__name__iexact=filters["tribe"])
    if filters.get("rank"):
        cards = cards.filter(rank=filters["rank"])
    if filters.get("type"):
        cards = cards.filter(type=filters["type"].lower())
    if filters.get("number"):
        cards = cards.filter(number__iexact=filters["number"].strip())
    if filters.get("q"):
        cards = cards.filter(search_name__contains=search_key(filters["q"]))
    if filters.get("text"):
        for word in search_key(filters["text"]).split():  # folded as the names are: case, accents, ’
            cards = cards.filter(search_text__contains=word)
    rank_order = Case(
        *[When(rank=rank, then=Value(i)) for i, rank in enumerate(games.ranks())],
        default=Value(99),
        output_field=IntegerField(),
    )
    cards = cards.annotate(rank_order=rank_order)
    return cards.order_by(*SORTS[filters.get("sort") or "name"])
