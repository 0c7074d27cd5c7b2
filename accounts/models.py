import unicodedata

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

ORGANISER_PERMISSION = "accounts.organise_events"
ORGANISERS_GROUP = "Organisers"


def validate_display_name(value):
    """Control characters (line breaks, tabs, bidi overrides...) could forge lines in logs and pages."""
    if any(unicodedata.category(char) in ("Cc", "Cf") for char in value):
        raise ValidationError(_("A display name cannot contain control characters."), code="control_characters")


class User(AbstractUser):
    """A player; organisers additionally hold the `organise_events` permission."""

    display_name = models.CharField(_("display name"), max_length=80, blank=True, validators=[validate_display_name])
    preferred_language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    # Raised by "log out everywhere": every session signed with an older value ends.
    sessions_epoch = models.PositiveIntegerField(default=0, editable=False)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        permissions = [("organise_events", _("Can organise events"))]

    def __str__(self):
        return self.display_name or self.username

    @property
    def is_organiser(self):
        return self.has_perm(ORGANISER_PERMISSION)

    def get_session_auth_hash(self):
        return self._sessions_hash(settings.SECRET_KEY)

    def get_session_auth_fallback_hash(self):
        for secret in settings.SECRET_KEY_FALLBACKS:
            yield self._sessions_hash(secret)

    def _sessions_hash(self, secret):
        """Sessions end when the password or the sessions epoch changes."""
        value = f"{self.password}:{self.sessions_epoch}"
        return salted_hmac("accounts.User.sessions", value, secret=secret, algorithm="sha256").hexdigest()
