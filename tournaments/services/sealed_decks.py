"""A sealed deck built from the pool: the player on their phone, or staff at the desk for them, pick
copies of the pool's cards; the picks are checked against the pool here and the deck is registered
by the one writer of registrations (services.decklists). Nothing changes on a refusal."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from catalogue.models import Card
from core.errors import DomainError, define_messages

from ..models import Entrant, SealedPool
from .common import NOT_CANCELLED, locked, require_status
from .decklists import builds_own_deck, register_built_cards

define_messages(
    {
        "sealed.picks_empty": _("Pick the deck's cards from the pool first: nothing was registered."),
        "sealed.picks_quantity": _("Copies are whole numbers from 0 up: nothing was registered."),
        "sealed.pick_not_in_pool": _(
            "%(card)s is not in the registered pool: only the pool's cards can be picked. Nothing was registered."
        ),
        "sealed.pick_over_pool": _(
            "%(card)s: %(picked)s copies picked, but the pool holds %(held)s. Nothing was registered."
        ),
    }
)


def pool_copies(entrant):
    """{card id: copies} of the entry's registered pool; refused when there is none."""
    pool = SealedPool.objects.filter(entrant=entrant).first()
    if pool is None:
        raise DomainError("sealed.no_pool", "deck")
    return {int(card): qty for card, qty in pool.cards.items()}


def check_picks(picks, held):
    """The picks ({card id: copies}) without zeros, or a refusal naming the first card the pool
    does not hold, or holds fewer copies of."""
    chosen = {}
    for card, qty in picks.items():
        if not isinstance(qty, int) or isinstance(qty, bool) or qty < 0:
            raise DomainError("sealed.picks_quantity", "cards")
        if qty:
            chosen[card] = qty
    if not chosen:
        raise DomainError("sealed.picks_empty", "cards")
    names = dict(
        Card.objects.filter(pk__in=[card for card in chosen if isinstance(card, int)]).values_list("pk", "name")
    )
    for card, qty in sorted(chosen.items(), key=lambda item: names.get(item[0], "").casefold()):
        if held.get(card, 0) == 0:
            raise DomainError("sealed.pick_not_in_pool", "cards", card=names.get(card, f"#{card}"))
        if qty > held[card]:
            raise DomainError("sealed.pick_over_pool", "cards", card=names[card], picked=qty, held=held[card])
    return chosen


@transaction.atomic
def register_pool_deck(entrant, actor, picks):
    """Register the deck picked from the entry's pool: only the pool's cards, no more copies than it
    holds; then the usual registration (deadline, freeze, legality) by services.decklists."""
    event = locked(entrant.event)
    if not event.is_sealed:
        raise DomainError("sealed.not_sealed", status=409)
    entrant = Entrant.objects.select_related("deck__deck").get(pk=entrant.pk)
    builds_own_deck(event, entrant, actor)
    require_status(event, *NOT_CANCELLED)  # the reason, whatever the picks: nothing is registered until it reopens
    chosen = check_picks(picks, pool_copies(entrant))
    return register_built_cards(event, entrant, actor, chosen)
