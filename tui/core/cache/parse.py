"""The persistent parse cache (SPEC §8): what parsing produced, kept between runs.

The ``entries`` table of the folder's kept file (cache/kept, which owns signatures and the
SQLite file itself). Each row is one file's parsed entry, valid while the file's signature
is unchanged, so a warm start stats the folder and parses only what changed. A missing,
corrupt, locked or other-version cache is rebuilt (or skipped) silently: the cache only
ever saves work, it never changes what a command outputs. ``MEMTUI_NO_CACHE=1`` turns it off.
"""
from __future__ import annotations

import pickle
import sqlite3
from pathlib import Path

from .kept import KeptFile


class ParseCache:
    """Parsed entries of one folder by id, with the file signature they were parsed from."""

    def __init__(self, memory_dir: Path, eager: bool | str = True) -> None:
        self.file = KeptFile(memory_dir)
        self.path, self.real = self.file.path, self.file.real
        self.rows: dict[str, tuple[tuple[int, int, int], bytes]] = {}
        self.known: dict[str, tuple] = {}   # id → what its row holds beyond the parse (see ``knowledge``)
        self._unsaved: set[str] = set()      # adopted rows not written yet
        self.enabled = self.file.enabled
        self._pending = self.enabled and eager == "later"   # read at the first scan (``load_once``)
        if self.enabled and eager is True:
            self._load()

    def load_once(self, judged: bool = True) -> None:
        """Read the rows now, if they were left for later (a store built on the UI thread
        reads them in its first refresh, off that thread); without ``judged``, not what judging
        produced (a reader that never judges would only hold it)."""
        if self._pending:
            self._pending = False
            self._load(judged)

    def release_blobs(self) -> None:
        """Let go of the pickled entries once the reader holds them parsed (and has saved): a
        long-lived reader (the app) reuses its own entries for unchanged files, so the bytes
        would only double its memory (50k entries: ~90 MB). A row without them reads as a miss."""
        self.rows = {i: (row[0], None, None) for i, row in self.rows.items()}

    def fetch(self, con: sqlite3.Connection, entry_id: str) -> None:
        """Read one row (for a reader that did not load them all: the hook's kept index)."""
        row = con.execute("SELECT mtime_ns, size, ino, data, extra FROM entries WHERE id = ?", (entry_id,)).fetchone()
        if row is not None:
            self.rows[entry_id] = (tuple(row[:3]), row[3], row[4])

    def _load(self, judged: bool = True) -> None:
        if not self.path.exists():
            return
        try:
            con = self.file.connect()
            try:
                if not self.file.current(dict(con.execute("SELECT key, value FROM meta"))):
                    return   # another version's rows (or a hash collision): rebuilt on save
                for eid, m, s, i, data, extra in con.execute(
                        f"SELECT id, mtime_ns, size, ino, data, {'extra' if judged else 'NULL'} FROM entries"):
                    self.rows[eid] = ((m, s, i), data, extra)
            finally:
                con.close()
        except sqlite3.Error as e:
            self.rows = {}
            if self.file.broken(e):
                self.file.discard()   # rebuilt at the save; a busy or locked file is left to its writer
        except OSError:
            self.rows = {}

    def get(self, entry_id: str, sig: tuple[int, int, int], path: Path, judged: bool = False):
        """The cached entry for this file if its signature is unchanged, else None; with
        ``judged``, with what judging it produced (the hook and the app do not need that)."""
        row = self.rows.get(entry_id)
        if row is None or row[0] != sig or row[1] is None:
            return None
        try:
            entry = pickle.loads(row[1])
            if judged and row[2] is not None:
                entry.judged, entry.secret_hits, entry.memo = pickle.loads(row[2])
        except Exception:   # a row that no longer unpickles: parse the file instead
            del self.rows[entry_id]
            return None
        entry.path = path
        if entry.id == entry_id:
            entry.id = entry_id   # the key the reader holds: one copy of the id, not two
        if judged:
            self.known[entry_id] = knowledge(entry)
        else:   # its reader holds it parsed from here: the bytes would only add to the peak (50k: ~70 MB)
            self.rows[entry_id] = (sig, None, None)   # the reader's equal signature: one tuple, not two
        return entry

    def adopt(self, entry_id: str, sig: tuple[int, int, int], data: bytes) -> None:
        """A row pickled elsewhere (a forked reader) for this file version: written at the next
        save as it is."""
        self.rows[entry_id] = (sig, data, None)
        self._unsaved.add(entry_id)

    def _row(self, i: str, e, sig: tuple[int, int, int]) -> tuple:
        row = self.rows.get(i)   # the same file version's parse, already pickled: kept as it is
        data = (row[1] if row is not None and row[0] == sig and row[1] is not None
                else pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL))
        extra = (pickle.dumps((e.judged, e.secret_hits, e.memo), protocol=pickle.HIGHEST_PROTOCOL)
                 if knowledge(e) != NOTHING else None)
        self.rows[i] = (sig, data, extra)
        self.known[i] = knowledge(e)
        return (i, *sig, data, extra)

    def save(self, entries: dict, sigs: dict[str, tuple[int, int, int]]) -> None:
        """Write what changed since the cache was read; drop rows of files that are gone."""
        if not self.enabled:
            return
        entries = {i: e for i, e in entries.items() if _storable(i)}   # a name that is not UTF-8 stays uncached
        changed = {i: e for i, e in entries.items()
                   if i in sigs and (i in self._unsaved or self.rows.get(i, (None,))[0] != sigs[i])}
        gone = [i for i in self.rows if i not in entries]
        if not changed and not gone and self.path.exists():
            return
        self._write(changed, sigs, gone, everything=entries)

    def update(self, entries: dict, sigs: dict[str, tuple[int, int, int]]) -> None:
        """Rewrite the rows of entries judged since they were read (same signature, more known)."""
        if self.enabled and entries:
            self._write({i: e for i, e in entries.items() if i in sigs and _storable(i)}, sigs, [])

    def _write(self, rows: dict, sigs: dict, gone: list[str], everything: dict | None = None) -> None:
        """One transaction. A file of another version (or folder) is started over when
        ``everything`` is given (a full save), else left to its owner."""
        try:
            con = self.file.connect()
            try:
                con.execute("BEGIN IMMEDIATE")
                if not self.file.current(dict(con.execute("SELECT key, value FROM meta"))):
                    if everything is None:
                        con.execute("ROLLBACK")
                        return   # another version took the file meanwhile: its rows are its own
                    self.file.start_over(con)   # the hook's index and the notes too
                    rows = {i: e for i, e in everything.items() if i in sigs}
                con.executemany("DELETE FROM entries WHERE id = ?", [(i,) for i in gone])
                con.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?, ?, ?)",
                                [self._row(i, e, sigs[i]) for i, e in rows.items()])
                con.execute("COMMIT")
                for i in gone:
                    self.rows.pop(i, None)
                self._unsaved.difference_update(rows)
            finally:
                con.close()
        except (sqlite3.Error, OSError):
            pass   # locked by another memtui, a read-only disk: the next run tries again

    # -- notes: a few blobs a reader keeps beside the rows (the app's last first screen) --
    def note(self, key: str) -> bytes | None:
        """A blob kept by ``keep_note`` under this cache's format, else None (see KeptFile.note)."""
        return self.file.note(key) if self.enabled else None

    def keep_note(self, key: str, data: bytes) -> None:
        """Keep a blob beside rows of this format (see KeptFile.keep_note)."""
        if self.enabled:
            self.file.keep_note(key, data)


def knowledge(entry) -> tuple:
    """What an entry holds beyond its parse: a row is rewritten when this grows."""
    return (entry.judged is not None, entry.secret_hits is not None, tuple(sorted(entry.memo)))


NOTHING = (False, False, ())


def _storable(entry_id: str) -> bool:
    try:
        entry_id.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
