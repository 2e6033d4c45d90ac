"""Precision of the audit on the hand-labelled fixtures: per finding kind, how many findings
the labels mark right, how many wrong, how many are unlabelled, and which labels were missed.

    python tests/precision_report.py [FIXTURE_DIR]      (default: tests/fixtures/realworld)
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def evaluate(folder: Path) -> dict:
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Snapshot
    import datetime as dt
    labels = json.loads((folder / "labels.json").read_text())
    now = dt.datetime(2026, 11, 29, 12, tzinfo=dt.timezone.utc)
    rep = audit(Snapshot.load(folder / "memory", folder / "project", now), git=False, jobs=1)

    # a label names one place (file, line); a finding is one cause and may list several: it is
    # expected when a label names any of its places, rejected when a label rejects any of them
    def expected(f, e) -> bool:
        return f.kind == e[1] and (e[2] is None or f.rule == e[2]) and \
            any(p.id == e[0] and (e[3] is None or p.line == e[3]) for p in f.locations)

    def rejected(f, r) -> bool:
        return f.kind == r[1] and (r[2] is None or f.rule == r[2]) and \
            any(p.id == r[0] and (r[3] or "") in (p.note or f.message) for p in f.locations)

    counts: dict[str, Counter] = {}
    for f in rep.findings:
        c = counts.setdefault(f.kind, Counter())
        c["found"] += 1
        if any(rejected(f, r) for r in labels["reject"]):
            c["wrong"] += 1
        elif any(expected(f, e) for e in labels["expect"]):
            c["right"] += 1
        else:
            c["unlabelled"] += 1
    missed = [e for e in labels["expect"] if not any(expected(f, e) for f in rep.findings)]
    return {"counts": counts, "missed": missed}


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "fixtures" / "realworld"
    result = evaluate(folder)
    print(f"{'kind':16} {'found':>5} {'right':>5} {'wrong':>5} {'unlabelled':>10}  precision")
    for kind, c in sorted(result["counts"].items()):
        judged = c["right"] + c["wrong"]
        prec = f"{c['right'] / judged:.0%}" if judged else "—"
        print(f"{kind:16} {c['found']:5} {c['right']:5} {c['wrong']:5} {c['unlabelled']:10}  {prec}")
    for e in result["missed"]:
        print("missed:", e)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
