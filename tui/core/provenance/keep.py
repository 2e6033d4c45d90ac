"""The record's scan, kept in the memory folder's kept file (cache/kept: one SQLite file, one
format stamp): per record file, how far it was read and what it was (its inode and a hash of
its first bytes: a file replaced, truncated or rotated is read again from the start), and the
acts found so far. No text: an act is a pointer into the record (see model.Act).

A file that is gone keeps its acts (Claude Code deletes transcripts after 30 days; when and by
which session an entry was written stays known), marked gone. ``MEMTUI_NO_CACHE=1``, or a kept
file that cannot be opened, leaves everything in memory for this run.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from ..cache.kept import KeptFile
from .model import Act

TABLES = ("record_files", "record_acts")
_COLS = "file, offset, kind, tool, tool_id, target, session, at, side, prompt, stated, result, failed"


@dataclass
class FileState:
    """How far one record file was read, and what it was."""

    ino: int = 0
    head: str = ""       # hash of its first min(offset, HEAD) bytes when last read
    offset: int = 0      # where the first line not read yet starts
    bad: int = 0
    session: str = ""    # a pi session file's header: its session and working folder
    cwd: str = ""
    gone: bool = False
    acts: list[Act] = field(default_factory=list)


def create(con) -> None:
    con.execute("CREATE TABLE IF NOT EXISTS record_files (file TEXT PRIMARY KEY, ino INTEGER, head TEXT, "
                "offset INTEGER, bad INTEGER, session TEXT, cwd TEXT, gone INTEGER)")
    con.execute(f"CREATE TABLE IF NOT EXISTS record_acts ({_COLS}, PRIMARY KEY (file, offset, tool_id))")


def drop(con) -> None:
    """(kept.start_over: another format's scan starts over with everything else)"""
    for t in TABLES:
        con.execute(f"DROP TABLE IF EXISTS {t}")


class Kept:
    """The kept scan of one memory folder (or nothing, in memory only)."""

    def __init__(self, memory_dir: Path) -> None:
        self.file = KeptFile(memory_dir)
        self.con = None
        if not self.file.enabled:
            return
        try:
            self.con = self.file.connect(timeout=5)
            create(self.con)
            meta = dict(self.con.execute("SELECT key, value FROM meta WHERE key IN ('format', 'dir')"))
            if not self.file.current(meta):
                self.con.execute("BEGIN IMMEDIATE")
                self.file.start_over(self.con)
                create(self.con)
                self.con.execute("COMMIT")
        except (sqlite3.Error, OSError) as e:
            if isinstance(e, sqlite3.Error) and self.file.broken(e):
                self.file.discard()
            self.close()

    def load(self) -> dict[str, FileState]:
        if self.con is None:
            return {}
        try:
            states = {f: FileState(ino, head, offset, bad, session or "", cwd or "", bool(gone))
                      for f, ino, head, offset, bad, session, cwd, gone in
                      self.con.execute("SELECT file, ino, head, offset, bad, session, cwd, gone FROM record_files")}
            for row in self.con.execute(f"SELECT {_COLS} FROM record_acts ORDER BY file, offset"):
                st = states.get(row[0])
                if st is not None:
                    st.acts.append(Act.from_row(row))
            return states
        except sqlite3.Error:
            self.close()
            return {}

    def save(self, name: str, st: FileState, restarted: bool, new: list[Act], changed: list[Act]) -> None:
        """One file's progress in one transaction: its state, the acts found, the acts whose
        result came (``restarted``: it was read from the start again: its old acts go)."""
        if self.con is None:
            return
        try:
            self.con.execute("BEGIN IMMEDIATE")
            if restarted:
                self.con.execute("DELETE FROM record_acts WHERE file = ?", (name,))
            self.con.executemany(f"INSERT OR REPLACE INTO record_acts ({_COLS}) VALUES ({','.join('?' * 13)})",
                                 [a.row() for a in [*new, *changed]])
            self.con.execute("INSERT OR REPLACE INTO record_files VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             (name, st.ino, st.head, st.offset, st.bad, st.session, st.cwd, int(st.gone)))
            self.con.execute("COMMIT")
        except sqlite3.Error:
            try:
                self.con.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def mark_gone(self, names: list[str]) -> None:
        if self.con is None or not names:
            return
        try:
            self.con.executemany("UPDATE record_files SET gone = 1 WHERE file = ?", [(n,) for n in names])
        except sqlite3.Error:
            pass

    def close(self) -> None:
        if self.con is not None:
            try:
                self.con.close()
            except sqlite3.Error:
                pass
        self.con = None


def pending_ids(acts: list[Act]) -> dict[bytes, Act]:
    """The calls whose result was not seen yet, by the id a result line holds."""
    return {json.dumps(a.tool_id).encode(): a for a in acts if a.result < 0}
