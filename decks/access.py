"""The one place that decides who may see which deck or collection: others get 404."""

from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from .models import Collection, Deck, Visibility


def collection_for(user, collection_id):
    """A collection of this user's own; anyone else's is 'not found'."""
    if user.is_authenticated:
        collection = Collection.objects.filter(pk=collection_id, owner=user).first()
        if collection is not None:
            return collection
    raise Http404(_("No such collection."))


def deck_for_owner(user, deck_id):
    """A deck its owner may change."""
    if user.is_authenticated:
        deck = Deck.objects.select_related("game", "owner").filter(pk=deck_id, owner=user).first()
        if deck is not None:
            return deck
    raise Http404(_("No such deck."))


def deck_for_viewer(user, deck_id):
    """A deck this user may read: their own, or anyone's public or unlisted deck."""
    deck = Deck.objects.select_related("game", "owner").filter(pk=deck_id).first()
    if deck is not None and (
        deck.visibility != Visibility.PRIVATE or (user.is_authenticated and deck.owner_id == user.pk)
    ):
        return deck
    raise Http404(_("No such deck."))


def listed_decks(user):
    """Decks shown in lists: your own and public ones (unlisted decks only by link)."""
    mine = Q(owner=user) if user.is_authenticated else Q(pk__in=[])
    return Deck.objects.filter(mine | Q(visibility=Visibility.PUBLIC)).select_related("game", "owner")
