"""The memory folder as the CLI, the hook and the TUI see it: a store and its snapshots.

``MemoryStore`` owns one folder. Each ``refresh()`` re-reads what changed and returns a new, immutable
``Snapshot`` (entries, statuses, the index, its own anchor checker) numbered by generation. Whoever
holds a snapshot may compute on it from any thread: nothing changes it afterwards, so an audit of
generation 7 cannot be disturbed by the rescan that produces generation 8. Its injection engine is
made from it on demand and kept (``EngineSlot``): a value of the reading, not a change to it.
"""
from __future__ import annotations

import contextlib
import copy
import dataclasses
import datetime as dt
import gc
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from ..clock import utcnow  # noqa: F401 (the name others import from here)
from ..judging.anchors import AnchorChecker
from ..cache.parse import ParseCache
from ..reading.entry import MemoryEntry
from ..reading.index import MemoryIndex
from ..layouts import DEFAULT_LAYOUT, ClaudeCode
from ..project_marks import unchecked_root
from ..judging.root_files import RootFiles
from ..judging.status import EntryStatus, assess
from .store import Scanner

if TYPE_CHECKING:
    from ..engine.select import Engine
    from ..layouts import Layout


@dataclass(frozen=True, slots=True)
class FileInfo:
    """One file (or an unwalked folder, id ending in '/') of the memory folder."""

    id: str
    role: str          # entry | shared | index | other
    entries: int = 0   # how many entries it holds
    note: str = ""     # why it is not memory

    def as_json(self) -> dict:
        return {"id": self.id, "role": self.role, "entries": self.entries, "note": self.note or None}


