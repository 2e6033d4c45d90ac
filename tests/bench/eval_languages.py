"""Retrieval per language: memtui's engine against a plain BM25 top-3, on labelled prompts.

    python tests/bench/eval_languages.py [SET_DIR] [--misses]

SET_DIR (default tests/eval/multilingual) holds pairs: NAME.jsonl (a `memtui eval` file)
and the memory folder NAME/ (or the folder a first line `# dir: PATH` names). Each prompt
falls in one row: `none` prompts are small talk, prompts tagged `cross` are cross-language,
the rest are targeted (their `inject` ids and their `first`). Prints a Markdown table:
memtui, then BM25 (k1 1.2, b 0.75 over name + description + body; words lower-cased,
Chinese and Japanese cut into character pairs, Korean words as written; no stemming, no
stop words; the top 3 with a score above 0 injected).
"""
from __future__ import annotations

import argparse
import math
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from tui.core.engine.evaluate import parse_queries  # noqa: E402
from tui.core.reading.memory import Memory  # noqa: E402
from tui.core.engine.select import Engine  # noqa: E402

ROWS = ("targeted: injected", "targeted: ranked first", "cross-language: injected", "small talk: nothing")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+")
_WORD = re.compile(r"[^\W_]+")


def bm25_tokens(text: str) -> list[str]:
    out = []
    for w in _WORD.findall(text.lower()):
        for part in _CJK.split(w):
            if part:
                out.append(part)
        for run in _CJK.findall(w):
            out += [run[i:i + 2] for i in range(len(run) - 1)] or [run]
    return out


class BM25:
    """The textbook ranking over each entry's name, description and body."""

    def __init__(self, mem: Memory, k1: float = 1.2, b: float = 0.75) -> None:
        self.docs = {i: Counter(bm25_tokens(f"{e.name} {e.description} {e.body}"))
                     for i, e in mem.entries.items() if e.readable}
        self.len = {i: sum(c.values()) for i, c in self.docs.items()}
        self.avg = sum(self.len.values()) / max(1, len(self.len))
        df = Counter(t for c in self.docs.values() for t in c)
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.k1, self.b = k1, b

    def top(self, query: str, k: int = 3) -> list[str]:
        scores: dict[str, float] = defaultdict(float)
        for t in set(bm25_tokens(query)):
            if t not in self.idf:
                continue
            for i, c in self.docs.items():
                f = c.get(t)
                if f:
                    norm = f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * self.len[i] / self.avg))
                    scores[i] += self.idf[t] * norm
        return [i for i, s in sorted(scores.items(), key=lambda x: (-x[1], x[0])) if s > 0][:k]


def tally(rows: dict, q: dict, got: list[str]) -> list[str]:
    """Count one prompt into its row(s); return what it missed."""
    missed = []
    if q.get("none"):
        rows[ROWS[3]][1] += 1
        rows[ROWS[3]][0] += not got
        return [] if not got else [f"injected {', '.join(got)}"]
    cross = "cross" in (q.get("tags") or [])
    for eid in q.get("inject", []):
        row = rows[ROWS[2] if cross else ROWS[0]]
        row[1] += 1
        row[0] += eid in got
        if eid not in got:
            missed.append(f"missing {eid}")
    if q.get("first") and not cross:
        rows[ROWS[1]][1] += 1
        rows[ROWS[1]][0] += bool(got) and got[0] == q["first"]
        if not got or got[0] != q["first"]:
            missed.append(f"first {got[0] if got else 'nothing'}, not {q['first']}")
    return missed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir", nargs="?", default=str(REPO / "tests" / "eval" / "multilingual"))
    ap.add_argument("--misses", action="store_true", help="list memtui's misses")
    ap.add_argument("--max-chars", type=int, default=2000, help="memtui's character limit (default 2000)")
    args = ap.parse_args()
    base = Path(args.set_dir)
    total = {w: {r: [0, 0] for r in ROWS} for w in ("memtui", "bm25")}
    per_lang: dict[str, dict] = {}
    for qfile in sorted(base.glob("*.jsonl")):
        text = qfile.read_text(encoding="utf-8")
        first = text.splitlines()[0] if text else ""
        folder = Path(first.split(":", 1)[1].strip()) if first.startswith("# dir:") else base / qfile.stem
        mem = Memory.load(folder, folder)
        engine, bm25 = Engine.from_memory(mem), BM25(mem)
        for line, q in parse_queries(text):
            lang = q.get("lang", qfile.stem)
            rows = per_lang.setdefault(lang, {w: {r: [0, 0] for r in ROWS} for w in ("memtui", "bm25")})
            got = [c.id for c in engine.decide(q["query"], max_chars=args.max_chars).injected]
            missed = tally(rows["memtui"], q, got)
            tally(total["memtui"], q, got)
            b = bm25.top(q["query"])
            tally(rows["bm25"], q, b)
            tally(total["bm25"], q, b)
            if args.misses and missed:
                print(f"miss {qfile.stem}:{line} {q['query']!r}: {'; '.join(missed)}", file=sys.stderr)

    def cell(h, n):
        return f"{h}/{n}" if n else "—"

    langs = sorted(per_lang)
    print("| | " + " | ".join(langs) + " | all | BM25 all |")
    print("|---|" + "---|" * (len(langs) + 2))
    for r in ROWS:
        print(f"| {r} | " + " | ".join(cell(*per_lang[lg]["memtui"][r]) for lg in langs)
              + f" | **{cell(*total['memtui'][r])}** | {cell(*total['bm25'][r])} |")
    print("\nBM25 per language:\n")
    print("| | " + " | ".join(langs) + " |")
    print("|---|" + "---|" * len(langs))
    for r in ROWS:
        print(f"| {r} | " + " | ".join(cell(*per_lang[lg]["bm25"][r]) for lg in langs) + " |")


if __name__ == "__main__":
    main()
