"""The one place that decides who may see which deck or collection: others get 404."""

from django.http import Http404
from django.utils.translation import gettext as _

from .models import Collection


def collection_for(user, collection_id):
    """A collection of this user's own; anyone else's is 'not found'."""
    if user.is_authenticated:
        collection = Collection.objects.filter(pk=collection_id, owner=user).first()
        if collection is not None:
            return collection
    raise Http404(_("No such collection."))