class _GcPause:
    """The one place that switches Python's cyclic collector off during bulk work (parsing,
    filling a big table): such work allocates many long-lived objects and no cycles, and a
    full pass over the growing heap doubled a 10k-entry scan (1.15 s → 2.35 s). Nested and
    concurrent holders are counted; the collector comes back when the last one lets go.
    Only ``keep`` leaves objects frozen (once per app, see ``keep_heap``): frozen, they are
    never collected, so anything else frozen for good would leak."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._was_enabled = True
        self._kept = False

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
                if not self._kept:   # (the splice would hand the kept heap back to the collector)
                    # what was made meanwhile goes straight to the oldest generation (a list
                    # splice): left young, the first collections after the pause walked all of
                    # it, ~100 ms each on a 10k-entry reading, while the UI waited
                    gc.freeze()
                    gc.unfreeze()
                gc.enable()

    def keep(self, more: bool = False) -> bool:
        """Freeze what is alive, once (``more``: again, only after that once)."""
        with self._lock:
            if more != self._kept or (not more and gc.get_freeze_count()):
                return False   # more without a first keep, a second first keep, or someone else froze
            gc.freeze()
            self._kept = True
            return True

    def let_go(self) -> None:
        with self._lock:
            if self._kept:
                gc.unfreeze()
                self._kept = False


GC_PAUSE = _GcPause()


# entries: from here the first reading is kept out of the collector's walks. At 1k a full
# collection over the reading and the app still took 60-100 ms (typing, filtering and scrolling
# stalled 94-144 ms; kept: 8-72 ms); a few dozen entries are left to it
KEEP_FROM = 500


def keep_heap(entries: int, more: bool = False) -> bool:
    """After the app's first reading of a large folder, take what is alive out of the cyclic
    collector's walks (``gc.freeze``), once per app. CPython walks its whole heap on each full
    collection: 1.8M tracked objects at 50k entries cost ~0.9 s a pass (0.22 s at 10k), and
    filtering or scrolling set one off every few seconds, the UI frozen meanwhile. A reading
    holds no reference cycles (tests/test_memory_heap.py), so a frozen one that a rescan drops
    is still freed by reference counting; screens and readings made later are collected as
    usual. ``let_heap_go`` undoes it when the app closes. ``more``: the same first reading's
    preview index, built after its rows are shown, joins what was kept."""
    return entries >= KEEP_FROM and GC_PAUSE.keep(more)


def let_heap_go() -> None:
    """Hand what ``keep_heap`` froze back to the collector (the app is closing; a no-op when
    nothing was kept)."""
    GC_PAUSE.let_go()


@contextlib.contextmanager
def paused_gc():
    GC_PAUSE.hold()
    try:
        yield
    finally:
        GC_PAUSE.release()


class EngineSlot:
    """A snapshot's injection engine, made from the snapshot once, when first asked, and kept.

    Made lazily rather than at construction: at 10,000 entries the index costs ~0.2 s, which
    the app spends on its UI thread in slices after the table shows, and only for a reading
    a prompt asks about. The snapshot's fields never change; this holder is the one memo it
    carries, and the engine is a function of the reading (its entries, statuses, time and
    root), so when it is made changes nothing it answers. ``make(snapshot)`` is a generator
    of steps that returns the engine (``Engine.steps``; several agents: ``multi``'s)."""

    __slots__ = ("make", "value", "_lock")

    def __init__(self, make) -> None:
        self.make, self.value, self._lock = make, None, threading.Lock()

    def steps(self, snap: "Snapshot"):
        """Make the engine in steps (none when it is made); the generator returns it."""
        if self.value is None:
            value = yield from self.make(snap)
            with self._lock:   # two builders: the first one's is kept (they answer the same)
                if self.value is None:
                    self.value = value
        return self.value


def _engine_slot() -> EngineSlot:   # (the engine's module loads when an engine is first made: never in an audit)
    return EngineSlot(lambda snap: __import__("tui.core.engine.select", fromlist=["Engine"]).Engine.steps(snap))


@dataclass(frozen=True)
class Snapshot:
    """One reading of the folder. Read-only: frozen, the mappings are proxies, and nothing
    that holds a snapshot changes its entries (a rescan builds new ones; the app's audit
    judges copies). Its anchor checker is its own; its engine is made on demand and kept
    in ``engines`` (EngineSlot)."""

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
    # the engine, made on demand (EngineSlot), shared by dataclasses.replace: replace only what keeps it true
    engines: EngineSlot = field(default_factory=_engine_slot, compare=False, repr=False)
    layout: "Layout | None" = field(default=None, compare=False)
    files: tuple["FileInfo", ...] = ()   # every file of the folder and what it is (entries, index, not memory)
    parts: Mapping[str, "Snapshot"] = field(default_factory=dict, compare=False)   # several agents: each one's
    store: "MemoryStore | None" = field(default=None, compare=False, repr=False)

    @classmethod
    def load(cls, directory: Path, root: Path, now: dt.datetime | None = None, mentions: bool = True,
             layout: "Layout | None" = None, judging: bool = False, fork: bool = True,
             memos: tuple[str, ...] = ("mentions",)) -> "Snapshot":
        """``judging``: the caller will judge the entries and call ``store.keep_judgements()`` at
        its end, which writes the parse cache once (parsed and judged together). ``fork``: a
        one-shot command may read thousands of files in forked workers (not the hook, which runs
        under a deadline), which compute ``memos`` for each entry on their cores (``entry.memo``)."""
        store = MemoryStore(directory, root, mentions=mentions, layout=layout)
        store.scanner.judging = judging
        store.scanner.fork_ok = fork
        store.scanner.memos = tuple(k for k in memos if store.mentions or k != "mentions")
        return store.refresh(now)

    @property
    def engine(self) -> "Engine | None":
        """The injection engine, once made (``engine_steps``, ``built_engine``); else None."""
        return self.engines.value

    def engine_steps(self):
        """Make the engine a few dozen entries a step (a generator returning it); no step when made."""
        return self.engines.steps(self)

    def built_engine(self) -> "Engine":
        """The injection engine, made now if it is not yet."""
        steps = self.engine_steps()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def locate(self, entry_id: str) -> tuple["Snapshot", str]:
        """The snapshot of the folder an entry lives in, and its id there (several agents' ids are
        `AGENT:ID`; a single folder is its own part)."""
        if self.parts:
            label, _, local = entry_id.partition(":")
            if label in self.parts:
                return self.parts[label], local
        return self, entry_id

    @property
    def layout_name(self) -> str:
        if self.parts:
            return "multi"
        return self.layout.name if self.layout is not None else DEFAULT_LAYOUT

    def since(self, shown: "Snapshot") -> "Snapshot":
        """This reading with its added/changed/removed counted from ``shown`` (an earlier reading
        of the same folder) instead of from the store's previous one. A reader that skipped
        the readings in between (overtaken ones are dropped) needs the difference to what it
        shows: an entry added or removed in a skipped reading is in no list of this one."""
        if self.generation == shown.generation + 1:
            return self
        old, new = shown.entries, self.entries
        return dataclasses.replace(
            self, added=tuple(i for i in new if i not in old), removed=tuple(i for i in old if i not in new),
            changed=tuple(i for i in new if i in old and new[i] is not old[i] and _differs(old[i], new[i])))

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

    def __init__(self, directory: Path, root: Path, mentions: bool = True, layout: "Layout | None" = None) -> None:
        self.dir, self.root = Path(directory), Path(root)
        self.layout = layout if layout is not None else ClaudeCode()
        self.scanner = Scanner(self.dir, ParseCache(self.dir, eager="later"), self.layout)
        self.checker = AnchorChecker(self.root, self.dir)
        self.root_files = RootFiles(self.root, unchecked_root(self.root, self.dir) if mentions else None)
        # False: no mentioned-path checks (for the hook and the preview; under a root that is no project)
        self.mentions = mentions and self.root_files.unchecked is None
        self.generation = 0
        self._last: Snapshot | None = None
        self._files_key: tuple | None = None   # what the last reading's file list was made from
        self._lock = threading.Lock()   # a cancelled worker's refresh may still be running

    @property
    def folders(self) -> list[Path]:
        return [self.dir]

    def note_changes(self, paths: list[str] | None) -> None:
        """A watcher saw these paths change (None: it cannot say which): see Scanner.note_changes."""
        self.scanner.note_changes(paths)

    def keep_judgements(self) -> None:
        """Let the parse cache keep what this process judged (a one-shot command, at its end)."""
        with self._lock:
            self.scanner.keep_judgements()

    def adopt_judged(self, published: Mapping[str, MemoryEntry], judged: Mapping[str, MemoryEntry]) -> None:
        """Copies of a reading's entries that a background pass judged (their content findings
        and memos kept on them): the next reading publishes each in place of its original
        while the file is unchanged, so it is not judged again. The published ones stay as
        they are. (A layout's entries are copies made anew at each reading: nothing to take.)"""
        if self.layout.file_per_entry:
            with self._lock:
                self.scanner.adopt(published, judged)

    def refresh(self, now: dt.datetime | None = None, progress=None, with_engine: bool = False,
                full: bool = True, noted: bool = False) -> Snapshot:
        """Re-read what changed (``noted``: what a watcher noted, see Scanner.scan); ``progress(done, total)`` is called while parsing (for a UI).
        ``full=False`` (a change in the memory folder) re-judges only the files that changed when
        MEMORY.md and the day are the same; a full refresh re-checks every anchor against the project."""
        now = now or utcnow()
        with self._lock, paused_gc():
            # this reading's own checker: the last one stays as its snapshot's (an audit may be
            # reading with it); file contents are shared, path answers too unless ``full``
            checker = self.checker = self.checker.next_pass(keep_paths=not full)
            scan = self.scanner.scan(progress, incremental=not full, noted=noted)   # a watcher's paths
            last = self._last
            keep = (not full and last is not None and last.index_text == scan.index_text
                    and last.now.date() == now.date() and self.layout.file_per_entry)
            entries, files = self._arrange(scan, now)
            fresh = set(scan.added) | set(scan.changed)
            # statuses are never changed once made, so an unchanged entry's may be shared
            if keep and entries.keys() == last.status.keys():   # a watcher's change of content: O(changed)
                status = dict(last.status)
                for i in fresh:
                    status[i] = assess(entries[i], checker, scan.index, now, self.root_files, self.mentions)
            else:
                status = {i: last.status[i] if keep and i not in fresh and i in last.status else
                          assess(e, checker, scan.index, now, self.root_files, self.mentions)
                          for i, e in entries.items()}
            self.generation += 1
            added, changed, removed = scan.added, scan.changed, scan.removed
            if not self.layout.file_per_entry:   # a changed file says nothing of which of its parts changed
                added, changed, removed = _entry_changes(last.entries if last else {}, entries)
            # the snapshot's own copy of the layout's state (mem0's problems, Gemini's names,
            # Letta's history): the next reading's begin/prepare rebinds the live object's, never
            # changing these in place, so an audit of this snapshot sees this reading's
            snap = Snapshot(self.dir, self.root, now, self.generation, MappingProxyType(entries),
                            MappingProxyType(status), scan.index, scan.index_text, checker, self.root_files,
                            tuple(added), tuple(changed), tuple(removed), layout=copy.copy(self.layout),
                            files=files, store=self)
            if with_engine:
                snap.built_engine()   # before anyone else sees it
            self._last = snap
        return snap

    def _arrange(self, scan, now: dt.datetime) -> tuple[dict[str, MemoryEntry], tuple[FileInfo, ...]]:
        """The layout's entries from the files read: Claude Code's are the files themselves; other
        layouts split shared files into parts and set load states (on copies: a file's parsed
        entry is shared with earlier snapshots and the cache)."""
        layout = self.layout
        infos = [FileInfo(i, "other", 0, why) for i, why in scan.other.items()]
        has_index = scan.index.exists or scan.index_text is not None
        if has_index:
            infos.append(FileInfo("MEMORY.md", "index"))
        if layout.file_per_entry:
            # the same files in the same roles as the last reading (a file's content changed): its
            # list again (made anew, 10k frozen FileInfos and their sort cost ~20 ms a watched change)
            key = (dict(scan.other), has_index)
            last = self._last
            if last is not None and key == self._files_key and last.files is not None \
                    and last.entries.keys() == scan.entries.keys():
                return dict(scan.entries), last.files
            self._files_key = key
            infos += [FileInfo(i, "entry", 1) for i in scan.entries]
            return dict(scan.entries), tuple(sorted(infos, key=lambda f: f.id))
        layout.begin(self.dir)
        entries: dict[str, MemoryEntry] = {}
        for i, e in scan.entries.items():
            role = layout.role(i).role
            if role == "shared":
                parts = layout.expand(copy.copy(e), now)
                for p in parts:
                    entries[p.id] = p
                subs = sum(1 for p in parts if p.file is not None)
                if subs:
                    infos.append(FileInfo(i, "shared", subs, layout.shared_note(i)))
                elif parts:   # the file itself, unreadable: listed as an entry with the reason
                    infos.append(FileInfo(i, "shared", 1, parts[0].error or ""))
                else:
                    infos.append(FileInfo(i, "shared", 0, layout.empty_note(i)))
            else:
                c = copy.copy(e)
                layout.settle(c, now)
                entries[i] = c
                infos.append(FileInfo(i, "entry", 1))
        return entries, tuple(sorted(infos, key=lambda f: f.id))


def _differs(a: MemoryEntry, b: MemoryEntry) -> bool:
    """Two readings of an entry differ (a layout's parts are copies made anew each reading)."""
    return (a.text, a.mtime_ns, a.size, a.error) != (b.text, b.mtime_ns, b.size, b.error)


def _entry_changes(old: Mapping[str, MemoryEntry], new: dict[str, MemoryEntry]) -> tuple[list, list, list]:
    """Added, changed and removed entry ids when entries are parts of files (a file's change
    says nothing of which of its bullets changed)."""
    added = sorted(i for i in new if i not in old)
    removed = sorted(i for i in old if i not in new)
    changed = sorted(i for i in new if i in old and (new[i].text != old[i].text or
                                                      (new[i].file is None and new[i].mtime_ns != old[i].mtime_ns)))
    return added, changed, removed
