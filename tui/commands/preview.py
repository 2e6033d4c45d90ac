"""`memtui preview QUERY`: the injection decision, for a person or as JSON."""
from __future__ import annotations

import os

from .common import UsageError, after_output, dump_json, resolve_dir
from ..core.config import limits
from ..core.memory import Memory, paused_gc, utcnow
from ..core.select import Engine


def _engine(directory, root, layout) -> Engine:
    """The hook's quick way when it can (the kept index, brought up to date: only what changed
    is read); else the folder read whole, and the index built after the output for the next
    run. The two decide the same, byte for byte (tests/test_lazyindex.py)."""
    from ..core.lazyindex import STALE, lazy_engine
    engine = None
    if layout is not None and layout.file_per_entry and not os.environ.get("MEMTUI_NO_INDEX"):
        engine = lazy_engine(directory, root, utcnow())
    if isinstance(engine, Engine):
        return engine
    mem = Memory.load(directory, root, mentions=False, layout=layout)
    if engine == STALE:
        from .hook import build_kept_index
        after_output(lambda: build_kept_index(directory, root, layout, mem))
    return Engine.from_memory(mem)


def run(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    count, chars = limits(args.max_count, args.max_chars)
    if count < 1 or chars < 1:
        raise UsageError("--max-count and --max-chars must be at least 1")
    with paused_gc():   # a one-shot process (released: an in-process caller keeps its collector)
        decision = _engine(directory, root, found.layout).decide(args.query, count, chars)
    if args.json:
        dump_json(decision.as_json())
        return 0
    from ..render.preview import print_decision
    print_decision(decision)
    return 0
