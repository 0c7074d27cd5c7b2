"""OpenAPI pieces shared by every endpoint: the JSON error body, and the limits every request is
held to (text without NUL or hidden characters, 64-bit integers) written into the schema, so that
what the schema allows the API accepts."""

import functools
import sys
import unicodedata

from django.core.validators import RegexValidator
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

from core.numbers import ID_MAX, ID_MIN
from core.text import HIDDEN_CATEGORIES, LINE_BREAKS, shown_multiline_text, shown_text

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


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's schema, with each request text field's `pattern` saying which characters
    the API refuses in it (core.text) and that a field which may not be blank needs a visible one."""

    def _get_request_body(self, direction="request"):
        """drf-spectacular documents the bodies of POST, PUT and PATCH only; a DELETE that asks for a
        confirmation in its body (`DELETE /api/v1/me/` takes the password) documents its body too."""
        if self.method != "DELETE" or not getattr(self.view, "confirmation_body", False):
            return super()._get_request_body(direction)
        self.method = "POST"
        try:
            return super()._get_request_body(direction)
        finally:
            self.method = "DELETE"

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if direction == "request" and _is_free_text_field(field) and _is_free_text(schema):
            schema["pattern"] = text_pattern(
                hidden=shown_text in field.validators,
                multiline=shown_multiline_text in field.validators,
                visible=not field.allow_blank and field.trim_whitespace,
            )
        return schema


def _is_free_text_field(field):
    """A text field whose characters no pattern of its own (a slug's, a RegexField's) already gives."""
    return isinstance(field, serializers.CharField) and not any(
        isinstance(validator, RegexValidator) for validator in field.validators
    )


def _is_free_text(schema):
    return schema.get("type") == "string" and not {"enum", "format", "pattern"} & schema.keys()


def text_pattern(hidden=False, multiline=False, visible=False):
    """A pattern of text without NUL (no database stores it), without hidden characters (Unicode Cc
    and Cf, line breaks kept when multiline) when `hidden`, and with a visible character when
    `visible` (a blank value is refused once trimmed)."""
    refused = _hidden_class(multiline) if hidden or multiline else r"\u0000"
    if visible:
        return rf"^[^{refused}]*[^\s{refused}][^{refused}]*$"
    return rf"^[^{refused}]*$"


@functools.cache
def _hidden_class(multiline):
    """core.text's hidden characters as a regex class: `\\uXXXX` in the BMP, the character itself
    beyond it (ECMA-262 spells those `\\u{...}` only in unicode mode, which Python's re does not read)."""
    kept = LINE_BREAKS if multiline else frozenset()
    hidden = [
        point
        for point in range(sys.maxunicode + 1)
        if unicodedata.category(chr(point)) in HIDDEN_CATEGORIES and chr(point) not in kept
    ]
    ranges, start = [], 0
    for index, point in enumerate(hidden):
        if index + 1 == len(hidden) or hidden[index + 1] != point + 1:
            first = hidden[start]
            ranges.append(_escape(first) if first == point else f"{_escape(first)}-{_escape(point)}")
            start = index + 1
    return "".join(ranges)


def _escape(point):
    return f"\\u{point:04X}" if point <= 0xFFFF else chr(point)


def free_text_parameters(result, generator, request, public):
    """Postprocessing hook: a text query parameter holds no NUL (config.request_guard refuses it)."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else ():
                schema = parameter.get("schema", {})
                if parameter.get("in") == "query" and _is_free_text(schema):
                    schema["pattern"] = text_pattern()
    return result


STORABLE = "StorableJSON"


def storable_bodies(result, generator, request, public):
    """Postprocessing hook: what a request body may carry besides its named fields (the API ignores
    them) or inside a free-form object: any JSON the strict parser reads (api.parsers), that is text
    without NUL, integers within 64 bits, keys without NUL."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas[STORABLE] = _storable_schema()
    for name, component in list(schemas.items()):
        if name.endswith("Request") and not _is_upload(component):
            _storable_objects(component)
    for path in result.get("paths", {}).values():
        for operation in path.values():
            body = operation.get("requestBody", {}) if isinstance(operation, dict) else {}
            _storable_objects(body.get("content", {}).get("application/json", {}).get("schema"))
    return result


def _storable_schema():
    """One schema for every JSON type, each keyword applying to its own type (`pattern` to strings,
    bounds to numbers, `items` to arrays, keys to objects): no `anyOf`, whose branches a fuzzer's
    mutation can swap for another valid branch and call the result invalid."""
    ref = {"$ref": f"#/components/schemas/{STORABLE}"}
    return {
        "description": "Any JSON without NUL characters, its numbers within 64-bit integers.",
        "type": ["string", "integer", "number", "boolean", "null", "array", "object"],
        "pattern": text_pattern(),
        "minimum": ID_MIN,
        "maximum": ID_MAX,
        "items": ref,
        "propertyNames": {"pattern": text_pattern()},
        "additionalProperties": ref,
    }


def _is_upload(component):
    """A multipart form with a file: its parts are text, not JSON."""
    return any(field.get("format") == "binary" for field in component.get("properties", {}).values())


def _storable_objects(schema):
    """Each object in a request schema: keys without NUL, and any storable JSON besides its properties
    (DRF ignores unknown fields); an untyped value (a JSONField) is storable JSON."""
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "object" or "properties" in schema:
        schema.setdefault("propertyNames", {"pattern": text_pattern()})
        if schema.get("additionalProperties", {}) in ({}, True):
            schema["additionalProperties"] = {"$ref": f"#/components/schemas/{STORABLE}"}
    for field in schema.get("properties", {}).values():
        if field.keys() <= {"description", "title", "default", "writeOnly"}:
            field["$ref"] = f"#/components/schemas/{STORABLE}"
        _storable_objects(field)
    for key in ("items", "additionalProperties"):
        _storable_objects(schema.get(key))
    for key in ("allOf", "anyOf", "oneOf"):
        for part in schema.get(key, []):
            _storable_objects(part)
