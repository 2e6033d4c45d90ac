"""How often `memtui triage --json` gives the labelled action: accuracy and recall per action.

    python tests/bench/triage_accuracy.py                      # the labelled fixture (tests/fixtures/triage)
    python tests/bench/triage_accuracy.py FOLDER               # FOLDER/{memory,project,labels.json[,injections.jsonl]}

``labels.json`` maps an entry id to its action. In ``injections.jsonl``, ``@MEMORY@`` and ``@ROOT@``
stand for the copied folder's paths. The folder is triaged in a temporary copy, through the
installed command, with ``MEMTUI_NOW`` fixed (default 2026-11-29T12:00:00Z); its bytes are hashed
before and after (triage never writes).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT = HERE.parent / "fixtures" / "triage"
ACTIONS = ("keep", "promote", "archive", "edit", "drop", "review")


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        h.update(str(p.relative_to(folder)).encode())
        if p.is_file():
            h.update(p.read_bytes())
    return h.hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default=str(DEFAULT))
    ap.add_argument("--now", default="2026-11-29T12:00:00Z")
    ap.add_argument("--misses", action="store_true", help="print every miss with its reasons")
    args = ap.parse_args()
    src = Path(args.folder)
    labels = json.loads((src / "labels.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "case"
        shutil.copytree(src, work, symlinks=True)
        mem, root = work / "memory", work / "project"
        state = Path(tmp) / "state"
        (state / "memtui").mkdir(parents=True)
        log = work / "injections.jsonl"
        if log.exists():
            text = log.read_text(encoding="utf-8").replace("@MEMORY@", str(mem)).replace("@ROOT@", str(root))
            (state / "memtui" / "injections.jsonl").write_text(text, encoding="utf-8")
        env = {**os.environ, "XDG_STATE_HOME": str(state), "XDG_CACHE_HOME": str(Path(tmp) / "cache"),
               "MEMTUI_NOW": args.now}
        before = digest(mem)
        exe = shutil.which("memtui") or str(Path(sys.executable).parent / "memtui")
        out = subprocess.run([exe, "triage", "--json", "--dir", str(mem), "--root", str(root)],
                             capture_output=True, text=True, env=env, check=True)
        after = digest(mem)
    got = {e["id"]: e for e in json.loads(out.stdout)["entries"]}
    right = Counter()
    total = Counter()
    misses = []
    for i, want in sorted(labels.items()):
        total[want] += 1
        have = got.get(i, {}).get("action", "(missing)")
        if have == want:
            right[want] += 1
        else:
            misses.append((i, want, have, got.get(i, {}).get("reasons", [])))
    n = sum(total.values())
    print(f"triage on {src} ({n} labelled entries)")
    print(f"accuracy {sum(right.values()) / n:.3f} ({sum(right.values())}/{n})")
    for a in ACTIONS:
        if total[a]:
            print(f"  recall {a:8} {right[a] / total[a]:.2f} ({right[a]}/{total[a]})")
    print(f"folder bytes unchanged: {before == after}")
    drops = [e for e in got.values() if e["action"] == "drop"]
    # a drop shows where it is said already: the project's lines, an instruction file's line, the twin entry
    shown = [e for e in drops if e["evidence"].get("project") or any(
        k in r for r in e["reasons"] for k in ("restates ", "already stated in", "says what ", "already promoted"))]
    print(f"drops that show where it is said already: {len(shown)}/{len(drops)}"
          f" (the project's lines: {sum(bool(e['evidence'].get('project')) for e in drops)})")
    for e in drops:
        if e not in shown:
            print(f"  drop without evidence: {e['id']}")
    for i, want, have, reasons in misses:
        print(f"  miss {i}: labelled {want}, got {have}" + (f" — {reasons[:2]}" if args.misses else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
