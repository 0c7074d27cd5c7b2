"""The format definitions shipped with the site (JSON, see docs/formats.md)."""

import json
from pathlib import Path

FORMATS_DIR = Path(__file__).resolve().parent


def shipped_definitions():
    return [json.loads(path.read_text(encoding="utf-8")) for path in sorted(FORMATS_DIR.glob("*.json"))]
