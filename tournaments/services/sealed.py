"""Sealed events: each player's pool is registered (by the player, a judge or the organiser),
checked against the format's product, frozen when deck building ends; a registered deck must be
buildable from its pool (docs/prerelease.md)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages
from decks.services.decks import deck_content
from decks.services.legality import pool_shortfall, sealed_pool_problems

from ..access import can
from ..models import AuditAction, SealedPool
from .common import locked, log, organiser_only

define_messages(
    {
        "sealed.not_sealed": _("This event is not a sealed event."),
        "sealed.no_format": _("A sealed event needs a format whose product is described."),
        "sealed.who": _("Only the player, a judge or the organiser can register this pool."),
        "sealed.frozen": _("Deck building has ended: pools can no longer change."),
        "sealed.already_frozen": _("The pools are already frozen."),
        "sealed.pool_mismatch": ngettext_lazy(
            "The pool does not match the product (%(count)s problem): %(problems)s",
            "The pool does not match the product (%(count)s problems): %(problems)s",
            "count",
        ),
        "sealed.no_pool": _("Register the sealed pool before the deck."),
        "sealed.not_buildable": ngettext_lazy(
            "The deck cannot be built from the pool (%(count)s card missing): %(problems)s",
            "The deck cannot be built from the pool (%(count)s cards missing): %(problems)s",
            "count",
        ),
    }
)


@transaction.atomic
def register_pool(entrant, actor, text):
    """Read the pool as a decklist, check it against the product and save it; nothing changes on a refusal."""
    event = locked(entrant.event)
    if not event.sealed:
        raise DomainError("sealed.not_sealed")
    if not event.format_slug:
        raise DomainError("sealed.no_format")
    if entrant.user_id != actor.pk and not can(actor, event, "see_decklists"):
        raise DomainError("sealed.who", status=403)
    if event.pools_frozen_at is not None:
        raise DomainError("sealed.frozen", status=409)
    cards = deck_content(text, event.game).cards
    problems = sealed_pool_problems(event.format_slug, cards)
    if problems:
        raise DomainError(
            "sealed.pool_mismatch", "pool", count=len(problems), problems=" ".join(p["message"] for p in problems),
            details={"problems": problems},
        )  # fmt: skip
    pool, _created = SealedPool.objects.update_or_create(
        entrant=entrant, defaults={"cards": {str(card): qty for card, qty in cards.items()}, "registered_by": actor}
    )
    log(event, actor, AuditAction.POOL_REGISTER, entrant=entrant, after={"cards": sum(cards.values())})
    return pool


@transaction.atomic
def freeze_pools(event, actor):
    """Deck building has ended: no pool changes from now on."""
    event = locked(event)
    organiser_only(event, actor)
    if not event.sealed:
        raise DomainError("sealed.not_sealed")
    if event.pools_frozen_at is not None:
        raise DomainError("sealed.already_frozen", status=409)
    event.pools_frozen_at = timezone.now()
    event.save(update_fields=["pools_frozen_at"])
    log(
        event, actor, AuditAction.POOLS_FREEZE, after={"pools": SealedPool.objects.filter(entrant__event=event).count()}
    )
    return event


def check_buildable(event, entrant, deck_cards):
    """At a sealed event a deck needs a registered pool that holds every card it uses."""
    if not event.sealed:
        return
    pool = SealedPool.objects.filter(entrant=entrant).first()
    if pool is None:
        raise DomainError("sealed.no_pool", "deck")
    short = pool_shortfall(event.game, deck_cards, {int(card): qty for card, qty in pool.cards.items()})
    if short:
        raise DomainError(
            "sealed.not_buildable", "deck", count=len(short), problems=" ".join(row["message"] for row in short),
            details={"missing": short},
        )  # fmt: skip
