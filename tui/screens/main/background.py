"""The work that runs off the UI thread, as plain functions over a store or a snapshot.

Each returns a result; the screen's workers post it as a message tagged with what it
answers. None of these touch a widget or any state the UI thread reads.
"""
from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from types import MappingProxyType

from ...core.judging.anchors import AnchorChecker
from ...core.reports.audit import AuditReport, audit
from ...core.judging.findings import Finding, Place
from ...core.layouts import DEFAULT_LAYOUT
from ...core.snapshots.memory import MemoryStore, Snapshot, keep_heap, paused_gc
from ...core.engine.select import Decision

SUBPROCESS_AUDIT_FROM = 500   # entries (1k audited in a thread: ~0.3 s of Python that keys typed meanwhile waited on)

# the audit processes running now: a thread worker cannot be stopped, so quitting the app
# ends them instead (the thread then returns at once; at 50k the app's exit had waited for
# the audit, ~1.5 min)
_running: set[subprocess.Popen] = set()
_running_lock = threading.Lock()


def stop_audits() -> None:
    """End every audit process the app started (it is closing: no one waits for them)."""
    with _running_lock:
        procs = list(_running)
    for p in procs:
        try:
            p.terminate()
        except OSError:
            pass


def read_folder(store: MemoryStore, now: dt.datetime, progress=None, full: bool = True,
                noted: bool = False) -> Snapshot:
    return store.refresh(now, progress=progress, with_engine=False, full=full, noted=noted)


def first_rows(snap: Snapshot, new: set[str], reviewed: set[str], kinds_of, dated: dict | None = None
               ) -> tuple[dict, tuple]:
    """The table's rows for a first reading, and their order by name (both off the UI thread:
    50k rows took ~0.3 s to make and sort). A large reading first leaves the collector's walks
    (``keep_heap``); the rows are made with the collector paused: sorting them had set off a
    full pass over the reading, 1.1 s at 50k, with the interpreter lock held."""
    from ...widgets.entry_rows import build_rows, full_order
    keep_heap(len(snap.entries))
    with paused_gc():
        rows = build_rows(snap, new, reviewed, kinds_of, dated=dated)
        return rows, ("name", False, full_order(rows, "name", False))


def add_engine(snap: Snapshot) -> Snapshot:
    """Build the preview's index for a snapshot the table already shows (until then the preview
    waits: ``preview`` returns None). Set once, before the preview reads it."""
    for _ in engine_steps(snap):
        pass
    return snap


def engine_steps(snap: Snapshot):
    """``add_engine`` in small steps (a generator: each step a few dozen entries), for the UI
    thread to run between frames; ``snap.engine`` is set at the end (kept in the snapshot's
    EngineSlot: the snapshot itself never changes)."""
    yield from snap.engine_steps()


def audit_snapshot(snap: Snapshot) -> AuditReport:
    if snap.parts:   # several agents: each folder audited by its own layout's rules
        findings = []
        for label, part in snap.parts.items():
            for f in audit_snapshot(part).findings:
                agent = part.layout.agent if part.layout is not None else label
                findings.append(dataclasses.replace(
                    f, id=f"{label}:{f.id}" if f.id else "", related=f"{label}:{f.related}" if f.related else None,
                    message=f.message if f.id else f"{agent}: {f.message}",
                    places=tuple(dataclasses.replace(p, id=f"{label}:{p.id}" if p.id else "") for p in f.places)))
        return AuditReport(findings, len(snap.entries), str(snap.dir), str(snap.root))
    if len(snap.entries) >= SUBPROCESS_AUDIT_FROM:
        # a big folder is audited by `memtui audit` in another process: its seconds of CPU
        # must not hold the GIL the UI thread needs (subprocess uses vfork: no stall)
        before = on_disk(snap)
        report = audit_in_subprocess(snap.dir, snap.root, snap.now, snap.layout_name)
        return of_snapshot(snap, report, before, on_disk(snap))
    # its own AnchorChecker: what it asks is what a kept audit is checked against. Judged on
    # copies: the judging keeps its findings and memos on the entries, and a published entry
    # never changes; the store's next reading takes the copies, so they are not judged again
    judged = {i: copy.copy(e) for i, e in snap.entries.items()}
    report = audit(dataclasses.replace(snap, checker=AnchorChecker(snap.root), entries=MappingProxyType(judged)),
                   git=True, jobs=1)
    if snap.store is not None:
        snap.store.adopt_judged(snap.entries, judged)
    return report


def on_disk(snap: Snapshot) -> dict[str, tuple[int, int] | None]:
    """(mtime_ns, size) of each file of the reading as it is on disk now (None: gone)."""
    out: dict[str, tuple[int, int] | None] = {}
    for f in snap.files:
        if not f.id.endswith("/"):
            try:
                st = os.stat(snap.dir / f.id)
                out[f.id] = (st.st_mtime_ns, st.st_size)
            except OSError:
                out[f.id] = None
    return out


