"""The language switcher, language names and dates and numbers written the way each language writes them."""

import functools

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_percent, parse_pattern
from django import template
from django.conf import settings
from django.utils import timezone, translation

from core.errors import local_number as localised
from core.languages import language_name as name_of

register = template.Library()


@register.inclusion_tag("language_switcher.html", takes_context=True)
def language_switcher(context):
    """The header's switcher, rendered in a context of its own so that no page variable can clash."""
    request = context.get("request")
    current = translation.get_language()
    choices = [
        (code, translation.get_language_info(code)["name_local"] if _known(code) else name_of(code, code))
        for code, _name in settings.LANGUAGES
    ]
    return {
        "switcher_choices": choices,
        "switcher_current": current,
        "switcher_next": request.get_full_path() if request else "/",
        "csrf_token": context.get("csrf_token"),
    }


def _known(code):
    try:
        translation.get_language_info(code)
    except KeyError:
        return False
    return True


@register.filter
def language_name(code):
    """ "fr" -> "French" / "Français" / "Francese": a label in the reader's language."""
    name = name_of(code)
    return name[:1].upper() + name[1:]


@register.filter
def language_name_in_text(code):
    """The name as written inside a sentence ("en anglais", "in inglese")."""
    return name_of(code, in_text=True)


def _locale():
    return translation.to_locale(translation.get_language() or settings.LANGUAGE_CODE)


@register.filter
def local_date(value):
    """A date written in the reader's language: "22 novembre 2026", "November 22, 2026"."""
    if not value:
        return ""
    if hasattr(value, "astimezone"):
        value = timezone.localtime(value).date()
    return format_date(value, format="long", locale=_locale())


@register.filter
def local_number(value):
    """66.67 -> "66.67" in English, "66,67" in French and Italian; a count from 1,000 grouped."""
    return localised(value)


@register.filter
def local_percent(value, digits=2):
    """66.667 -> "66.67%" in English, "66,67 %" in French, "66,67%" in Italian."""
    if value in (None, ""):
        return ""
    locale = _locale()
    return format_percent(
        float(value) / 100, format=_percent_pattern(locale, int(digits)), locale=_babel_locale(locale)
    )


# A standings page writes three percentages on each of its rows: the language's data and pattern
# are read once per process, not once per number.
@functools.cache
def _babel_locale(locale):
    return Locale.parse(locale)


@functools.cache
def _percent_pattern(locale, digits):
    pattern = _babel_locale(locale).percent_formats[None].pattern
    decimals = "0." + "0" * digits if digits else "0"
    return parse_pattern(pattern.replace("0", decimals, 1))
