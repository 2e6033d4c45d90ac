"""Per-rule calibration (SPEC §5, issue 36): each rule's precision on the ledger, by kind x
rule x confidence, on one part of the split (tests/split.py).

    python tests/bench/rule_calibration.py                  the TUNE part (where rules are tuned)
    python tests/bench/rule_calibration.py --part heldout   the HELDOUT part: a reviewer's run,
                                                            at the end of a change, never while tuning
    python tests/bench/rule_calibration.py --markdown       the same table as Markdown
    python tests/bench/rule_calibration.py --by-cause       findings of one rule about one file (one
                                                            confidence) counted once, by their first
                                                            line's verdict: one finding per cause
                                                            (issue 36 item 1) before it is merged
    python tests/bench/rule_calibration.py --worksheet F    the tune part's findings no verdict
                                                            covers, as JSON lines with their lines
                                                            around (F quotes the corpus: keep it
                                                            outside the repository)

A finding is right only when its owner would act on it at that severity (tests/ledger/README.md);
partly counts half. The bar: ``high`` right at least 9 in 10, ``possible`` at least 1 in 2; a
rule under its bar is marked ``!``. Prints counts and precision only, never corpus text (but the
worksheet, which is for a reviewer and stays outside the repository).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from realworld import CORPUS, Judged, audit_corpus, corpus_folders, read_ledger  # noqa: E402
from split import part  # noqa: E402

BAR = {"high": 0.9, "possible": 0.5}


def _prec(c: Counter) -> float | None:
    return (c["right"] + 0.5 * c["partly"]) / c["reviewed"] if c["reviewed"] else None


def by_cause(judged: Judged) -> Judged:
    """The findings as one per cause: of those of one rule about one file with one confidence, the
    first line's (its verdict is the cause's, as the ledger keys a cause by its first line)."""
    first: dict[tuple, object] = {}
    for s in judged.seen:
        k = (s.key.folder, s.key.file, s.key.kind, s.rule, s.confidence, s.related)
        if k not in first or (s.line or 0) < (first[k].line or 0):
            first[k] = s
    return Judged(list(first.values()), judged.ledger)


def table(judged: Judged) -> dict[tuple[str, str, str], Counter]:
    """(kind, rule, confidence) -> found / reviewed / right / partly / wrong. Findings that share a
    key (two rules on one line) are each counted under their own rule."""
    t: dict[tuple[str, str, str], Counter] = defaultdict(Counter)
    for s in judged.seen:
        c = t[(s.key.kind, s.rule, s.confidence)]
        c["found"] += 1
        v = judged.verdict(s)
        if v:
            c["reviewed"] += 1
            c[v] += 1
    return t


def _fmt(p: float | None) -> str:
    return "—" if p is None else f"{p:.0%}"


def report(judged: Judged, folders: list[str], markdown: bool) -> None:
    t = table(judged)
    kinds: dict[str, Counter] = defaultdict(Counter)
    conf: dict[str, Counter] = defaultdict(Counter)
    for (kind, _rule, cf), c in t.items():
        kinds[kind].update(c)
        conf[cf].update(c)
    if markdown:
        print("| kind | rule | confidence | found | reviewed | right | partly | wrong | precision |")
        print("|---|---|---|--:|--:|--:|--:|--:|--:|")
    else:
        print(f"{'kind':15} {'rule':34} {'conf':8} {'found':>5} {'rev':>4} {'right':>5} {'partly':>6} {'wrong':>5}  prec")
    for (kind, rule, cf), c in sorted(t.items()):
        p = _prec(c)
        under = p is not None and c["reviewed"] >= 3 and p < BAR.get(cf, 0.9)
        row = (kind, rule, cf, c["found"], c["reviewed"], c["right"], c["partly"], c["wrong"], _fmt(p) + (" !" if under else ""))
        if markdown:
            print("| " + " | ".join(str(x) for x in row) + " |")
        else:
            print(f"{row[0]:15} {row[1]:34} {row[2]:8} {row[3]:5} {row[4]:4} {row[5]:5} {row[6]:6} {row[7]:5}  {row[8]}")
    print()
    for name, group in (("per kind", kinds), ("per confidence", conf)):
        print(f"{name}:")
        for k, c in sorted(group.items()):
            print(f"  {k:16} found {c['found']:4}  reviewed {c['reviewed']:4}  right {c['right']:4}  partly "
                  f"{c['partly']:3}  wrong {c['wrong']:3}  {_fmt(_prec(c))}")
    tot = Counter()
    for c in kinds.values():
        tot.update(c)
    print(f"  {'all':16} found {tot['found']:4}  reviewed {tot['reviewed']:4}  {_fmt(_prec(tot))}")
    errs = [s for s in judged.seen if s.severity == "error"]
    exits = sorted({s.key.folder for s in errs})
    print(f"\nerror-severity findings: {len(errs)} ({Counter(judged.verdict(s) or 'unreviewed' for s in errs)}); "
          f"audit exits 1 in {len(exits)} of {len(folders)} folders: {', '.join(exits) or 'none'}")


def worksheet(judged: Judged, path: Path) -> int:
    from ledger_report import _context
    rows = []
    done = set()
    for s in judged.seen:
        if judged.verdict(s) or s.key in done:
            continue
        done.add(s.key)
        rows.append({**s.key.__dict__, "severity": s.severity, "confidence": s.confidence, "rule": s.rule,
                     "line": s.line, "message": s.message, "related": s.related, **_context(s)})
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--part", choices=("tune", "heldout"), default="tune")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--worksheet", type=Path)
    ap.add_argument("--by-cause", action="store_true")
    a = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: nothing to measure")
        return 0
    if a.worksheet and a.part != "tune":
        ap.error("a worksheet is for tuning: the tune part only")
    folders = [f for f in corpus_folders() if part(f) == a.part]
    judged = Judged(audit_corpus(folders=folders), read_ledger())
    if a.worksheet:
        print(f"wrote {worksheet(judged, a.worksheet)} unreviewed findings to {a.worksheet}")
        return 0
    if a.by_cause:
        judged = by_cause(judged)
    print(f"part: {a.part} ({len(folders)} folders){', one per cause' if a.by_cause else ''}\n")
    report(judged, folders, a.markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
