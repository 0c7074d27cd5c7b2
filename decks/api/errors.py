"""One error shape for the deck and collection endpoints: `{"message", "code", "errors"}`.

Refusals of our own (DomainError) already have it; the framework's (a serializer's field errors,
a missing login) get a code and per-field errors here, so a client reads every error one way.
"""

from rest_framework import exceptions

from api.errors import json_exception_handler


def deck_exception_handler(exc, context):
    response = json_exception_handler(exc, context)
    data = getattr(response, "data", None)
    if isinstance(data, dict) and "code" not in data and "message" in data:
        errors = data.get("errors")
        if not isinstance(errors, dict):
            errors = {"non_field_errors": errors if isinstance(errors, list) else [data["message"]]}
        code = "api.invalid" if isinstance(exc, exceptions.ValidationError) else f"api.{_code(exc)}"
        response.data = {"message": data["message"], "code": code, "errors": errors}
    return response


def _code(exc):
    return getattr(exc, "default_code", None) or "error"


class DeckErrors:
    """Mixed into the decks app's API views: their errors in the one shape."""

    def get_exception_handler(self):
        return deck_exception_handler
