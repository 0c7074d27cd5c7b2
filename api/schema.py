"""OpenAPI pieces shared by every endpoint: the JSON error body."""

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

from core.numbers import ID_MAX, ID_MIN

ERROR_BODY = inline_serializer(
    "Error",
    fields={
        "message": serializers.CharField(),
        "code": serializers.CharField(
            required=False, help_text="A stable code for the refusal, whatever the language."
        ),
        "errors": serializers.DictField(required=False, help_text="Messages per field, for invalid input."),
    },
)


def error_responses(*statuses):
    return {status: OpenApiResponse(ERROR_BODY) for status in statuses}


STANDARD_ERRORS = {
    "400": "The request is invalid; `errors` names the fields.",
    "401": "Authentication is required or the token is invalid.",
    "403": "You may not do this.",
    "404": "Not found, or not yours to see.",
}


WRITE_ERRORS = {
    "409": "The request conflicts with the current state (a stale page, a result still missing, a deck in use).",
    "413": "The request body is too large.",
    "415": "The body is not in a format the API reads (send JSON).",
}


def add_standard_errors(result, generator, request, public):
    """Postprocessing hook: every operation documents the JSON error body for 400/401/403/404, and
    writes also 409, 413 and 415."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault(
        "Error",
        {
            "type": "object",
            "properties": {"message": {"type": "string"}, "code": {"type": "string"}, "errors": {"type": "object"}},
            "required": ["message"],
        },
    )
    body = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            responses = operation.setdefault("responses", {})
            errors = {**STANDARD_ERRORS, **(WRITE_ERRORS if method in ("post", "put", "patch", "delete") else {})}
            for status, description in errors.items():
                responses.setdefault(status, {"description": description, "content": body})
    return result


def bound_integers(result, generator, request, public):
    """Postprocessing hook: an integer a request sends (a path id, a query or body number) that its
    serializer leaves unbounded still has the bounds every request is held to: ids beyond 64 bits
    are not found (config.request_guard), body numbers beyond them are refused (api.parsers)."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else ():
                _bound(parameter.get("schema", {}), low=0 if parameter.get("in") == "path" else ID_MIN)
    for component in result.get("components", {}).get("schemas", {}).values():
        for field in component.get("properties", {}).values():
            if not field.get("readOnly"):
                _bound(field, low=ID_MIN)
    return result


def _bound(schema, low):
    if schema.get("type") == "integer":
        schema.setdefault("minimum", low)
        schema.setdefault("maximum", ID_MAX)
        if not all(-(2**31) <= schema[key] < 2**31 for key in ("minimum", "maximum")):
            schema["format"] = "int64"
    for nested in (schema.get("items"), schema.get("additionalProperties")):
        if isinstance(nested, dict):
            _bound(nested, low)