def of_snapshot(snap: Snapshot, report: AuditReport, before: dict, after: dict) -> AuditReport:
    """The audit another process made by reading the disk, cut to what it says of ``snap``: a
    file that was not as the snapshot read it, at the start or at the end of that audit, had
    its findings read from other bytes; they go (the next reading's audit has them), and so do
    findings of files the snapshot does not hold."""
    read = {}
    for e in snap.entries.values():
        read.setdefault(e.file_id, (e.mtime_ns, e.size))
    changed = {f for f, sig in after.items() if before.get(f) != sig or (f in read and read[f] != sig)}
    changed |= {f for f in before if f not in after}
    known = set(snap.entries) | {f.id for f in snap.files}
    gone = changed | {i for i, e in snap.entries.items() if e.file_id in changed}
    folder_wide = any(f not in read for f in changed)   # the index or another file: folder findings too
    kept = [f for f in report.findings if (f.id in known and f.id not in gone and f.related not in gone)
            or (not f.id and not folder_wide)]
    return AuditReport(kept, report.entries, report.dir, report.root, unchecked=report.unchecked)


def triage_snapshot(snap: Snapshot, report: AuditReport, log_path: Path, sample: bool = False,
                    reads: dict | None = None, dated: dict | None = None):
    """(the triage of every entry, the usage by entry id) — for several agents, each folder's by
    its own log records, with the ids as the table shows them (``AGENT:ID``). ``reads``, ``dated``:
    when a session read each entry, when and by whom it was written, from the agent's record
    (one folder's)."""
    from ...core.writes.injection_log import read_all, sample_records
    from ...core.reports.triage import TriageReport, Usage, triage
    records = read_all(log_path)
    parts = snap.parts or {"": snap}
    suggestions, files, usage = [], [], Usage()
    for label, part in parts.items():
        pre = f"{label}:" if label else ""
        mine = [dataclasses.replace(f, id=f.id[len(pre):], related=(f.related or "")[len(pre):] or None)
                for f in report.findings if f.id.startswith(pre)] if pre else report.findings
        recs = records + (sample_records(part.dir, snap.now) if sample else [])
        use = Usage.from_records(recs, part.dir)
        use.reads, use.dated = (reads, dated) if not pre else (None, None)
        done = triage(part, mine, use, snap.now)
        for s in done.suggestions:
            suggestions.append(dataclasses.replace(s, id=pre + s.id))
        files += [dataclasses.replace(f, file=pre + f.file, sections={pre + i: a for i, a in f.sections.items()})
                  for f in done.files] if pre else done.files
        for i, times in use.times.items():
            usage.times[pre + i] = times
        usage.prompts += use.prompts
        usage.reads = use.reads if not pre else usage.reads
    usage.prompts.sort()
    usage.since = usage.prompts[0] if usage.prompts else None
    return TriageReport(sorted(suggestions, key=lambda s: s.id), usage.log_days(snap.now), files), usage


def examples(directory: Path, now: dt.datetime) -> list[dict]:
    """The bundled sample's example log (its Usage tab counts it): the log tab shows it too."""
    from ...core.writes.injection_log import sample_records
    return sample_records(directory, now)


def previewed(request: int, snap: Snapshot, query: str):
    """The preview's message for one request; a fault in it is said in the pane, never a crash."""
    from ...messages import Previewed
    try:
        return Previewed(request, preview(snap, query))
    except Exception as e:
        return Previewed(request, None, f"{type(e).__name__}: {e}")


def preview(snap: Snapshot, query: str) -> Decision | None:
    if snap.engine is None or not query.strip():
        return None
    return snap.engine.decide(query)


def _places(locations: list | None, one: dict) -> tuple[Place, ...]:
    """A finding's places from its JSON locations (none when it has one place: its own id and line)."""
    if not locations or len(locations) < 2:
        return ()
    return tuple(Place(one.setdefault(loc["id"], loc["id"]), loc["line"], loc.get("note", ""), loc.get("end"))
                 for loc in locations)


def audit_in_subprocess(directory: Path, root: Path, now: dt.datetime, layout: str = DEFAULT_LAYOUT) -> AuditReport:
    # one job, at low priority: the UI process keeps a core to itself
    env = dict(os.environ, MEMTUI_NOW=now.isoformat(), MEMTUI_JOBS="1")
    nice = ["nice", "-n", "10"] if shutil.which("nice") else []
    p = subprocess.Popen([*nice, sys.executable, "-m", "tui", "audit", "--dir", str(directory), "--root", str(root),
                          "--layout", layout, "--format", "json", "--fail-on", ""], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env, stdin=subprocess.DEVNULL)
    with _running_lock:
        _running.add(p)
    try:
        out, err = p.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        raise RuntimeError("the audit took over 10 minutes and was stopped")
    finally:
        with _running_lock:
            _running.discard(p)
    if p.returncode < 0:
        raise RuntimeError("the audit was stopped")
    if p.returncode != 0:
        raise RuntimeError(err.strip().splitlines()[-1] if err.strip() else f"exit {p.returncode}")
    data = json.loads(out)
    # JSON gives every finding its own copy of its id, kind, rule, fix and often its message: one
    # each (at 50k entries, ~70k strings)
    keys, one = ("id", "kind", "rule", "line", "message", "fix", "related", "confidence"), {}
    findings = [Finding(*(one.setdefault(v, v) if type(v) is str else v for v in map(f.get, keys)),
                        places=_places(f.get("locations"), one))
                for f in data["findings"]]
    return AuditReport(findings, data["summary"]["entries"], str(directory), str(root),
                       unchecked=data["summary"].get("paths_unchecked", ""))
