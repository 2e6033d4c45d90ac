"""Triage: one suggested action per entry, by the seed's three sorting tests (SPEC §6, §7).

1. *Will this still be true next time?* No → ``archive`` when the entry is mostly process (it
   belongs in the log); ``edit`` when only a few of its lines are (edit them out, keep the rest).
2. *Learned or mandated?* Mandated → ``promote`` (a rule belongs in a reviewed instruction file).
3. *Could you learn it by reading the code once?* Yes → ``drop``, with the project lines that say
   it (``package.json:7 "test": "node --test"``); also: an instruction file, another entry or a
   promotion already says it.

``review`` is what a person must decide: a secret or personal datum found with high confidence,
a contradiction (with another entry or with the project), an anchor that no longer verifies (a
broken anchor does not mean the memory is wrong: never dropped automatically). What passes all
three tests is ``keep``. The decision itself, and the order the tests weigh in, is
``triage_decide``'s; every reason names the line that decided and its evidence.

The evidence is the audit's findings, the entry's status, the project's lines and the entry's
use: how often the hook injected it (the injection log's records whose ``dir`` is this folder).
Triage only suggests; nothing here writes.
"""
from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from dataclasses import dataclass, field, replace

from ..judging.findings import Finding
from .serialize import iso
from .triage_decide import Context, decide, prepare
from .triage_files import day_log_files, index_files, profile_files, whole_files

ACTIONS = ("keep", "promote", "archive", "edit", "drop", "review")
TESTS = {1: "still true next time?", 2: "learned or mandated?", 3: "in the code already?"}
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
    lines: list[int] = field(default_factory=list)   # the entry's lines that decided it (edit: the ones to edit)

    def as_json(self) -> dict:
        return {"id": self.id, "action": self.action, "test": self.test, "reasons": self.reasons,
                "lines": self.lines, "evidence": self.evidence}


@dataclass
class TriageReport:
    suggestions: list[Suggestion]
    log_days: int | None = None
    files: list = field(default_factory=list)   # FileSuggestion: a file whose sections are entries, whole
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
        """'12 keep · 3 promote · 5 archive · 2 drop · 4 review' ('' for an empty folder; an action
        no entry got is left out, as a status line says what is there)"""
        if not self.suggestions:
            return ""
        return " · ".join(f"{n} {a}" for a, n in self.summary.items() if n)

    def as_json(self) -> dict:
        return {"entries": [s.as_json() for s in self.suggestions], "summary": self.summary,
                "log_days": self.log_days, "files": [f.as_json() for f in self.files]}

    def file_of(self, entry_id: str):
        """The whole file's suggestion for a section's id (``FILE#anchor``), else None."""
        return next((f for f in self.files if entry_id in f.sections), None) if "#" in entry_id else None


def triage(mem, findings: list[Finding], usage: Usage, now: dt.datetime, index_of=None) -> TriageReport:
    """A suggestion for every entry of ``mem`` (a Snapshot), from the audit's ``findings``.
    ``index_of()``: the project's index (default: the kept one, made on first need)."""
    by_id: dict[str, list[Finding]] = {}
    for f in per_place(findings):
        by_id.setdefault(f.id, []).append(f)
        if f.kind == "conflict" and f.related in mem.entries:   # both sides of a contradiction
            by_id.setdefault(f.related, []).append(f)
    losers = _duplicate_losers(mem, findings)
    if index_of is None:
        from ..judging.project_cache import project_index
        index_of = lambda: project_index(mem.root, mem.root_files, mem.dir)   # noqa: E731
    ctx = Context(mem, index_of)
    entries = mem.sorted_entries()
    prepared = {e.id: prepare(e) for e in entries}
    for e in entries:
        ctx.note_versions(e.id, prepared[e.id].facts, prepared[e.id].reading)
    ctx.note_conflicts(mem.entries, {e.id: prepared[e.id].reading for e in entries})
    out = []
    for e in entries:
        st = mem.status[e.id]
        mine = by_id.get(e.id, [])
        ev = {"age_days": st.age_days, "source": e.source, "type": e.type, "anchor": st.anchor,
              "load": e.load or st.load, **usage.evidence(e.id, now, st.age_days)}
        d = decide(ctx, e, st, mine, losers.get(e.id), prepared[e.id])
        reasons = d.reasons + d.notes
        if ev.get("never_injected_days", 0) >= UNUSED_DAYS and d.action in ("keep", "promote"):
            reasons.append(f"never injected in {ev['never_injected_days']} days: a cost without a benefit so far")
        ev["project"] = [p.as_json() for p in d.project]
        ev["findings"] = [{"kind": f.kind, "rule": f.rule, "line": f.line, "confidence": f.confidence}
                          for f in mine if f.kind != "stale"][:8]
        out.append(Suggestion(e.id, d.action, d.test, reasons, ev, d.lines))
    return TriageReport(out, usage.log_days(now), whole_files(mem, out) + profile_files(mem) + index_files(mem)
                        + day_log_files(mem))


def per_place(findings: list[Finding]) -> list[Finding]:
    """A cause the audit reports once with several places (issue 36), as one finding per place:
    triage weighs an entry line by line, so each line a cause marks must be seen as marked."""
    out = []
    for f in findings:
        if not f.places:
            out.append(f)
            continue
        out.extend(replace(f, id=p.id, line=p.line, places=()) for p in f.places)
    return out


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

