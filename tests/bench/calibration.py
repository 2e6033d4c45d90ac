"""Calibrated confidence (SPEC §5, issue 36): each rule's precision on folders no rule was tuned
on, from the verdicts the held-out reviewers gave (heldout35-39) and the corpus ledger's held-out
third. The table it prints is tests/bench/calibration.md; judging/calibration.py applies it.

    python tests/bench/calibration.py --run OUT        audit every heldout35-39 folder with the
                                                       memtui on PATH into OUT/<pool>/<slug>.json
    python tests/bench/calibration.py [--now OUT] [--ledger] [--markdown]
        the table: per rule (kind/rule/confidence as the finding carried it when judged), right of
        judged per pool; with --now, the same verdicts set against what the build run into OUT
        gives today (a verdict whose finding no longer fires is 'gone'); with --ledger, the corpus
        ledger's tune part and held-out third per rule (kind/rule, at the level this build gives)
        beside them (runs the audit on 40 folders)

Where the verdicts come from (outside the repository, never copied into it): each pool's
results/*audit*.md (verdicts) and the raw JSON the reviewer kept (which finding each verdict is
of). heldout35: the table of section 3; heldout36: section 1's per-folder verdicts, transcribed
below by index (the whole population was judged); heldout37: results/m37-audit-judge.py's
verdicts by index; heldout38: section 3's census in JSON order; heldout39: verdicts.json by
index into the reviewer's all.json (a repeat, 'Wrep', counts wrong). A = a pool artifact (a path past
the pool's partial copy), counted apart. Prints counts only, never memory text.
"""
from __future__ import annotations

import argparse
import ast
import glob
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

POOLS = (35, 36, 37, 38, 39)
WORK = Path(os.environ.get("MEMTUI_POOLS", "/work"))
RAW = {35: "/tmp/m-audit/out", 36: "/tmp/m36-audit", 37: "/tmp/m37a", 38: "/tmp/m38a", 39: "/tmp/m39-audit"}
# heldout36 results/m36-audit.md section 1, per folder in JSON order (R right, W wrong, A artifact)
V36 = {"cef-unity-ja": "WWRRRA", "dilbaz-cline-tr": "WRR", "dunglook-vi": "RW", "kontfeel-fr": "AA",
       "lcaitool-zh": "R", "liceo-cwv-es": "A", "medfeebot-cline-ja": "WWWWRRW", "nas-demanda-es": "WWW",
       "neo-openclaw-ja": "WWRWAAAAAA", "offline-m9-en": "RW", "revit-vk-ru": "RRW",
       "scratch-teach-zhhant": "WWWRR", "show-ko": "WRRRRRRWWRW", "viralytics-en": "RRAA"}
V38 = "RRRRARRRRRRRWWRRWRWW"   # results/m38-audit.md section 3, rows 0-19
BAR = {"high": 0.9, "possible": 0.5}


def _raw(pool: int) -> dict[str, list]:
    out = {}
    for f in sorted(glob.glob(RAW[pool] + "/*.json")):
        data = json.load(open(f, encoding="utf-8"))
        if isinstance(data, dict) and "findings" in data:
            out[Path(f).stem] = data["findings"]
    return out


def _row(pool: int, slug: str, x: dict, v: str) -> dict:
    return dict(pool=pool, slug=slug, id=x.get("id") or "", line=x.get("line"), kind=x["kind"], rule=x["rule"],
                confidence=x["confidence"], verdict=v,
                places=[(p.get("id") or "", p.get("line")) for p in x.get("locations") or []])


def verdicts() -> list[dict]:
    rows = []
    d = _raw(35)
    for ln in open(WORK / "heldout35/results/m-audit.md", encoding="utf-8"):
        m = re.match(r"\| \d+ \| (\S+) \| (.+?):(\S+) \| (\S+)/(\S+) \| (\w+) \| (\w) \|", ln)
        if not m:
            continue
        slug, fid, line, kind, rule, conf, v = m.groups()
        fid = "" if fid == "(folder)" else fid
        line = None if line == "-" else int(line)
        cands = [x for x in d[slug] if (x["kind"], x["rule"], x["confidence"]) == (kind, rule, conf)
                 and (x.get("id") or "") in (fid, fid.replace("memory/", ""))]
        rows.append(_row(35, slug, ([x for x in cands if x.get("line") == line] or cands)[0], v))
    d = _raw(36)
    for slug, vs in V36.items():
        assert len(vs) == len(d[slug]), slug
        rows += [_row(36, slug, x, v) for x, v in zip(d[slug], vs)]
    src = (WORK / "heldout37/results/m37-audit-judge.py").read_text(encoding="utf-8")
    start = src.index("J=") + 2
    judged = ast.literal_eval(src[start:src.index("}", start) + 1])
    d = _raw(37)
    for key, v in judged.items():
        slug, i = key.split("#")
        rows.append(_row(37, slug, d[slug][int(i)], v))
    d = _raw(38)
    flat = [(s, x) for s in sorted(d) for x in d[s]]
    assert len(flat) == len(V38)
    rows += [_row(38, s, x, v) for (s, x), v in zip(flat, V38)]
    # heldout39: verdicts.json by index into all.json (the reviewer's flat list, each with its
    # slug); 'Wrep' (wrong as a repeat of another finding's cause) counts wrong
    flat = json.load(open(RAW[39] + "/all.json", encoding="utf-8"))
    judged = json.load(open(RAW[39] + "/verdicts.json", encoding="utf-8"))["verdicts"]
    assert len(flat) == len(judged)
    rows += [_row(39, x["slug"], x, judged[str(i)][0]) for i, x in enumerate(flat)]
    return rows


