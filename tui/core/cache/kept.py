"""What memtui keeps between runs, by file signature: one module for the signatures, for
telling what changed, and for the one SQLite file each memory folder has (SPEC §8).

A file's **signature** is its (mtime_ns, size, inode): what was made from a file (its parse,
its judgements, its postings in the hook's index) holds while the signature is unchanged.
A whole command's result (a kept audit, a kept `list --json`) is checked against the
**listing** of the folder, each item with its mode and ctime too (a file given an older mtime
after a write, or made unreadable, still shows), and against the project folders and files
its checks looked at. Anything seen within RACY_NS of a run's start is not trusted (a second
write in the same clock tick would not show).

The users: ``cache/parse.ParseCache`` (parsed entries, by file), ``lazyindex`` (the hook's index,
brought up to date by the stat pass of ``reading/prefetch``, which keeps a folder map beside it),
``reports/audit_cache`` (whole commands, by ``folder_listing``),
the app's kept first screen (``firstview``, a note). Each keeps its data in the folder's
``KeptFile``: ``$XDG_CACHE_HOME/memtui/parse-<hash>.sqlite``, mode 0600, never in the
memory folder (which may be shared), stamped with FORMAT; a file of another format is
started over by the first full save, a corrupt one removed, a busy one left to its writer.
Nothing here ever changes what a command outputs: it only saves work. ``MEMTUI_NO_CACHE=1``
turns all of it off.

Only the standard library at import (sqlite3 is imported when a file is opened).
"""
from __future__ import annotations

import os
from pathlib import Path

from ... import __version__
from ..walk import SPECIAL, SYMLINK, UNLISTABLE, UNSTATABLE, walk

RACY_NS = 2_000_000_000   # a signature this close to a run's start is not trusted
_CORRUPT, _NOT_A_DATABASE = 11, 26   # SQLite's result codes


# -- signatures --------------------------------------------------------------------------------
def signature(st: os.stat_result) -> tuple[int, int, int]:
    """A file's (mtime_ns, size, inode): what is kept of it holds while these are the same."""
    return st.st_mtime_ns, st.st_size, st.st_ino


def unopened_ids(directory: str) -> set[str]:
    """The files a full scan lists as unreadable entries without opening them (a pipe, a
    device, one that cannot be stat-ed): with the kept index's ids, every entry of a
    one-file-one-entry folder."""
    return {entry_id for entry_id, _, _, kind, _, _ in walk(directory) if kind in (SPECIAL, UNSTATABLE)}


def full_signature(st: os.stat_result) -> tuple[int, int, int, int, int]:
    """(mode, mtime_ns, size, inode, ctime_ns): a signature for checking a whole command's
    result, where a file given an older mtime after a write, or a new mode, must still show."""
    return st.st_mode, st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns


def folder_listing(directory: Path) -> list[tuple] | None:
    """Every entry the one walk (tui/core/walk) lists under ``directory``, with its (mode, mtime_ns,
    size, inode, ctime_ns), in a fixed order; None when a symlink is met. (The layouts whose
    results are kept walk no dot-folder: what changes inside one is never read by them.)"""
    out: list[tuple] = []
    for entry_id, _, item, kind, st, note in walk(str(directory), ordered=True):
        if kind == SYMLINK:
            return None
        if kind == UNLISTABLE:
            out.append((entry_id, "unlistable", note.errno))
            continue
        if st is None and kind != UNSTATABLE:   # a dot-entry: listed with its own signature
            try:
                st = item.stat(follow_symlinks=False)
            except OSError as e:
                note, kind = e, UNSTATABLE
        if kind == UNSTATABLE:
            out.append((entry_id, "unstatable", note.errno))
            continue
        out.append((entry_id, *full_signature(st)))
    return out


def folder_signature(path: str) -> tuple | None:
    """A folder's (mtime_ns, inode, ctime_ns): its mtime changes whenever a name in it is added,
    removed or renamed."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_ino, st.st_ctime_ns


# The hook's stat pass (reading/prefetch) keeps these in its folder map: ``edge`` is the pass's
# start less RACY_NS, and what changed at or after it may change again unseen in the same tick.
UNTRUSTED = (0, 0, 0, 0)   # a file signature too recent to trust: it never matches


def folder_signature_before(st: os.stat_result, edge: int) -> tuple | None:
    """A folder's ``folder_signature`` from its stat, or None when it changed at or after ``edge``
    (too recent to vouch for the names in it)."""
    if st.st_mtime_ns >= edge or st.st_ctime_ns >= edge:
        return None
    return st.st_mtime_ns, st.st_ino, st.st_ctime_ns


def file_signature_before(st: os.stat_result, edge: int) -> tuple:
    """A file's (mtime_ns, size, inode, ctime_ns) from its stat (an edit in place moves its ctime
    even when it restores the mtime), or UNTRUSTED when it changed at or after ``edge``."""
    if st.st_mtime_ns >= edge or st.st_ctime_ns >= edge:
        return UNTRUSTED
    return st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns


def same_folders(folders: list | None) -> bool:
    """Whether folders listed earlier (path, ``folder_signature``) are as they were (None: none were)."""
    return folders is None or all(folder_signature(f) == sig for f, sig in folders)


# -- the format: what was kept is only as good as the code that made it ---------------------------
def code_stamp(files) -> str:
    """Source files by size and mtime, as one short string: what was pickled with classes of
    these files is only as good as those files (an edited one, even at the same version,
    starts over)."""
    import zlib
    parts = []
    for p in files:
        try:
            st = os.stat(p)
        except OSError:
            continue
        parts.append(f"{Path(p).name}:{st.st_size}:{st.st_mtime_ns}")
    return format(zlib.crc32("|".join(parts).encode()), "08x")


def _code_stamp() -> str:
    """The core's own source files: judgements kept are only as good as the rules that made
    them, and the rows are pickles of the core's classes."""
    return code_stamp(sorted(Path(__file__).parent.parent.rglob("*.py")))


