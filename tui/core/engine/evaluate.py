"""Hit rates of labelled prompts: a memory system's recall must be a number.

A queries file is JSON lines; blank lines and lines starting with '#' are skipped:

    {"query": "why does package.json use node --test?", "inject": ["test-runner.md"],
     "not_inject": ["jest-setup.md"], "first": "test-runner.md", "tags": ["path"]}
    {"query": "hello, how are you?", "none": true, "tags": ["small-talk"]}

Expectations: `inject` (each id must be injected), `not_inject` (each must not be),
`first` (ranked first), `none` (nothing injected). Optional: `lang` (the prompt's
language, e.g. "ko"; rates are also given per language), `tags`, `max_count`,
`max_chars`, `note`.

An id is an entry's id or a file's name: a file label is met by any entry read from that file
(`MEMORY.md` by an OpenClaw section `MEMORY.md#gateway`, `NOW.md` by `memory/NOW.md`, a file
named from the repository's root, `memory-bank/progress.md`, by the bank's `progress.md`), so a
folder labelled by its files is measured whatever its layout makes its entries.

Every expectation is also checked against a plain BM25 top-k over the same entries (``bm25.py``)
when one is given, in the same run: each rate stands beside the yardstick's.

An `inject` or `first` label may name an entry the policy never injects, whatever the prompt (SPEC
§2-§4: an OpenClaw day log or any other record of work done, a superseded entry, a broken or
unsafe anchor). It stays counted as a miss, as labelled; the report says how many such
expectations each row holds, and how many of them BM25 met (``by_policy``): a reader comparing
the rows knows which misses no ranking of the engine could have avoided.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .decision import shown_points, signed_points
from .select import Decision, Engine

KINDS = ("inject", "not_inject", "first", "none")


def meets(label: str, entry_id: str) -> bool:
    """``entry_id`` is the labelled entry or an entry read from the labelled file; the label may
    name the file from further up (the repository's root: 'memory-bank/progress.md' is the
    entry 'progress.md' of a Cline bank read from memory-bank/)."""
    file = entry_id.split("#", 1)[0]   # (a section's id: FILE#slug)
    return entry_id == label or file == label or file.endswith("/" + label) or label.endswith("/" + file)


def hit(label: str, got: list[str]) -> bool:
    return any(meets(label, g) for g in got)


def _known(label: str, known_ids) -> str | None:
    """The entry a label names among ``known_ids`` (None: no such entry; no ids given: the label)."""
    if known_ids is None or label in known_ids:
        return label
    try:
        ids = sorted(known_ids)
    except TypeError:   # a listing that answers 'in' only (the kept index's)
        return None
    return next((k for k in ids if meets(label, k)), None)


class QueriesError(ValueError):
    pass


@dataclass
class Miss:
    line: int
    query: str
    kind: str
    expected: str
    got: str
    why: str


@dataclass
class Report:
    total: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})
    hits: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})
    tag_total: dict[str, int] = field(default_factory=dict)
    tag_pass: dict[str, int] = field(default_factory=dict)
    # lang → {kind: [hits, total]}: injected, ranked first and no-match rates per language
    langs: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    queries: int = 0
    passed: int = 0
    misses: list[Miss] = field(default_factory=list)
    baseline: "Report | None" = None   # the same tallies for BM25's top-k (when one was given)
    # kind → [expectations naming an entry the policy never injects, of them met by BM25's top-k]
    by_policy: dict[str, list[int]] = field(default_factory=dict)
    results: list[tuple[int, dict, list[str], list[str] | None]] = field(default_factory=list)
    # (line, prompt, ids injected, BM25's top-k or None) per prompt, for a caller's own rows

    @property
    def ok(self) -> bool:
        return not self.misses

    def count(self, lang: str | None, kind: str, hit: bool) -> None:
        """Tally one expectation of ``kind`` overall and for the prompt's language."""
        self.total[kind] += 1
        self.hits[kind] += hit
        if lang:
            h = self.langs.setdefault(lang, {k: [0, 0] for k in KINDS})[kind]
            h[0] += hit
            h[1] += 1

    def rate(self, kind: str) -> float | None:
        return self.hits[kind] / self.total[kind] if self.total[kind] else None

    def as_json(self) -> dict:
        b = self.baseline
        out = {
            "queries": self.queries, "passed": self.passed,
            "categories": {k: {"hits": self.hits[k], "total": self.total[k], "rate": self.rate(k)}
                           for k in KINDS if self.total[k]},
            "tags": {t: {"passed": self.tag_pass.get(t, 0), "total": n,
                         "rate": self.tag_pass.get(t, 0) / n} for t, n in sorted(self.tag_total.items())},
            "languages": {lang: {k: {"hits": h, "total": n, "rate": h / n} for k, (h, n) in kinds.items() if n}
                          for lang, kinds in sorted(self.langs.items())},
            "misses": [m.__dict__ for m in self.misses],
        }
        if self.by_policy:   # (beside the categories: each row's totals stay as labelled)
            out["by_policy"] = {k: {"total": n, "bm25": h} for k, (n, h) in sorted(self.by_policy.items())}
        if b is not None:   # (fields added beside the engine's, never renamed)
            out["bm25"] = {"passed": b.passed}
            for k, c in out["categories"].items():
                c["bm25"] = {"hits": b.hits[k], "rate": b.rate(k)}
            for t, c in out["tags"].items():
                c["bm25"] = {"passed": b.tag_pass.get(t, 0), "rate": b.tag_pass.get(t, 0) / c["total"]}
            for lang, kinds in out["languages"].items():
                for k, c in kinds.items():
                    h = b.langs[lang][k][0]
                    c["bm25"] = {"hits": h, "rate": h / c["total"]}
        return out


