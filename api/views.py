"""Function views of the API. DRF's `api_view` answers HEAD with 405 where it answers GET; HTTP
(and Django's own views, and DRF's view sets) answer it as GET without the body, so ours do too."""

import functools

from rest_framework import decorators


def api_view(methods):
    """DRF's `api_view`, answering HEAD wherever GET is answered: the view runs as for a GET (its
    checks and its status are the same) and the server sends the headers only."""
    methods = [method.upper() for method in methods]
    if "GET" not in methods:
        return decorators.api_view(methods)

    def decorator(view):
        @functools.wraps(view)
        def answering_head(request, *args, **kwargs):
            if request.method != "HEAD":
                return view(request, *args, **kwargs)
            request._request.method = "GET"
            try:
                return view(request, *args, **kwargs)
            finally:
                request._request.method = "HEAD"  # so the server (and Django's test client) drop the body

        return decorators.api_view([*methods, "HEAD"])(answering_head)

    return decorator
