"""Triage: one suggested action per entry, by the seed's three sorting tests (SPEC §6, §7).

1. *Will this still be true next time?* No → ``archive`` (process: it belongs in the log).
2. *Learned or mandated?* Mandated → ``promote`` (a rule belongs in a reviewed instruction file).
3. *Could you learn it by reading the code once?* Yes → ``drop`` (also: already said by an
   instruction file or another entry).

Before the tests, what a person must decide is ``review``: a secret or personal datum to remove,
a contradiction, an anchor that no longer verifies (a broken anchor does not mean the memory is
wrong: never dropped automatically), a file that cannot be read. What passes all three is ``keep``.

The evidence is the audit's findings, the entry's status and its use: how often the hook
injected it (the injection log's records whose ``dir`` is this folder). Triage only suggests;
nothing here writes.
"""
from __future__ import annotations

import datetime as dt
import os
import re
from collections import Counter
from dataclasses import dataclass, field

from ..judging.findings import Finding
from ..serialize import iso
from .triage_rules import derivable, mandate, record_name, status_lines

ACTIONS = ("keep", "promote", "archive", "drop", "review")
TESTS = {1: "still true next time?", 2: "learned or mandated?", 3: "in the code already?"}
# what a person must decide (in this order of weight): what must come out of the text whatever
# else holds, then — for what is not process anyway — whether it still holds
REMOVE_KINDS = ("secret", "sensitive", "traversal", "identifying", "unreadable")
DOUBT_KINDS = ("conflict", "anchor-broken")
RECENT_DAYS = 30
UNUSED_DAYS = 7   # "never injected in N days" only once the log covers at least this long


@dataclass
class Usage:
    """When the hook injected each entry of one folder, from the injection log."""

    times: dict[str, list[dt.datetime]] = field(default_factory=dict)   # entry id → injection times
    prompts: list[dt.datetime] = field(default_factory=list)            # every decision for the folder
    since: dt.datetime | None = None                                     # the folder's first record
    # entry id → when a session read it, from the agent's own record (core/provenance); None: no record
    reads: dict[str, list[dt.datetime]] | None = None
    # entry id → when and by whom it was written, from that record (provenance.dating.Dated)
    dated: dict | None = None

    @classmethod
    def from_records(cls, records: list[dict], mem_dir) -> "Usage":
        """The records whose ``dir`` is ``mem_dir`` (compared as real paths)."""
        want = os.path.realpath(str(mem_dir))
        same: dict[str, bool] = {}
        use = cls()
        for rec in records:
            d = rec.get("dir")
            if not isinstance(d, str):
                continue
            if d not in same:
                same[d] = d == str(mem_dir) or os.path.realpath(d) == want
            when = _when(rec.get("time"))
            if not same[d] or when is None:
                continue
            use.prompts.append(when)
            for item in rec.get("injected") or ():
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    use.times.setdefault(item["id"], []).append(when)
        use.prompts.sort()
        for t in use.times.values():
            t.sort()
        use.since = use.prompts[0] if use.prompts else None
        return use

    def log_days(self, now: dt.datetime) -> int | None:
        return None if self.since is None else max(0, (now - self.since).days)

    def evidence(self, entry_id: str, now: dt.datetime, age_days: int | None) -> dict:
        """The usage evidence; with the agent's record, its age and source too (they replace the
        file's: a clone's mtime is no age, and Claude Code writes no ``source``)."""
        times = self.times.get(entry_id, [])
        out: dict = {}
        d = (self.dated or {}).get(entry_id)
        if d is not None:
            age_days = max(0, (now - d.updated).days) if d.updated is not None else age_days
            out["age_days"] = age_days
            if d.by:
                out["source"] = d.by
            out["dated_by"] = d.source
        out |= {"injected_30d": sum(1 for t in times if (now - t).days < RECENT_DAYS),
                "injected_total": len(times), "last_injected": iso(times[-1]) if times else None}
        if self.reads is not None:   # the agent's own record: usage evidence without the hook
            read = self.reads.get(entry_id, [])
            out["read_30d"] = sum(1 for t in read if (now - t).days < RECENT_DAYS)
            out["read_total"] = len(read)
            out["last_read"] = iso(read[-1]) if read else None
        else:
            out["read_30d"] = out["last_read"] = None
        span = self.log_days(now)
        if not times and span is not None:   # the log covers this folder: for how long was it unused?
            out["never_injected_days"] = span if age_days is None else min(span, age_days)
        return out

    def weekly(self, now: dt.datetime, weeks: int = 12, entry_id: str | None = None) -> list[int]:
        """Injections (of one entry, or of the folder) per week, oldest first, ending this week."""
        times = self.times.get(entry_id, []) if entry_id else [t for ts in self.times.values() for t in ts]
        counts = [0] * weeks
        for t in times:
            back = (now - t).days // 7
            if 0 <= back < weeks:
                counts[weeks - 1 - back] += 1
        return counts


