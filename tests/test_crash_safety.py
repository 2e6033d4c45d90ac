"""Crash safety: `remember`, `delete`, `restore` and `promote` killed at many points midway.

A child process runs the real command with a line tracer over `tui/core` that calls
os._exit at the K-th line executed there (no test hook in the product's code). For K
spread over the whole run, the memory file, MEMORY.md and CLAUDE.md are always the old
or the new version, never torn, every deleted entry is either in place or listed in the
trash, and a restore brings back the same bytes.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow

CHILD = r"""
import os, sys
K = int(sys.argv[1])
core = os.path.join(sys.argv[2], "tui", "core")
count = 0
def tracer(frame, event, arg):
    global count
    if not frame.f_code.co_filename.startswith(core):
        return None   # no line events in frames outside tui/core (yaml, the stdlib): the same count, far faster
    if event == "line":
        count += 1
        if count == K:
            os._exit(137)
    return tracer
sys.settrace(tracer)
from tui.cli import main
code = main(sys.argv[3:])
sys.settrace(None)
print("LINES", count, file=sys.stderr)
sys.exit(code)
"""


def _run(k: int, args: list[str], cwd: Path) -> tuple[int, str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), MEMTUI_NOW="2026-11-29T12:00:00Z")
    p = subprocess.run([sys.executable, "-c", CHILD, str(k), str(REPO), *args], capture_output=True, text=True,
                       cwd=cwd, env=env, stdin=subprocess.DEVNULL, timeout=60)
    return p.returncode, p.stderr


def _lines(args: list[str], cwd: Path) -> int:
    code, err = _run(10**9, args, cwd)
    assert "LINES" in err, err
    return int(err.rsplit("LINES", 1)[1].split()[0])


def _points(total: int, n: int = 12) -> list[int]:
    return sorted({max(1, total * i // n) for i in range(1, n)} | {1, 2, total - 1})


def _fresh(sample_dir: Path, dest: Path) -> tuple[Path, Path]:
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(sample_dir, dest, symlinks=True)
    return dest / "memory", dest / "project"


def _listed(mem: Path) -> dict[str, bytes]:
    from tui.core.writes.trash import list_trash
    return {t.id: t.path.read_bytes() for t in list_trash(mem)}


@pytest.fixture
def base(tmp_path):
    src = REPO / "sample_memories"
    base = tmp_path / "base"
    shutil.copytree(src, base, symlinks=True)
    return base


def test_remember_killed_anywhere_leaves_old_or_new(base, tmp_path):
    mem, root = _fresh(base, tmp_path / "probe")
    args = ["remember", "Integration tests need the local Postgres on port 5433", "--name", "pg-port",
            "--dir", str(mem), "--root", str(root)]
    index_before = (base / "memory" / "MEMORY.md").read_text()
    total = _lines(args, tmp_path)
    index_after = (mem / "MEMORY.md").read_text()
    entry_after = (mem / "pg-port.md").read_text()
    for k in _points(total):
        mem, root = _fresh(base, tmp_path / "run")
        args[-3], args[-1] = str(mem), str(root)
        _run(k, args, tmp_path)
        assert (mem / "MEMORY.md").read_text() in (index_before, index_after), k
        if (mem / "pg-port.md").exists():
            text = (mem / "pg-port.md").read_text()
            assert text.split("created:")[0] == entry_after.split("created:")[0] and text.endswith(
                entry_after.split("\n---\n", 1)[1]), k


def test_delete_and_restore_killed_anywhere_lose_nothing(base, tmp_path):
    ids = ["api-versioning.md", "ci-status.md"]
    original = {i: (base / "memory" / i).read_bytes() for i in ids}
    mem, root = _fresh(base, tmp_path / "probe")
    d_args = ["delete", *ids, "--yes", "--dir", str(mem)]
    total = _lines(d_args, tmp_path)
    deleted_index = (mem / "MEMORY.md").read_text()
    index_before = (base / "memory" / "MEMORY.md").read_text()
    for k in _points(total):
        mem, root = _fresh(base, tmp_path / "run")
        d_args[-1] = str(mem)
        _run(k, d_args, tmp_path)
        trash = _listed(mem)
        for i in ids:
            here = (mem / i).read_bytes() if (mem / i).exists() else None
            assert (here == original[i]) != (trash.get(i) == original[i]), (k, i)
        assert (mem / "MEMORY.md").read_text() in (index_before, deleted_index), k

    # restore, after a complete delete
    mem, root = _fresh(base, tmp_path / "probe2")
    subprocess.run([sys.executable, "-m", "tui", *d_args[:-1], str(mem)], cwd=REPO, capture_output=True, check=True)
    deleted_snapshot = tmp_path / "deleted"
    shutil.copytree(mem.parent, deleted_snapshot, symlinks=True)
    r_args = ["restore", *ids, "--dir", str(mem)]
    total = _lines(r_args, tmp_path)
    restored_index = (mem / "MEMORY.md").read_text()
    assert {i: (mem / i).read_bytes() for i in ids} == original   # byte-identical
    for k in _points(total):
        mem, root = _fresh(deleted_snapshot, tmp_path / "run")
        r_args[-1] = str(mem)
        _run(k, r_args, tmp_path)
        trash = _listed(mem)
        for i in ids:
            here = (mem / i).read_bytes() if (mem / i).exists() else None
            assert here == original[i] or trash.get(i) == original[i], (k, i)
        assert (mem / "MEMORY.md").read_text() in (deleted_index, restored_index) or \
            (mem / "MEMORY.md").read_text().count("\n") <= restored_index.count("\n"), k


def test_promote_killed_anywhere_leaves_old_or_new(base, tmp_path):
    mem, root = _fresh(base, tmp_path / "probe")
    args = ["promote", "pnpm-only.md", "--to", "AGENTS.md", "--yes", "--dir", str(mem), "--root", str(root)]
    entry_before = (mem / "pnpm-only.md").read_text()
    total = _lines(args, tmp_path)
    agents_after = (root / "AGENTS.md").read_text()
    entry_after = (mem / "pnpm-only.md").read_text()
    for k in _points(total):
        mem, root = _fresh(base, tmp_path / "run")
        args[-3], args[-1] = str(mem), str(root)
        _run(k, args, tmp_path)
        agents = (root / "AGENTS.md").read_text() if (root / "AGENTS.md").exists() else None
        assert agents in (None, agents_after), k
        assert (mem / "pnpm-only.md").read_text() in (entry_before, entry_after), k


def _archived(mem: Path) -> dict[str, bytes]:
    from tui.core.walk import ARCHIVE_DIR
    from tui.core.writes.trash import list_trash
    return {t.id: t.path.read_bytes() for t in list_trash(mem, ARCHIVE_DIR)}


def _dangling(mem: Path) -> list[str]:
    """Index lines that link to an entry file that is not there."""
    from tui.core.reading.index import line_links
    return [i for _, ids in line_links((mem / "MEMORY.md").read_text()) for i in ids
            if i.endswith(".md") and not (mem / i).exists()]


def test_archive_and_restore_killed_anywhere_lose_nothing_and_never_dangle(base, tmp_path):
    ids = ["ci-status.md", "api-versioning.md"]
    original = {i: (base / "memory" / i).read_bytes() for i in ids}
    index_before = (base / "memory" / "MEMORY.md").read_bytes()
    dangling_before = _dangling(base / "memory")   # the sample's own (preview-deploys.md)
    mem, _ = _fresh(base, tmp_path / "probe")
    a_args = ["archive", *ids, "--yes", "--dir", str(mem)]
    total = _lines(a_args, tmp_path)
    archived_index = (mem / "MEMORY.md").read_bytes()
    for k in _points(total, 4):
        mem, _ = _fresh(base, tmp_path / "run")
        a_args[-1] = str(mem)
        _run(k, a_args, tmp_path)
        kept = _archived(mem)
        for i in ids:
            here = (mem / i).read_bytes() if (mem / i).exists() else None
            assert (here == original[i]) != (kept.get(i) == original[i]), (k, i)
        assert (mem / "MEMORY.md").read_bytes() in (index_before, archived_index), k
        assert _dangling(mem) == dangling_before, k

    mem, _ = _fresh(base, tmp_path / "probe2")
    subprocess.run([sys.executable, "-m", "tui", *a_args[:-1], str(mem)], cwd=REPO, capture_output=True, check=True)
    snapshot = tmp_path / "archived"
    shutil.copytree(mem.parent, snapshot, symlinks=True)
    r_args = ["restore", *ids, "--dir", str(mem)]
    total = _lines(r_args, tmp_path)
    assert {i: (mem / i).read_bytes() for i in ids} == original
    assert (mem / "MEMORY.md").read_bytes() == index_before   # byte-identical, index included
    for k in _points(total, 4):
        mem, _ = _fresh(snapshot, tmp_path / "run")
        r_args[-1] = str(mem)
        _run(k, r_args, tmp_path)
        kept = _archived(mem)
        for i in ids:
            here = (mem / i).read_bytes() if (mem / i).exists() else None
            assert here == original[i] or kept.get(i) == original[i], (k, i)
        assert _dangling(mem) == dangling_before, k


def test_openclaw_archive_killed_anywhere_keeps_the_lines(tmp_path):
    """Archived into the day's log: the lines are in MEMORY.md or in the archive, whatever the moment."""
    base = tmp_path / "oc-base"
    shutil.copytree(REPO / "sample_memories" / "layouts" / "openclaw", base)
    entry = "MEMORY.md#gateway"
    index_before = (base / "MEMORY.md").read_bytes()
    probe = tmp_path / "oc-probe"
    shutil.copytree(base, probe)
    args = ["archive", entry, "--yes", "--dir", str(probe)]
    total = _lines(args, tmp_path)
    index_after = (probe / "MEMORY.md").read_bytes()
    assert index_after != index_before
    lines = index_before.decode()
    for k in _points(total, 4):
        run = tmp_path / "oc-run"
        if run.exists():
            shutil.rmtree(run)
        shutil.copytree(base, run)
        args[-1] = str(run)
        _run(k, args, tmp_path)
        now = (run / "MEMORY.md").read_bytes()
        assert now in (index_before, index_after), k
        if now == index_after:
            kept = _archived(run)
            assert entry in kept and kept[entry].decode() in lines, k