def run(out: Path) -> None:
    for pool in POOLS:
        (out / str(pool)).mkdir(parents=True, exist_ok=True)
        for d in sorted((WORK / f"heldout{pool}/folders").iterdir()):
            extra = ["--layout", "codex"] if d.name == "bevy-template-codex" else []
            r = subprocess.run(["memtui", "audit", "--dir", "memory", "--root", "project", "--format", "json", *extra],
                               cwd=d, capture_output=True, text=True)
            (out / str(pool) / f"{d.name}.json").write_text(r.stdout, encoding="utf-8")


def _base(i: str) -> str:
    return (i or "").split("#")[0]


def now_of(rows: list[dict], out: Path) -> None:
    """Set each verdict's 'now': the (kind, rule, confidence) of the finding today's build gives
    for the same folder, file, kind and line (or one of its places), None when it is gone."""
    for v in rows:
        try:
            found = json.loads((out / str(v["pool"]) / f"{v['slug']}.json").read_text(encoding="utf-8"))["findings"]
        except (OSError, ValueError, KeyError):
            found = []
        v["now"] = None
        vids = {_base(v["id"])} | {_base(p[0]) for p in v["places"]}
        vlines = {v["line"]} | {p[1] for p in v["places"]}
        for x in found:
            places = x.get("locations") or []
            if x["kind"] != v["kind"] or not vids & ({_base(x.get("id"))} | {_base(p.get("id")) for p in places}):
                continue
            if v["line"] is None or x.get("line") is None or vlines & ({x.get("line")} | {p.get("line") for p in places}):
                v["now"] = (x["kind"], x["rule"], x["confidence"])
                break


def ledger() -> dict[tuple, dict[str, Counter]]:
    here = Path(__file__).resolve().parents[1]
    sys.path[:0] = [str(here), str(here.parent)]
    from realworld import Judged, audit_corpus, read_ledger
    seen = audit_corpus()
    j = Judged(seen, read_ledger())
    t: dict[tuple, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    for s in seen:
        v = {"right": "R", "wrong": "W", "partly": "P"}.get(j.verdict(s) or "", "U")
        t[(s.key.kind, s.rule)][s.part][v] += 1   # by rule: this build's level may be another
    return t


def _p(c: Counter) -> str:
    n = c["R"] + c["W"] + c["P"]
    return f"{c['R'] + 0.5 * c['P']:g}/{n}" if n else "—"


def _pct(c: Counter) -> float | None:
    n = c["R"] + c["W"] + c["P"]
    return (c["R"] + 0.5 * c["P"]) / n if n else None


def table(rows: list[dict], led: dict | None, markdown: bool) -> None:
    t: dict[tuple, dict] = defaultdict(lambda: defaultdict(Counter))
    for v in rows:
        k = (v["kind"], v["rule"], v["confidence"])
        t[k][v["pool"]][v["verdict"]] += 1
        if "now" in v:
            t[k]["now " + ("/".join(v["now"][1:]) if v["now"] else "gone")][v["verdict"]] += 1
    keys = sorted(set(t) | {(*k, "(ledger only)") for k in led or {} if not any(x[:2] == k for x in t)})
    head = ["rule (as judged)", *[f"h{p}" for p in POOLS], "pools", "A"]
    if led is not None:
        head += ["corpus tune", "corpus held-out", "fresh (pools + held-out third)"]
    head += ["today on the pools' verdicts"]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    for k in keys:
        d = t.get(k, {})
        pooled = Counter()
        for p in POOLS:
            pooled.update(d.get(p, Counter()))
        cells = ["/".join(k), *[_p(d.get(p, Counter())) for p in POOLS], _p(pooled), str(pooled["A"] or "")]
        if led is not None:
            lc = led.get(k[:2], {})
            fresh = pooled + lc.get("heldout", Counter())
            f = _pct(fresh)
            bar = BAR.get(k[2], 0.9)
            n = fresh["R"] + fresh["W"] + fresh["P"]
            cells += [_p(lc.get("tune", Counter())), _p(lc.get("heldout", Counter())),
                      (f"{_p(fresh)} {f:.0%}" + (" !" if n >= 5 and f < bar else "")) if f is not None else "—"]
        cells.append(", ".join(f"{name[4:]} {_p(c)}" for name, c in sorted((n, c) for n, c in d.items() if isinstance(n, str))))
        print("| " + " | ".join(cells) + " |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", type=Path)
    ap.add_argument("--now", type=Path)
    ap.add_argument("--ledger", action="store_true")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    if a.run:
        run(a.run)
        return 0
    if not all(Path(RAW[p]).is_dir() for p in POOLS):
        print("the reviewers' raw output is not here (RAW): nothing to measure")
        return 0
    rows = verdicts()
    if a.now:
        now_of(rows, a.now)
    for p in POOLS:
        c = Counter((v["confidence"], v["verdict"]) for v in rows if v["pool"] == p)
        print(f"heldout{p}: high {c['high', 'R']}/{c['high', 'R'] + c['high', 'W']}, "
              f"possible {c['possible', 'R']}/{c['possible', 'R'] + c['possible', 'W']} (as judged)")
        if a.now:
            n = Counter((v["now"][2], v["verdict"]) for v in rows if v["pool"] == p and v["now"])
            print(f"          today: high {n['high', 'R']}/{n['high', 'R'] + n['high', 'W']}, possible "
                  f"{n['possible', 'R']}/{n['possible', 'R'] + n['possible', 'W']} (verdicts whose finding still fires)")
    print()
    table(rows, ledger() if a.ledger else None, a.markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
