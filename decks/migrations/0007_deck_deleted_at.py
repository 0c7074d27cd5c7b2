from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0006_collection_variants"),
    ]

    operations = [
        migrations.AddField(
            model_name="deck",
            name="deleted_at",
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="deleted"),
        ),
    ]
