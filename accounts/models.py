from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

ORGANISER_PERMISSION = "accounts.organise_events"
ORGANISERS_GROUP = "Organisers"


class User(AbstractUser):
    """A player; organisers additionally hold the `organise_events` permission."""

    display_name = models.CharField(_("display name"), max_length=80, blank=True)
    preferred_language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        permissions = [("organise_events", _("Can organise events"))]

    def __str__(self):
        return self.display_name or self.username

    @property
    def is_organiser(self):
        return self.has_perm(ORGANISER_PERMISSION)
