import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournaments.models

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def give_join_codes(apps, schema_editor):
    """Every existing event gets its own code (a callable default is evaluated once for all rows)."""
    import secrets

    Event = apps.get_model("tournaments", "Event")
    taken = set()
    for event in Event.objects.only("pk").iterator():
        code = ""
        while not code or code in taken:
            code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        taken.add(code)
        Event.objects.filter(pk=event.pk).update(join_code=code)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_event_date_and_venue"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="capacity",
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name="capacity"),
        ),
        migrations.AddField(
            model_name="event",
            name="join_code",
            field=models.CharField(editable=False, max_length=6, null=True),
        ),
        migrations.RunPython(give_join_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="join_code",
            field=models.CharField(
                default=tournaments.models.new_join_code, editable=False, max_length=6, unique=True
            ),
        ),
        migrations.CreateModel(
            name="WaitlistEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("promoted_at", models.DateTimeField(blank=True, null=True)),
                (
                    "entrant",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="from_waitlist",
                        to="tournaments.entrant",
                    ),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="waitlist", to="tournaments.event"
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="waitlist_entries",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["event", "created_at", "pk"],
                "constraints": [models.UniqueConstraint(fields=("event", "user"), name="waitlist_once_per_event")],
            },
        ),
    ]
