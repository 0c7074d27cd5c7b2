"""The deck hash is computed from the cards alone (docs/formats.md): existing versions get theirs
recomputed, so a version saved before and the same list checked in bulk today agree."""

import hashlib
import json

from django.db import migrations


def cards_hash(pairs):
    canonical = json.dumps({"cards": sorted([card_id, qty] for card_id, qty in pairs if qty > 0)}, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def rehash(apps, schema_editor):
    DeckVersion = apps.get_model("decks", "DeckVersion")
    DeckVersionCard = apps.get_model("decks", "DeckVersionCard")
    pairs = {}
    for version_id, card_id, qty in DeckVersionCard.objects.values_list("version_id", "card_id", "qty").iterator():
        pairs.setdefault(version_id, []).append((card_id, qty))
    changed = []
    for version in DeckVersion.objects.only("pk", "content_hash").iterator():
        digest = cards_hash(pairs.get(version.pk, []))
        if digest != version.content_hash:
            version.content_hash = digest
            changed.append(version)
    DeckVersion.objects.bulk_update(changed, ["content_hash"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("decks", "0002_share_tokens")]

    operations = [migrations.RunPython(rehash, migrations.RunPython.noop)]
