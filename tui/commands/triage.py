"""`memtui triage`: one suggested action per entry, by the three sorting tests; never writes."""
from __future__ import annotations

import sys

from .common import agent_record, dump_json, resolve_dir
from ..core.clock import utcnow


def run(args) -> int:
    from ..core.reports.audit import audit
    from ..core.judging.crossfile import memos_wanted
    from ..core.writes.injection_log import read_all, sample_records
    from ..core.snapshots.memory import GC_PAUSE, Memory
    from ..core.reports.triage import Usage, triage
    GC_PAUSE.hold()   # a one-shot process
    from ..core.reports.audit_cache import Probe
    from ..core.layouts import DEFAULT_LAYOUT
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    now = utcnow()
    # the last `memtui audit`'s report when nothing it looked at changed (before anything is read)
    kept = Probe(directory, root, found.layout.name if found.layout is not None else DEFAULT_LAYOUT).report(now)
    mem = Memory.load(directory, root, now=now, layout=found.layout, memos=("mentions", *memos_wanted(root)))
    findings = kept.findings if kept is not None else audit(mem, git=False).findings
    records = read_all() + (sample_records(directory, now) if found.is_sample else [])   # the sample's example log
    usage = Usage.from_records(records, directory)
    # the agent's own record: which sessions read each entry (evidence without memtui's hook)
    from ..core.provenance.report import overlay, reads_by_entry
    record = agent_record(directory, root, found.layout)
    usage.reads, usage.dated = reads_by_entry(mem, record), overlay(mem, record)
    report = triage(mem, findings, usage, now)
    if args.json:
        dump_json({"dir": str(directory), "root": str(root), **report.as_json()})
        return 0
    from ..render.triage import print_triage
    print_triage(report)
    return 0
