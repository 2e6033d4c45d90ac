"""`memtui preview QUERY`: the injection decision, for a person or as JSON."""
from __future__ import annotations

import os
from pathlib import Path

from .common import UsageError, after_output, dump_json, resolve_dir
from ..core.clock import utcnow


class _Known:
    """The ids of a folder's entries, from the kept index's listing (what a full reading would
    hold: the files it lists, and the odd ones it lists unopened, looked for only when asked)."""

    def __init__(self, directory, listed: dict) -> None:
        self.directory, self.listed, self.odd = str(directory), listed, None

    def __contains__(self, entry_id: str) -> bool:
        return entry_id in self.listed or entry_id in self._odd()

    def __bool__(self) -> bool:   # the folder holds an entry (an unreadable one counts: memory, not read)
        return bool(self.listed) or bool(self._odd())

    def _odd(self) -> set:
        if self.odd is None:
            from ..core.cache.kept import unopened_ids
            self.odd = unopened_ids(self.directory)
        return self.odd


def kept_may_answer(layout) -> bool:
    """Whether the kept index may answer for a folder of this layout (one file per entry)."""
    return layout is not None and layout.file_per_entry and not os.environ.get("MEMTUI_NO_INDEX")


def listing_ahead(directory, layout):
    """The folder listed by a forked child while this process imports the engine, as the hook
    does (core/reading/prefetch), when the kept index may answer; else None. Close it when done."""
    return _listing(directory) if kept_may_answer(layout) else None


def _listing(folder):
    """A forked child's stat pass of ``folder`` (core/reading/prefetch)."""
    from ..core.reading.index import INDEX_NAME
    from ..core.reading.prefetch import Prefetch
    return Prefetch(str(folder), INDEX_NAME)


def listing_before_detection(dir_arg):
    """``listing_ahead`` for the folder named (``--dir``, else $MEMTUI_DIR), started before the
    layout is detected: the child's stat pass then runs beside the detection and the engine's
    imports, not only the imports. Used when the detection reads that same folder as one file
    per entry; else it is closed once the output is out (never waited for before). None when
    no folder is named."""
    from ..core.reading.discover import ENV_DIR, SAMPLE_PREFIX
    given = dir_arg or os.environ.get(ENV_DIR)
    if not given or given.startswith(SAMPLE_PREFIX) or os.environ.get("MEMTUI_NO_INDEX"):
        return None
    folder = Path(given).expanduser()
    return _listing(folder) if folder.is_dir() else None


def engine_for(directory, root, layout, ahead=None):
    """(engine, the ids of the folder's entries): the hook's quick way when it can (the kept
    index, brought up to date: only what changed is read); else the folder read whole, and the
    index built after the output for the next run. The two decide the same, byte for byte
    (tests/test_lazyindex.py). ``ahead``: ``listing_ahead``'s listing."""
    from ..core.engine.lazyindex import STALE, lazy_engine
    from ..core.engine.select import Engine
    engine = None
    if kept_may_answer(layout):
        engine = lazy_engine(directory, root, utcnow(), prefetch=ahead)
    if isinstance(engine, Engine):
        return engine, _Known(directory, engine.index.listed)
    from ..core.snapshots.memory import Memory
    mem = Memory.load(directory, root, mentions=False, layout=layout)   # (no engine reads a mention)
    if engine == STALE:
        from .hook import build_kept_index
        after_output(lambda: build_kept_index(directory, root, layout, mem))
    return Engine.from_memory(mem), set(mem.entries)


def run(args) -> int:
    early = listing_before_detection(args.dir)
    try:
        return _run(args, early)
    finally:
        _close(early)   # unless it was used: reaped once the output is written, never waited for before


def _run(args, early) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    if early is not None and early.directory == str(directory) and kept_may_answer(found.layout):
        ahead = early
    else:
        ahead = listing_ahead(directory, found.layout)   # (before the engine's imports: they overlap)
    try:
        from ..core.config import limits
        count, chars = limits(args.max_count, args.max_chars)
        if count < 1 or chars < 1:
            raise UsageError("--max-count and --max-chars must be at least 1")
        from ..core.snapshots.memory import paused_gc
        with paused_gc():   # a one-shot process (released: an in-process caller keeps its collector)
            engine, known = engine_for(directory, root, found.layout, ahead)
            decision = engine.decide(args.query, count, chars)
            size = engine.index.size()   # (readable entries: whether an audit may be made for the warning)
            if not decision.injected and not decision.excluded and not known:
                decision.message = EMPTY   # not "no memory matched": there is none to match
    finally:
        _close(ahead)
    if args.json:
        dump_json(decision.as_json())
        return 0
    from ..render.preview import print_decision
    conflicts = _conflicts(decision, directory, root, found.layout, size)
    print_decision(decision, conflicts=conflicts)
    return 0


AUDIT_AT_MOST = 2000   # entries: a larger folder's preview uses its kept audit only (never waits for one)


def _conflicts(decision, directory, root, layout, size: int) -> list:
    """The audit's conflict findings, when two or more entries are injected (the preview warns of
    two that contradict each other): the kept audit when it is current, else one made now and kept
    for the next command — on a folder of more than AUDIT_AT_MOST entries, the kept one only."""
    if len(decision.injected) < 2:
        return []
    import contextlib
    from .audit import report_of
    with contextlib.ExitStack() as held:
        try:
            rep, keep = report_of(directory, root, layout, held, kept_only=size > AUDIT_AT_MOST)
        except Exception:   # the warning is a help, never the preview's failure
            return []
    if keep is not None:
        after_output(keep)
    return [f for f in rep.findings if f.kind == "conflict"] if rep is not None else []


EMPTY = "the folder holds no memory yet — nothing injected"


def _close(listing) -> None:
    if listing is not None:
        listing.close()
