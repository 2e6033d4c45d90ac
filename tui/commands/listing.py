"""`memtui list`: every entry with its status, as a table or as JSON."""
from __future__ import annotations

import sys

from .common import after_output, agent_record, dump_json, dump_json_text, resolve_dir
from ..core.clock import utcnow


def run(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    probe = record = key = None
    if args.json:   # the last run's output, when everything it was made from is as it was
        from ..core.reports.audit_cache import Probe
        from ..core.layouts import DEFAULT_LAYOUT
        from ..core.provenance.report import overlay_key
        # the agent's record dates each entry (written_at, written_by, the age): read what it appended
        record = agent_record(directory, root, found.layout)
        key = overlay_key(directory, record)
        probe = Probe(directory, root, found.layout.name if found.layout is not None else DEFAULT_LAYOUT)
        text = probe.listing_json(utcnow(), key)
        if text is not None:
            dump_json_text(text)
            return 0
    from ..core.snapshots.memory import paused_gc
    # A one-shot process that builds ~10 objects per file: cyclic GC passes over the
    # growing heap cost ~10% at 10k entries and free nothing (the process ends right after).
    # Released at the end all the same: an in-process caller (a test) keeps its collector.
    with paused_gc():
        return _read(args, directory, root, found, probe, record, key)


def _read(args, directory, root, found, probe, record=None, key=None) -> int:
    from ..core.snapshots.memory import Memory
    mem = Memory.load(directory, root, layout=found.layout, judging=bool(args.json))
    if args.json:
        from ..core.judging.status import redated
        from ..core.provenance.dating import as_json
        from ..core.provenance.report import overlay
        from ..core.reports.serialize import entry_json
        dated = overlay(mem, record)
        rows = []
        for e in mem.sorted_entries():
            d, st = dated[e.id], mem.status[e.id]
            if d.updated != e.updated:   # the record knows when it was last written: the age counts from it
                st = redated(st, e, d.updated, mem.now)
            row = entry_json(e, st)
            row["written_at"], row["written_by"] = as_json(d)
            rows.append(row)
        listing = {"dir": str(directory), "root": str(root), "layout": mem.layout_name,
                   "agent": mem.layout.agent if mem.layout is not None else "Claude Code",
                   "entries": rows, "files": [f.as_json() for f in mem.files]}
        dump_json(listing)
        sys.stdout.flush()
        # the output itself, for the next run; the secrets found while masking: not scanned again
        updated = {i: d.updated for i, d in dated.items()}
        after_output(lambda: probe.keep_listing(mem, listing, first=mem.store.keep_judgements, updated=updated,
                                                key=key))
        return 0
    from ..render.listing import print_list
    print_list(mem)
    return 0
