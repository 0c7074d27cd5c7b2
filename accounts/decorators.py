from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied


def organiser_required(view):
    """Signed-in organisers only: others get 403, anonymous visitors the login page."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_organiser:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper
