"""`memtui triage`: one suggested action per entry, by the three sorting tests; never writes."""
from __future__ import annotations

import sys

from .common import dump_json, resolve_dir
from ..core.clock import utcnow


def run(args) -> int:
    from ..core.audit import audit
    from ..core.crossfile import memos_wanted
    from ..core.injection_log import read_all, sample_records
    from ..core.memory import GC_PAUSE, Memory
    from ..core.triage import Usage, triage
    GC_PAUSE.hold()   # a one-shot process
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    now = utcnow()
    mem = Memory.load(directory, root, now=now, layout=found.layout, memos=("mentions", *memos_wanted(root)))
    records = read_all() + (sample_records(directory, now) if found.is_sample else [])   # the sample's example log
    report = triage(mem, audit(mem, git=False).findings, Usage.from_records(records, directory), now)
    if args.json:
        dump_json({"dir": str(directory), "root": str(root), **report.as_json()})
        return 0
    from ..render.triage import print_triage
    print_triage(report)
    return 0
