"""Re-run the held-out layout check: every folder of ``DIR/<layout>/<slug>/`` through the
installed ``memtui`` (``list --json``, ``audit --format json``, ``preview``, ``triage --json``),
and print a Markdown table: the layout detected (and whether it is the folder's own), entries
read, files unreadable and why, and any crash.

    python tests/bench/heldout_layouts.py /tmp/heldout [--memtui .venv/bin/memtui]

A folder may hold a file ``.heldout.json`` (``{"repo": "owner/name", "dir": "sub/folder",
"expect": "codex", "note": "…"}``): the repository it was recreated from, the subfolder to
pass as ``--dir`` (default: the folder itself, as the agent keeps it), and the layout it is
(default: its parent folder's name). The folders are recreated from public repositories and
stay outside this repository: the table names them, never their text.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ALIASES = {"claude": "claude-code"}
CRASH = 3   # memtui's exit for an unexpected error (a traceback)


def run(memtui: str, args: list[str], timeout: int = 120) -> tuple[int, str, str]:
    try:
        p = subprocess.run([memtui, *args], capture_output=True, text=True, timeout=timeout,
                           env={**os.environ, "NO_COLOR": "1"})
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"
    return p.returncode, p.stdout, p.stderr


def check(memtui: str, folder: Path, expect: str) -> dict:
    meta = {}
    try:
        meta = json.loads((folder / ".heldout.json").read_text())
    except (OSError, ValueError):
        pass
    target = folder / meta.get("dir", "")
    expect = meta.get("expect", expect)
    root = ["--dir", str(target), "--root", str(folder)]
    row = {"slug": folder.name, "repo": meta.get("repo", ""), "expect": expect, "crash": []}
    rc, out, err = run(memtui, ["list", "--json", *root])
    if rc != 0 or "Traceback" in err:
        row["crash"].append(f"list rc={rc}")
        data = {}
    else:
        data = json.loads(out)
    row["layout"] = data.get("layout", "?")
    entries = data.get("entries", [])
    row["entries"] = len(entries)
    bad = [e for e in entries if e.get("error")]
    row["unreadable"] = len(bad)
    row["why"] = "; ".join(f"{n}× {r}" for r, n in Counter(str(e["error"])[:60] for e in bad).items())
    row["other"] = sum(1 for f in data.get("files", []) if f.get("role") == "other")
    row["shared_empty"] = sum(1 for f in data.get("files", []) if f.get("role") == "shared" and not f.get("entries"))
    for name, args, ok in (("audit", ["audit", "--format", "json", "--fail-on", "none"], (0, 1)),
                           ("preview", ["preview", "how do I run the tests"], (0,)),
                           ("triage", ["triage", "--json"], (0,))):
        rc, out, err = run(memtui, [*args, *root])
        if rc not in ok or "Traceback" in err:
            row["crash"].append(f"{name} rc={rc}")
    row["match"] = row["layout"] == expect
    row["note"] = meta.get("note", "")
    return row


def table(rows: list[dict]) -> str:
    head = ("| layout | folder (repo) | detected | entries | unreadable (why) | not memory | crash |\n"
            "|---|---|---|---|---|---|---|")
    out = [head]
    for r in rows:
        detected = r["layout"] + ("" if r["match"] else " ✗")
        why = f"{r['unreadable']}" + (f" ({r['why']})" if r["why"] else "")
        out.append(f"| {r['expect']} | {r['slug']} ({r['repo']}) | {detected} | {r['entries']} | {why} | "
                   f"{r['other']} | {', '.join(r['crash']) or 'no'} |")
    n = len(rows)
    ok = sum(1 for r in rows if r["match"] and not r["crash"])
    out.append("")
    out.append(f"{ok}/{n} folders read as their layout with no crash.")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--memtui", default=str(Path(sys.executable).parent / "memtui"))
    ns = ap.parse_args(argv)
    rows = []
    for layout_dir in sorted(p for p in ns.dir.iterdir() if p.is_dir()):
        for folder in sorted(p for p in layout_dir.iterdir() if p.is_dir()):
            rows.append(check(ns.memtui, folder, ALIASES.get(layout_dir.name, layout_dir.name)))
    print(table(rows))
    return 0 if all(r["match"] and not r["crash"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
