"""The persistent parse cache: warm runs read only what changed and never change an output;
a corrupt, foreign or locked cache is rebuilt or skipped silently."""
from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

from conftest import NOW, REPO, write

# One run per pipeline and per printer family (text / JSON): the other audit formats and the
# eval's other printer read the same judged snapshot, and each run here costs three processes.
COMMANDS = [["list", "--json"], ["list"], ["preview", "why does the Makefile run a backup", "--json"],
            ["preview", "deploy to fly"], ["audit", "--format", "sarif"], ["audit"], ["eval", "QUERIES"],
            ["eval", "MISSES", "--json"]]
MISSES = "\n".join([   # every kind of miss, each explained (an unknown id, one that scored nothing, one below)
    '{"query": "why does package.json say node --test?", "inject": ["nope.md", "deploy-fly.md"], "first": "x.md"}',
    '{"query": "deploy to fly", "not_inject": ["deploy-fly.md"], "none": true}',
    '{"query": "how do I run the db migrations before deploy", "first": "test-runner.md"}']) + "\n"


def _run(args, env) -> str:
    p = subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True, text=True, cwd=REPO, env=env,
                       timeout=120)
    return f"{p.returncode}\n{p.stdout}\n{p.stderr}"


def wait_for_writer(cache: Path, limit: float = 10) -> None:
    """`memtui` writes what it judged in a detached child after its output: wait for it (no
    SQLite journal, twice in a row), so the next run is really warm."""
    end, quiet = time.monotonic() + limit, 0
    while time.monotonic() < end and quiet < 3:
        busy = any(cache.glob("memtui/*-journal")) or not any(cache.glob("memtui/parse-*.sqlite"))
        quiet = 0 if busy else quiet + 1
        time.sleep(0.1)


def test_every_command_gives_the_same_output_cold_and_warm(sample, tmp_path):
    mem_dir, root = sample
    env = dict(os.environ, MEMTUI_NOW=NOW.isoformat(), XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(REPO))
    d = ["--dir", str(mem_dir), "--root", str(root)]
    (tmp_path / "misses.jsonl").write_text(MISSES)
    files = {"QUERIES": str(REPO / "tests" / "eval" / "sample_queries.jsonl"), "MISSES": str(tmp_path / "misses.jsonl")}
    for args in COMMANDS:
        args = [files.get(a, a) for a in args]
        cold = _run([*args, *d], {**env, "MEMTUI_NO_CACHE": "1"})
        first = _run([*args, *d], env)    # fills the cache
        wait_for_writer(tmp_path / "cache")
        warm = _run([*args, *d], env)     # reads it
        assert cold == first == warm, args
    caches = list((tmp_path / "cache" / "memtui").glob("parse-*.sqlite"))
    assert len(caches) == 1 and stat.S_IMODE(caches[0].stat().st_mode) == 0o600
    assert not any(p.name.endswith(".sqlite") for p in mem_dir.rglob("*"))   # never inside the memory folder


def test_a_changed_file_is_read_again(mem_dir, root, tmp_path):
    from tui.core.snapshots.memory import Snapshot
    write(mem_dir, "a.md", "---\nname: a\ndescription: first\n---\nbody\n")
    assert Snapshot.load(mem_dir, root, NOW).entries["a.md"].description == "first"
    write(mem_dir, "a.md", "---\nname: a\ndescription: second, longer\n---\nbody\n")
    assert Snapshot.load(mem_dir, root, NOW).entries["a.md"].description == "second, longer"
    (mem_dir / "a.md").unlink()
    assert "a.md" not in Snapshot.load(mem_dir, root, NOW).entries


def test_a_corrupt_or_foreign_cache_is_rebuilt(mem_dir, root, tmp_path):
    from tui.core.cache.parse import ParseCache
    from tui.core.snapshots.memory import Snapshot
    write(mem_dir, "a.md", "---\nname: a\ndescription: kept\n---\nbody\n")
    Snapshot.load(mem_dir, root, NOW)
    path = ParseCache(mem_dir).path
    path.write_bytes(b"this is not a database")
    assert Snapshot.load(mem_dir, root, NOW).entries["a.md"].description == "kept"
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = 'other' WHERE key = 'format'")
    con.commit()
    con.close()
    assert Snapshot.load(mem_dir, root, NOW).entries["a.md"].description == "kept"
    assert ParseCache(mem_dir).rows   # rewritten in this version's format