def parse_queries(text: str) -> list[tuple[int, dict]]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            obj = json.loads(line)
        except ValueError as e:
            raise QueriesError(f"line {n}: not JSON ({e.msg})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("query"), str):
            raise QueriesError(f"line {n}: needs an object with a 'query' string")
        if "lang" in obj and not (isinstance(obj["lang"], str) and obj["lang"].strip()):
            raise QueriesError(f"line {n}: 'lang' must be a language code such as \"ko\"")
        if not any(k in obj for k in KINDS):
            raise QueriesError(f"line {n}: no expectation (one of {', '.join(KINDS)})")
        for k in ("inject", "not_inject"):
            if k in obj and not (isinstance(obj[k], list) and all(isinstance(i, str) for i in obj[k])):
                raise QueriesError(f"line {n}: '{k}' must be a list of entry ids")
        if obj.get("inject") == [] and not obj.get("first") and not obj.get("not_inject"):
            obj = {**obj, "none": True}   # an empty list asks for nothing injected, as "none" does
        out.append((n, obj))
    return out


def _why_not(decision: Decision, entry_id: str, engine: Engine) -> str:
    for x in decision.excluded:
        if x.id == entry_id:
            return f"{x.why}: {x.detail} (score {shown_points(x.score)})"
    return engine.explain(decision.query, entry_id)


def _why(decision: Decision, entry_id: str, engine: Engine) -> str:
    for c in decision.injected:
        if c.id == entry_id:
            return f"score {shown_points(c.score)}: " + "; ".join(f"{r.kind} {r.detail} {signed_points(r.points)}" for r in c.reasons)
    return _why_not(decision, entry_id, engine)


def _policy(engine: Engine, label: str, known_ids) -> str | None:
    """The policy's reason never to inject the entry ``label`` names (None: it may be injected)."""
    eid = _known(label, known_ids)
    if eid is None:
        return None
    try:
        e, st = engine.entries[eid], engine.status[eid]
    except KeyError:
        return None
    why = engine._exclusion(e, st)
    return why[0] if why else None


def _by_policy(rep: Report, engine: Engine, q: dict, known_ids, top: list[str] | None) -> None:
    """Count ``q``'s inject and first labels that name an entry the policy never injects."""
    for kind, labels in (("inject", q.get("inject", [])), ("first", [q["first"]] if q.get("first") else [])):
        for label in labels:
            if _policy(engine, label, known_ids) is not None:
                n = rep.by_policy.setdefault(kind, [0, 0])
                n[0] += 1
                n[1] += bool(top) and (hit(label, top) if kind == "inject" else meets(label, top[0]))


def _tally(rep: Report, q: dict, got: list[str]) -> list[tuple[str, str]]:
    """Count one prompt's expectations for ``got`` (the ids injected, in order) into ``rep``;
    return the (kind, expected) of each that failed."""
    failed = []
    lang = q.get("lang")
    for eid in q.get("inject", []):
        rep.count(lang, "inject", hit(eid, got))
        if not hit(eid, got):
            failed.append(("inject", eid))
    for eid in q.get("not_inject", []):
        rep.count(lang, "not_inject", not hit(eid, got))
        if hit(eid, got):
            failed.append(("not_inject", eid))
    if q.get("first"):
        rep.count(lang, "first", bool(got) and meets(q["first"], got[0]))
        if not got or not meets(q["first"], got[0]):
            failed.append(("first", q["first"]))
    if q.get("none"):
        rep.count(lang, "none", not got)
        if got:
            failed.append(("none", "nothing"))
    rep.queries += 1
    rep.passed += not failed
    for t in q.get("tags", []) or []:
        rep.tag_total[t] = rep.tag_total.get(t, 0) + 1
        rep.tag_pass[t] = rep.tag_pass.get(t, 0) + (not failed)
    return failed


def evaluate(engine: Engine, queries: list[tuple[int, dict]], max_count: int, max_chars: int,
             known_ids: set[str] | None = None, baseline=None) -> Report:
    """The engine's decisions on ``queries`` against their labels; ``baseline``: a ranking with
    ``top(query, k)`` (bm25.BM25) tallied beside it, with the same count limit."""
    rep = Report(baseline=Report() if baseline is not None else None)
    for line, q in queries:
        count = int(q.get("max_count", max_count))
        d = engine.decide(q["query"], count, int(q.get("max_chars", max_chars)))
        got = [c.id for c in d.injected]
        got_s = ", ".join(got) or "nothing"
        for kind, expected in _tally(rep, q, got):
            if kind == "inject":
                real = _known(expected, known_ids)
                why = "no such entry" if real is None else _why_not(d, real, engine)
            elif kind == "not_inject":
                why = _why(d, expected, engine)
            elif kind == "first":
                top = f"first was {got[0]} ({_why(d, got[0], engine)})" if got else "nothing injected"
                why = f"{top}; expected {expected}: {_why(d, expected, engine)}"
            else:
                why = "; ".join(f"{c.id}: {_why(d, c.id, engine)}" for c in d.injected)
            rep.misses.append(Miss(line, q["query"], kind, expected, got_s, why))
        top = None
        if baseline is not None:
            top = baseline.top(q["query"], count)
            _tally(rep.baseline, q, top)
        _by_policy(rep, engine, q, known_ids, top)
        rep.results.append((line, q, got, top))
    return rep
