"""Sealed events: each player's pool is registered (by the player, a judge or the organiser),
checked against the format's product, frozen when deck building ends; a registered deck must be
buildable from its pool (docs/prerelease.md). Deck-building seats: a random seat for each player,
drawn from a logged seed so the draw can be replayed, separate from round 1's pairings."""

import random
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages
from decks.services.decks import deck_content
from decks.services.legality import booster_product, pool_shortfall, sealed_pool_problems

from ..access import can
from ..models import AuditAction, Entrant, SealedPool
from ..models.entrants import event_player_labels
from .common import NOT_CANCELLED, locked, log, organiser_only, require_status

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
    if not event.is_sealed:
        raise DomainError("sealed.not_sealed", status=409)
    if not event.format_slug:
        raise DomainError("sealed.no_format")
    if entrant.user_id != actor.pk and not can(actor, event, "see_decklists"):
        raise DomainError("sealed.who", status=403)
    require_status(event, *NOT_CANCELLED)  # a cancelled event takes no pool until it is reopened
    if pool_closed(event, entrant):
        raise DomainError("sealed.frozen", status=409)
    cards = deck_content(text, event.game).cards
    problems = sealed_pool_problems(event.format_slug, cards, boosters=event.sealed_setup.boosters)
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


define_messages(
    {
        "sealed.boosters_no_product": _("This event’s format describes no boosters: there is no count to set."),
        "sealed.boosters_range": _("A kit of this product holds from %(fewest)s to %(most)s boosters."),
        "sealed.boosters_locked": _(
            "The number of boosters is decided while registration is open, before deck building ends."
        ),
    }
)


def check_booster_count(format_slug, boosters):
    """`boosters` (None: the product's default) is a count the format's product allows."""
    if boosters is None:
        return
    product = booster_product(format_slug) if format_slug else None
    if product is None:
        raise DomainError("sealed.boosters_no_product", "boosters")
    if not product.fewest <= boosters <= product.most:
        raise DomainError("sealed.boosters_range", "boosters", fewest=product.fewest, most=product.most)


def check_booster_change(event, boosters):
    """The organiser changes the boosters per player: within the product, while pools may still be
    registered (a registered pool that no longer matches is registered again: `pools_off_count`)."""
    if not event.registration_open or event.sealed_setup.pools_frozen_at is not None:
        raise DomainError("sealed.boosters_locked", "boosters", status=409)
    check_booster_count(event.format_slug, boosters)


def pools_off_count(event):
    """The players whose registered pool does not match the event's boosters (after the count changed)."""
    if not event.format_slug or booster_product(event.format_slug) is None:
        return []
    pools = SealedPool.objects.filter(entrant__event=event).order_by("entrant__name", "pk")
    labels = event_player_labels(event) if pools else {}
    boosters = event.sealed_setup.boosters
    return [
        labels[pool.entrant_id]
        for pool in pools
        if sealed_pool_problems(event.format_slug, _card_ids(pool), boosters=boosters)
    ]


def _card_ids(pool):
    return {int(card): qty for card, qty in pool.cards.items()}


def pool_closed(event, entrant):
    """Once deck building ends, registered pools never change; a late arrival (no pool yet) may
    still register a first one, as a late entrant may register a first decklist (deck_frozen)."""
    if event.sealed_setup.pools_frozen_at is None:
        return False
    return SealedPool.objects.filter(entrant=entrant).exists()


@transaction.atomic
def freeze_pools(event, actor):
    """Deck building has ended: no pool changes from now on."""
    event = locked(event)
    organiser_only(event, actor)
    if not event.is_sealed:
        raise DomainError("sealed.not_sealed", status=409)
    require_status(event, *NOT_CANCELLED)
    if event.sealed_setup.pools_frozen_at is not None:
        raise DomainError("sealed.already_frozen", status=409)
    event.sealed_setup.pools_frozen_at = timezone.now()
    event.sealed_setup.save(update_fields=["pools_frozen_at"])
    log(
        event, actor, AuditAction.POOLS_FREEZE, after={"pools": SealedPool.objects.filter(entrant__event=event).count()}
    )
    return event


