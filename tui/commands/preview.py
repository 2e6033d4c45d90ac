"""`memtui preview QUERY`: the injection decision, for a person or as JSON."""
from __future__ import annotations

from .common import UsageError, dump_json, resolve_dir
from ..core.config import limits
from ..core.memory import Memory, paused_gc
from ..core.select import Engine


def run(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    count, chars = limits(args.max_count, args.max_chars)
    if count < 1 or chars < 1:
        raise UsageError("--max-count and --max-chars must be at least 1")
    with paused_gc():   # a one-shot process (released: an in-process caller keeps its collector)
        mem = Memory.load(directory, root, mentions=False, layout=found.layout)
        decision = Engine.from_memory(mem).decide(args.query, count, chars)
    if args.json:
        dump_json(decision.as_json())
        return 0
    from ..render.preview import print_decision
    print_decision(decision)
    return 0
