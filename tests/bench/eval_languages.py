"""Retrieval per language and per part of the split: memtui's engine against a plain BM25 top-3.

    python tests/bench/eval_languages.py [SET_DIR ...] [--part tune|heldout|all] [--misses]

Each SET_DIR (default: tests/eval/multilingual and tests/eval/corpus) holds `memtui eval` files
NAME.jsonl, each over one memory folder: NAME/ beside it, the folder a first line `# dir: PATH`
names, or, in tests/eval/corpus/, the real corpus folder NAME (``../shared/corpus/realworld-dev/
NAME/memory``; only TUNE corpus folders, tests/split.py). Every prompt is in the tune or the
held-out part (tests/split.py ``prompt_part``): the figures are printed for each part apart.

Each prompt falls in one row (and every id it injected in the last, precision): `none` prompts are small talk, prompts tagged `cross` are
cross-language, the rest are targeted (their `inject` ids and their `first`). Both rankings
run in the same pass over the same entries (``engine.evaluate`` with ``bm25.BM25``, the
yardstick `memtui eval` prints too). ``--misses`` lists memtui's misses of the part asked
(while tuning: ``--part tune`` only).
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))
from split import HELDOUT_CORPUS, prompt_part  # noqa: E402
from tui.commands.common import resolve_dir  # noqa: E402
from tui.core.engine.bm25 import BM25  # noqa: E402
from tui.core.engine.evaluate import evaluate, hit, meets, parse_queries  # noqa: E402
from tui.core.engine.select import Engine  # noqa: E402
from tui.core.snapshots.memory import Memory  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus" / "realworld-dev"
SETS = (REPO / "tests" / "eval" / "multilingual", REPO / "tests" / "eval" / "corpus", REPO / "tests" / "eval" / "users40")
ROWS = ("targeted: injected", "targeted: ranked first", "cross-language: injected", "small talk: nothing",
        "injected that was wanted")
PARTS = ("tune", "heldout")
# Stop 47 (tune41): the pool's folder slugs sorted, taken in turn: the first, third, … (half A) are
# tuned on, the others (half B) only counted (printed as the held-out part; their misses unread).
POOL41 = {"tune41": frozenset({
    "123vorbei__linz-venues-overview", "174alex174__buhexpert", "1Touch-dev__boladedomingo.com",
    "3336-zheng__zhiyu-voice-assistant", "ABCCCCW__taphoalam", "AliazCIA__nas-a-demanda"})}


def tally(rows: dict, q: dict, got: list[str], langs: frozenset = frozenset()) -> list[str]:
    """Count one prompt into its row(s); return what it missed. A prompt is cross-language when
    tagged so, or when ``langs`` (its folder's languages, a pool's INDEX.tsv) lacks its own."""
    missed = []
    wanted = set(q.get("inject", [])) | ({q["first"]} if q.get("first") else set())
    rows[ROWS[4]][0] += sum(1 for eid in got if any(meets(w, eid) for w in wanted))   # precision: every injected id counts
    rows[ROWS[4]][1] += len(got)
    if q.get("none"):
        rows[ROWS[3]][1] += 1
        rows[ROWS[3]][0] += not got
        return [] if not got else [f"injected {', '.join(got)}"]
    cross = "cross" in (q.get("tags") or []) or bool(langs and q.get("lang") and q["lang"] not in langs)
    for eid in q.get("inject", []):
        row = rows[ROWS[2] if cross else ROWS[0]]
        row[1] += 1
        row[0] += hit(eid, got)
        if not hit(eid, got):
            missed.append(f"missing {eid}")
    if q.get("first") and not cross:
        rows[ROWS[1]][1] += 1
        rows[ROWS[1]][0] += bool(got) and meets(q["first"], got[0])
        if not got or not meets(q["first"], got[0]):
            missed.append(f"first {got[0] if got else 'nothing'}, not {q['first']}")
    return missed


def folder_of(qfile: Path, text: str) -> tuple[Path, str | None]:
    """(the memory folder a queries file is over, the corpus folder's name or None)."""
    first = text.splitlines()[0] if text else ""
    if first.startswith("# dir:"):   # "# dir: MEMORY [root: ROOT]" (the root anchors are checked against)
        return Path(first.split(":", 1)[1].split(" root:")[0].strip()), None
    if first.startswith("# ") and ": memory at " in first:   # a reviewer's pool file (heldout35-37)
        return _pool_path(qfile, first.split(": memory at ", 1)[1].split(" (", 1)[0]), None
    if qfile.parent.name == "corpus":
        return CORPUS / qfile.stem / "memory", qfile.stem
    pool = qfile.parent.parent / "folders" / qfile.stem / "memory"   # a pool of stop 41 on: folders/SLUG/memory
    if qfile.parent.name == "prompts" and pool.exists():
        return pool, None
    return qfile.parent / qfile.stem, None


def _pool_path(qfile: Path, written: str) -> Path:
    """A path a pool's header names: absolute, or relative to the prompts folder or the pool."""
    path = Path(written.strip())
    if path.is_absolute():
        return path
    for base in (qfile.parent, qfile.parent.parent):
        if (base / path).exists():
            return (base / path).resolve()
    return path


def root_of(qfile: Path, head: str, folder: Path) -> Path:
    """The project root a header names ("root: ROOT" or a pool's "(root ROOT; ...)"), else the folder."""
    if " root:" in head:
        return Path(head.split(" root:", 1)[1].strip())
    if " (root " in head:
        return _pool_path(qfile, head.split(" (root ", 1)[1].split(";")[0].split(")")[0])
    return folder


def pool_part(folder: Path, qfile: Path, query: str) -> str:
    """The part of a prompt in a file that names its folder (stop 37, fixed before tuning): held
    out when its folder is a HELDOUT corpus folder (tests/split.py); in tests/eval/body37 (written
    this stop from entries' bodies) one in three by its own hash; else tune (the stop-35
    reviewer's pool folders and tests/eval/pool35, read since)."""
    if folder.parent.name in HELDOUT_CORPUS:
        return "heldout"
    if qfile.parent.parent.name in POOL41:   # fixed before its prompts were read
        return "tune" if qfile.stem in POOL41[qfile.parent.parent.name] else "heldout"
    head = qfile.read_text(encoding="utf-8").split("\n", 1)[0]
    if "(part: " in head:   # a set that names its part (tests/eval/users40, fixed before it was run)
        return "heldout" if head.split("(part: ", 1)[1].startswith("confirm") else "tune"
    if qfile.parent.name == "body37":
        return prompt_part(query)
    if qfile.parent.parent.name.startswith("tune4"):   # a TUNE pool of stop 40 on: half its folders confirm
        return pool40_part(qfile.stem)
    return "tune"


def pool40_part(slug: str) -> str:
    """The part of a TUNE pool folder's prompts from stop 40 on (fixed before any change): the
    folders whose sha256("memtui-pool-40:" + slug) is odd are tuned on, the even ones confirm
    (printed as the held-out part; their misses are not read while a rule is written)."""
    h = int(hashlib.sha256(("memtui-pool-40:" + slug).encode("utf-8")).hexdigest(), 16)
    return "tune" if h % 2 else "heldout"


def measure(set_dirs, max_chars: int = 2000, misses_of: str | None = None):
    """{part: {"memtui"|"bm25": {row: [hits, total]}}}, and per (part, lang) the same."""
    def empty():
        return {w: {r: [0, 0] for r in ROWS} for w in ("memtui", "bm25")}
    total = {p: empty() for p in PARTS}
    per_lang: dict[tuple[str, str], dict] = {}
    for base in set_dirs:
        for qfile in sorted(Path(base).glob("*.jsonl")):
            text = qfile.read_text(encoding="utf-8")
            folder, corpus = folder_of(qfile, text)
            pooled = (text.startswith("# ") and ": memory at " in text.splitlines()[0]) or qfile.parent.parent.name in POOL41
            head = text.splitlines()[0] if text else ""
            if not folder.exists():   # a pool removed since its prompts were written (tune40's folders)
                print(f"skipped {qfile.parent.name}/{qfile.stem}: {folder} is gone", file=sys.stderr)
                continue
            # the folder as `memtui eval --dir` reads it (its layout detected: an OpenClaw MEMORY.md's sections)
            directory, root, found = resolve_dir(str(folder), str(root_of(qfile, head, folder)), quiet=True)
            mem = Memory.load(directory, root, layout=found.layout)
            langs = pool_languages(qfile)
            rep = evaluate(Engine.from_memory(mem), parse_queries(text), 3, max_chars, set(mem.entries),
                           baseline=BM25(mem.entries))
            for line, q, got, top in rep.results:
                part = pool_part(folder, qfile, q["query"]) if pooled else prompt_part(q["query"], corpus)
                lang = q.get("lang", qfile.stem)
                rows = per_lang.setdefault((part, lang), empty())
                missed = tally(rows["memtui"], q, got, langs)
                tally(total[part]["memtui"], q, got, langs)
                tally(rows["bm25"], q, top, langs)
                tally(total[part]["bm25"], q, top, langs)
                if missed and misses_of in (part, "all"):
                    print(f"miss [{part}] {qfile.parent.name}/{qfile.stem}:{line} {q['query']!r}: "
                          f"{'; '.join(missed)} (got {', '.join(got) or 'nothing'}; BM25 {', '.join(top) or 'nothing'})",
                          file=sys.stderr)
    return total, per_lang


def pool_languages(qfile: Path) -> frozenset:
    """The languages a pool's INDEX.tsv (beside its prompts folder) gives the folder, or none."""
    index = qfile.parent.parent / "INDEX.tsv"
    if not index.exists():
        return frozenset()
    lines = index.read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t") if lines else []
    at = head.index("langs") if "langs" in head else 5   # (stop 40's INDEX.tsv had no header of that name)
    for line in lines[1:]:
        cols = line.split("\t")
        if cols[0] == qfile.stem and len(cols) > at:
            return frozenset(x.strip() for x in cols[at].split("(")[0].split(","))
    return frozenset()


def cell(h, n):
    return f"{h}/{n}" if n else "—"


def table(total, per_lang, part: str) -> str:
    langs = sorted(lang for p, lang in per_lang if p == part)
    out = [f"**{part}** part\n", "| | " + " | ".join(langs) + " | all | BM25 all |",
           "|---|" + "---|" * (len(langs) + 2)]
    for r in ROWS:
        out.append(f"| {r} | " + " | ".join(cell(*per_lang[part, lg]["memtui"][r]) for lg in langs)
                   + f" | **{cell(*total[part]['memtui'][r])}** | {cell(*total[part]['bm25'][r])} |")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dirs", nargs="*", default=[str(s) for s in SETS])
    ap.add_argument("--part", choices=("tune", "heldout", "all"), default="all")
    ap.add_argument("--misses", action="store_true", help="list memtui's misses (of --part)")
    ap.add_argument("--max-chars", type=int, default=2000, help="memtui's character limit (default 2000)")
    args = ap.parse_args()
    total, per_lang = measure(args.set_dirs, args.max_chars, args.part if args.misses else None)
    for part in PARTS if args.part == "all" else (args.part,):
        print(table(total, per_lang, part))


if __name__ == "__main__":
    main()
