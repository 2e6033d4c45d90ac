"""Recall on the stop-36 fixtures (tests/fixtures/audit36: own text, in the shapes issue 36's
held-out review found missed): each expected (file, kind) is one finding to find; a finding of
those kinds in a clean folder, or a layout other than Claude Code for nested_memory, is counted
as a false one.

    python tests/bench/audit36_recall.py [REPO]     (REPO: another checkout to measure, e.g. main)
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "audit36"


def main() -> int:
    repo = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    expected = json.loads((HERE / "expected.json").read_text())
    found = wanted = false = 0
    for name, exp in sorted(expected.items()):
        out = subprocess.run([sys.executable, "-m", "tui", "audit", "--dir", str(HERE / name / "memory"),
                              "--format", "json", "--fail-on", ""], capture_output=True, text=True, cwd=repo)
        got: Counter = Counter()
        for f in json.loads(out.stdout)["findings"]:
            if f["kind"] in ("secret", "process", "transient", "stale", "identifying", "sensitive"):
                # a status said by a 'right now' heading is the same cause; each secret is one place
                kind = "process" if f["kind"] == "transient" and f["rule"] != "user-state" else f["kind"]
                got[(f["id"].split("#")[0], kind)] += len(f.get("locations") or [0])
        need = Counter(tuple(e) for e in exp)
        hit = sum(min(n, got[k]) for k, n in need.items())
        extra = sum(n for k, n in got.items() if k not in need) if not exp else 0
        found, wanted, false = found + hit, wanted + sum(need.values()), false + extra
        print(f"{name:18} {hit}/{sum(need.values())}" + (f"  flagged in a clean folder: {extra}" if extra else ""))
    print(f"recall {found}/{wanted}; findings in clean folders: {false}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
