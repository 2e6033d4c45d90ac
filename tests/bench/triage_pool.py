"""Triage on a labelled pool of real folders (a TUNE or held-out pool built outside the repository).

    python tests/bench/triage_pool.py /work/tune40                 # every labelled folder
    python tests/bench/triage_pool.py /work/tune40 --part A=x,y    # figures per named part too
    python tests/bench/triage_pool.py /work/tune40 --misses        # each disagreement, with its first reason

The pool: ``folders/<slug>/memory/`` (the memory folder), ``folders/<slug>/project-files.txt``
(the repository's paths, when known), ``INDEX.tsv`` (``memory_path``: where the folder sits in
the repository) and ``triage_folders.json`` (``{slug: {file: {"action": a, "acceptable": [...]}}}``).
Each folder is triaged in this process (its layout detected as the command does) on a skeleton of its project (empty files at its paths:
test 3 finds no fact there, so a drop can come only from the memory itself). Printed: exact
(the action meant) and acceptable agreement, and per action how often it is said and labelled.
No pool text is printed but the entry's file name and triage's own first reason.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent)]
os.environ.setdefault("MEMTUI_NO_CACHE", "1")

ACTIONS = ("keep", "promote", "archive", "edit", "drop", "review")
NOW = dt.datetime(2026, 12, 7, tzinfo=dt.timezone.utc)


def skeleton(pool: Path, slug: str, into: Path) -> tuple[Path, Path]:
    """(memory dir, project root): the repository's paths as empty files, the memory folder at its place."""
    src = pool / "folders" / slug
    where = "memory/"
    with (pool / "INDEX.tsv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if row["slug"] == slug:
                where = row["memory_path"].split()[0]
    root = into / slug
    root.mkdir(parents=True)
    at_root = where.strip("/") in ("", ".")   # the memory IS the repository's top (OpenClaw, a root MEMORY.md)
    listing = src / "project-files.txt"
    for rel in (listing.read_text(encoding="utf-8").splitlines() if listing.is_file() else ()):
        rel = rel.strip()
        if not rel or rel.startswith("/") or ".." in Path(rel).parts:
            continue
        if at_root and rel.lower().endswith(".md"):
            continue   # the memory's Markdown is what the pool copied; an empty stand-in would read as an entry
        try:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).touch()
        except OSError:
            pass
    if at_root:   # the project's stand-ins stay: the memory is copied over them
        shutil.copytree(src / "memory", root, dirs_exist_ok=True)
        return root, root
    memory = root / where.strip("/")
    if memory.exists():
        shutil.rmtree(memory) if memory.is_dir() else memory.unlink()
    memory.parent.mkdir(parents=True, exist_ok=True)
    inner = src / "memory" / memory.name   # a pool that keeps the memory folder itself under memory/ (memory/memory-bank/)
    nested = inner.is_dir() and [p.name for p in (src / "memory").iterdir()] == [memory.name]
    shutil.copytree(inner if nested else src / "memory", memory)
    return memory, root


def suggestions(pool: Path, slugs: list[str]) -> dict[str, dict[str, tuple[str, str]]]:
    """slug → file name → (action, first reason)."""
    from tui.core.snapshots.memory import Memory
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.layouts import detect
    out = {}
    with tempfile.TemporaryDirectory(prefix="memtui-triage-pool-") as tmp:
        for slug in slugs:
            mem_dir, root = skeleton(pool, slug, Path(tmp))
            seen = detect(mem_dir, None)   # the layout, as `memtui triage --dir` detects it
            mem = Memory.load(seen.dir, root, now=NOW, layout=seen.layout)
            report = triage(mem, audit(mem, git=False).findings, Usage(), NOW)
            got = {}
            for s in report.suggestions:
                got.setdefault(s.id, (s.action, (s.reasons or [""])[0]))
                got.setdefault(s.id.rsplit("/", 1)[-1], (s.action, (s.reasons or [""])[0]))
            for f in report.files:   # a file whose sections are entries: its whole-file suggestion
                got.setdefault(f.file, (f.action, (f.reasons or [""])[0]))
                got.setdefault(f.file.rsplit("/", 1)[-1], (f.action, (f.reasons or [""])[0]))
            out[slug] = got
    return out


def _got(got: dict, name: str) -> tuple[str, str]:
    """The suggestion for a labelled file: by its id, else by its name within the memory folder."""
    return got.get(name) or got.get(name.rsplit("/", 1)[-1]) or ("(missing)", "")


def table(rows: list[tuple[str, str, str, list[str]]], got: dict) -> list[str]:
    exact = ok = 0
    said, said_ok, meant, meant_ok = Counter(), Counter(), Counter(), Counter()
    for slug, name, action, acceptable in rows:
        have = _got(got[slug], name)[0]
        exact += have == action
        good = have == action or have in acceptable
        ok += good
        said[have] += 1
        said_ok[have] += good
        meant[action] += 1
        meant_ok[action] += have == action
    n = len(rows)
    out = [f"exact {exact}/{n}, acceptable {ok}/{n}",
           "| action | said | acceptable when said | labelled | said when labelled |", "|---|---|---|---|---|"]
    out += [f"| {a} | {said[a]} | {said_ok[a]} | {meant[a]} | {meant_ok[a]} |" for a in ACTIONS]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pool")
    ap.add_argument("--part", action="append", default=[], help="NAME=slug,slug (figures for those folders apart)")
    ap.add_argument("--misses", action="store_true")
    args = ap.parse_args()
    pool = Path(args.pool)
    labels = json.loads((pool / "triage_folders.json").read_text(encoding="utf-8"))
    rows = [(slug, name, v["action"], list(v.get("acceptable") or ()))
            for slug, files in sorted(labels.items()) for name, v in sorted(files.items())]
    got = suggestions(pool, sorted(labels))
    parts = [("all", set(labels))] + [(p.split("=")[0], set(p.split("=", 1)[1].split(","))) for p in args.part]
    for name, slugs in parts:
        mine = [r for r in rows if r[0] in slugs]
        print(f"\n{name}: {len(mine)} entries in {len({r[0] for r in mine})} folders")
        print("\n".join(table(mine, got)))
    if args.misses:
        print()
        for slug, name, action, acceptable in rows:
            have, why = _got(got[slug], name)
            mark = "  " if have == action else "~ " if have in acceptable else "x "
            print(f"{mark}{slug} {name}: label {action}{'|' + '|'.join(acceptable) if acceptable else ''}, "
                  f"triage {have} — {why[:110]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
