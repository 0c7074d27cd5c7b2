"""Which rules of a translation are older than the reference text (plain Python).

Each translation keeps, from its import, a hash of every reference rule's normalised text by
anchor (`reference_hashes`). A rule is stale when the current reference's hash at its anchor differs:
the reference changed that rule since the translation was made. Normalising ignores whitespace and
Unicode compatibility forms only; any change of a word, number or punctuation mark counts.
"""

import hashlib
import unicodedata


def normalised(text):
    return " ".join(unicodedata.normalize("NFKC", text or "").split())


def rule_hashes(structure):
    """{anchor: hash of the rule's normalised text} for every rule, bullet, note and paragraph."""
    return {
        item["anchor"]: hashlib.sha256(normalised(item["text"]).encode()).hexdigest()[:16]
        for section in structure.get("sections", [])
        for item in section["items"]
    }


def stale_anchors(reference_structure, translation_structure, translated_from):
    """Anchors the translation has whose reference text changed since `translated_from` (the hashes
    kept at its import); none when nothing was kept (no reference then)."""
    if not translated_from:
        return set()
    now = rule_hashes(reference_structure)
    present = {item["anchor"] for section in translation_structure.get("sections", []) for item in section["items"]}
    return {anchor for anchor in present if anchor in now and translated_from.get(anchor) != now[anchor]}
