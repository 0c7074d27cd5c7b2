"""Writes on accounts: role changes are atomic and logged."""

import logging

from django.contrib.auth.models import Group, Permission
from django.db import transaction

from .models import ORGANISERS_GROUP

logger = logging.getLogger(__name__)


def organisers_group():
    group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    permission = Permission.objects.get(codename="organise_events", content_type__app_label="accounts")
    group.permissions.add(permission)
    return group


@transaction.atomic
def set_organiser(user, granted, actor=None):
    group = organisers_group()
    if granted:
        user.groups.add(group)
    else:
        user.groups.remove(group)
    logger.info("organiser role %s for %s by %s", "granted" if granted else "revoked", user.username, actor or "system")


def set_preferred_language(user, language):
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