def check_buildable(event, entrant, deck_cards):
    """At a sealed event a deck needs a registered pool that holds every card it uses."""
    if not event.is_sealed:
        return
    pool = SealedPool.objects.filter(entrant=entrant).first()
    if pool is None:
        raise DomainError("sealed.no_pool", "deck")
    short = pool_shortfall(event.game, deck_cards, _card_ids(pool))
    if short:
        raise DomainError(
            "sealed.not_buildable", "deck", count=len(short), problems=" ".join(row["message"] for row in short),
            details={"missing": short},
        )  # fmt: skip


define_messages(
    {
        "seats.not_sealed": _("Deck-building seats are for sealed events."),
        "seats.started": _("Round 1 is paired: deck-building seats can no longer be drawn."),
        "seats.drawn": _("Seats are already drawn: confirm to draw them again (every seat changes)."),
        "seats.no_players": _("There is nobody to seat yet."),
        "seats.seed": _("The seed is a whole number."),
    }
)


def seat_order(entrant_ids, seed):
    """Seat 1, 2, 3… for the entrants (ids) in a random order that `seed` fixes: plain Python."""
    shuffled = sorted(entrant_ids)
    random.Random(seed).shuffle(shuffled)  # noqa: S311 - a fair, replayable draw, not a secret
    return {entrant_id: seat for seat, entrant_id in enumerate(shuffled, start=1)}


def seats_drawn(event):
    return event.entrants.filter(build_seat__isnull=False).exists()


@transaction.atomic
def assign_build_seats(event, actor, seed=None, redraw=False):
    """Draw every present player's seat (organiser). Drawing again is a choice (`redraw`) and only
    before round 1; the seed goes into the log so the same draw can be shown again."""
    event = locked(event)
    organiser_only(event, actor)
    if not event.is_sealed:
        raise DomainError("seats.not_sealed", status=409)
    require_status(event, *NOT_CANCELLED)
    if event.rounds.exists():
        raise DomainError("seats.started", status=409)
    if seats_drawn(event) and not redraw:
        raise DomainError("seats.drawn", "redraw", status=409)
    if seed is None or seed == "":
        seed = secrets.randbelow(2**31)
    try:
        seed = int(seed)
    except (TypeError, ValueError):
        raise DomainError("seats.seed", "seed") from None
    present = list(event.entrants.filter(dropped_after__isnull=True).values_list("pk", flat=True))
    if not present:
        raise DomainError("seats.no_players")
    seats = seat_order(present, seed)
    entrants = list(event.entrants.all())
    for entrant in entrants:
        entrant.build_seat = seats.get(entrant.pk)
    Entrant.objects.bulk_update(entrants, ["build_seat"])
    log(event, actor, AuditAction.BUILD_SEATS, after={"seed": seed, "players": len(seats), "redraw": redraw})
    return seats, seed


def seat_late_entrant(event, entrant):
    """Registered after the draw: the lowest seat nobody holds (a removed player's, or the next one).
    Called inside the registering service's transaction, with the event locked."""
    if not event.is_sealed or event.rounds.exists():
        return
    taken = set(event.entrants.exclude(build_seat__isnull=True).values_list("build_seat", flat=True))
    if not taken:
        return  # no draw yet: the draw seats everyone
    seat = next(number for number in range(1, len(taken) + 2) if number not in taken)
    Entrant.objects.filter(pk=entrant.pk).update(build_seat=seat)
    entrant.build_seat = seat


def seat_sheet(event):
    """Rows for the seats page and projector: every seated player by name, with the seat."""
    rows = event.entrants.filter(build_seat__isnull=False, dropped_after__isnull=True).order_by("name", "pk")
    labels = event_player_labels(event)
    return [{"name": labels[pk], "seat": seat} for pk, seat in rows.values_list("pk", "build_seat")]
