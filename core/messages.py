"""Messages declared in plain Python and translated only when shown; importing this imports no Django.

The engine (tournaments/engine/) declares its messages with these markers, so it imports without
Django. They keep Django's names, `gettext_lazy` and `ngettext_lazy`, because makemessages finds
strings by those keywords. Once Django's settings are configured they translate with Django's
gettext; without Django (the pairing command line) they read in English.
"""


class LazyText:
    """A message id, translated in the active language each time it becomes text."""

    __slots__ = ("msgid",)

    def __init__(self, msgid):
        self.msgid = msgid

    def __str__(self):
        translation = _translation()
        return translation.gettext(self.msgid) if translation else self.msgid

    def __mod__(self, params):
        return str(self) % params

    def __repr__(self):
        return f"gettext_lazy({self.msgid!r})"


class LazyPlural:
    """A message with a singular and a plural form; `number_param` names the parameter that picks one."""

    __slots__ = ("singular", "plural", "number_param")

    def __init__(self, singular, plural, number_param):
        self.singular, self.plural, self.number_param = singular, plural, number_param

    def text(self, number):
        translation = _translation()
        if translation:
            return translation.ngettext(self.singular, self.plural, number)
        return self.singular if number == 1 else self.plural

    def __mod__(self, params):
        return self.text(params[self.number_param]) % params

    def __repr__(self):
        return f"ngettext_lazy({self.singular!r}, {self.plural!r}, {self.number_param!r})"


def gettext_lazy(msgid):
    return LazyText(msgid)


def ngettext_lazy(singular, plural, number_param):
    return LazyPlural(singular, plural, number_param)


def _translation():
    """Django's translation functions once its settings are configured, else None."""
    try:
        from django.conf import settings
    except ImportError:
        return None
    if not settings.configured:
        return None
    from django.utils import translation

    return translation
