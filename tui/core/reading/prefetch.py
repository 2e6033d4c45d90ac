"""The hook's stat pass: which files of a memory folder changed since its kept index was made,
found by a forked child while the hook imports.

What is relied on (POSIX): a folder's mtime and ctime change when an entry is added to it,
removed from it or renamed in or out of it — never when a file's content changes in place. So:

- every folder's (mtime_ns, inode, ctime_ns) is kept with the names of its files and
  subfolders (the *folder map*, a file beside the index, put in place inside the index's write
  transaction, before the token in its meta names it: ``_kept``); a folder
  whose signature is unchanged holds the same names, and is not listed again;
- every file is still stat-ed, by name (``fstatat`` in its folder): an edit in place changes
  the file's own mtime and ctime, never its folder's, so no file is ever skipped. A file's
  (mtime_ns, size, inode, ctime_ns) unlike the kept one is read and indexed again;
- a signature too recent to trust is kept as none: a file or folder whose mtime or ctime is
  within RACY_NS of the pass's start may change again within the same clock tick without its
  signature showing it, so the next pass reads (or lists) it again;
- a folder whose signature changed is listed by the one walk's rules (tui/core/walk) and its files
  compared name by name; a folder gone takes its files with it. A symlink or a folder that
  cannot be listed ends the pass (None): the full scan, which follows symlinks with care.

Not covered: a file system whose clock runs behind this machine's by more than RACY_NS (a
network share), and a write that restores a file's mtime, size, inode and ctime all at once.
At 50k files the pass stats 50k files (~50-80 ms of one core) but lists, hashes and hands back
nothing when nothing changed; the hook meanwhile scores on the index as kept (lazyindex.lazy_answer).
Where forking is not safe (another thread) or possible, the
caller runs the pass itself. Only the standard library here: this module is imported before
everything else. The signatures and RACY_NS are cache/kept's (the one owner of signatures).
"""
from __future__ import annotations

import marshal
import os
import stat as stat_mod
import threading
import time
from array import array

# (RACY_NS is kept's, read here at each pass: tests set this module's name to trust new files)
from ..cache.kept import RACY_NS, UNTRUSTED, KeptFile, file_signature_before, folder_signature_before
from ..walk import FILE, PRUNED, SYMLINK, UNLISTABLE, walk as walk_folder

MAP_NOTE = "folders"      # the key of the folder map's token in the parse cache's meta (the map: ``map_file``)


def _one_level(_: str) -> str:
    return "listed on its own"


def stat_pass(directory: str, index_name: str, kept: dict | None) -> tuple | None:
    """(changed, gone, folder map) against the ``kept`` folder map (None: everything is new):
    ``changed`` id → (path, (mtime_ns, size, inode)) of files new or not as kept, ``gone`` the ids
    kept but no longer there, the map the folder has now (the kept one itself when nothing
    changed). None when a symlink or a folder that cannot be listed is met."""
    edge = time.time_ns() - RACY_NS   # (taken before any stat: what changes after it is never vouched for)
    kept = kept or {}
    now: dict = {}
    changed: dict = {}
    try:
        top = os.stat(directory)
    except OSError:
        return None
    stack = [("", directory, folder_signature_before(top, edge))]
    while stack:
        prefix, path, dsig = stack.pop()
        old = kept.get(prefix)
        found = None
        if old is not None and dsig is not None and old[0] == dsig:
            found = _same_names(path, prefix, old, changed, edge)
        if found is None:   # new, changed, or something odd in it: listed afresh
            found = _list(path, prefix, dsig, old, changed, edge, index_name if not prefix else None)
            if found is None:
                return None
        now[prefix], subs = found
        stack.extend((prefix + name + "/", path + "/" + name, sig) for name, sig in subs)
    gone = []
    for prefix, old in kept.items():
        here = now.get(prefix)
        if here is None:
            gone += [prefix + name for name in old[1]]
        elif here[1] is not old[1]:
            names = set(here[1])
            gone += [prefix + name for name in old[1] if name not in names]
    same = not changed and not gone and len(now) == len(kept) and all(now[p] is kept[p] for p in now)
    return changed, gone, (kept if same else now)


def _same_names(path: str, prefix: str, old: tuple, changed: dict, edge: int):
    """A folder whose signature is unchanged: its kept names, each file stat-ed (an edit in place
    shows only there). None when a name is not what it was (the folder is listed instead)."""
    _, names, blob, subs = old
    sigs = array("q")
    sigs.frombytes(blob)
    moved: dict = {}   # name → its stat, for the files not as kept
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    try:
        st_at = os.lstat   # (no follow_symlinks keyword to parse, 50k times)
        kept = iter(sigs.tolist())   # (the kept signatures side by side with the names: no index arithmetic)
        for name, mtime, size, ino, ctime in zip(names, kept, kept, kept, kept):
            st = st_at(name, dir_fd=fd)
            if st.st_mtime_ns != mtime or st.st_ctime_ns != ctime or st.st_size != size or st.st_ino != ino:
                if not stat_mod.S_ISREG(st.st_mode):
                    return None
                changed[prefix + name] = (path + "/" + name, (st.st_mtime_ns, st.st_size, st.st_ino))
                moved[name] = st
        if moved:   # (rare: the changed files' signatures, from the same stat, in the map)
            for k, name in enumerate(names):
                if name in moved:
                    sigs[4 * k:4 * k + 4] = array("q", file_signature_before(moved[name], edge))
        found = []
        for name in subs:
            st = st_at(name, dir_fd=fd)
            if not stat_mod.S_ISDIR(st.st_mode):
                return None
            found.append((name, folder_signature_before(st, edge)))
    except OSError:
        return None
    finally:
        os.close(fd)
    return (old if not moved else (old[0], names, sigs.tobytes(), subs)), found


