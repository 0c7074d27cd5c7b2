import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def _warm():
    """What a process's first request would load, loaded as it starts: the URLconf with every view
    module and each language's catalogues (half a second, measured on an organiser's first pairing).
    Under gunicorn's `preload_app` this runs once, in the master, and every worker forks warm.
    Nothing here opens a database or cache connection."""
    from django.conf import settings
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view module
    for code, _name in settings.LANGUAGES:
        with translation.override(code):  # activating a language loads its catalogues
            pass


_warm()
