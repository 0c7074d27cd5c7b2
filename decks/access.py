"""The one place that decides who may see which deck or collection: others get 404.

Numeric ids count 1, 2, 3, so they open only what is public, or what is the visitor's own.
An unlisted deck or collection is reached by its random share key (`share_token`) alone;
the owner can change that key, which makes the old link dead.
"""

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from .models import Collection, CollectionVisibility, Deck, Visibility, restore_cutoff


def _mine(user):
    return Q(owner=user) if user.is_authenticated else Q(pk__in=[])


# A deleted deck (in its owner's "Recently deleted") answers 404 to everyone on every route, as if
# it were gone; only restorable_deck finds it.
_LIVE = Q(deleted_at__isnull=True)


# Other apps may hold a deck back from everyone but its owner for a while: an event keeps a
# registered decklist private until it publishes it. Each hook takes the viewer and returns the
# ids (a queryset or a list) of the decks hidden from them; tournaments registers one at start-up.
_EMBARGOES = []


def register_embargo(hook):
    _EMBARGOES.append(hook)
    return hook


def _shown_to_others(user):
    """Public or unlisted decks a non-owner may open: none under an embargo for this viewer."""
    shown = ~Q(visibility=Visibility.PRIVATE)
    for hook in _EMBARGOES:
        shown &= ~Q(pk__in=hook(user))
    return shown


def collection_for(user, collection_id):
    """A collection of this user's own; anyone else's is 'not found'."""
    collection = Collection.objects.filter(_mine(user), pk=collection_id).first()
    if collection is None:
        raise Http404(_("No such collection."))
    return collection


def shared_collection(token):
    """A collection by its share key, while its owner keeps it unlisted."""
    collection = (
        Collection.objects.select_related("owner")
        .filter(share_token=token, visibility=CollectionVisibility.UNLISTED)
        .first()
    )
    if collection is None:
        raise Http404(_("No such collection."))
    return collection


def deck_for_owner(user, deck_id):
    """A deck its owner may change."""
    deck = Deck.objects.select_related("game", "owner").filter(_LIVE & _mine(user), pk=deck_id).first()
    if deck is None:
        raise Http404(_("No such deck."))
    return deck


def restorable_deck(user, deck_id):
    """A deck of this user's own they may restore: deleted less than RESTORE_DAYS ago, or not deleted
    (restoring twice changes nothing). Anyone else's is 'not found', deleted or not."""
    restorable = Q(deleted_at__isnull=True) | Q(deleted_at__gte=restore_cutoff())
    deck = Deck.objects.select_related("game", "owner").filter(_mine(user) & restorable, pk=deck_id).first()
    if deck is None:
        raise Http404(_("No such deck."))
    return deck


def recently_deleted(user):
    """The user's decks deleted less than RESTORE_DAYS ago, last deleted first: what they may restore."""
    deleted = Q(deleted_at__gte=restore_cutoff())
    return Deck.objects.filter(_mine(user) & deleted).select_related("game").order_by("-deleted_at", "-pk")


def deck_for_viewer(user, deck_id):
    """A deck by its id: the visitor's own, or a public one. Unlisted decks are reached by
    their share key only (`shared_deck`), so trying ids finds nothing."""
    deck = (
        Deck.objects.select_related("game", "owner")
        .filter(_LIVE & (_mine(user) | (Q(visibility=Visibility.PUBLIC) & _shown_to_others(user))), pk=deck_id)
        .first()
    )
    if deck is None:
        raise Http404(_("No such deck."))
    return deck


def shared_deck(token, user=None):
    """A deck by its share key, unless its owner made it private (or an event holds it back)."""
    viewer = user if user is not None else AnonymousUser()
    deck = (
        Deck.objects.select_related("game", "owner")
        .filter(_LIVE & Q(share_token=token) & (_mine(viewer) | _shown_to_others(viewer)))
        .first()
    )
    if deck is None:
        raise Http404(_("No such deck."))
    return deck


def deck_by_reference(user, pk=None, token=None):
    """The deck a page's URL names, by id or by share key."""
    return shared_deck(token, user) if token is not None else deck_for_viewer(user, pk)


def is_owner(user, thing):
    return user.is_authenticated and thing.owner_id == user.pk


def listed_decks(user):
    """Decks shown in lists: your own and public ones (unlisted decks only by link)."""
    shown = Q(visibility=Visibility.PUBLIC) & _shown_to_others(user)
    return Deck.objects.filter(_LIVE & (_mine(user) | shown)).select_related("game", "owner")
