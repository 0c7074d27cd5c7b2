"""Language codes and names: any ISO 639-1 code for documents, names in the reader's language.

Names come from pycountry's ISO 639 data and its translations ("French", "français", "francese"),
so a language the site has no catalogue for still gets a proper name.
"""

import gettext
from functools import lru_cache

import pycountry
from django.conf.locale import LANG_INFO
from django.utils.translation import get_language


def is_iso_639_1(code):
    """Whether `code` is a two-letter ISO 639-1 language code ('es', not 'spa' or 'xx')."""
    return (
        isinstance(code, str)
        and len(code) == 2
        and code.isascii()
        and code.isalpha()
        and code.islower()
        and pycountry.languages.get(alpha_2=code) is not None
    )


@lru_cache(maxsize=512)
def _english_name(code):
    entry = pycountry.languages.get(alpha_2=code) if isinstance(code, str) and len(code) == 2 else None
    return entry.name if entry else None


@lru_cache(maxsize=64)
def _catalogue(ui_language):
    base = (ui_language or "en").split("-")[0]
    return gettext.translation("iso639-3", pycountry.LOCALES_DIR, languages=[base], fallback=True)


def language_name(code, ui_language=None, in_text=False):
    """The name of a language in the active (or given) UI language; the code itself when unknown.

    `in_text`: for use inside a sentence, in lowercase where the UI language writes language names so
    (French "en anglais", Italian "in inglese"), as Django's own name of that language shows.
    """
    english = _english_name(code)
    if english is None:
        return code
    ui = (ui_language or get_language() or "en").split("-")[0]
    name = _catalogue(ui).gettext(english)
    own_name = LANG_INFO.get(ui, {}).get("name_local", "")
    if in_text and own_name[:1].islower():
        name = name[:1].lower() + name[1:]
    return name


def ui_language(code):
    """`code` when the site has that UI language (a regional variant counts as its language:
    "fr-CA" is "fr"), else the default (English): never an error."""
    from django.conf import settings
    from django.utils.translation import get_supported_language_variant

    try:
        return get_supported_language_variant(str(code or "").strip().lower() or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


def page_in_language(url, language):
    """The same page in another UI language: the path's own language prefix swapped, the query and
    the #anchor kept. The page is read in its own language, whatever the request's language is."""
    from urllib.parse import urlsplit, urlunsplit

    from django.conf import settings
    from django.urls import translate_url
    from django.utils import translation

    language = ui_language(language)
    parts = urlsplit(url)
    own = translation.get_language_from_path(parts.path)
    with translation.override(own or translation.get_language() or settings.LANGUAGE_CODE):
        translated = translate_url(url, language)
    if translated != url or not own or own == language:
        return translated
    rest = parts.path.split("/", 2)[2] if parts.path.count("/") >= 2 else ""
    return urlunsplit(parts._replace(path=f"/{language}/{rest}"))
