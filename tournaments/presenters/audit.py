"""The event log in words. Each noun's presenter module registers how its own actions are described
(`@describes(AuditAction.X)`); describe_audit looks the action up, so there is no list of actions here."""

from django.db.models import Q
from django.utils.translation import gettext as _

from core.numbers import whole_number

from ..models import AuditAction, EventStaff, Seat


def audit_target(entry):
    """The log entry's target in words: an entrant, a table of a round, or a round."""
    if entry.entrant_name:
        return entry.entrant_name
    if entry.action == AuditAction.TOP_CUT_START and (entry.after or {}).get("size"):
        return _("Top %(count)s") % {"count": entry.after["size"]}
    if entry.round_number is not None and entry.table is not None:
        return _("Round %(round)s, table %(table)s") % {"round": entry.round_number, "table": entry.table}
    if entry.round_number is not None:
        return _("Round %(round)s") % {"round": entry.round_number}
    return ""


def audit_actor(entry, roles):
    """Who acted, by username (which nobody can change to look like someone else) and role."""
    if not entry.actor_id:
        return _("System")
    if entry.actor.is_departed:  # no role: a deleted judge's entries are not the deleted organiser's
        return _("a deleted account")
    role = roles.get(entry.actor_id)
    return f"{entry.actor.username} ({role})" if role else entry.actor.username


def audit_roles(event, users=None):
    """{user id: role} of the people who act on an event (of `users` only, when given)."""
    players = event.entrants.exclude(user=None)
    staff = event.staff.all()
    if users is not None:
        players, staff = players.filter(user_id__in=users), staff.filter(user_id__in=users)
    roles = {user: _("player") for user in players.values_list("user_id", flat=True)}
    for user, role in staff.values_list("user_id", "role"):
        roles[user] = EventStaff.Role(role).label
    roles[event.organiser_id] = _("organiser")
    return roles


def describe_audit(entry, names, roles):
    """Who did what, to what, when, in the reader's language."""
    return {
        "when": entry.created_at,
        "who": audit_actor(entry, roles),
        "what": AuditAction(entry.action).label,
        "target": audit_target(entry),
        "details": audit_details(entry, names),
    }


LOG_PAGE = 50


def log_filters(event, query):
    """(round number or None, entrant id or None) from ?round=&player=, ignoring anything unknown."""
    round_text, player_text = query.get("round", ""), query.get("player", "")
    round_number, entrant_id = whole_number(round_text), whole_number(player_text)
    if entrant_id is not None and not event.entrants.filter(pk=entrant_id).exists():
        entrant_id = None
    return round_number, entrant_id


def filtered_audit(event, round_number=None, entrant_id=None):
    """The event's log, newest first, for one round and/or one entrant (their own entries and those of
    the tables they sat at)."""
    entries = event.audit.select_related("actor")
    if round_number is not None:
        entries = entries.filter(round_number=round_number)
    if entrant_id is not None:
        about = Q(entrant_id=entrant_id)
        for number, table in Seat.objects.filter(entrant_id=entrant_id, match__round__event=event).values_list(
            "match__round__number", "match__table"
        ):
            about |= Q(round_number=number, table=table)
        entries = entries.filter(about)
    return entries


def audit_payload(entry, names, roles):
    """One log entry for the API: words in the reader's language plus the structured target."""
    return {
        **describe_audit(entry, names, roles),
        "action": entry.action,
        "round": entry.round_number,
        "table": entry.table,
        "entrant": entry.entrant_id,
    }


_DESCRIBED = {}


def describes(*actions):
    """Register `describe(entry, after, before, names)` (a list of details, or one) for `actions`: each
    noun's presenter module says how its own actions read in the log."""

    def register(describe):
        for action in actions:
            if str(action) in _DESCRIBED:
                raise ValueError(f"{action!r} is described twice")
            _DESCRIBED[str(action)] = describe
        return describe

    return register


def actions_starting(prefix):
    """The actions of one family (`timer.`, `staff.`), described alike."""
    return [action for action in AuditAction if action.startswith(prefix)]


def audit_details(entry, names):
    """The before and after of an entry, in words (the raw values stay in the database for disputes)."""
    describe = _DESCRIBED.get(str(entry.action))
    if describe is None:
        return ""
    details = describe(entry, entry.after or {}, entry.before or {}, names)
    if isinstance(details, str):
        details = [details]
    # The language's separator: French puts a narrow no-break space before ";".
    return _("; ").join(detail for detail in details if detail)
