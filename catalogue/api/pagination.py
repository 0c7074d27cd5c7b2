from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

from api import fields
from core.numbers import ID_MAX, whole_number


class StandardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_schema_operation_parameters(self, view):
        """The bounds get_page_size and get_page_number hold the query to."""
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.page_query_param: {"minimum": 1},
            self.page_size_query_param: {"minimum": 1, "maximum": self.max_page_size},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters

    def get_page_size(self, request):
        """A page_size that is not a whole number from 1 to 200 is an error, not silently ignored."""
        raw = request.query_params.getlist(self.page_size_query_param)
        if not raw:
            return self.page_size
        size = whole_number(raw[0]) if len(raw) == 1 else None
        if size is None or not 1 <= size <= self.max_page_size:
            message = _("page_size must be a whole number from 1 to %(max)s.") % {"max": self.max_page_size}
            raise ValidationError({self.page_size_query_param: [message]})
        return size

    def get_page_number(self, request, paginator):
        """A page that is not a whole number from 1 is an error (past the end stays a 404)."""
        raw = request.query_params.getlist(self.page_query_param)
        if not raw:
            return 1
        number = whole_number(raw[0]) if len(raw) == 1 else None
        if number is None or number < 1:
            raise ValidationError({self.page_query_param: [_("page must be a whole number from 1.")]})
        return number


class PageQuerySerializer(serializers.Serializer):
    """The schema of `page` and `page_size` for an action that pages with StandardPagination."""

    page = fields.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    page_size = fields.IntegerField(min_value=1, max_value=StandardPagination.max_page_size, required=False)
