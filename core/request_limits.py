"""Requests larger than the site accepts: Django refuses them while reading the body
(RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent) before any view runs. Pages and the
API turn that into a message in the reader's language instead of a bare "Bad Request (400)"."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.utils.translation import gettext_lazy as _

from .errors import DomainError, define_messages

define_messages(
    {
        "request.too_large": _(
            "What you sent is larger than %(mb)s MB, the most this site accepts at once. Nothing was saved: "
            "send a smaller file or split the list."
        ),
        "request.too_many_fields": _(
            "The form sent more than %(max)s fields, the most this site accepts at once. Nothing was saved."
        ),
    }
)


def limit_error(exception):
    """The DomainError (status 413) explaining a refused request body, or None for other errors."""
    if isinstance(exception, RequestDataTooBig):
        megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024)
        return DomainError("request.too_large", status=413, mb=f"{megabytes:g}")
    if isinstance(exception, (TooManyFieldsSent, TooManyFilesSent)):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        if isinstance(exception, TooManyFilesSent):
            limit = settings.DATA_UPLOAD_MAX_NUMBER_FILES
        return DomainError("request.too_many_fields", status=413, max=limit)
    return None
