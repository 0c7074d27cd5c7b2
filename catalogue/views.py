from django.core.paginator import Paginator
from django.db.models import Count
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

import games
from games.card_standing import BANNED, NOT_ALLOWED, NOT_YET, RESTRICTED, card_standing
from games.formats import definition_in_force

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
    data = request.GET.copy()
    data.pop("game", None)  # the page's own game is the filter: no field for it on this page
    form = CardFilterForm(data or None)
    filters = form.cleaned_data if form.is_valid() else {}
    cards = search_cards({**filters, "game": game.slug})
    page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    schema = game.card_schema
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "game": game,
        "form": form,
        "page": page,
        "column_labels": [schema.attribute_label(key) for key in schema.deck_columns],
        "rows": [
            (card, [schema.value_label(key, card.attributes.get(key)) for key in schema.deck_columns]) for card in page
        ],
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
            .select_related("card_set__game", "tribe")  # each link names the card’s game
        )
    context = {
        "card": card,
        "shared_ability": shared_ability,
        # Quoted in the page's language, the ability itself stays English: screen readers say so.
        "ability_quote": format_html('<span lang="en">{}</span>', card.ability),
        "attributes": card.card_set.game.card_schema.attribute_rows(card.attributes),
        "standings": format_standings(card),
    }
    return render(request, "catalogue/card_detail.html", context)


def format_standings(card):
    """[(format name, status text)] for each format of the card's game, as of today."""
    today = timezone.localdate()
    rows = []
    eligible_from = _first_released(card)
    for slug in card.card_set.game.definition.formats:
        definition = definition_in_force(slug, today)
        if definition:
            standing = card_standing(definition, card.name, card.type, card.attributes, today, eligible_from)
            rows.append((definition["name"], standing.status, _standing_text(standing)))
    return rows


def _first_released(card):
    """The release of the title's first printing, read as deck checks read a title: every printing
    of the name where the game reads them as one text, else only those printed with the same rules."""
    rules = ("type", "tribe_id", "rank", "ability", "text", "attributes")
    printings = Card.objects.filter(card_set__game=card.card_set.game, search_name=card.search_name)
    if not card.card_set.game.definition.printings.shares_text(card.type):
        own = tuple(getattr(card, field) for field in rules)
        dates = [row[-1] for row in printings.values_list(*rules, "card_set__released_on") if tuple(row[:-1]) == own]
    else:
        dates = list(printings.values_list("card_set__released_on", flat=True))
    return min(dates, default=card.card_set.released_on)


def _standing_text(standing):
    since = date_format(standing.since, "DATE_FORMAT") if standing.since else None
    if standing.status == BANNED:
        return _("Banned since %(date)s") % {"date": since} if since else _("Banned")
    if standing.status == RESTRICTED:
        limit = standing.limit or 1
        if since:
            return ngettext(
                "Restricted to %(limit)s copy since %(date)s", "Restricted to %(limit)s copies since %(date)s", limit
            ) % {"limit": limit, "date": since}
        return ngettext("Restricted to %(limit)s copy", "Restricted to %(limit)s copies", limit) % {"limit": limit}
    if standing.status == NOT_ALLOWED:
        return pgettext("card standing", "Not allowed")  # not the 403 page's "Not allowed"
    if standing.status == NOT_YET:
        return _("Legal from %(date)s") % {"date": since}
    return pgettext("card standing", "Legal")