def _when(value) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)


@dataclass
class Suggestion:
    """One entry's suggested action, the test that decided it (None: a person decides, or it
    passed them all), the reasons and the evidence."""

    id: str
    action: str
    test: int | None
    reasons: list[str]
    evidence: dict

    def as_json(self) -> dict:
        return {"id": self.id, "action": self.action, "test": self.test, "reasons": self.reasons,
                "evidence": self.evidence}


@dataclass
class TriageReport:
    suggestions: list[Suggestion]
    log_days: int | None = None
    _by: dict | None = field(default=None, repr=False, compare=False)

    @property
    def summary(self) -> dict[str, int]:
        counts = Counter(s.action for s in self.suggestions)
        return {a: counts.get(a, 0) for a in ACTIONS}

    def by_id(self) -> dict[str, Suggestion]:
        """Suggestions by entry id (made once: the app asks on every cursor move)."""
        if self._by is None:
            self._by = {s.id: s for s in self.suggestions}
        return self._by

    def summary_line(self) -> str:
        """'12 keep · 3 promote · 5 archive · 2 drop · 4 review' ('' for an empty folder)"""
        if not self.suggestions:
            return ""
        return " · ".join(f"{n} {a}" for a, n in self.summary.items())

    def as_json(self) -> dict:
        return {"entries": [s.as_json() for s in self.suggestions], "summary": self.summary,
                "log_days": self.log_days}


def triage(mem, findings: list[Finding], usage: Usage, now: dt.datetime) -> TriageReport:
    """A suggestion for every entry of ``mem`` (a Snapshot), from the audit's ``findings``."""
    by_id: dict[str, list[Finding]] = {}
    for f in findings:
        by_id.setdefault(f.id, []).append(f)
        if f.kind == "conflict" and f.related in mem.entries:   # both sides of a contradiction
            by_id.setdefault(f.related, []).append(f)
    losers = _duplicate_losers(mem, findings)
    names = tuple(n for n in _root_names(mem.root) if "." not in n)   # bare file names at the root (Makefile)
    out = []
    for e in mem.sorted_entries():
        st = mem.status[e.id]
        ev = {"age_days": st.age_days, "source": e.source, "type": e.type, "anchor": st.anchor,
              "load": e.load or st.load, **usage.evidence(e.id, now, st.age_days)}
        action, test, reasons = _decide(mem, e, st, by_id.get(e.id, []), losers.get(e.id), names)
        if ev.get("never_injected_days", 0) >= UNUSED_DAYS and action in ("keep", "promote"):
            reasons.append(f"never injected in {ev['never_injected_days']} days: a cost without a benefit "
                           "so far")
        out.append(Suggestion(e.id, action, test, reasons, ev))
    return TriageReport(out, usage.log_days(now))


