"""memtui archive: out of what the agent loads, with its index lines; restore is byte for byte."""
from __future__ import annotations

from tui.cli import main
from tui.core.writes.archive import apply_archive, plan_archive
from tui.core.snapshots.memory import Memory
from tui.core.walk import ARCHIVE_DIR
from tui.core.writes.trash import list_trash, restore

from conftest import NOW


def test_archive_moves_file_and_index_line_then_restore_is_byte_identical(sample):
    mem_dir, root = sample
    index = (mem_dir / "MEMORY.md").read_bytes()
    body = (mem_dir / "ci-status.md").read_bytes()
    plan = plan_archive(mem_dir, ["ci-status.md", "nope.md"])
    assert plan.missing == ["nope.md"] and [t for _, t in plan.index_lines["ci-status.md"]] == [
        "- [CI status](ci-status.md) — red on main"]
    res = apply_archive(mem_dir, plan, NOW)
    assert res.moved == ["ci-status.md"] and res.trash.parent.name == ARCHIVE_DIR
    assert not (mem_dir / "ci-status.md").exists() and b"ci-status.md" not in (mem_dir / "MEMORY.md").read_bytes()
    assert "ci-status.md" not in Memory.load(mem_dir, root, now=NOW).entries   # never read again
    assert [t.id for t in list_trash(mem_dir, ARCHIVE_DIR)] == ["ci-status.md"] and not list_trash(mem_dir)
    assert restore(mem_dir, ["ci-status.md"]).restored == ["ci-status.md"]
    assert (mem_dir / "ci-status.md").read_bytes() == body and (mem_dir / "MEMORY.md").read_bytes() == index


def test_cli_archive_asks_and_refuses_where_unsafe(sample, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))   # the layout samples' private copies
    mem_dir, _ = sample
    assert main(["archive", "ci-status.md", "--dir", str(mem_dir)]) == 1   # no terminal, no --yes
    assert (mem_dir / "ci-status.md").exists()
    out = capsys.readouterr()
    assert "MEMORY.md:22" in out.out and "pass --yes" in out.err
    assert main(["archive", "ci-status.md", "--yes", "--dir", str(mem_dir)]) == 0
    assert main(["archive", "missing.md", "--yes", "--dir", str(mem_dir)]) == 1
    assert main(["archive", "MEMORY.md#nope", "--yes", "--dir", "sample:openclaw"]) == 1   # no such entry


def test_openclaw_archive_goes_to_todays_log_and_restores_byte_for_byte(tmp_path):
    import datetime as dt
    import shutil
    from conftest import SAMPLE
    from tui.core.writes.archive import daily_log
    from tui.core.layouts import get
    oc = tmp_path / "oc"
    shutil.copytree(SAMPLE / "layouts" / "openclaw", oc)
    now = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.timezone.utc)
    log = oc / daily_log(now)
    had_log = log.read_bytes() if log.exists() else None
    index = (oc / "MEMORY.md").read_bytes()
    plan = plan_archive(oc, ["MEMORY.md#gateway"], get("openclaw"))
    res = apply_archive(oc, plan, now)
    assert res.moved == ["MEMORY.md#gateway"] and b"## Gateway" not in (oc / "MEMORY.md").read_bytes()
    assert log.read_text().endswith(plan.snippets["MEMORY.md#gateway"].text)   # the day's own log
    assert restore(oc, ["MEMORY.md#gateway"]).restored == ["MEMORY.md#gateway"]
    assert (oc / "MEMORY.md").read_bytes() == index
    assert (log.read_bytes() if log.exists() else None) == had_log


def test_cli_archive_refuses_where_moving_text_is_unsafe(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["archive", "GEMINI.md#x", "--yes", "--dir", "sample:gemini"]) == 1
    assert "Instead:" in capsys.readouterr().err
