"""Share links: the owner of a deck or collection can give it a new random key, so the old
link (passed on further than meant) stops working at once."""

import logging

from django.db import transaction

from ..models import new_share_token

logger = logging.getLogger(__name__)


@transaction.atomic
def regenerate_share_link(thing):
    """A new share key for a Deck or Collection row; the old key opens nothing any more."""
    type(thing).objects.select_for_update().get(pk=thing.pk)
    thing.share_token = new_share_token()
    thing.save(update_fields=["share_token", "updated_at"])
    logger.info("%s %s: share link replaced", type(thing).__name__.lower(), thing.pk)
    return thing
