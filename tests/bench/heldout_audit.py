"""Re-run the audit over a held-out set of real memory folders and count its findings.

    python tests/bench/heldout_audit.py DIR [--memtui .venv/bin/memtui]
        [--sample FILE [--seed N] [--per-kind 10]]

DIR holds one folder per recreated memory (``DIR/<slug>/``, or ``DIR/<layout>/<slug>/`` as
``heldout_layouts.py`` lays them out). A folder may hold ``.heldout.json`` (``{"repo":
"owner/name", "dir": "project/.claude/memory", "root": "project"}``): the memory folder to pass
as ``--dir`` and the project skeleton (empty files at the repository's paths) to pass as
``--root``; without it the folder's ``memory/`` (or the folder itself) is read with no root.

Prints, per folder, the exit status of a plain ``memtui audit`` (1: a high-confidence finding
of a default ``--fail-on`` kind) and its counts; then the counts per kind, severity and
confidence over the set. ``--sample FILE`` writes a seeded random sample for a hand check as
JSON lines — every error, and up to ``--per-kind`` of each other kind and confidence — each
with the lines around it. FILE quotes the memory text, so keep it outside the repository.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path


def folders(top: Path) -> list[Path]:
    """The held-out folders under ``top``: those with a ``.heldout.json``, a ``memory/``, or
    (one level deeper) the same under a layout's folder."""
    out = []
    for p in sorted(q for q in top.iterdir() if q.is_dir()):
        if (p / ".heldout.json").exists() or (p / "memory").is_dir():
            out.append(p)
        else:
            out.extend(q for q in sorted(p.iterdir()) if q.is_dir())
    return out


def target(folder: Path) -> tuple[Path, Path | None, str]:
    """The memory folder, the project root (if any) and the repository name of one folder."""
    try:
        meta = json.loads((folder / ".heldout.json").read_text())
    except (OSError, ValueError):
        meta = {}
    if "dir" in meta:
        mem = folder / meta["dir"]
    else:
        mem = folder / "memory" if (folder / "memory").is_dir() else folder
    root = folder / meta["root"] if meta.get("root") else None
    return mem, root, meta.get("repo", "")


def audit(memtui: str, mem: Path, root: Path | None) -> tuple[int, list[dict]]:
    """Run one audit: its exit status with the default ``--fail-on`` and its findings."""
    args = [memtui, "audit", "--format", "json", "--dir", str(mem)]
    if root is not None:
        args += ["--root", str(root)]
    p = subprocess.run(args, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "NO_COLOR": "1"}, cwd=str(mem))
    try:
        found = json.loads(p.stdout)["findings"]
    except (ValueError, KeyError):
        found = []
    return p.returncode, found


def context(mem: Path, f: dict, around: int = 3, most: int = 6) -> list[str]:
    """The finding's lines and a few around each (for the hand check, never for the repository): a
    cause seen in several places (its "locations") shows its first ``most`` places."""
    out: list[str] = []
    places = f.get("locations") or [{"id": f["id"], "line": f.get("line"), "end": None}]
    for loc in places[:most]:
        name = loc["id"].split("#")[0]
        for base in (mem, mem.parent):
            path = base / name
            if name and path.is_file():
                break
        else:
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        line, end = loc.get("line"), loc.get("end") or loc.get("line")
        if len(places) > 1:
            out.append(f"-- {name}:{line or ''}" + (f"-{end}" if end != line else ""))
        if not line:
            out += lines[:8]
            continue
        lo, hi = max(1, line - around), min(len(lines), min(end, line + 2 * around) + around)
        out += [f"{'>' if line <= i <= end else ' '}{i:4} {lines[i - 1][:300]}" for i in range(lo, hi + 1)]
    if len(places) > most:
        out.append(f"… and {len(places) - most} more places")
    return out


def sample(rows: list[tuple[str, Path, dict]], per_kind: int, seed: int) -> list[dict]:
    """Every error-severity finding, and a seeded random ``per_kind`` of each (kind, confidence)."""
    rnd = random.Random(seed)
    groups: dict[tuple[str, str], list] = {}
    for slug, mem, f in rows:
        key = (f["kind"], "error" if f["severity"] == "error" else f.get("confidence", "high"))
        groups.setdefault(key, []).append((slug, mem, f))
    out = []
    for key in sorted(groups):
        group = groups[key]
        rnd.shuffle(group)
        for slug, mem, f in group if key[1] == "error" else group[:per_kind]:
            out.append({"slug": slug, **f, "context": context(mem, f)})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--memtui", default=str(Path(sys.executable).parent / "memtui"))
    ap.add_argument("--sample", type=Path, help="write a hand-check sample (JSON lines) here")
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--per-kind", type=int, default=10)
    ns = ap.parse_args(argv)
    ns.memtui = shutil.which(ns.memtui) or os.path.abspath(ns.memtui)   # each audit runs in its folder
    rows: list[tuple[str, Path, dict]] = []
    print("| folder (repo) | exit | findings | errors |\n|---|---|---|---|")
    failing = 0
    for folder in folders(ns.dir):
        mem, root, repo = target(folder)
        rc, found = audit(ns.memtui, mem, root)
        failing += rc == 1
        rows.extend((folder.name, mem, f) for f in found)
        errors = sum(1 for f in found if f["severity"] == "error")
        print(f"| {folder.name} ({repo}) | {rc} | {len(found)} | {errors} |")
    print(f"\n{len(folders(ns.dir))} folders, {failing} exit 1.\n")
    counts = Counter((f["kind"], f["severity"], f.get("confidence", "")) for _, _, f in rows)
    print("| kind | severity | confidence | findings |\n|---|---|---|---|")
    for (kind, sev, conf), n in sorted(counts.items()):
        print(f"| {kind} | {sev} | {conf} | {n} |")
    if ns.sample:
        picked = sample(rows, ns.per_kind, ns.seed)
        ns.sample.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in picked), encoding="utf-8")
        print(f"\n{len(picked)} findings sampled to {ns.sample}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