def test_a_locked_cache_is_skipped(mem_dir, root, tmp_path):
    from tui.core.cache.parse import ParseCache
    from tui.core.snapshots.memory import Snapshot
    write(mem_dir, "a.md", "---\nname: a\ndescription: locked\n---\nbody\n")
    Snapshot.load(mem_dir, root, NOW)
    con = sqlite3.connect(ParseCache(mem_dir).path, isolation_level=None)
    con.execute("PRAGMA locking_mode=EXCLUSIVE")   # another process holds the file: even reading is busy
    con.execute("BEGIN EXCLUSIVE")
    write(mem_dir, "b.md", "---\nname: b\n---\nbody\n")
    assert set(Snapshot.load(mem_dir, root, NOW).entries) == {"a.md", "b.md"}
    assert ParseCache(mem_dir).path.exists()   # a busy file is never removed (its writer's journal would
    con.execute("ROLLBACK")                    # be replayed into whatever file took its place)
    con.close()
    assert "a.md" in ParseCache(mem_dir).rows


def test_a_reader_does_not_wait_for_a_writer(mem_dir, root, tmp_path):
    """The detached child that saves an audit's judgements may still be writing when the next
    command starts: that command reads the rows as they were (WAL), it does not start cold."""
    from tui.core.cache.parse import ParseCache
    from tui.core.snapshots.memory import Snapshot
    write(mem_dir, "a.md", "---\nname: a\ndescription: kept\n---\nbody\n")
    Snapshot.load(mem_dir, root, NOW)
    con = sqlite3.connect(ParseCache(mem_dir).path, isolation_level=None)
    con.execute("BEGIN EXCLUSIVE")   # a write in progress (without WAL, readers would be locked out)
    con.execute("UPDATE entries SET extra = NULL")
    assert "a.md" in ParseCache(mem_dir).rows
    con.execute("ROLLBACK")
    con.close()


def test_judgements_are_kept_and_redone_when_the_file_changes(mem_dir, root, tmp_path, monkeypatch, capsys):
    """An audit keeps each file's content findings, secret hits and sketches in the cache: the next
    audit of the unchanged file judges nothing again; a changed file is judged again."""
    from tui.cli import main
    from tui.core.judging import gates
    from tui.core.secrets import detect as secrets
    token = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
    write(mem_dir, "a.md", f"---\nname: a\ndescription: ci\n---\nThe CI token is {token}\n")
    write(mem_dir, "b.md", "---\nname: b\ndescription: ok\n---\nUse pnpm for every script in this repo.\n")
    args = ["audit", "--dir", str(mem_dir), "--root", str(root), "--format", "json", "--fail-on", ""]
    assert main(args) == 0
    first = capsys.readouterr().out
    calls = []
    real = gates.secret_findings
    monkeypatch.setattr(gates, "secret_findings", lambda *a: calls.append(a[0]) or real(*a))
    secrets._MEMO.clear()
    assert main(args) == 0
    assert capsys.readouterr().out == first and calls == []          # nothing judged again
    write(mem_dir, "b.md", "---\nname: b\ndescription: ok\n---\nRight now the build is red.\n")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert calls == ["b.md"] and '"transient"' in out and token[4:12] not in out


def test_the_audit_command_leaves_its_judgements_to_a_detached_writer(sample, tmp_path):
    """The output comes first; the rows that spare the next audit its judging are written by a
    child after it, and the next audit reads them (same output)."""
    mem_dir, root = sample
    env = dict(os.environ, MEMTUI_NOW=NOW.isoformat(), XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(REPO))
    args = ["audit", "--format", "json", "--dir", str(mem_dir), "--root", str(root)]
    first = _run(args, env)
    wait_for_writer(tmp_path / "cache")
    (cache,) = (tmp_path / "cache" / "memtui").glob("parse-*.sqlite")
    con = sqlite3.connect(cache)
    judged = con.execute("SELECT count(*) FROM entries WHERE extra IS NOT NULL").fetchone()[0]
    con.close()
    assert judged >= 20
    assert _run(args, env) == first
