from django.db import migrations, models

from games.cards import number_sort_key


def fill_number_key(apps, schema_editor):
    """Cards imported before the field: their number's sort key as Card.save() computes it."""
    Card = apps.get_model("catalogue", "Card")
    cards = list(Card.objects.only("pk", "number"))
    for card in cards:
        card.number_key = number_sort_key(card.number)
    Card.objects.bulk_update(cards, ["number_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0003_card_search_text"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="number_key",
            field=models.CharField(default="", editable=False, max_length=160),
        ),
        migrations.RunPython(fill_number_key, migrations.RunPython.noop),
        migrations.AlterModelOptions(
            name="card",
            options={"ordering": ["card_set", "number_key", "pk"], "verbose_name": "card", "verbose_name_plural": "cards"},
        ),
    ]
