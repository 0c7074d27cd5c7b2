"""What the site holds about a person, app by app: the copy they may download and what becomes of it
when they delete their account (docs/privacy.md).

Each app that keeps rows about an account registers a `Holder` at start-up (its AppConfig.ready): the
sections it adds to the download, what it still needs the account for (an event not finished) and
what it does with the account's rows before the account goes. accounts sits below the apps that
keep such rows (docs/architecture.md), so it imports none of them: they come to it."""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils import timezone
from rest_framework.authtoken.models import Token


@dataclass(frozen=True)
class Holder:
    app: str
    # user -> {section: plain JSON data}: what this app holds about the user, theirs to read
    export: Callable | None = None
    # user -> [Blocker]: what the account is still needed for; the deletion waits until there is none
    blockers: Callable | None = None
    # (user, placeholder) -> None, inside the deletion's transaction, before the account row goes:
    # rows that others rely on are kept (detached, or handed to the placeholder), the rest deleted
    release: Callable | None = None


@dataclass(frozen=True)
class Blocker:
    """An event the account is still needed for: one it organises, or plays in, not finished yet."""

    role: str  # "organiser" or "player"
    event_id: int
    name: str
    url: str
    status: str  # the event's status, in the reader's language
    state: str  # the same, as a code ("registration", "swiss", "top_cut")

    def as_dict(self):
        return {
            "id": self.event_id,
            "name": self.name,
            "url": self.url,
            "role": self.role,
            "status": self.status,
            "state": self.state,
        }


_HOLDERS = {}


def register(holder):
    """One holder per app; registering again (a second `ready`) replaces it."""
    _HOLDERS[holder.app] = holder
    return holder


def holders():
    return list(_HOLDERS.values())


def when(moment):
    """A date or time as the download writes it (ISO 8601, or null): the file and the API give the
    very same text, whatever JSON encoder renders it."""
    return moment.isoformat() if moment is not None else None


FORMAT = "card-events/personal-data/1"


def document(user):
    """Everything the site holds about `user`, as one JSON document (its sections named by the apps)."""
    data = {"format": FORMAT, "exported_at": when(timezone.now())}
    for holder in holders():
        if holder.export is not None:
            data.update(holder.export(user))
    return data


def blockers(user):
    return [blocker for holder in holders() if holder.blockers is not None for blocker in holder.blockers(user)]


def account_section(user):
    """accounts' own section: the profile (never the password's hash) and whether an API token exists
    (never the token itself: the file may travel further than the account)."""
    token = Token.objects.filter(user=user).first()
    return {
        "account": {
            "username": user.username,
            "display_name": user.display_name,
            "email": user.email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "preferred_language": user.preferred_language,
            "date_joined": when(user.date_joined),
            "last_login": when(user.last_login),
            "is_organiser": user.is_organiser,
            "groups": sorted(user.groups.values_list("name", flat=True)),
            "api_token": {"created_at": when(token.created)} if token else None,
        }
    }
