"""Django for benchmarks: a throwaway SQLite database with the sample catalogue."""

import os
import tempfile


def django_with_sample_data():
    os.environ.setdefault("DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if "DATABASE_URL" not in os.environ:
        os.environ["SQLITE_PATH"] = os.path.join(tempfile.mkdtemp(prefix="bench-"), "bench.sqlite3")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    with open(os.devnull, "w") as sink:
        call_command("load_sample_data", stdout=sink)
