"""One error for every refusal the site explains to a user: a code, the field at fault and the
parameters of its message. The message is rendered in the active language only when it is shown,
so the same code reads the same in pages, the API and commands, in every language.

Each module that raises declares its codes with `define_messages` next to the code that uses them.
This module imports Django only when it renders, so plain-Python modules (tournaments/engine/) may
raise these errors with Django absent; they declare messages with core.messages' markers.
"""

import datetime
import decimal
import sys

from core.messages import LazyPlural, LazyText

_MESSAGES = {}


def define_messages(templates):
    """Declare {code: gettext_lazy template}, Django's or core.messages'; a code is declared once, by
    the module that owns it."""
    for code, template in templates.items():
        if _MESSAGES.get(code, template) is not template:
            raise ValueError(f"error code {code!r} is declared twice")
        _MESSAGES[code] = template
    return frozenset(templates)


def is_defined(code):
    return code in _MESSAGES


class DomainError(ValueError):
    """A refusal with a code and the field at fault; `status` is the HTTP status it answers with.
    `details` are extra JSON members of the API body (for example each rejected line)."""

    status = 400

    def __init__(self, code, field=None, *, status=None, details=None, **params):
        if code not in _MESSAGES:
            raise LookupError(f"undeclared error code {code!r}")
        if status is not None and not isinstance(status, int):
            raise TypeError(f"status is the HTTP status, not a message parameter: {status!r}")
        super().__init__(code)
        self.code, self.field, self.params = code, field or "non_field_errors", params
        self.details = details or {}
        if status is not None:
            self.status = status

    @property
    def message(self):
        return render_message(self.code, self.params)

    def __str__(self):
        return self.message

    def body(self):
        """The JSON body of an API answer."""
        return {"message": self.message, "code": self.code, "errors": {self.field: [self.message]}, **self.details}

    def as_dict(self):
        """A JSON-safe record to store and render later, in the reader's language."""
        return {"code": self.code, "field": self.field, "params": {k: _stored(v) for k, v in self.params.items()}}

    @classmethod
    def from_dict(cls, data):
        params = {key: _restored(value) for key, value in (data.get("params") or {}).items()}
        return cls(data["code"], data.get("field"), **params)


def render_message(code, params):
    """The message in the active language; plural templates pick their form from a parameter."""
    template = _MESSAGES[code]
    if not params:
        return str(template)
    return str(template % {key: _display(value, key in IDENTIFIERS) for key, value in params.items()})


def _display(value, identifier=False):
    if isinstance(value, DomainError):
        return value.message
    if _is_lazy(value):
        return str(value)
    if isinstance(value, datetime.date):
        from django.utils import formats

        return formats.date_format(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(str(_display(item, identifier)) for item in value)
    if identifier:
        return value
    return local_number(value)


GROUPED_FROM = 1_000  # CLDR groups from the thousands in English, French and Italian ("4 096")
# Parameters that name a thing rather than count it: printed as typed ("table 1024", "version 2026").
IDENTIFIERS = frozenset({"id", "line", "number", "other", "round", "seed", "table", "tables", "version", "year"})


def local_number(value):
    """A number as the reader writes it: a count grouped ("4,096", "4 096", "4.096") and still an
    int, a decimal with the language's separator ("66.67", "66,67"); anything else unchanged."""
    if isinstance(value, bool) or not isinstance(value, (int, float, decimal.Decimal)):
        return value
    if isinstance(value, int):
        return LocalNumber(value) if abs(value) >= GROUPED_FROM else value
    return LocalDecimal(value)


class LocalNumber(int):
    """A count shown grouped the reader's way ("10,000", "10 000", "10.000"); still an int, so a
    plural message picks its form from it."""

    def __str__(self):
        return _number_format(int(self)) or int.__str__(self)

    def __format__(self, spec):
        # str.format() (DRF's "less than or equal to {max_value}") asks __format__, not __str__.
        return str(self) if not spec else super().__format__(spec)


class LocalDecimal(str):
    """A decimal written the reader's way ("1,234.5", "1 234,5", "1.234,5")."""

    def __new__(cls, value):
        return super().__new__(cls, _number_format(value, force_grouping=abs(value) >= GROUPED_FROM) or str(value))


def _number_format(value, force_grouping=True):
    """Django's number in the active language, or None where Django is absent (the plain-Python
    engine may render a message in its own tests)."""
    django_conf = sys.modules.get("django.conf")
    if django_conf is None or not django_conf.settings.configured:
        return None
    from django.utils import formats

    return formats.number_format(value, force_grouping=force_grouping)


def _is_lazy(value):
    """A message still to be translated: a core.messages marker or Django's lazy string."""
    if isinstance(value, (LazyText, LazyPlural)):
        return True
    # Without Django loaded no value can be its lazy string, and the engine must not load it.
    functional = sys.modules.get("django.utils.functional")
    return functional is not None and isinstance(value, functional.Promise)


def _stored(value):
    if isinstance(value, DomainError):
        return {"error": value.as_dict()}
    if _is_lazy(value):
        return str(value)
    if isinstance(value, datetime.date):
        return {"date": value.isoformat()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_stored(item) for item in value]
    return value


def _restored(value):
    if isinstance(value, dict) and "error" in value:
        return DomainError.from_dict(value["error"])
    if isinstance(value, dict) and "date" in value:
        return datetime.date.fromisoformat(value["date"])
    if isinstance(value, list):
        return [_restored(item) for item in value]
    return value
