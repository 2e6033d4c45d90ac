"""`memtui history ID`: every version of an entry and every read of it, from the agent's own
record (SPEC §7, §9)."""
from __future__ import annotations

import sys

from .common import agent_record, dump_json, resolve_dir
from ..core.clock import utcnow


def run(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    from ..core.snapshots.memory import Memory
    mem = Memory.load(directory, root, now=utcnow(), layout=found.layout, judging=False)
    if args.id not in mem.entries:
        print(f"memtui: no entry {args.id!r} in {directory} (memtui list shows the ids)", file=sys.stderr)
        return 1
    from ..core.provenance.report import entry_history
    record = agent_record(directory, root, found.layout)
    h, _ = entry_history(mem, args.id, record)
    if args.json:
        dump_json(h)
        return 0
    from ..render.history import print_history
    print_history(h)
    return 0
