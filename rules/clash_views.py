"""The judge's clash calculator page, for games whose registry entry supports it."""

from django import forms
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from catalogue.models import Card, Game
from core.errors import DomainError
from games.dust_collectorz import STAT_LABELS, STATS

from .clash import StackCard, resolve

STACK_SIZE = 4


class ClashForm(forms.Form):
    stat = forms.ChoiceField(label=gettext_lazy("Declared stat"), choices=list(STAT_LABELS.items()))

    def __init__(self, *args, champions, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(c.pk, f"{c.name} · {c.tribe.name} · {c.get_rank_display()}") for c in champions]
        for side, label in (("attacker", _("Attacker")), ("defender", _("Defender"))):
            for slot in range(STACK_SIZE):
                name = _("primary card") if slot == 0 else _("stacked card %(number)s") % {"number": slot}
                self.fields[f"{side}_{slot}"] = forms.TypedChoiceField(
                    label=f"{label}: {name}", choices=choices, coerce=int, empty_value=None, required=slot == 0
                )

    def stack(self, side, cards, stat):
        chosen = [self.cleaned_data[f"{side}_{slot}"] for slot in range(STACK_SIZE)]
        return [StackCard(cards[pk].name, cards[pk].tribe.name, getattr(cards[pk], stat)) for pk in chosen if pk]


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
    result, error = None, None
    if form.is_valid():
        cards = {card.pk: card for card in champions}
        stat = form.cleaned_data["stat"]
        beats = _beats(game)
        try:
            result = resolve(form.stack("attacker", cards, stat), form.stack("defender", cards, stat), beats)
        except DomainError as problem:
            error = problem.message
    context = {"game": game, "form": form, "result": result, "error": error, "stats": STATS}
    return render(request, "rules/clash.html", context)


def _beats(game):
    """{tribe: the tribe it beats}: each tribe beats the next one on the wheel."""
    names = [tribe.name for tribe in game.wheel()]
    return {name: names[(index + 1) % len(names)] for index, name in enumerate(names)}
