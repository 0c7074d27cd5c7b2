from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0003_translation_reference_hashes"),
    ]

    operations = [
        migrations.AddField(
            model_name="rulesdocument",
            name="pairing",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
