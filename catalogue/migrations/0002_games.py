"""The three games the product supports. Cards come from import_cards."""

from django.db import migrations

GAMES = [
    ("dust-collectorz", "Dust Collectorz: Champions Unleashed", "dust-collectorz", True),
    ("dbz-ccg", "Dragon Ball Z CCG", "dbz-ccg", True),
    ("dust-reclamation", "Dust: Reclamation", "generic", False),
]


def add_games(apps, schema_editor):
    Game = apps.get_model("catalogue", "Game")
    for slug, name, schema, has_decks in GAMES:
        Game.objects.get_or_create(slug=slug, defaults={"name": name, "schema": schema, "has_decks": has_decks})


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0001_initial")]
    operations = [migrations.RunPython(add_games, migrations.RunPython.noop)]
