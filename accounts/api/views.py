"""The signed-in person's own account through the API: their data (`GET /api/v1/me/data/`, the same
document as the profile page's download) and deleting the account (`DELETE /api/v1/me/` with the
password in the body), through the same service as the page (accounts.services.delete_account)."""

from django.contrib.auth import logout
from django.utils.cache import add_never_cache_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from api.schema import error_responses

from .. import limits, personal_data, services


class MyData(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="Everything the site holds about you: your account, decks (every version, with "
                "cards), collections, bulk checks, event entries (with your final standing once an event is "
                "finished), events you organise, staff roles, waitlist places, reported results and webhooks.",
            ),
            **error_responses(401, 403),
        }
    )
    def get(self, request):
        response = Response(personal_data.document(request.user))
        add_never_cache_headers(response)
        return response


class AccountDeletion(serializers.Serializer):
    password = serializers.CharField(trim_whitespace=False, max_length=4096, help_text="Your current password.")


class Me(APIView):
    permission_classes = [IsAuthenticated]
    confirmation_body = True  # its DELETE takes a body, which the schema documents (api.schema.AutoSchema)

    @extend_schema(
        request=AccountDeletion,
        responses={204: None, **error_responses(400, 401, 403, 409, 429)},
        description="Delete your account (docs/privacy.md). 403 `account.wrong_password` for a wrong password; "
        "409 `account.still_needed` while an event that is not finished needs it (`events` lists them); 429 "
        "after too many wrong passwords.",
    )
    def delete(self, request):
        serializer = AccountDeletion(data=request.data)
        serializer.is_valid(raise_exception=True)
        user, password = request.user, serializer.validated_data["password"]
        limits.password_confirmed(request, user, lambda: services.delete_account(user, password))
        if hasattr(request._request, "session"):
            logout(request._request)  # a browser's session ends here too (it no longer finds its account)
        return Response(status=204)
