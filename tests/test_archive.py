"""memtui archive: out of what the agent loads, with its index lines; restore is byte for byte."""
from __future__ import annotations

from tui.cli import main
from tui.core.archive import apply_archive, plan_archive
from tui.core.memory import Memory
from tui.core.store import ARCHIVE_DIR
from tui.core.trash import list_trash, restore

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


def test_cli_archive_asks_and_refuses_where_unsafe(sample, capsys):
    mem_dir, _ = sample
    assert main(["archive", "ci-status.md", "--dir", str(mem_dir)]) == 1   # no terminal, no --yes
    assert (mem_dir / "ci-status.md").exists()
    out = capsys.readouterr()
    assert "MEMORY.md:22" in out.out and "pass --yes" in out.err
    assert main(["archive", "ci-status.md", "--yes", "--dir", str(mem_dir)]) == 0
    assert main(["archive", "missing.md", "--yes", "--dir", str(mem_dir)]) == 1
    assert main(["archive", "MEMORY.md#x", "--yes", "--dir", "sample:openclaw"]) == 1
    assert "daily log" in capsys.readouterr().err
