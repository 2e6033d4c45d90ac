"""The triage ledger: how often triage suggests what a careful owner would do, on real folders.

    python tests/bench/triage_ledger.py                 # the TUNE part of the corpus (tests/split.py)
    python tests/bench/triage_ledger.py --part heldout  # only once a reviewer has labelled held-out rows
    python tests/bench/triage_ledger.py --misses        # each disagreement: folder, file, label, suggestion

Labels live in ``tests/ledger/triage.tsv`` (the action a careful owner would take, by file and its
sha256; no corpus text). Each corpus folder is triaged in this process on a skeleton of its project
(``tests/realworld.skeleton``: the project's paths as empty files, so test 3 cannot find a fact and
an instruction file holds nothing: rows marked ``t3`` are where the project's contents could change
the label). Printed: agreement (a suggestion among a row's acceptable actions), per action the
precision of the suggestions and the recall of the rows labelled with it first, all rows and
without the ``t3`` rows; stale rows (the file changed since it was labelled) are counted apart.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import hashlib
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent)]
os.environ.setdefault("MEMTUI_NO_CACHE", "1")

from realworld import CORPUS, skeleton  # noqa: E402
from split import part  # noqa: E402

LEDGER = HERE.parent / "ledger" / "triage.tsv"
ACTIONS = ("keep", "promote", "archive", "edit", "drop", "review")
NOW = dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc)


def read_rows(path: Path = LEDGER) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader((ln for ln in fh if not ln.startswith("#")), delimiter="\t"))


def suggestions(folders: list[str]) -> dict[str, dict[str, str]]:
    """folder → entry id → suggested action (in this process, on each folder's skeleton)."""
    from tui.core.snapshots.memory import Memory
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    out = {}
    with tempfile.TemporaryDirectory(prefix="memtui-triage-ledger-") as tmp:
        for folder in folders:
            mem_dir, root = skeleton(folder, Path(tmp))
            mem = Memory.load(mem_dir, root, now=NOW)
            report = triage(mem, audit(mem, git=False).findings, Usage(), NOW)
            out[folder] = {s.id: s.action for s in report.suggestions}
    return out


def table(rows: list[dict], got: dict) -> list[str]:
    pred, pred_ok, first, first_ok = Counter(), Counter(), Counter(), Counter()
    agree = 0
    for r in rows:
        ok_set = r["label"].split("|")
        have = got[r["folder"]].get(r["file"], "(missing)")
        ok = have in ok_set
        agree += ok
        pred[have] += 1
        pred_ok[have] += ok
        first[ok_set[0]] += 1
        first_ok[ok_set[0]] += ok
    n = len(rows)
    lines = [f"agree {agree}/{n} = {agree / n:.1%}" if n else "no rows",
             "| action | suggested | precision | labelled (first) | recall |", "|---|---|---|---|---|"]
    for a in ACTIONS:
        p = f"{pred_ok[a] / pred[a]:.2f}" if pred[a] else "–"
        rc = f"{first_ok[a] / first[a]:.2f}" if first[a] else "–"
        lines.append(f"| {a} | {pred[a]} | {p} | {first[a]} | {rc} |")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("tune", "heldout"), default="tune")
    ap.add_argument("--ledger", default=str(LEDGER))
    ap.add_argument("--misses", action="store_true")
    args = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}")
        return 1
    rows = [r for r in read_rows(Path(args.ledger)) if part(r["folder"]) == args.part]
    if not rows:
        print(f"no labelled {args.part} rows in {args.ledger}")
        return 0
    fresh, stale = [], []
    for r in rows:
        p = CORPUS / r["folder"] / "memory" / r["file"]
        sha = hashlib.sha256(p.read_bytes()).hexdigest()[:12] if p.is_file() else None
        (fresh if sha == r["sha"] else stale).append(r)
    got = suggestions(sorted({r["folder"] for r in fresh}))
    print(f"triage ledger, {args.part} part: {len(fresh)} rows in {len({r['folder'] for r in fresh})} folders"
          + (f" ({len(stale)} stale: the file changed since it was labelled)" if stale else ""))
    print("\nall rows:")
    print("\n".join(table(fresh, got)))
    judged = [r for r in fresh if not r["t3"]]
    print(f"\nwithout the {len(fresh) - len(judged)} rows test 3 cannot judge here (t3):")
    print("\n".join(table(judged, got)))
    if args.misses:
        print()
        for r in fresh:
            have = got[r["folder"]].get(r["file"], "(missing)")
            if have not in r["label"].split("|"):
                print(f"miss {r['folder']} {r['file']}: owner {r['label']}, triage {have}{' (t3)' if r['t3'] else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
