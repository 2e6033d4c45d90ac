"""Replay real memory folders through the agent's write gate: every file of
``../shared/corpus/realworld-dev/*/memory`` as if the agent wrote it whole with Write (the
worst case: every line is new), and print how many writes would be denied, by finding kind
and rule, with the confidence — the false-alarm side of the gate, on text nobody here wrote
(gitleaks finds no secret in that corpus). No text of the corpus is printed.

    python tests/bench/replay_write_gate.py [CORPUS]
"""
from __future__ import annotations

import collections
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent))
from tui.core.writes.tool_gate import judge  # noqa: E402

DEFAULT = HERE.parent.parent.parent / "shared" / "corpus" / "realworld-dev"


def main() -> None:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    if not corpus.is_dir():
        print(f"skipped: no corpus at {corpus}")
        return
    root = Path(tempfile.mkdtemp())   # an empty project: the in-code gate has nothing to compare
    files = denied = 0
    by_kind: collections.Counter = collections.Counter()
    by_rule: collections.Counter = collections.Counter()
    noted: collections.Counter = collections.Counter()
    took = []
    for mem in sorted(corpus.glob("*/memory")):
        for f in sorted(p for p in mem.rglob("*") if p.is_file()):
            try:
                text = f.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            files += 1
            t = time.perf_counter()
            d = judge(mem, root, f.relative_to(mem).as_posix(), None, text)
            took.append(time.perf_counter() - t)
            denied += d.deny
            for kind in dict.fromkeys(x.kind for x in d.denied):
                by_kind[kind] += 1
            for x in d.denied:
                by_rule[(x.kind, x.rule, x.confidence)] += 1
            for x in d.noted:
                noted[(x.kind, x.confidence)] += 1
    print(f"{files} files of {corpus}, each written whole: {denied} denied ({denied / max(files, 1):.0%})")
    print("denied writes by kind: " + ", ".join(f"{k} {n}" for k, n in by_kind.most_common()))
    print("denying findings by rule (confidence):")
    for (kind, rule, conf), n in by_rule.most_common():
        print(f"  {kind:10} {rule:28} {conf:9} {n}")
    print("noted, not denying: " + ", ".join(f"{k}/{c} {n}" for (k, c), n in noted.most_common()))
    print(f"judge per file: median {statistics.median(took) * 1000:.1f} ms, max {max(took) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
