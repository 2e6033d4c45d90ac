"""Why memtui misses what a plain BM25 top-3 finds, by cause, over a labelled prompt pool (issue 40).

    python tests/bench/retr_causes.py POOL [POOL ...]            # counts per cause (any pool, half B too)
    python tests/bench/retr_causes.py POOL --misses              # each such miss (a pool you may read)

The rows are /work/pools/score_retr.py's (targeted ids, ranked first, cross-language ids, small
talk silent), read the way `memtui eval` reads a folder (the layout detected, the kept index):
the same figures, memtui beside BM25. Each wanted id BM25's top 3 holds and memtui did not inject
is put in one cause:

- policy: the entry is one the policy never injects (engine ``_exclusion``: an OpenClaw day log,
  a superseded entry, a broken or unsafe anchor), counted by its reason;
- silent: memtui injected nothing (the gate stayed shut);
- ranked: it matched and was listed below the count or the budget (``count-limit``, ``char-limit``);
- no match: something else went in; this entry had no evidence that counts.

Silent and no match say which: no term of the prompt's (as memtui cuts it: stems, glossary,
stop words) is in the entry at all, or its body holds some, too few to pass the gate alone.

A ranked-first miss BM25 got right is one of policy, silent, "injected, not first" or not injected.

Beside BM25's column, ``bm25*``: the same BM25 over the entries the policy may inject (``_exclusion``
None: no OpenClaw day log, no superseded entry, no broken or unsafe anchor), so that the rows can be
read as rankings over the same candidates; /work/pools/score_retr.py and `memtui eval` keep the
plain BM25 (every readable entry), which is the yardstick.
Counts only by default: safe on a pool whose misses are not to be read. ``--misses`` prints the
prompt and each side's ids for the pools one may read.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent)]
os.environ.setdefault("MEMTUI_NO_CACHE", "1")

from triage_pool import skeleton  # noqa: E402
from tui.commands.common import resolve_dir  # noqa: E402
from tui.commands.evaluate import _entries  # noqa: E402
from tui.commands.preview import engine_for  # noqa: E402
from tui.core.engine.bm25 import BM25  # noqa: E402
from tui.core.engine.evaluate import _known, hit, meets  # noqa: E402

ROWS = ("targeted", "first", "cross", "silent")


def _places(pool: Path) -> dict[str, str]:
    """slug → where the memory sits in the repository (a label may name a file from the root)."""
    with (pool / "INDEX.tsv").open(encoding="utf-8") as fh:
        return {r["slug"]: (r.get("memory_path") or "").split()[0].strip("./") if (r.get("memory_path") or "").split()
                else "" for r in csv.DictReader(fh, delimiter="\t")}


def _cause(engine, decision, real: str | None, got: list[str]) -> str:
    if real is None:
        return "no such entry"
    why = engine._exclusion(engine.entries[real], engine.status[real])
    if why:
        return f"policy: {why[0]}"
    listed = next((x.why for x in decision.excluded if x.id == real), None)
    if got and listed in ("count-limit", "char-limit"):
        return f"ranked: {listed}"
    why = engine.explain(decision.query, real)
    shy = ("no term of the prompt's in it" if why.startswith("no hit") else
           "its body's words below the gate" if why.startswith("no match") else "it scored, none went in")
    return f"{'silent' if not got else 'no match'} ({shy})"


def run(pool: Path, rows: dict, causes: Counter, show: bool) -> None:
    places = _places(pool)
    with tempfile.TemporaryDirectory() as tmp:
        for f in sorted((pool / "prompts").glob("*.jsonl")):
            slug = f.stem
            if not (pool / "folders" / slug / "memory").is_dir():
                continue
            mem, root = skeleton(pool, slug, Path(tmp))
            directory, root, found = resolve_dir(str(mem), str(root), layout=None)
            engine, _ = engine_for(directory, root, found.layout)
            entries = _entries(engine, directory, root, found)
            bm25, known = BM25(entries), set(entries)
            may = BM25({k: e for k, e in entries.items()
                        if engine._exclusion(engine.entries[k], engine.status[k]) is None})
            place = places.get(slug, "")

            def norm(label: str) -> str:
                return label[len(place) + 1:] if place and label.startswith(place + "/") else label

            for line in f.read_text(encoding="utf-8").splitlines():
                if not line.strip() or line.startswith("#"):
                    continue
                q = json.loads(line)
                cross = "cross" in (q.get("tags") or [])
                d = engine.decide(q["query"], 3, 2000)
                got, top = [c.id for c in d.injected], bm25.top(q["query"], 3)
                top_may = may.top(q["query"], 3)
                row = "cross" if cross else "targeted"
                for label in map(norm, q.get("inject", [])):
                    ours, theirs = hit(label, got), hit(label, top)
                    rows[row] += Counter(m=ours, b=theirs, e=hit(label, top_may), n=1)
                    if theirs and not ours:
                        cause = _cause(engine, d, _known(label, known), got)
                        causes[f"{row}: {cause}"] += 1
                        if show:
                            print(f"[{pool.name}/{slug}] {row} {cause}: {label}\n  {q['query']}\n  memtui {got}\n  bm25   {top}")
                if q.get("first") and not cross:
                    first = norm(q["first"])
                    ours, theirs = bool(got) and meets(first, got[0]), bool(top) and meets(first, top[0])
                    rows["first"] += Counter(m=ours, b=theirs, e=bool(top_may) and meets(first, top_may[0]), n=1)
                    if theirs and not ours:
                        real = _known(first, known)
                        cause = _cause(engine, d, real, got)
                        if not cause.startswith(("policy", "silent")) and real is not None and real in got:
                            cause = "injected, not first"
                        causes[f"first: {cause}"] += 1
                        if show:
                            print(f"[{pool.name}/{slug}] first {cause}: {first}\n  {q['query']}\n  memtui {got}\n  bm25   {top}")
                if q.get("none") and not cross:
                    rows["silent"] += Counter(m=not got, b=not top, e=not top_may, n=1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pools", nargs="+", type=Path)
    ap.add_argument("--misses", action="store_true", help="print each miss (only for a pool you may read)")
    a = ap.parse_args()
    rows = {k: Counter() for k in ROWS}
    causes: Counter = Counter()
    for pool in a.pools:
        run(pool.resolve(), rows, causes, a.misses)
    print(f"{'row':10} memtui  bm25  of    bm25* (over the entries the policy may inject)")
    for k in ROWS:
        print(f"{k:10} {rows[k]['m']:6} {rows[k]['b']:5} {rows[k]['n']:4} {rows[k]['e']:5}")
    print("\nwhat BM25's top 3 held and memtui did not, by cause:")
    for cause, n in sorted(causes.items()):
        print(f"  {n:4}  {cause}")


if __name__ == "__main__":
    main()
