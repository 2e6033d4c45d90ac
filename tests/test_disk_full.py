"""The disk fills up midway through a multi-file write: the folder ends as it was or as
asked, never between, with nothing left behind (no temp file, no empty trash folder, no
backup), and the command exits 1 saying so (never 3, the code for our own bugs).

The full disk is simulated in process: the K-th call of a primitive that needs space
(``os.fsync`` of a written file, ``os.mkdir``, ``os.link`` of a kept old version) fails
with ENOSPC, and so does every later one (the disk stays full); renames and unlinks work,
as they do on a full disk. K runs over every such call of the whole command.
"""
from __future__ import annotations

import errno
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from conftest import SAMPLE
from tui.cli import main

pytestmark = pytest.mark.slow   # a crash-safety test: ~4 s

STAMP = re.compile(r"\.trash/\d{8}T\d+Z")
WRITTEN_AT = re.compile(rb"(?m)^(created|updated): .*$")


class DiskFull:
    """Counts the calls that need space; from the ``at``-th on, they fail with ENOSPC."""

    def __init__(self, at: int) -> None:
        self.at, self.calls = at, 0

    def wrap(self, fn):
        def run(*args, **kwargs):
            self.calls += 1
            if self.calls >= self.at:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return fn(*args, **kwargs)
        return run


def _state(base: Path) -> dict[str, object]:
    """Every file and folder under ``base`` with its bytes; the trash's time stamps made equal."""
    out: dict[str, object] = {}
    for p in sorted(base.rglob("*")):
        rel = STAMP.sub(".trash/STAMP", p.relative_to(base).as_posix())
        if p.is_dir():
            out[rel + "/"] = None
        elif p.name == "manifest.json":
            out[rel] = {k: v for k, v in json.loads(p.read_bytes()).items() if k != "deleted"}
        else:
            out[rel] = WRITTEN_AT.sub(rb"\1: T", p.read_bytes())
    return out


def _run(args: list[str], full: DiskFull | None, monkeypatch, capsys) -> tuple[int, str]:
    with monkeypatch.context() as m:
        if full is not None:
            for name in ("fsync", "mkdir", "link"):
                m.setattr(os, name, full.wrap(getattr(os, name)))
        code = main(args)
    return code, capsys.readouterr().err


def _every_point(tmp_path, src: Path, args, monkeypatch, capsys, where: str = "memory"):
    """Run ``args`` (``{}`` stands for the copy) with the disk filling at each space-taking call."""
    def fresh(name: str) -> Path:
        dest = tmp_path / name
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(src, dest, symlinks=True, ignore=shutil.ignore_patterns("layouts"))
        return dest

    base = fresh("probe")
    before = _state(base)
    counter = DiskFull(10**9)
    code, err = _run([a.replace("{}", str(base)) for a in args], counter, monkeypatch, capsys)
    assert code == 0, err
    after = _state(base)
    assert after != before
    assert counter.calls >= 3, counter.calls   # a multi-file write: several points to fail at
    for k in range(1, counter.calls + 1):
        base = fresh("run")
        code, err = _run([a.replace("{}", str(base)) for a in args], DiskFull(k), monkeypatch, capsys)
        state = _state(base)
        assert state in (before, after), (k, err, set(state) ^ set(before))
        if state == before:
            assert code == 1 and "is full" in err and "internal error" not in err, (k, code, err)
    return counter.calls


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


IDS = ["api-versioning.md", "ci-status.md", "db-migrations.md"]


def test_a_multi_entry_delete_is_whole_or_not_at_all(tmp_path, monkeypatch, capsys):
    _every_point(tmp_path, SAMPLE, ["delete", *IDS, "--yes", "--dir", "{}/memory"], monkeypatch, capsys)


def test_a_multi_entry_restore_is_whole_or_not_at_all(tmp_path, monkeypatch, capsys):
    deleted = tmp_path / "deleted"
    shutil.copytree(SAMPLE, deleted, symlinks=True, ignore=shutil.ignore_patterns("layouts"))
    assert main(["delete", *IDS, "--yes", "--dir", str(deleted / "memory")]) == 0
    _every_point(tmp_path, deleted, ["restore", *IDS, "--dir", "{}/memory"], monkeypatch, capsys)


def test_a_promotion_that_marks_two_entries_is_whole_or_not_at_all(tmp_path, monkeypatch, capsys):
    _every_point(tmp_path, SAMPLE, ["promote", "pnpm-only.md", "small-prs.md", "--to", "AGENTS.md", "--yes",
                                    "--dir", "{}/memory", "--root", "{}/project"], monkeypatch, capsys)


def test_a_promotion_out_of_a_shared_file_is_whole_or_not_at_all(tmp_path, monkeypatch, capsys):
    """OpenClaw: the bullets leave MEMORY.md (to the trash) as the instruction file is written."""
    src = SAMPLE / "layouts" / "openclaw"
    ids = ["MEMORY.md#always-run-pnpm-test-before-saying-a-change", "MEMORY.md#never-push-to-main-directly-open-a-pull"]
    (tmp_path / "empty-root").mkdir()
    _every_point(tmp_path, src, ["promote", *ids, "--to", "CLAUDE.md", "--yes", "--dir", "{}", "--root", "{}"],
                 monkeypatch, capsys)


def test_a_delete_of_bullets_in_a_shared_file_is_whole_or_not_at_all(tmp_path, monkeypatch, capsys):
    src = SAMPLE / "layouts" / "openclaw"
    ids = ["MEMORY.md#gateway", "MEMORY.md#timezone-europe-lisbon-do-not-schedule-anything", "memory/fly-deploys.md"]
    _every_point(tmp_path, src, ["delete", *ids, "--yes", "--dir", "{}"], monkeypatch, capsys)


def test_remember_on_a_full_disk_writes_nothing(tmp_path, monkeypatch, capsys):
    _every_point(tmp_path, SAMPLE, ["remember", "Integration tests need the local Postgres on port 5433",
                                    "--name", "pg-port", "--dir", "{}/memory", "--root", "{}/project"],
                 monkeypatch, capsys)
