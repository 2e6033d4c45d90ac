"""The hook never blocks the agent: whatever goes wrong — garbage, a huge prompt, a missing
folder, an internal error, a disk that hangs — it exits 0 within its time budget, injects
nothing and logs why."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow

SLOW_DISK = "import time, tui.core.reading.load as s\ns._read_bytes = lambda *a, **k: time.sleep(30)\n"


def _hook(tmp_path, stdin: bytes, env_extra: dict | None = None, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"))
    env.pop("MEMTUI_DIR", None)
    env.pop("PYTEST_CURRENT_TEST", None)
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "tui", "hook", "claude-code"], input=stdin, capture_output=True,
                       env={**env, **(env_extra or {})}, cwd=cwd or tmp_path, timeout=30)
    log = tmp_path / "state" / "memtui" / "injections.jsonl"
    last = json.loads(log.read_text().splitlines()[-1]) if log.exists() else {}
    return p, time.perf_counter() - t, last


@pytest.mark.parametrize("stdin", [b"", b"\xff\xfe\x00garbage", b"[1, 2]", b'{"prompt": 42}', b"{" * 10000,
                                   json.dumps({"prompt": "x" * 5_000_000}).encode()],
                         ids=["empty", "binary", "a-list", "prompt-not-text", "deep-braces", "5-MB-prompt"])
def test_garbage_and_huge_input_exit_0_quickly(tmp_path, stdin):
    p, took, last = _hook(tmp_path, stdin)
    assert p.returncode == 0 and p.stdout == b"" and took < 10
    assert last.get("injected") == []


def test_missing_folder_injects_nothing(tmp_path):
    p, _, last = _hook(tmp_path, json.dumps({"prompt": "hello", "cwd": str(tmp_path / "nowhere")}).encode())
    assert p.returncode == 0 and p.stdout == b"" and last["injected"] == []


def test_an_internal_error_is_logged_and_exits_0(tmp_path):
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    p, _, last = _hook(tmp_path, json.dumps({"prompt": "hello", "cwd": str(tmp_path)}).encode(),
                       {"MEMTUI_DIR": str(not_a_dir)})
    assert p.returncode == 0 and p.stdout == b""
    assert last["injected"] == []


def test_a_hung_disk_gives_up_within_the_budget(tmp_path):
    mem = tmp_path / "memory"
    mem.mkdir()
    (mem / "a.md").write_text("---\nname: a\n---\nThe API lives in src/api.\n")
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SLOW_DISK)
    p, took, last = _hook(tmp_path, json.dumps({"prompt": "where is src/api", "cwd": str(tmp_path)}).encode(),
                          {"MEMTUI_DIR": str(mem), "MEMTUI_HOOK_TIMEOUT": "1",
                           "PYTHONPATH": f"{site}{os.pathsep}{REPO}"})
    assert p.returncode == 0 and p.stdout == b"" and took < 6, took
    assert "gave up after 1 s" in last.get("error", ""), last


def test_a_folder_too_big_for_the_budget_is_indexed_in_the_background(tmp_path):
    """The slow way gives up on a folder it cannot read in time; a detached child reads it and
    builds the kept index, so a later prompt answers quickly, as the slow way would have."""
    import sqlite3
    sys.path.insert(0, str(REPO / "tests" / "bench"))
    from gen import generate
    mem, proj = generate(tmp_path / "big", 200)
    cache, site = tmp_path / "cache", tmp_path / "site"
    site.mkdir()   # a disk slow enough (20 ms a file) that 200 files do not fit in one second
    (site / "sitecustomize.py").write_text("import time, tui.core.reading.load as s\nread = s._read_bytes\n"
                                           "s._read_bytes = lambda *a, **k: time.sleep(0.02) or read(*a, **k)\n")
    stdin = json.dumps({"prompt": "why does src/router/index.ts fail the lint check", "cwd": str(proj)}).encode()
    env = {"MEMTUI_DIR": str(mem), "XDG_CACHE_HOME": str(cache)}
    p, _, last = _hook(tmp_path, stdin, {**env, "MEMTUI_HOOK_TIMEOUT": "1", "PYTHONPATH": f"{site}{os.pathsep}{REPO}"})
    assert p.returncode == 0 and "gave up" in last.get("error", ""), last
    end = time.monotonic() + 60
    while time.monotonic() < end:   # the child's index is there once 'indexed' is in the meta table
        dbs = list((cache / "memtui").glob("parse-*.sqlite"))
        try:
            if dbs and sqlite3.connect(dbs[0]).execute("SELECT 1 FROM meta WHERE key = 'indexed'").fetchone():
                break
        except sqlite3.Error:
            pass
        time.sleep(0.2)
    else:
        raise AssertionError("no index was built in the background")
    quick, _, last = _hook(tmp_path, stdin, env)
    slow, _, _ = _hook(tmp_path, stdin, {**env, "MEMTUI_NO_INDEX": "1", "MEMTUI_HOOK_TIMEOUT": "30"})
    assert "error" not in last and quick.stdout and quick.stdout == slow.stdout
