"""`memtui list`: every entry with its status, as a table or as JSON."""
from __future__ import annotations

import sys

from .common import after_output, dump_json, dump_json_text, resolve_dir
from ..core.clock import utcnow


def run(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    probe = None
    if args.json:   # the last run's output, when everything it was made from is as it was
        from ..core.cache.audit import Probe
        from ..core.layouts import DEFAULT_LAYOUT
        probe = Probe(directory, root, found.layout.name if found.layout is not None else DEFAULT_LAYOUT)
        text = probe.listing_json(utcnow())
        if text is not None:
            dump_json_text(text)
            return 0
    from ..core.reading.memory import paused_gc
    # A one-shot process that builds ~10 objects per file: cyclic GC passes over the
    # growing heap cost ~10% at 10k entries and free nothing (the process ends right after).
    # Released at the end all the same: an in-process caller (a test) keeps its collector.
    with paused_gc():
        return _read(args, directory, root, found, probe)


def _read(args, directory, root, found, probe) -> int:
    from ..core.reading.memory import Memory
    mem = Memory.load(directory, root, layout=found.layout, judging=bool(args.json))
    if args.json:
        from ..core.serialize import entry_json
        listing = {"dir": str(directory), "root": str(root), "layout": mem.layout_name,
                   "agent": mem.layout.agent if mem.layout is not None else "Claude Code",
                   "entries": [entry_json(e, mem.status[e.id]) for e in mem.sorted_entries()],
                   "files": [f.as_json() for f in mem.files]}
        dump_json(listing)
        sys.stdout.flush()
        # the output itself, for the next run; the secrets found while masking: not scanned again
        after_output(lambda: probe.keep_listing(mem, listing, first=mem.store.keep_judgements))
        return 0
    from ..render.listing import print_list
    print_list(mem)
    return 0
