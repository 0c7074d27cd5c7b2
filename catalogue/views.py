from django.core.paginator import Paginator
from django.db.models import Count
from django.shortcuts import get_object_or_404, render

import games

from .filters import CardFilterForm, search_cards
from .models import Card, Game

CARDS_PER_PAGE = 48


def home(request):
    games = Game.objects.annotate(card_count=Count("sets__cards"))
    return render(request, "home.html", {"games": games})


def game_list(request):
    games = Game.objects.annotate(card_count=Count("sets__cards"), set_count=Count("sets", distinct=True))
    return render(request, "catalogue/game_list.html", {"games": games})


def game_detail(request, slug):
    game = get_object_or_404(Game, slug=slug)
    form = CardFilterForm(request.GET or None)
    filters = form.cleaned_data if form.is_valid() else {}
    cards = search_cards({**filters, "game": game.slug})
    page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "game": game,
        "form": form,
        "page": page,
        "query": query.urlencode(),
        "sets": game.sets.all(),
        "wheel": game.wheel(),
        "ranks": game.card_schema.ranks.items(),
        "types": [(value, games.card_type_label(value)) for value in _card_types(game)],
    }
    return render(request, "catalogue/game_detail.html", context)


def _card_types(game):
    return Card.objects.filter(card_set__game=game).values_list("type", flat=True).distinct().order_by("type")


def card_detail(request, slug, set_code, number):
    card = get_object_or_404(
        Card.objects.select_related("card_set__game", "tribe__beats", "tribe__beaten_by"),
        card_set__game__slug=slug,
        card_set__code=set_code,
        number=number,
    )
    shared_ability = []
    if card.ability:
        shared_ability = (
            Card.objects.filter(card_set__game=card.card_set.game, ability=card.ability)
            .exclude(pk=card.pk)
            .select_related("card_set", "tribe")
        )
    return render(request, "catalogue/card_detail.html", {"card": card, "shared_ability": shared_ability})
