"""The ids a plain BM25 top 3 holds and memtui does not on a pool, at the second entries' share
(evidence.SECOND_SHARE), and why: what evidence.py's docstring counts (stop 48).

    python tests/bench/second_share.py POOL [SHARE ...]     (default 0.7 0.4 0.0)

The first share is the one measured; each lost id is counted as a daily log (shown, never
injected), a closed gate (memtui injected nothing), or a second answer left out with the gate
open; then how many of those go in at each lower share. Prints counts only (no memory text).
"""
from __future__ import annotations

import csv
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent)]
os.environ.setdefault("MEMTUI_NO_CACHE", "1")
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp()

from triage_pool import skeleton  # noqa: E402
from tui.commands.common import resolve_dir  # noqa: E402
from tui.core.config import limits  # noqa: E402
from tui.core.engine import evidence  # noqa: E402
from tui.core.engine.bm25 import BM25  # noqa: E402
from tui.core.engine.evaluate import hit  # noqa: E402
from tui.core.engine.select import Engine  # noqa: E402
from tui.core.snapshots.memory import Memory  # noqa: E402


def _place(pool: Path, slug: str) -> str:
    for row in csv.DictReader((pool / "INDEX.tsv").open(encoding="utf-8"), delimiter="\t"):
        if row["slug"] == slug and row.get("memory_path"):
            return row["memory_path"].split()[0].strip("./")
    return ""


def main() -> None:
    pool = Path(sys.argv[1])
    shares = [float(x) for x in sys.argv[2:]] or [0.7, 0.4, 0.0]
    count, chars = limits(None, None)
    classes = {"daily log": 0, "gate closed": 0, "gate open": 0}
    back = {s: 0 for s in shares[1:]}
    with tempfile.TemporaryDirectory() as tmp:
        for f in sorted((pool / "prompts").glob("*.jsonl")):
            slug = f.stem
            if not (pool / "folders" / slug / "memory").is_dir():
                continue
            mem_dir, root = skeleton(pool, slug, Path(tmp))
            place = _place(pool, slug)
            directory, root, found = resolve_dir(str(mem_dir), str(root), layout=None)
            mem = Memory.load(directory, root, mentions=False, layout=found.layout)
            engine, base = Engine.from_memory(mem), BM25(mem.entries)
            for line in f.read_text(encoding="utf-8").splitlines():
                if not line.strip() or line.startswith("#"):
                    continue
                q = json.loads(line)
                ids = [x[len(place) + 1:] if place and x.startswith(place + "/") else x for x in q.get("inject", [])]
                c, most = int(q.get("max_count", count)), int(q.get("max_chars", chars))
                top = base.top(q["query"], c)

                def got(share):
                    evidence.SECOND_SHARE = share
                    return engine.decide(q["query"], c, most)
                d = got(shares[0])
                ids_in = [x.id for x in d.injected]
                for eid in ids:
                    if not hit(eid, top) or hit(eid, ids_in):
                        continue
                    entry = next((e for i, e in mem.entries.items() if hit(eid, [i])), None)
                    log = entry is not None and entry.kind == "process" and not entry.current   # a log: never injected
                    kind = "daily log" if log else "gate open" if ids_in else "gate closed"
                    classes[kind] += 1
                    if kind == "gate open":
                        for s in shares[1:]:
                            back[s] += hit(eid, [x.id for x in got(s).injected])
    print(f"at share {shares[0]}: BM25 had and memtui not: {sum(classes.values())} {classes}")
    for s, n in back.items():
        print(f"  of the gate-open ones, injected at share {s}: {n}")


if __name__ == "__main__":
    main()
