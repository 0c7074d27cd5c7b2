"""Month names declared for our own catalogues, never imported.

Django's Italian catalogue capitalises months ("22 Novembre 2026"); Italian writes them in lower
case. Declaring the names here puts them in locale/*/django.po, whose translations take
precedence over Django's own, so dates read "22 novembre 2026".
"""

from django.utils.translation import gettext_noop, pgettext_lazy

MONTHS = [
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
]

# The "E" date format and long dates in some languages use the alternative forms.
MONTHS_ALT = [
    pgettext_lazy("alt. month", "January"),
    pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"),
    pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"),
    pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"),
    pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"),
    pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"),
    pgettext_lazy("alt. month", "December"),
]
