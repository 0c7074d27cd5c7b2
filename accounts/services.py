"""Writes on accounts: role changes, languages, sign-outs and deletion are atomic and logged."""

import logging

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.db.models import F
from django.db.models.deletion import ProtectedError
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.models import Token

from core.errors import DomainError, define_messages
from core.text import username_key

from . import limits, personal_data
from .models import DEPARTED_USERNAME, ORGANISERS_GROUP, User

logger = logging.getLogger(__name__)

define_messages(
    {
        "account.wrong_password": _("That is not your current password. Nothing was deleted."),
        "account.still_needed": _(
            "Your account cannot be deleted yet: events that are not finished still need it (%(events)s). "
            "Finish or cancel the events you organise (an event nobody has entered yet can also be deleted); "
            "drop out of the events you play in, or wait until they finish. Nothing was deleted."
        ),
        "account.changed_meanwhile": _(
            "Your account changed while it was being deleted (a new entry in an event?). Nothing was deleted: "
            "look again and try once more."
        ),
    }
)


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


def departed_account():
    """The stand-in for deleted accounts (models.DEPARTED_USERNAME), made when first needed: it cannot
    log in, and no form accepts its username."""
    user, created = User.objects.get_or_create(username=DEPARTED_USERNAME, defaults={"is_active": False})
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def refuse_while_needed(user):
    """A DomainError (409) naming every unfinished event that still needs the account, if any."""
    needed = personal_data.blockers(user)
    if needed:
        names = [blocker.name for blocker in needed]
        events = [blocker.as_dict() for blocker in needed]
        raise DomainError("account.still_needed", status=409, events=names, details={"events": events})


@transaction.atomic
def delete_account(user, password):
    """Delete the account (the page and `DELETE /api/v1/me/` both come here), after its current
    password and only while no unfinished event needs it. Each app first does what its rows need
    (accounts.personal_data.Holder.release): what other players rely on stays, detached or under the
    placeholder account; the rest goes. Sessions end with the account row; the username is free again."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if not user.check_password(password or ""):
        raise DomainError("account.wrong_password", "password", status=403)
    refuse_while_needed(user)
    placeholder = departed_account()
    for holder in personal_data.holders():
        if holder.release is not None:
            holder.release(user, placeholder)
    user_id = user.pk
    try:
        user.delete()
    except ProtectedError:  # a row that needs the account appeared meanwhile: all of it is undone
        raise DomainError("account.changed_meanwhile", status=409) from None
    logger.info("account %s deleted by its owner", user_id)


def release_own_rows(user, placeholder):
    """accounts' own part of a deletion: the API token is revoked (and logged) and the failed logins
    counted against the username are forgotten, so whoever takes the name next starts afresh."""
    revoke_tokens(user)
    limits.clear("login_account", username_key(user.username))
