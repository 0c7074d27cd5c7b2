"""Share links: the owner of a deck or collection can give it a new random key, so the old
link (passed on further than meant) stops working at once."""

import logging

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..models import new_share_token

logger = logging.getLogger(__name__)

define_messages(
    {
        "sharing.private": _(
            "“%(name)s” is private: its link would open nothing for anyone else. Make it unlisted first, "
            "then share its link."
        )
    }
)


@transaction.atomic
def regenerate_share_link(thing):
    """A new share key for a Deck or Collection row; the old key opens nothing any more. A private
    one has no link to give: it would lead anyone else to "not found" (409)."""
    locked = type(thing).objects.select_for_update().get(pk=thing.pk)
    if locked.visibility == "private":
        raise DomainError("sharing.private", "visibility", status=409, name=locked.name)
    thing.share_token = new_share_token()
    thing.save(update_fields=["share_token", "updated_at"])
    logger.info("%s %s: share link replaced", type(thing).__name__.lower(), thing.pk)
    return thing
