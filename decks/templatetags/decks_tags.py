"""Template helpers of the decks pages."""

from django import template
from django.utils import timezone

from core.errors import DomainError
from decks.services.legality import format_for

register = template.Library()


@register.filter
def format_name(slug):
    """A format's name (its version in force today) instead of its slug."""
    try:
        return format_for(slug, timezone.localdate())[0].name
    except DomainError:
        return slug
