from django.db import migrations, models

from games.cards import search_key


def fill_search_text(apps, schema_editor):
    """Cards imported before the field: their ability and rules text folded as Card.save() folds them."""
    Card = apps.get_model("catalogue", "Card")
    cards = list(Card.objects.only("pk", "ability", "text"))
    for card in cards:
        card.search_text = search_key(f"{card.ability}\n{card.text}")
    Card.objects.bulk_update(cards, ["search_text"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0002_choices_from_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="search_text",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.RunPython(fill_search_text, migrations.RunPython.noop),
    ]
