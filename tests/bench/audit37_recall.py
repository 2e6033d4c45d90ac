"""Recall on the stop-37 fixtures (tests/fixtures/audit37: own text, written in the shapes the
stop-36 held-out review named, never copied): ``real_ones`` holds what an owner acts on (two
credential shapes missed before, a 'right now' statement, a status with live figures, a missing
path, three contradictions across entries); ``owner_rejects`` holds what the review found owners
reject (a living backlog's 'not yet', an open question, a rule for later notes, a description of
what a file tracks, closed status records, a product's name read as a path, a path said never
saved or to be created, credential look-alikes, one component's setting beside another's, a
value said to be replaced). Each fixture's ``project/`` is its root.

    python tests/bench/audit37_recall.py [REPO]     (REPO: another checkout to measure, e.g. main)
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "audit37"
KINDS = ("secret", "process", "transient", "stale", "identifying", "sensitive", "conflict", "path-missing")


def main() -> int:
    repo = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    expected = json.loads((HERE / "expected.json").read_text())
    found = wanted = false = 0
    for name, exp in sorted(expected.items()):
        cmd = [sys.executable, "-m", "tui", "audit", "--dir", str(HERE / name / "memory"), "--all",
               "--format", "json", "--fail-on", ""]
        if (HERE / name / "project").is_dir():
            cmd += ["--root", str(HERE / name / "project")]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=repo)
        got: Counter = Counter()
        for f in json.loads(out.stdout)["findings"]:
            if f["kind"] in KINDS:
                # a secret is one place of its finding; a conflict is one finding naming two places
                n = len(f.get("locations") or [0]) if f["kind"] == "secret" else 1
                got[(f["id"].split("#")[0], f["kind"])] += n
        need = Counter(tuple(e) for e in exp)
        hit = sum(min(n, got[k]) for k, n in need.items())
        extra = sum(n for k, n in got.items() if k not in need) + sum(max(0, got[k] - n) for k, n in need.items())
        found, wanted, false = found + hit, wanted + sum(need.values()), false + extra
        print(f"{name:14} {hit}/{sum(need.values())}" + (f"  not expected: {extra} {dict(got)}" if extra else ""))
    print(f"recall {found}/{wanted}; findings not expected: {false}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
