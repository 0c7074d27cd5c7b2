"""The judge's clash calculator page, for games whose registry entry supports it."""

from django import forms
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import games
from catalogue.models import Card, Game
from core.errors import DomainError
from games.dust_collectorz import STAT_LABELS, STATS
from games.formats import definition_in_force

from .clash import READINGS, RankSlot, StackCard, resolve

# However many cards are stacked (Glossary: Stacking), a stack is one tribe's cards, and a deck holds
# six of a tribe (Deck Composition 1): the page offers six places a side.
STACK_SIZE = 6
SLOT_LABELS = {
    "attacker": [
        gettext_lazy("Attacker: primary card"),
        gettext_lazy("Attacker: second card"),
        gettext_lazy("Attacker: third card"),
        gettext_lazy("Attacker: fourth card"),
        gettext_lazy("Attacker: fifth card"),
        gettext_lazy("Attacker: sixth card"),
    ],
    "defender": [
        gettext_lazy("Defender: primary card"),
        gettext_lazy("Defender: second card"),
        gettext_lazy("Defender: third card"),
        gettext_lazy("Defender: fourth card"),
        gettext_lazy("Defender: fifth card"),
        gettext_lazy("Defender: sixth card"),
    ],
}
READING_CHOICES = [
    ("card", gettext_lazy("Our reading: ±1 on each defending card, before halving")),
    ("total", gettext_lazy("The other reading: ±1 once, on the defending stack's total")),
    ("both", gettext_lazy("Show both readings")),
]


class ClashForm(forms.Form):
    stat = forms.ChoiceField(label=gettext_lazy("Declared stat"), choices=list(STAT_LABELS.items()))
    reading = forms.ChoiceField(
        label=gettext_lazy("Tribe modifier (Gameplay 6)"), choices=READING_CHOICES, initial="card", required=False
    )

    def __init__(self, *args, champions, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        choices = [("", "—")] + [(c.pk, f"{c.name} · {c.tribe.name} · {c.get_rank_display()}") for c in champions]
        for side, labels in SLOT_LABELS.items():
            for slot, label in enumerate(labels[:STACK_SIZE]):
                self.fields[f"{side}_{slot}"] = forms.TypedChoiceField(
                    label=label, choices=choices, coerce=int, empty_value=None, required=slot == 0
                )

    def stack(self, side, cards, stat):
        chosen = [self.cleaned_data[f"{side}_{slot}"] for slot in range(STACK_SIZE)]
        return [
            StackCard(cards[pk].name, cards[pk].tribe.name, getattr(cards[pk], stat), cards[pk].rank, pk)
            for pk in chosen
            if pk
        ]

    def readings(self):
        chosen = self.cleaned_data.get("reading") or "card"
        return list(READINGS) if chosen == "both" else [chosen]


def clash_calculator(request, slug):
    game = get_object_or_404(Game, slug=slug)
    if not game.definition.supports_clash:
        raise Http404(_("This game has no clash calculator."))
    champions = list(
        Card.objects.filter(card_set__game=game, tribe__isnull=False)
        .select_related("tribe")
        .order_by("tribe__position", "name")
    )
    form = ClashForm(request.GET or None, champions=champions)
    results, error = [], None
    if form.is_valid():
        cards = {card.pk: card for card in champions}
        stat = form.cleaned_data["stat"]
        beats = _beats(game)
        try:
            attacking, defending = form.stack("attacker", cards, stat), form.stack("defender", cards, stat)
            slots = deck_slots(game)
            results = [resolve(attacking, defending, beats, reading, slots) for reading in form.readings()]
        except DomainError as problem:
            error = problem.message
    context = {"game": game, "form": form, "results": results, "error": error, "stats": STATS}
    return render(request, "rules/clash.html", context)


def deck_slots(game):
    """What a deck holds of one tribe, by rank, from the format in force (Deck Composition 2)."""
    labels = games.ranks()
    for slug in game.definition.formats:
        definition = definition_in_force(slug, timezone.localdate()) or {}
        for rule in definition.get("constraints", []):
            if rule.get("kind") == "composition" and rule.get("group_by") == "tribe":
                return [
                    RankSlot(
                        tuple(slot["values"]),
                        slot["count"],
                        _(" or ").join(str(labels.get(value, value)) for value in slot["values"]),
                    )
                    for slot in rule.get("slots", [])
                ]
    return []


def _beats(game):
    """{tribe: the tribe it beats}: each tribe beats the next one on the wheel."""
    names = [tribe.name for tribe in game.wheel()]
    return {name: names[(index + 1) % len(names)] for index, name in enumerate(names)}
