"""What the API's views share: validating a body, and answering a cached page with its ETag."""

from django.http import HttpResponse
from rest_framework import status
from rest_framework.response import Response

from .. import page_cache


def _valid(serializer_class, data):
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _validated(request, tag, event, page, params, build):
    """304 when the client holds `tag`; else build()'s data, cached per version, with the ETag.
    JSON is cached as its rendered bytes: a poll of a 4,096-player round renders nothing."""
    if page_cache.not_modified(request, tag):
        return page_cache.validated(Response(status=status.HTTP_304_NOT_MODIFIED), tag)
    renderer, media_type = request.accepted_renderer, request.accepted_media_type
    if renderer.format != "json":
        return page_cache.validated(Response(page_cache.cached(event, page, params, build)), tag)
    body = page_cache.cached(
        event, f"{page}-bytes", (*params, media_type), lambda: renderer.render(build(), media_type)
    )
    return page_cache.validated(HttpResponse(body, content_type=renderer.media_type), tag)
