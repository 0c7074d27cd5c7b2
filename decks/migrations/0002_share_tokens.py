"""Unguessable share links: a random key for every deck and collection (existing rows get their
own in this migration), and a visibility for collections."""

import secrets

from django.db import migrations, models

import decks.models


def give_every_row_a_key(apps, schema_editor):
    for model_name in ("Deck", "Collection"):
        model = apps.get_model("decks", model_name)
        for row in model.objects.only("pk").iterator():
            model.objects.filter(pk=row.pk).update(share_token=secrets.token_urlsafe(16))


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="collection",
            name="visibility",
            field=models.CharField(
                choices=[("private", "Private"), ("unlisted", "Unlisted (anyone with the link can look)")],
                default="private",
                max_length=10,
                verbose_name="visibility",
            ),
        ),
        migrations.AddField(
            model_name="collection",
            name="share_token",
            field=models.CharField(editable=False, max_length=32, null=True, verbose_name="share link key"),
        ),
        migrations.AddField(
            model_name="deck",
            name="share_token",
            field=models.CharField(editable=False, max_length=32, null=True, verbose_name="share link key"),
        ),
        migrations.RunPython(give_every_row_a_key, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="collection",
            name="share_token",
            field=models.CharField(
                default=decks.models.new_share_token,
                editable=False,
                max_length=32,
                unique=True,
                verbose_name="share link key",
            ),
        ),
        migrations.AlterField(
            model_name="deck",
            name="share_token",
            field=models.CharField(
                default=decks.models.new_share_token,
                editable=False,
                max_length=32,
                unique=True,
                verbose_name="share link key",
            ),
        ),
    ]
