from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from core.text import name_key, shown_text

ORGANISER_PERMISSION = "accounts.organise_events"
ORGANISERS_GROUP = "Organisers"
# The account that stands in for deleted ones where a row must name someone (an event's organiser, who
# acted in an event's log; docs/privacy.md). Its username has a space, which no sign-up or admin form
# accepts, so it is nobody's; it cannot log in.
DEPARTED_USERNAME = "deleted account"


def validate_display_name(value):
    """Control characters (line breaks, tabs, bidi overrides...) could forge lines in logs and pages."""
    shown_text(value)


class User(AbstractUser):
    """A player; organisers additionally hold the `organise_events` permission."""

    display_name = models.CharField(_("display name"), max_length=80, blank=True, validators=[validate_display_name])
    preferred_language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    # Raised by "log out everywhere": every session signed with an older value ends.
    sessions_epoch = models.PositiveIntegerField(default=0, editable=False)
    # The names as readers see them (core.text.name_key), so that no one takes a look-alike of
    # another person's username or display name (accounts.names).
    username_key = models.CharField(max_length=255, db_index=True, editable=False, default="")
    display_name_key = models.CharField(max_length=255, db_index=True, editable=False, default="")

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        permissions = [("organise_events", _("Can organise events"))]

    def __str__(self):
        if self.is_departed:  # shown as an event's organiser, in the reader's language
            return str(_("a deleted account"))
        return self.display_name or self.username

    def save(self, *args, **kwargs):
        self.username_key = name_key(self.username)
        self.display_name_key = name_key(self.display_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"username", "display_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "username_key", "display_name_key"}
        super().save(*args, **kwargs)

    @property
    def is_departed(self):
        """The stand-in for deleted accounts (DEPARTED_USERNAME)."""
        return self.username == DEPARTED_USERNAME

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


class LoginFailures(models.Model):
    """Failed logins of one account or address in one window, counted here while the cache is down
    (accounts.limits). Rows of ended windows are deleted as new ones are written."""

    scope = models.CharField(max_length=20)
    key = models.CharField(max_length=64)  # a SHA-256 of the normalised username, e-mail or address
    count = models.PositiveIntegerField(default=0)
    window_ends = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "key"], name="login_failures_once_per_key")]

    def __str__(self):
        return f"{self.scope}: {self.count}"
