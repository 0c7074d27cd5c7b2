"""CI check: the French and Italian catalogues are complete and current.

Fails when an entry is untranslated or fuzzy, when `make messages` would change a
catalogue, or when a committed .mo file is stale. Needs GNU gettext; without it the
check says so and passes (a fresh laptop has no gettext; CI installs it).
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
MAKEMESSAGES = ["makemessages", "--all", "--no-location", "--no-obsolete", "--ignore=.venv", "--ignore=staticfiles"]


def main():
    if not shutil.which("msgfmt") or not shutil.which("xgettext"):
        print("check_messages: skipped, GNU gettext is not installed (CI installs it).")
        return 0
    problems = [*incomplete_entries(), *stale_catalogues(), *stale_compiled()]
    for problem in problems:
        print(f"check_messages: {problem}")
    if not problems:
        print("check_messages: catalogues complete and current.")
    return 1 if problems else 0


def catalogues():
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def incomplete_entries():
    for po in catalogues():
        result = subprocess.run(
            ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)], capture_output=True, text=True
        )
        if result.returncode or "untranslated" in result.stderr or "fuzzy" in result.stderr:
            yield f"{po.relative_to(ROOT)}: {result.stderr.strip()}"


def _comparable(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if not line.startswith('"POT-Creation-Date:')]


def stale_catalogues():
    with tempfile.TemporaryDirectory() as backup:
        saved = Path(backup) / "locale"
        shutil.copytree(LOCALE, saved)
        try:
            for domain in ("django", "djangojs"):
                subprocess.run(
                    [sys.executable, "manage.py", *MAKEMESSAGES, "-d", domain],
                    cwd=ROOT,
                    check=True,
                    capture_output=True,
                )
            changed = [po for po in catalogues() if not (saved / po.relative_to(LOCALE)).exists()]
            changed += [
                po
                for po in catalogues()
                if (saved / po.relative_to(LOCALE)).exists()
                and _comparable(po) != _comparable(saved / po.relative_to(LOCALE))
            ]
        finally:
            shutil.rmtree(LOCALE)
            shutil.copytree(saved, LOCALE)
    return [f"{po.relative_to(ROOT)} is out of date: run `make messages` and translate" for po in changed]


def stale_compiled():
    for po in catalogues():
        mo = po.with_suffix(".mo")
        with tempfile.NamedTemporaryFile(suffix=".mo") as fresh:
            subprocess.run(["msgfmt", "-o", fresh.name, str(po)], check=True)
            if not mo.exists() or Path(fresh.name).read_bytes() != mo.read_bytes():
                yield f"{mo.relative_to(ROOT)} is stale: run `make messages`"


if __name__ == "__main__":
    sys.exit(main())
