"""Scanning a memory directory: every file is listed, nothing is followed out of it.

``Scanner`` keeps parsed entries keyed by id with their signature (cache/kept) so a
rescan (the TUI's watcher) re-parses only files that changed and reports a diff.
"""
from __future__ import annotations

import os
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..reading.entry import MemoryEntry
from ..reading.load import _load, _read_index
from .. import forking
from ..fsutil import within
from ..cache.parse import NOTHING, knowledge
from ..cache.kept import signature
from ..secrets.detect import known, seed
from ..reading.index import MemoryIndex, parse_index
from ..layouts import ClaudeCode
from ..walk import (FILE, HIDDEN, PRUNED, SPECIAL, SYMLINK, UNLISTABLE, UNSTATABLE, path_rule,
                   walk)

FOLDER_LINK = "symlink to a folder (not followed)"   # not an entry: the walk never leaves by a symlink
INCREMENTAL_MAX = 500   # changed paths a watched rescan looks at one by one; more, and it walks the folder


@dataclass
class ScanResult:
    entries: dict[str, MemoryEntry]
    index: MemoryIndex
    index_text: str | None
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    other: dict[str, str] = field(default_factory=dict)   # files and folders that are not memory → why


class Scanner:
    def __init__(self, directory: Path, cache=None, layout=None):
        self.dir = Path(directory)
        self.layout = layout if layout is not None else ClaudeCode()
        self.cache = cache   # a ParseCache: entries parsed by an earlier run, by file signature
        self.real_dir = os.path.realpath(self.dir)
        self._sigs: dict[str, tuple[int, int, int]] = {}
        self._entries: dict[str, MemoryEntry] = {}
        self._readable: list[str] = []
        # a one-shot command that judges: it reads what earlier runs judged with each entry (the
        # app and the hook do not: more memory, longer GC passes), and writes the cache once, at its end
        self.judging = False
        self.fork_ok = False   # a one-shot command: many files to read may be read by forked workers
        self.memos: tuple[str, ...] = ()   # what those workers compute ahead for each entry (entry.memo keys)
        # paths a watcher saw change since the last scan (None: a change only a walk can account
        # for, such as a folder created or moved); see note_changes
        self._dirty: set[str] | None = set()
        self._dirty_lock = threading.Lock()
        self._last: ScanResult | None = None

    # -- what a watcher saw --------------------------------------------------------------------
    def note_changes(self, paths: list[str] | None) -> None:
        """Called from a watcher's thread: these paths changed (None: something only a full walk
        can account for). The next ``scan(incremental=True)`` looks at just these."""
        with self._dirty_lock:
            if paths is None or self._dirty is None or len(self._dirty) > INCREMENTAL_MAX:
                self._dirty = None
            else:
                self._dirty.update(paths)

    def _take_changes(self) -> set[str] | None:
        with self._dirty_lock:
            dirty, self._dirty = self._dirty, set()
        return dirty

    def scan(self, progress=None, incremental: bool = False, noted: bool = False) -> ScanResult:
        """Rescan; ``progress(done, total)`` is called every 500 files parsed (for a UI). With
        ``incremental``, only the paths a watcher noted are looked at, when that is enough to
        know the folder (else, or when none were noted, the whole folder is walked). ``noted``:
        the watcher asked, so no path noted means no file changed (a folder's own "modified")."""
        if self.cache is not None:
            self.cache.load_once(judged=self.judging)
        dirty = self._take_changes()
        if incremental and dirty is not None and self._last is not None:
            result = self._scan_paths(dirty) if dirty else self._unchanged() if noted else None
            if result is not None:
                return result
        self._last = self._walk_scan(progress)
        return self._last

    def _unchanged(self) -> ScanResult:
        last = self._last
        assert last is not None
        self._last = ScanResult(last.entries, last.index, last.index_text, other=last.other)
        return self._last

    def _scan_paths(self, paths: set[str]) -> ScanResult | None:
        """The last scan, brought up to date for ``paths`` alone (a stat each, a read for those that
        changed). None when one of them needs the walk: a folder, a symlink, the index, a hidden
        file or one that is not memory, anything outside the folder."""
        assert self._last is not None
        entries = dict(self._entries)
        added, changed, removed = [], [], []
        for p in sorted(paths):
            rel = os.path.relpath(p, self.dir)
            entry_id = rel.replace(os.sep, "/")
            parts = entry_id.split("/")
            if rel == "." or parts[0] == "..":
                return None
            rule = path_rule(entry_id, self.layout.prune)
            if rule is None:
                continue   # the trash, the archive, a temp file: never listed
            if rule:
                return None
            if self.layout.role(entry_id).role in ("index", "other"):
                return None
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                if any(i.startswith(entry_id + "/") for i in entries):
                    return None   # a folder went
                if entries.pop(entry_id, None) is not None:
                    removed.append(entry_id)
                    self._sigs.pop(entry_id, None)
                continue
            except OSError:
                return None
            if not stat.S_ISREG(st.st_mode):
                return None
            sig = signature(st)
            if entry_id in entries and self._sigs.get(entry_id) == sig:
                continue
            path = Path(p)
            hit = self.cache.get(entry_id, sig, path) if self.cache is not None else None
            entries[entry_id] = hit if hit is not None else _load(path, entry_id, st, None,
                                                                  self.layout.size_limit(entry_id))
            (changed if entry_id in self._entries else added).append(entry_id)
            self._sigs[entry_id] = sig
        if added:
            entries = dict(sorted(entries.items()))   # the walk's order
        gone = set(removed)
        self._readable = [i for i in self._readable if i not in gone] + added
        self._entries = entries
        # not written to the parse cache here: a commit costs more than re-reading these few
        # files at the next start (the next full scan writes what changed)
        last = self._last
        self._last = ScanResult(entries, last.index, last.index_text, added, changed, removed, last.other)
        return self._last

    def _walk_scan(self, progress=None) -> ScanResult:
        self.layout.prepare(self.dir)
        found: dict[str, tuple[Path, os.stat_result | None, str | None]] = {}
        index_text: str | None = None
        index_error: str | None = None
        other: dict[str, str] = {}   # what the walk lists without reading (a folder's id ends in '/') → why
        for entry_id, path, st, why in self._walk(other):
            role = self.layout.role(entry_id)
            if role.role == "other":
                other[entry_id] = role.note   # never opened: a SQLite store is not text
                continue
            if role.role == "index":
                if why is None and st is not None:
                    index_text, index_error = _read_index(path)
                else:
                    index_error = why
                continue
            found[entry_id] = (path, st, why)

        old = self._entries
        entries: dict[str, MemoryEntry] = {}
        added, changed, unread = [], [], []
        total = len(found)
        for n, entry_id in enumerate(sorted(found)):
            if progress is not None and n % 500 == 0:
                progress(n, total)
            path, st, why = found[entry_id]
            sig = signature(st) if st is not None else (0, 0, 0)
            prev = old.get(entry_id)
            if prev is not None and why is None and self._sigs.get(entry_id) == sig:
                entries[entry_id] = prev
                continue
            hit = (self.cache.get(entry_id, sig, path, judged=self.judging)
                   if self.cache is not None and why is None else None)
            if hit is not None and hit.secret_hits is not None:
                seed(hit.text, hit.secret_hits)   # found by an earlier run: not scanned again
            entries[entry_id] = hit   # None: read below
            if hit is None:
                unread.append(entry_id)
            self._sigs[entry_id] = sig
            (changed if prev is not None else added).append(entry_id)
        parsed: list[MemoryIndex] = []

        def read_index() -> None:   # (while forked readers start, when there are any)
            if index_text is not None:
                parsed.append(parse_index(index_text, is_dir=lambda i: (self.dir / i).is_dir()))
            else:
                parsed.append(MemoryIndex(exists=index_error is not None, error=index_error))
        self._read(unread, found, entries, read_index)
        removed = sorted(set(old) - set(entries))
        for r in removed:
            self._sigs.pop(r, None)
        self._entries = entries
        self._readable = [i for i in entries if found[i][2] is None and found[i][1] is not None]
        if self.cache is not None and not self.judging:
            self._save()
            self.cache.release_blobs()   # unchanged files keep their entries from here on
        return ScanResult(entries, parsed[0], index_text, added, changed, removed, other)

    def _read(self, ids: list[str], found: dict, entries: dict, before) -> None:
        """Read and parse the files the cache did not hold, and call ``before()``. A one-shot
        command reading thousands forks workers that parse and pickle their shares while it
        calls ``before()``, then parses its own: the pickles travel back and become the parse
        cache's rows as they are (never pickled again)."""
        if not (self.fork_ok and forking.can_fork(len(ids))):
            for entry_id in ids:
                path, st, why = found[entry_id]
                entries[entry_id] = _load(path, entry_id, st, why, self.layout.size_limit(entry_id))
            before()
            return
        from .forked import read_shared
        read_shared(self, ids, found, entries, _load, before)

    def adopt(self, published, judged) -> None:
        """Read ``judged[i]`` (a judged copy of ``published[i]``) from here on, where the scan
        still holds ``published[i]`` (the file unchanged since): see MemoryStore.adopt_judged."""
        entries = self._entries
        for i, e in judged.items():
            if i in published and entries.get(i) is published[i]:
                entries[i] = e

    def _save(self) -> None:
        readable = {i: self._entries[i] for i in self._readable}
        self.cache.save(readable, {i: self._sigs[i] for i in readable})

    def keep_judgements(self) -> None:
        """Write to the parse cache what was judged since the files were read: each readable
        entry's content findings and secret hits, so the next run reads them instead. (With
        ``judging``, the parsed entries are written here too: one write, not two.)"""
        if self.cache is None or not self.cache.enabled:
            return
        for i in self._readable:   # what this process learnt goes into the rows written now
            e = self._entries[i]
            if e.secret_hits is None and e.readable:
                e.secret_hits = known(e.text)
        if self.judging:
            self._save()
        fresh = {}
        for i in self._readable:
            e = self._entries[i]
            if e.readable and knowledge(e) != self.cache.known.get(i, NOTHING):
                fresh[i] = e
        self.cache.update(fresh, {i: self._sigs[i] for i in fresh if i in self._sigs})

    def _walk(self, unread: dict[str, str]):
        """Yield (id, path, stat or None, why-unreadable or None) for every file to read; what is
        listed but never read (dot-files, folders the layout does not walk) goes into ``unread``.
        The rules are the one walk's (tui/core/walk)."""
        layout = self.layout
        for entry_id, folder, item, kind, st, note in walk(self.dir, layout.walk_dot, layout.prune):
            if kind == FILE:
                yield entry_id, folder / item.name, st, None   # (shares the folder's parts)
            elif kind == HIDDEN:
                unread[entry_id + ("/" if item.is_dir(follow_symlinks=False) else "")] = "hidden (not read)"
            elif kind == PRUNED:
                unread[entry_id + "/"] = note
            elif kind == SYMLINK:
                path = folder / item.name
                st, why = self._symlink(path)
                if why == FOLDER_LINK:   # not an entry, inside the folder or out: listed as not read
                    unread[entry_id + "/"] = why
                else:
                    yield entry_id, path, st, why
            elif kind == UNSTATABLE:
                yield entry_id, folder / item.name, None, f"cannot be read: {note.strerror}"
            elif kind == UNLISTABLE:
                if entry_id:
                    yield entry_id, folder, None, f"folder cannot be read: {note.strerror}"
            elif kind == SPECIAL:   # FIFOs and devices would block or never end: never open them
                yield entry_id, folder / item.name, st, "not a regular file (device, pipe or socket)"

    def _symlink(self, path: Path) -> tuple[os.stat_result | None, str | None]:
        try:
            real = Path(path).resolve(strict=True)
        except (OSError, RuntimeError) as e:
            if isinstance(e, RuntimeError) or getattr(e, "errno", None) == 40:
                return None, "symlink loop (not followed)"
            return None, "broken symlink (its target does not exist)"
        try:
            st = os.stat(real)
        except OSError as e:
            return None, f"cannot be read: {e.strerror}"
        if stat.S_ISDIR(st.st_mode):
            return None, FOLDER_LINK
        if not within(self.real_dir, str(real)):
            return None, "symlink to a file outside the memory folder (not read)"
        if not stat.S_ISREG(st.st_mode):
            return None, "not a regular file (device, pipe or socket)"
        return st, None
