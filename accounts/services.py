"""Writes on accounts: role changes, languages and sign-outs are atomic and logged."""

import logging

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.db.models import F
from rest_framework.authtoken.models import Token

from .models import ORGANISERS_GROUP, User

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
    logger.info(
        "organiser role %s for %s by %s",
        "granted" if granted else "revoked",
        user.username,
        actor.username if actor else "system",
    )


def set_preferred_language(user, language):
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])


def revoke_tokens(user):
    deleted, _ = Token.objects.filter(user=user).delete()
    if deleted:
        logger.info("API token of %s revoked", user.username)


@transaction.atomic
def log_out_everywhere(user):
    """End every session (browsers and phones) and revoke the API token."""
    User.objects.filter(pk=user.pk).update(sessions_epoch=F("sessions_epoch") + 1)
    user.refresh_from_db(fields=["sessions_epoch"])
    revoke_tokens(user)
    logger.info("%s logged out everywhere", user.username)