def _decide(mem, e, st, found: list[Finding], twin: str | None, names: tuple[str, ...]
            ) -> tuple[str, int | None, list[str]]:
    kinds = {f.kind for f in found}
    review = [f for k in REMOVE_KINDS for f in found if f.kind == k]
    if review:
        return "review", None, [_why(f) for f in review[:3]]
    if e.kind == "process":   # a layout's own log (a daily log, progress.md): already where process goes
        return "keep", 1, ["already a log: the agent does not load it as memory"] + \
            [_why(f) for f in found if f.kind == "process" and f.rule == "durable-rule-in-log"]
    # test 1: process, or a statement that will not hold next time
    if "process" in kinds or "transient" in kinds:
        return "archive", 1, [_why(f) for f in found if f.kind in ("process", "transient")][:3]
    if record_name(e.id):
        return "archive", 1, [f"its name ({e.id}) says it records a session or where work stood"]
    lines = status_lines(e.body)
    if len(lines) >= 2 or (lines and _short(e.body)):
        return "archive", 1, [f"reports where work stands: '{ln}'" for ln in lines[:2]]
    review = [f for k in DOUBT_KINDS for f in found if f.kind == k] or _all_gone(e, st, found)
    if review:
        return "review", None, [_why(f) for f in review[:3]]
    # already said: by an instruction file (or promoted there), or by another entry
    said = [f for f in found if f.kind == "duplicate" and f.rule == "in-instructions"]
    if said:
        return "drop", 3, [_why(said[0])]
    if e.promoted_to:
        return "drop", 3, [f"already promoted to {e.promoted_to}: the instruction file says it every session"]
    if twin is not None:
        return "drop", 3, [f"says what {twin} says (keep that one)"]
    # test 2: a rule someone set
    m = mandate(e.type, e.name, e.description, e.body)
    if m.mandated:
        why = [f"a rule set by someone ({m.set_by})" if m.set_by else "written as a rule"]
        if m.rule_words:
            why.append("rule wording: " + ", ".join(f"'{w}'" for w in m.rule_words[:4]))
        why.append("mandated rules belong in a reviewed instruction file, for everyone")
        return "promote", 2, why
    # test 3: what reading the code once tells
    incode = [f for f in found if f.kind == "in-code"]
    if incode and not m.learned:
        return "drop", 3, [_why(incode[0])]
    if not m.learned:
        hit = derivable(e.body, _named_files(mem, e.body, st, names))
        if hit:
            rel, spans = hit
            return "drop", 3, [f"{rel} already says {', '.join(spans[:3])}: reading it once tells the agent"]
    why = []
    if m.learned:
        why.append("learned: " + ", ".join(f"'{w}'" for w in m.learned[:3]))
    elif m.rule_words:
        why.append("rule wording (" + ", ".join(m.rule_words[:2]) + "), but nothing says who set it")
    return "keep", None, why or ["holds across sessions, learned, and not in the code"]


def _all_gone(e, st, found: list[Finding]) -> list[Finding]:
    """Real agents anchor by naming files: when every file an unanchored entry names is gone (not
    moved: a file of that name elsewhere is a rename), it is a broken anchor — a person decides."""
    files = [p for p in dict.fromkeys(st.mentioned_paths) if "." in p.rsplit("/", 1)[-1]]
    if e.anchors or not files or any(p not in st.missing or p in st.moved for p in files):
        return []
    return [f for f in found if f.kind == "path-missing" and f.rule == "mentioned-path-missing"][:2]


def _why(f: Finding) -> str:
    line = f"line {f.line}: " if f.line else ""
    return f"{f.kind}: {line}{f.message}"


def _short(body: str) -> bool:
    return len([ln for ln in body.splitlines() if ln.strip()]) <= 3


def _named_files(mem, body: str, st, names: tuple[str, ...]) -> dict[str, str]:
    """The project files the entry mentions that exist, with their text (the checker's reads);
    also a file at the root named as a bare word ("the Makefile has …": no extension, so not a
    mention)."""
    out = {}
    bare = [n for n in names if n in body and re.search(rf"\b{re.escape(n)}\b", body)]
    for raw in [*st.mentioned_paths[:8], *bare[:4]]:
        if raw in st.missing:
            continue
        c = mem.checker.confine(raw)
        if c.unsafe or c.path is None or mem.checker.kind(c.path) != "file":
            continue
        content, _ = mem.checker.read(c.path)
        if content:
            out[c.rel] = content
    return out


def _root_names(root) -> tuple[str, ...]:
    try:
        return tuple(sorted(n for n in os.listdir(root) if not n.startswith(".")))
    except OSError:
        return ()


def _duplicate_losers(mem, findings: list[Finding]) -> dict[str, str]:
    """Of two near-identical entries, the one to drop (→ the one to keep): the one the index does
    not list, else the model's over the user's, else the newer one, else the later id."""
    listed = set(mem.index.resident_ids) | set(mem.index.beyond_ids) if mem.index is not None else set()
    out = {}
    for f in findings:
        if f.kind != "duplicate" or f.rule != "near-identical" or f.related not in mem.entries:
            continue
        a, b = mem.entries[f.id], mem.entries[f.related]
        if a.id in out or b.id in out:
            continue

        def weight(x):
            t = x.created or x.updated
            return (x.id in listed, x.source == "user", -(t.timestamp() if t else 0), x.id != max(a.id, b.id))
        loser, winner = (a, b) if weight(a) < weight(b) else (b, a)
        out[loser.id] = winner.id
    return out

