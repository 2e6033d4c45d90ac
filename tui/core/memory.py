"""The memory folder as the CLI, the hook and the TUI see it: a store and its snapshots.

``MemoryStore`` owns one folder. Each ``refresh()`` re-reads what changed and returns a
new, immutable ``Snapshot`` (entries, statuses, the index, optionally the injection
engine) numbered by generation. Whoever holds a snapshot may compute on it from any
thread: nothing changes it afterwards, so an audit of generation 7 cannot be disturbed
by the rescan that produces generation 8.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import gc
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from .anchors import AnchorChecker
from .entry import MemoryEntry
from .index import MemoryIndex
from .status import EntryStatus, RootFiles, assess
from .store import Scanner

if TYPE_CHECKING:
    from .select import Engine


class _GcPause:
    """The one place that switches Python's cyclic collector off during bulk work (parsing,
    filling a big table): such work allocates many long-lived objects and no cycles, and a
    full pass over the growing heap doubled a 10k-entry scan (1.15 s → 2.35 s). Nested and
    concurrent holders are counted; the collector comes back when the last one lets go.
    Nothing here freezes objects: a frozen heap is never collected, so it would leak."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._was_enabled = True

    def hold(self) -> None:
        with self._lock:
            if self._holders == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._holders += 1

    def release(self) -> None:
        with self._lock:
            if self._holders == 0:
                return
            self._holders -= 1
            if self._holders == 0 and self._was_enabled:
                gc.enable()


GC_PAUSE = _GcPause()


@contextlib.contextmanager
def paused_gc():
    GC_PAUSE.hold()
    try:
        yield
    finally:
        GC_PAUSE.release()


def utcnow() -> dt.datetime:
    """Now, or $MEMTUI_NOW (ISO 8601) for reproducible ages in tests and child processes."""
    fixed = os.environ.get("MEMTUI_NOW")
    if fixed:
        try:
            value = dt.datetime.fromisoformat(fixed.replace("Z", "+00:00"))
            return value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
        except ValueError:
            pass
    return dt.datetime.now(dt.timezone.utc)


@dataclass(frozen=True)
class Snapshot:
    """One reading of the folder. Read-only: the mappings are proxies, and nothing that
    holds a snapshot changes its entries (a rescan builds new ones)."""

    dir: Path
    root: Path
    now: dt.datetime
    generation: int
    entries: Mapping[str, MemoryEntry]
    status: Mapping[str, EntryStatus]
    index: MemoryIndex
    index_text: str | None
    checker: AnchorChecker            # reads project files; its caches are keyed by file signature
    root_files: RootFiles
    added: tuple[str, ...] = ()       # relative to the previous generation
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    engine: "Engine | None" = field(default=None, compare=False)

    @classmethod
    def load(cls, directory: Path, root: Path, now: dt.datetime | None = None, mentions: bool = True) -> "Snapshot":
        return MemoryStore(directory, root, mentions=mentions).refresh(now)

    def sorted_entries(self) -> list[MemoryEntry]:
        return [self.entries[i] for i in sorted(self.entries)]

    def __repr__(self) -> str:
        # short on purpose: Textual's @work describes a worker by repr() of its arguments, and the
        # dataclass repr of 10k entries cost ~0.7 s of UI time per keystroke
        return f"Snapshot(generation={self.generation}, entries={len(self.entries)}, dir={str(self.dir)!r})"


Memory = Snapshot   # the name the CLI and the core's checks use for "a scanned folder"


class MemoryStore:
    """Owns a memory folder and produces its snapshots. One refresh at a time (the app
    runs refreshes in a single exclusive worker); snapshots themselves are shareable."""

    def __init__(self, directory: Path, root: Path, mentions: bool = True) -> None:
        self.dir, self.root = Path(directory), Path(root)
        self.mentions = mentions   # False: no mentioned-path checks (for the hook and the preview)
        from .cache import ParseCache
        self.scanner = Scanner(self.dir, ParseCache(self.dir))
        self.checker = AnchorChecker(self.root)
        self.root_files = RootFiles(self.root)
        self.generation = 0
        self._last: Snapshot | None = None
        self._lock = threading.Lock()   # a cancelled worker's refresh may still be running

    def refresh(self, now: dt.datetime | None = None, progress=None, with_engine: bool = False,
                full: bool = True) -> Snapshot:
        """Re-read what changed; ``progress(done, total)`` is called while parsing (for a UI).
        ``full=False`` (a change in the memory folder) re-judges only the files that changed when
        MEMORY.md and the day are the same; a full refresh re-checks every anchor against the project."""
        now = now or utcnow()
        with self._lock, paused_gc():
            if full:
                self.checker.forget_paths()
            scan = self.scanner.scan(progress)
            last = self._last
            keep = (not full and last is not None and last.index_text == scan.index_text
                    and last.now.date() == now.date())
            fresh = set(scan.added) | set(scan.changed)
            # statuses are never changed once made, so an unchanged entry's may be shared
            status = {i: last.status[i] if keep and i not in fresh and i in last.status else
                      assess(e, self.checker, scan.index, now, self.root_files, self.mentions)
                      for i, e in scan.entries.items()}
            self.generation += 1
            snap = Snapshot(self.dir, self.root, now, self.generation, MappingProxyType(scan.entries),
                            MappingProxyType(status), scan.index, scan.index_text, self.checker, self.root_files,
                            tuple(scan.added), tuple(scan.changed), tuple(scan.removed))
            if with_engine:
                from .select import Engine
                object.__setattr__(snap, "engine", Engine.from_memory(snap))   # before anyone else sees it
            self._last = snap
        return snap
