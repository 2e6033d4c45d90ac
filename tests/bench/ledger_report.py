"""The trust ledger's report: run `memtui audit` over every real memory folder of
../shared/corpus/realworld-dev and set each finding (one per cause) against the reviewed
ledger. What "right" means, and how to review: tests/ledger/README.md.

    python tests/bench/ledger_report.py              precision per kind and confidence, the tune
                                                     and held-out parts side by side; what is unreviewed
    python tests/bench/ledger_report.py --worksheet F [--part tune|heldout|all]
        write the findings of that part (default tune) not yet reviewed, each place with
        its line and a few lines around it, as JSON lines to F (outside the repo: it quotes
        the corpus) for a reviewer
    python tests/bench/ledger_report.py --merge F
        add reviewed rows (JSON lines with the worksheet's key fields plus "verdict"
        and "why") to tests/ledger/findings.tsv
    python tests/bench/ledger_report.py --migrate
        fold the rows of findings that are now places of one cause into that cause's row
        (idempotent: run it again after merging rows reviewed per line)
    python tests/bench/ledger_report.py --take OTHER.tsv --kinds K1,K2
        replace the rows of those kinds by OTHER.tsv's (two reviewers who each re-read some
        kinds: take the other's kinds, then --migrate)

Run it before and after every rule change and say both numbers in the commit: the held-out
figure is the one a README gives, measured by someone who did not write the rule.
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

from split import HELDOUT_CORPUS  # noqa: E402

from realworld import (CORPUS, FIELDS, VERDICTS, Judged, Key, corpus_folders, place_keys,  # noqa: E402
                       read_ledger, read_misses, audit_corpus, write_ledger)

SAMPLE_PER_KIND = 25


def _context(s, around: int = 3, most: int = 6) -> dict:
    """A few lines around each place of the finding (the first ``most`` places)."""
    mem = CORPUS / s.key.folder / "memory"
    places = list(s.places) or [(s.key.file, s.line)]
    out = []
    for file, line in places[:most]:
        try:
            lines = (mem / file).read_text(encoding="utf-8", errors="replace").splitlines() if file else []
        except OSError:
            lines = []
        if line and lines:
            lo, hi = max(1, line - around), min(len(lines), line + around)
            ctx = [f"{'>' if i == line else ' '}{i:4} {lines[i - 1][:300]}" for i in range(lo, hi + 1)]
        else:
            ctx = [f"     {l[:300]}" for l in lines[:12]]
        out.append({"file": file, "line": line, "lines": ctx})
    return {"context": out, "places": len(places)}


def worksheet(judged: Judged, path: Path, want_part: str = "tune", seed: int = 1) -> int:
    """The findings a review still needs, of one part: every error, and a random 25 per kind and
    confidence (all where fewer) less those already reviewed."""
    rnd = random.Random(seed)
    by_group: dict[tuple[str, str], dict[Key, object]] = {}
    for s in judged.seen:
        if want_part in ("all", s.part):
            by_group.setdefault((s.key.kind, s.confidence), {}).setdefault(s.key, s)
    rows = []
    for (kind, conf), group in sorted(by_group.items()):
        reviewed = [k for k in group if k in judged.ledger]
        todo = [s for k, s in group.items() if k not in judged.ledger]
        errors = any(s.severity == "error" for s in group.values())
        want = len(todo) if errors else max(0, min(len(group), SAMPLE_PER_KIND) - len(reviewed))
        rnd.shuffle(todo)
        for s in sorted(todo[:want], key=lambda s: (s.key.folder, s.key.file, s.line or 0)):
            rows.append({**s.key.__dict__, "severity": s.severity, "confidence": conf, "rule": s.rule,
                         "line": s.line, "message": s.message, "related": s.related, **_context(s)})
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(rows)


def _combined(verdicts: list[str]) -> str:
    """One cause's verdict from its places' verdicts of before: all right, all wrong, else partly."""
    if all(v == "right" for v in verdicts):
        return "right"
    if all(v == "wrong" for v in verdicts):
        return "wrong"
    return "partly"


def migrate(judged: Judged) -> tuple[int, int]:
    """Fold the rows of findings that are now places of one cause into the cause's row; a path of
    a session log folded into its process finding is marked wrong (it repeats that finding).
    Returns (causes written, rows folded)."""
    ledger = dict(judged.ledger)
    written = folded = 0
    own = {s.key for s in judged.seen}   # a row that is a finding's own stays that finding's
    for s in judged.seen:
        if not s.places:
            continue
        keys = place_keys(CORPUS / s.key.folder / "memory", s)
        old = [ledger[k] for k in dict.fromkeys(keys) if k in ledger and k not in own]
        if not old:
            continue
        mine = ledger.get(s.key)
        rows = ([mine] if mine else []) + old
        v = _combined([r["verdict"] for r in rows])
        counts = Counter(r["verdict"] for r in rows)
        why = (f"one cause of {len(keys)} places; before grouping {counts['right']} right, {counts['partly']} partly, "
               f"{counts['wrong']} wrong: " + rows[0]["why"])[:160]
        ledger[s.key] = {"folder": s.key.folder, "file": s.key.file, "kind": s.key.kind,
                         "line_hash": s.key.line_hash, "severity": s.severity, "verdict": v, "why": why}
        for r in old:
            del ledger[Key(r["folder"], r["file"], r["kind"], r["line_hash"])]
            folded += 1
        written += 1
    # the paths a session log names, folded into its process finding: each repeated that finding
    logs = {(s.key.folder, s.key.file) for s in judged.seen if s.key.kind == "process"}
    for k, r in ledger.items():
        if k.kind == "path-missing" and k not in own and (k.folder, k.file) in logs and r["verdict"] != "wrong":
            r["verdict"] = "wrong"
            r["why"] = ("repeats the file's process finding (a log's paths are its record): " + r["why"])[:160]
            folded += 1
    write_ledger(list(ledger.values()))
    return written, folded


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


def _cell(c: dict | None) -> str:
    if not c:
        return f"{'':>5} {'':>4} {'':>5} {'':>5} {'':>5} {'':>6}"
    p = "—" if c["precision"] is None else f"{c['precision']:.0%}"
    return f"{c['found']:5} {c['reviewed']:4} {c['right']:5} {c['partly']:5} {c['wrong']:5} {p:>6}"


def report(judged: Judged) -> int:
    prec = judged.precision()
    head = f"{'found':>5} {'rev':>4} {'right':>5} {'part':>5} {'wrong':>5} {'prec':>6}"
    print(f"{'':27} {'tune':^35}   {'held out':^35}")
    print(f"{'kind':16} {'confidence':10} {head}   {head}")
    unreviewed = []
    rows = sorted({(k, c) for k, c, _ in prec})
    for kind, conf in rows:
        tune, held = prec.get((kind, conf, "tune")), prec.get((kind, conf, "heldout"))
        print(f"{kind:16} {conf:10} {_cell(tune)}   {_cell(held)}")
        if tune:
            errors = any(s.severity == "error" for s in judged.seen if s.key.kind == kind and s.confidence == conf)
            need = tune["found"] if errors else min(tune["found"], SAMPLE_PER_KIND)
            if tune["reviewed"] < need:
                unreviewed.append(f"{kind}/{conf} ({tune['reviewed']} of {need})")
    for conf in ("high", "possible", None):
        for part_name in ("tune", "heldout"):
            tot = Counter()
            for (k, c, pt), v in prec.items():
                if pt == part_name and conf in (None, c):
                    for n in ("found", "reviewed", "right", "partly", "wrong"):
                        tot[n] += v[n]
            tot["precision"] = (tot["right"] + 0.5 * tot["partly"]) / tot["reviewed"] if tot["reviewed"] else None
            if part_name == "tune":
                line = f"{'all':16} {conf or 'both':10} {_cell(tot)}"
            else:
                print(f"{line}   {_cell(tot)}")
    biggest = Counter((s.key.folder, s.key.file, s.key.kind) for s in judged.seen)
    for part_name in ("tune", "heldout"):
        mine = [(n, k) for k, n in biggest.items() if (k[0] in HELDOUT_CORPUS) == (part_name == "heldout")]
        top = max(mine, default=(0, None))
        print(f"largest (file, kind) count, {part_name}: {top[0]}")
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
    print("not yet reviewed (tune): " + (", ".join(unreviewed) if unreviewed else "none"))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worksheet", type=Path)
    ap.add_argument("--merge", type=Path)
    ap.add_argument("--part", choices=("tune", "heldout", "all"), default="tune", help="the worksheet's part")
    ap.add_argument("--migrate", action="store_true", help="fold rows of places into their cause's row")
    ap.add_argument("--take", type=Path, help="another ledger file whose rows of --kinds replace ours")
    ap.add_argument("--kinds", default="", help="the kinds --take takes, comma-separated")
    ap.add_argument("--in-process", action="store_true", help="run the audit in this process (faster)")
    a = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: nothing to measure")
        return 0
    if a.merge:
        print(f"merged {merge(a.merge)} reviewed rows into the ledger")
        return 0
    if a.take:
        kinds = {k.strip() for k in a.kinds.split(",") if k.strip()}
        if not kinds:
            ap.error("--take needs --kinds")
        ours = [r for r in read_ledger().values() if r["kind"] not in kinds]
        theirs = [r for r in read_ledger(a.take).values() if r["kind"] in kinds]
        write_ledger(ours + theirs)
        print(f"took {len(theirs)} rows of {', '.join(sorted(kinds))} from {a.take}; kept {len(ours)} of ours")
        return 0
    judged = Judged(audit_corpus(cli=not a.in_process), read_ledger())
    if a.worksheet:
        print(f"wrote {worksheet(judged, a.worksheet, a.part)} findings to review to {a.worksheet}")
        return 0
    if a.migrate:
        written, folded = migrate(judged)
        print(f"migrated: {written} causes given a row, {folded} rows of their places folded")
        return 0
    return report(judged)


if __name__ == "__main__":
    raise SystemExit(main())