def _list(path: str, prefix: str, dsig, old: tuple | None, changed: dict, edge: int, skip: str | None):
    """A folder listed by the one walk's rules, each file compared with the kept one of its name."""
    before = {}
    if old is not None:
        sigs = array("q")
        sigs.frombytes(old[2])
        before = {name: tuple(sigs[4 * k:4 * k + 4]) for k, name in enumerate(old[1])}
    names, flat, subs = [], array("q"), []
    for name, _, item, kind, st, _ in walk_folder(path, prune=_one_level):
        if kind == FILE:
            if name == skip:
                continue
            sig = file_signature_before(st, edge)
            names.append(name)
            flat.extend(sig)
            if sig == UNTRUSTED or before.get(name) != sig:
                changed[prefix + name] = (item.path, (st.st_mtime_ns, st.st_size, st.st_ino))
        elif kind == PRUNED:   # a subfolder: its own listing follows
            subs.append((name, folder_signature_before(st, edge)))
        elif kind == SYMLINK or kind == UNLISTABLE:
            return None
    record = (dsig, tuple(names), flat.tobytes(), tuple(name for name, _ in subs))
    return record, subs


def distrust(folders: dict, ids) -> None:
    """Keep these files' signatures as none in the map (read again by the next pass)."""
    by_folder: dict = {}
    for i in ids:
        prefix, _, name = i.rpartition("/")
        by_folder.setdefault(prefix + "/" if prefix else "", set()).add(name)
    for prefix, names in by_folder.items():
        old = folders.get(prefix)
        if old is None:
            continue
        sigs = array("q")
        sigs.frombytes(old[2])
        for k, name in enumerate(old[1]):
            if name in names:
                sigs[4 * k:4 * k + 4] = array("q", UNTRUSTED)
        folders[prefix] = (old[0], old[1], sigs.tobytes(), old[3])


def files_of(folders: dict) -> set:
    """Every file id the map holds."""
    return {prefix + name for prefix, record in folders.items() for name in record[1]}


def map_file(con) -> str:
    """The folder map's file, beside the SQLite file ``con`` is connected to (``parse-….map``)."""
    return _map_beside(con.execute("PRAGMA database_list").fetchone()[2])


def _map_beside(db: str) -> str:
    return os.path.splitext(db)[0] + ".map"


def read_map(con) -> tuple[str | None, dict | None]:
    """(token, folder map) kept for the parse cache ``con`` is connected to; (None, None) when
    there is none, or the map file is not the one its meta names."""
    row = con.execute("SELECT value FROM meta WHERE key = ?", (MAP_NOTE,)).fetchone()
    token, kept = _kept(map_file(con))
    return (token, kept) if row is not None and row[0] == token else (None, None)


def _kept(path: str) -> tuple[str | None, dict | None]:
    """(token, folder map) of a map file; (None, None) when there is none. The map is a file of
    its own, not a row of the SQLite file: the child reads it without importing sqlite3, and
    one read of a few MB is quicker than SQLite's chain of overflow pages (~7 ms at 50k). It is
    replaced whole (a rename) inside the index's write transaction, before the token in meta
    moves to it: a reader compares the two tokens, and a map no meta names is never used."""
    try:
        with open(path, "rb") as f:
            token, blob = marshal.loads(f.read())
        return token, marshal.loads(blob)
    except (OSError, EOFError, ValueError, TypeError):
        return None, None


def put_map(con, token: str, blob: bytes) -> None:
    """Put the map file of the parse cache ``con`` is connected to in place whole (a temp file
    renamed over it), as the map ``token`` names. Not synced: a file a crash tore fails to load,
    and is no map (the index is then rebuilt), so a flush per changed prompt buys nothing."""
    from ..fsutil import atomic_write
    atomic_write(map_file(con), marshal.dumps((token, blob)), mode=0o600, sync=False)


def outcome(found: tuple | None, kept: dict | None):
    """What a pass says to the index, small enough to hand back: None (the full scan), "no map"
    (nothing kept to compare with), or (changed, gone, the new map marshalled, or None when it is
    the kept one)."""
    if found is None:
        return None
    if kept is None:
        return "no map"
    changed, gone, now = found
    return changed, gone, (None if now is kept else marshal.dumps(now))


class Prefetch:
    """``stat_pass(directory)`` against the map kept in the folder's parse cache, started now in a
    forked child; ``result()`` waits for it."""

    def __init__(self, directory: str, index_name: str) -> None:
        self.directory, self.index_name = directory, index_name
        self.pid, self.fd = None, None
        if not hasattr(os, "fork") or threading.active_count() > 1:
            return
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:   # the child: stat, send, leave (whatever happens, it never returns)
            try:
                os.close(r)
                token, kept = _kept(_map_beside(str(KeptFile(directory).path)))
                data = marshal.dumps((token, outcome(stat_pass(directory, index_name, kept), kept)))
                view = memoryview(data)
                while view:
                    view = view[os.write(w, view):]
            except BaseException:
                pass
            finally:
                os._exit(0)
        os.close(w)
        self.pid, self.fd = pid, r

    @property
    def running(self) -> bool:
        """Whether a child is at the pass (its ``result`` not read yet)."""
        return self.fd is not None

    def result(self):
        """(token of the map the pass was made against, its ``outcome``); ``...`` when there is
        no child or it failed."""
        if self.fd is None:
            return ...
        chunks = []
        try:
            while True:
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
            return marshal.loads(b"".join(chunks))
        except (OSError, EOFError, ValueError, TypeError):
            return ...
        finally:
            self.close()

    def close(self) -> None:
        """Let the child go (its write end fails if it was not read) and reap it."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.pid is not None:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
            self.pid = None
