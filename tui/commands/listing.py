"""`memtui list`: every entry with its status, as a table or as JSON."""
from __future__ import annotations

import sys

from .common import after_output, dump_json, resolve_dir
from ..core.memory import Memory, paused_gc
from ..core.serialize import entry_json


def run(args) -> int:
    # A one-shot process that builds ~10 objects per file: cyclic GC passes over the
    # growing heap cost ~10% at 10k entries and free nothing (the process ends right after).
    # Released at the end all the same: an in-process caller (a test) keeps its collector.
    with paused_gc():
        return _run(args)


def _run(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    mem = Memory.load(directory, root, layout=found.layout, judging=bool(args.json))
    if args.json:
        dump_json({"dir": str(directory), "root": str(root), "layout": mem.layout_name,
                   "agent": mem.layout.agent if mem.layout is not None else "Claude Code",
                   "entries": [entry_json(e, mem.status[e.id]) for e in mem.sorted_entries()],
                   "files": [f.as_json() for f in mem.files]})
        sys.stdout.flush()
        after_output(mem.store.keep_judgements)   # the secrets found while masking: not scanned again
        return 0
    from ..render.listing import print_list
    print_list(mem)
    return 0
