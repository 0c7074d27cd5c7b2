from django.conf import settings
from django.db import models


class IdempotentRequest(models.Model):
    """The first response to a request carrying an Idempotency-Key; a repeat gets it again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=100)
    path = models.CharField(max_length=200)
    status = models.PositiveSmallIntegerField(null=True)
    body = models.JSONField(null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key", "path"], name="api_idempotency_once")]

    def __str__(self):
        return self.key
