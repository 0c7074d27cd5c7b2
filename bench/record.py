"""Keep a benchmark's latest table in docs/benchmarks.md, so the page always shows what the last
full-scale run measured, when and on which commit, beside the earlier runs discussed there.

Each benchmark owns one block between two markers; a run replaces its own block and nothing
else. A scaled-down run (any BENCH_* setting that changes the load) is an experiment and is not
recorded: its numbers would read as the benchmark's.
"""

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

DOCUMENT = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def markers(name):
    return (
        f"<!-- bench {name}: the latest full run, written by the benchmark itself -->",
        f"<!-- end of bench {name} -->",
    )


def scaled_by(settings):
    """The BENCH_* settings of this run that change its load, as `NAME=value`."""
    return [f"{name}={os.environ[name]}" for name in settings if os.environ.get(name)]


def block(name, summary, table_lines, when=None, commit=None):
    when = when or datetime.now(UTC)
    commit = commit or current_commit()
    start, end = markers(name)
    heading = f"**Latest full run**, {when:%Y-%m-%d %H:%M} UTC, commit {commit}: {summary}"
    return "\n".join([start, heading, "", *table_lines, end])


def replace_block(text, name, new_block):
    """`text` with `name`'s block replaced by `new_block`; appended at the end if it has none."""
    start, end = markers(name)
    begin = text.find(start)
    finish = text.find(end, begin)
    if begin == -1 or finish == -1:
        return text.rstrip("\n") + "\n\n" + new_block + "\n"
    return text[:begin] + new_block + text[finish + len(end) :]


def record(name, summary, table_lines, settings, document=DOCUMENT):
    """Write the run's table into the document unless the run was scaled down; say which."""
    scaled = scaled_by(settings)
    if scaled:
        print(f"not written to {document.name}: a scaled run ({', '.join(scaled)})")
        return False
    text = document.read_text(encoding="utf-8")
    document.write_text(replace_block(text, name, block(name, summary, table_lines)), encoding="utf-8")
    print(f"written to {document}")
    return True


def current_commit():
    try:
        found = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            cwd=DOCUMENT.parent,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD"], cwd=DOCUMENT.parent).returncode
    return found.stdout.strip() + (" with uncommitted changes" if dirty else "")
