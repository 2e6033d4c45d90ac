"""The trust ledger's report: run `memtui audit` over every real memory folder of
../shared/corpus/realworld-dev and set each finding against the reviewed ledger.

    python tests/bench/ledger_report.py              precision per kind and severity, what is unreviewed
    python tests/bench/ledger_report.py --worksheet F
        write the findings not yet reviewed, each with its line and a few lines around
        it, as JSON lines to F (outside the repo: it quotes the corpus) for a reviewer
    python tests/bench/ledger_report.py --merge F
        add reviewed rows (JSON lines with the worksheet's key fields plus "verdict"
        and "why") to tests/ledger/findings.tsv

Run it before and after every rule change and say both numbers in the commit.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from realworld import (CORPUS, FIELDS, VERDICTS, Judged, Key, corpus_folders, read_ledger,  # noqa: E402
                       read_misses, audit_corpus, write_ledger)

SAMPLE_PER_KIND = 25


def _context(s, around: int = 3) -> dict:
    mem = CORPUS / s.key.folder / "memory"
    try:
        lines = (mem / s.key.file).read_text(encoding="utf-8", errors="replace").splitlines() if s.key.file else []
    except OSError:
        lines = []
    if s.line and lines:
        lo, hi = max(1, s.line - around), min(len(lines), s.line + around)
        ctx = [f"{'>' if i == s.line else ' '}{i:4} {lines[i - 1][:300]}" for i in range(lo, hi + 1)]
    else:
        ctx = [f"     {l[:300]}" for l in lines[:12]]
    return {"context": ctx}


def worksheet(judged: Judged, path: Path, seed: int = 1) -> int:
    """The findings a review still needs: every error, and a random 25 per kind and severity
    (all where fewer) less those already reviewed. Keyed once (findings on one line share a key)."""
    rnd = random.Random(seed)
    by_group: dict[tuple[str, str], dict[Key, object]] = {}
    for s in judged.seen:
        by_group.setdefault((s.key.kind, s.severity), {}).setdefault(s.key, s)
    rows = []
    for (kind, sev), group in sorted(by_group.items()):
        reviewed = [k for k in group if k in judged.ledger]
        todo = [s for k, s in group.items() if k not in judged.ledger]
        want = len(todo) if sev == "error" else max(0, min(len(group), SAMPLE_PER_KIND) - len(reviewed))
        rnd.shuffle(todo)
        for s in sorted(todo[:want], key=lambda s: (s.key.folder, s.key.file, s.line or 0)):
            rows.append({**s.key.__dict__, "severity": sev, "confidence": s.confidence, "rule": s.rule,
                         "line": s.line, "message": s.message, "related": s.related, **_context(s)})
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(rows)


def merge(path: Path) -> int:
    ledger = read_ledger()
    n = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        if r.get("verdict") not in VERDICTS:
            continue
        k = Key(r["folder"], r["file"], r["kind"], r["line_hash"])
        why = " ".join(str(r.get("why", "")).split())[:160]
        ledger[k] = {"folder": k.folder, "file": k.file, "kind": k.kind, "line_hash": k.line_hash,
                     "severity": r.get("severity", ""), "verdict": r["verdict"], "why": why}
        n += 1
    write_ledger(list(ledger.values()))
    return n


def report(judged: Judged) -> int:
    prec = judged.precision()
    print(f"{'kind':16} {'severity':8} {'found':>6} {'reviewed':>8} {'right':>5} {'partly':>6} {'wrong':>5}  precision")
    unreviewed = []
    for (kind, sev), c in sorted(prec.items()):
        p = "—" if c["precision"] is None else f"{c['precision']:.0%}"
        print(f"{kind:16} {sev:8} {c['found']:6} {c['reviewed']:8} {c['right']:5} {c['partly']:6} {c['wrong']:5}  {p}")
        need = c["found"] if sev == "error" else min(c["found"], SAMPLE_PER_KIND)
        if c["reviewed"] < need:
            unreviewed.append(f"{kind}/{sev} ({c['reviewed']} of {need})")
    tot = Counter()
    for c in prec.values():
        for k in ("found", "reviewed", "right", "partly", "wrong"):
            tot[k] += c[k]
    if tot["reviewed"]:
        print(f"{'all':25} {tot['found']:6} {tot['reviewed']:8} {tot['right']:5} {tot['partly']:6} {tot['wrong']:5}  "
              f"{(tot['right'] + 0.5 * tot['partly']) / tot['reviewed']:.0%}")
    folders = {s.key.folder for s in judged.seen if s.severity == "error"}
    print(f"\nfolders with an error-severity finding (audit exits 1): {len(folders)} of {len(corpus_folders())}")
    bad = judged.unapproved_errors()
    print(f"error-severity findings the ledger does not mark right: {len(bad)}")
    for s in bad[:20]:
        print(f"  {s.key.folder}/{s.key.file}:{s.line} {s.key.kind} {s.rule} [{judged.verdict(s) or 'unreviewed'}]")
    lost = judged.lost_rights()
    print(f"findings marked right that the audit no longer gives: {len(lost)}")
    for k in lost[:20]:
        print(f"  {k.folder}/{k.file} {k.kind} {k.line_hash}")
    misses = [m for m in read_misses() if m["kind"] != "none"]
    if misses:
        caught = judged.misses_caught(misses)
        print(f"misses recorded by reviewers: {len(misses)}; now found: {len(caught)}")
    print("not yet reviewed: " + (", ".join(unreviewed) if unreviewed else "none"))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worksheet", type=Path)
    ap.add_argument("--merge", type=Path)
    ap.add_argument("--in-process", action="store_true", help="run the audit in this process (faster)")
    a = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: nothing to measure")
        return 0
    if a.merge:
        print(f"merged {merge(a.merge)} reviewed rows into the ledger")
        return 0
    judged = Judged(audit_corpus(cli=not a.in_process), read_ledger())
    if a.worksheet:
        print(f"wrote {worksheet(judged, a.worksheet)} findings to review to {a.worksheet}")
        return 0
    return report(judged)


if __name__ == "__main__":
    raise SystemExit(main())
