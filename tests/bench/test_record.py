"""A benchmark's latest full run is written into docs/benchmarks.md in its own block; the rest
of the page, written by hand, is never touched, and a scaled-down run writes nothing."""

from datetime import UTC, datetime

from bench import record

TABLE = ["| measure | result |", "| --- | --- |", "| reports/s | 93/s |"]


def page(tmp_path, text):
    document = tmp_path / "benchmarks.md"
    document.write_text(text, encoding="utf-8")
    return document


def test_a_run_replaces_its_own_block_and_nothing_else(tmp_path, monkeypatch):
    monkeypatch.delenv("BENCH_STORES", raising=False)
    monkeypatch.setattr(record, "current_commit", lambda: "abc1234")
    start, end = record.markers("weekend")
    other_start, other_end = record.markers("convention")
    document = page(
        tmp_path,
        f"# Benchmarks\n\nBy hand.\n\n{other_start}\nconvention table\n{other_end}\n\n"
        f"{start}\nan older weekend table\n{end}\n\nDiscussion after.\n",
    )

    assert record.record("weekend", "2 cores, 727 s", TABLE, settings=("BENCH_STORES",), document=document)

    text = document.read_text(encoding="utf-8")
    assert "an older weekend table" not in text
    assert "| reports/s | 93/s |" in text
    assert "commit abc1234: 2 cores, 727 s" in text
    assert text.startswith("# Benchmarks\n\nBy hand.\n\n")
    assert f"{other_start}\nconvention table\n{other_end}" in text
    assert text.endswith(f"{end}\n\nDiscussion after.\n")
    assert text.count(start) == 1


def test_a_page_without_the_block_gets_it_at_the_end(tmp_path):
    text = record.replace_block(
        "# Benchmarks\n",
        "weekend",
        record.block("weekend", "a run", TABLE, when=datetime(2026, 11, 28, 15, 0, tzinfo=UTC), commit="abc1234"),
    )

    start, end = record.markers("weekend")
    assert text == (
        f"# Benchmarks\n\n{start}\n**Latest full run**, 2026-11-28 15:00 UTC, commit abc1234: a run\n\n"
        + "\n".join(TABLE)
        + f"\n{end}\n"
    )


def test_a_scaled_run_writes_nothing_and_says_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BENCH_STORES", "250")
    document = page(tmp_path, "# Benchmarks\n")

    assert not record.record("weekend", "a quarter", TABLE, settings=("BENCH_STORES",), document=document)

    assert document.read_text(encoding="utf-8") == "# Benchmarks\n"
    assert "a scaled run (BENCH_STORES=250)" in capsys.readouterr().out


def test_the_benchmarks_page_has_a_block_for_each_tabled_benchmark():
    text = record.DOCUMENT.read_text(encoding="utf-8")
    for name in ("convention", "weekend", "weekend on 2 nodes"):
        start, end = record.markers(name)
        assert text.count(start) == 1 and text.index(start) < text.index(end), name