_FORMAT: list[str] = []


def format_stamp() -> str:
    """The format every kept file is stamped with: a new memtui, new rules or a new row layout
    start over. Made when first asked (it stats the core's files): the hook's prefetch imports
    this module before it forks, and needs none of it."""
    if not _FORMAT:
        _FORMAT.append(f"5/{__version__}/{_code_stamp()}")
    return _FORMAT[0]


def __getattr__(name: str) -> str:   # ``kept.FORMAT``: format_stamp(), made when first asked
    if name == "FORMAT":
        return format_stamp()
    raise AttributeError(name)


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "memtui"


def enabled() -> bool:
    return os.environ.get("MEMTUI_NO_CACHE", "") in ("", "0")


# -- the one SQLite file of a folder -----------------------------------------------------------
class KeptFile:
    """The SQLite file that holds what is kept of one memory folder (by its real path): the
    parse cache's ``entries``, the hook's ``indexed`` and ``postings``, and ``notes`` (a few
    blobs: a kept audit, a kept listing, the app's first screen)."""

    def __init__(self, memory_dir: Path) -> None:
        import hashlib
        self.real = os.path.realpath(memory_dir)
        name = hashlib.sha1(self.real.encode("utf-8", "surrogatepass")).hexdigest()[:20]
        self.path = cache_dir() / f"parse-{name}.sqlite"
        self.enabled = enabled()

    def connect(self, timeout: float = 0.2):
        """A connection in autocommit mode (transactions are explicit), the tables made;
        ``timeout``: how long a write waits for another writer."""
        import sqlite3
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fresh = not self.path.exists()
        con = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        if fresh:
            os.chmod(self.path, 0o600)   # (its -wal and -shm files take the same mode)
        try:   # WAL: a reader never waits for a writer (a detached child saving while the next run reads)
            con.execute("PRAGMA journal_mode=WAL")
            con.execute("PRAGMA synchronous=NORMAL")   # a crash may lose the last save, never corrupt
        except sqlite3.OperationalError:
            pass   # busy switching modes: this connection works in whatever mode the file has
        con.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
        # data: the parsed entry; extra: what judging it produced (read only by the commands that judge)
        con.execute("CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, "
                    "ino INTEGER, data BLOB, extra BLOB)")
        con.execute("CREATE TABLE IF NOT EXISTS notes (key TEXT PRIMARY KEY, value BLOB)")
        return con

    def current(self, meta: dict) -> bool:
        """Whether the file's ``meta`` says it is this version's, for this folder."""
        return meta.get("format") == format_stamp() and meta.get("dir") == self.real

    def start_over(self, con) -> None:
        """Empty a file of another version (or folder) and stamp it as this one's (in the
        caller's transaction): every table goes, the hook's index and the record's scan with the rows."""
        con.execute("DELETE FROM entries")
        # every other table (the hook's index, the agent record's scan, …) is made again by its owner
        for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN "
                                    "('meta', 'entries', 'notes') AND name NOT LIKE 'sqlite%'").fetchall():
            con.execute(f'DROP TABLE IF EXISTS "{table}"')
        con.execute("DELETE FROM meta WHERE key IN ('indexed', 'listing')")
        con.execute("DELETE FROM notes")
        con.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [("format", format_stamp()),
                                                                       ("dir", self.real)])

    def note(self, key: str) -> bytes | None:
        """A blob kept by ``keep_note`` under this format, else None (read without the rows)."""
        import sqlite3
        if not self.enabled or not self.path.exists():
            return None
        try:
            con = self.connect()
            try:
                if not self.current(dict(con.execute("SELECT key, value FROM meta WHERE key IN ('format', 'dir')"))):
                    return None
                row = con.execute("SELECT value FROM notes WHERE key = ?", (key,)).fetchone()
                return row[0] if row else None
            finally:
                con.close()
        except (sqlite3.Error, OSError):
            return None

    def keep_note(self, key: str, data: bytes) -> None:
        """Keep a blob beside rows of this format (none when another version owns the file).
        Written after a command's output or in the app's worker, so it may wait a few seconds
        for another writer (the previous command's detached child saving its rows)."""
        import sqlite3
        if not self.enabled:
            return
        try:
            con = self.connect(timeout=5)
            try:
                con.execute("BEGIN IMMEDIATE")
                if self.current(dict(con.execute("SELECT key, value FROM meta WHERE key IN ('format', 'dir')"))):
                    con.execute("INSERT OR REPLACE INTO notes VALUES (?, ?)", (key, data))
                con.execute("COMMIT")
            finally:
                con.close()
        except (sqlite3.Error, OSError):
            pass   # locked or read-only: a note is a convenience, never needed

    def broken(self, error) -> bool:
        """Whether an sqlite3 error says the file is corrupt (not merely busy or locked)."""
        return getattr(error, "sqlite_errorcode", None) in (_CORRUPT, _NOT_A_DATABASE)

    def discard(self) -> None:
        """Remove a corrupt file (never a busy one: unlinked under a writer, its journal
        would be replayed into the new file)."""
        for p in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm"), Path(f"{self.path}-journal")):
            try:
                p.unlink()
            except OSError:
                pass


def racy(started_ns: int, times) -> bool:
    """Whether any of these mtimes (ns) is too close to a run's start to be trusted."""
    edge = started_ns - RACY_NS
    return any(t is not None and t >= edge for t in times)
