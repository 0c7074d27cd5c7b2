"""What becomes of a deleted account's decks, collections and bulk checks (accounts.services.delete_account,
docs/privacy.md)."""

import logging

from ..models import BulkValidation, Collection, Deck, DeckVersion, Visibility, new_share_token

logger = logging.getLogger(__name__)


def release_account(user, placeholder):
    """A deck registered in an event is the event's record of what was played (its published lists,
    its deck checks; an entry's deck cannot go, see delete_deck): it stays, with the versions entries
    hold, under the placeholder account, private, without its description, and with a new share key,
    so its old link opens nothing. Everything else the account owned goes. The caller holds the
    transaction."""
    owned = list(Deck.objects.select_for_update().filter(owner=user).values_list("pk", flat=True))
    registered = set(
        DeckVersion.objects.filter(deck_id__in=owned, entries__isnull=False).values_list("deck_id", flat=True)
    )
    DeckVersion.objects.filter(deck_id__in=registered, entries__isnull=True).delete()
    for deck in Deck.objects.filter(pk__in=registered):
        deck.owner, deck.visibility, deck.description = placeholder, Visibility.PRIVATE, ""
        deck.share_token = new_share_token()
        deck.save(update_fields=["owner", "visibility", "description", "share_token"])
    Deck.objects.filter(owner=user).delete()
    Collection.objects.filter(owner=user).delete()
    BulkValidation.objects.filter(owner=user).delete()
    logger.info(
        "account %s: %s registered decks kept for their events, %s decks and their collections deleted",
        user.pk,
        len(registered),
        len(owned) - len(registered),
    )
