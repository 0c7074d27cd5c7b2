import datetime

from django.utils import timezone

from ..models import Report


def unscored_reports(older_than_seconds=5, limit=5000):
    cutoff = timezone.now() - datetime.timedelta(seconds=older_than_seconds)
    received = Report.objects.filter(status=Report.Status.RECEIVED, created_at__lte=cutoff)
    return list(received.order_by("pk").values_list("pk", flat=True)[:limit])
