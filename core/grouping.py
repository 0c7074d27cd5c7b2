"""The `grouped` template filter, loaded in every template (settings.TEMPLATES builtins): a count
of 1,000 or more written the reader's way ("4,096", "4 096", "4.096"), as messages write it
(core.errors.LocalNumber). It stays an int, so `{% blocktranslate count counter=x|grouped %}` still
picks its plural form. Site-wide grouping (USE_THOUSAND_SEPARATOR) is off on purpose: templates
print ids into attributes and URLs, which must never be grouped; nor must a number an attribute
holds (`<progress max>`, `data-*`), which browsers and scripts read."""

from django import template

from .errors import GROUPED_FROM, LocalNumber

register = template.Library()


@register.filter
def grouped(value):
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= GROUPED_FROM:
        return LocalNumber(value)
    return value
