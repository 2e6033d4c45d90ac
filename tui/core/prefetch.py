"""Every file of a memory folder by signature, listed by a forked child while the hook imports.

The hook's answer starts by stat-ing every file of the folder (10k files: ~40 ms), while its
imports take ~90 ms of one core. A child forked before those imports lists the folder on the
other core and hands the listing back through a pipe, so the stat costs the prompt next to
nothing. Where forking is not safe (another thread) or possible, the caller lists itself.
Only the standard library here: this module is imported before everything else.
"""
from __future__ import annotations

import marshal
import os
import threading

from .walk import FILE, SYMLINK, UNLISTABLE, walk as walk_folder


def walk(directory: str, index_name: str, top: list | None = None) -> dict | None:
    """id → (path, (mtime_ns, size, inode)) of every regular file the full scan would read,
    from scandir alone (no Path per file: at 10k files that alone was a third of the prompt's
    time); None when the folder holds a symlink, which the full scan follows with care, or a
    folder that cannot be listed. ``top``: a listing of ``directory`` already made. The rules
    are the one walk's (core.walk) with no layout: the layouts read this way walk no
    dot-folder and prune nothing."""
    out: dict = {}
    for entry_id, _, item, kind, st, _ in walk_folder(directory, first=top):
        if kind == FILE:
            if entry_id != index_name:
                out[entry_id] = (item.path, (st.st_mtime_ns, st.st_size, st.st_ino))
        elif kind == SYMLINK or kind == UNLISTABLE:
            return None
    return out


def fingerprint(files: dict) -> str:
    """The listing's ids and signatures in one string, the same in every process: the kept
    index records the one it matches, so an unchanged folder needs no file-by-file compare."""
    import hashlib
    h = hashlib.blake2b(digest_size=16)
    for entry_id in sorted(files):
        m, s, n = files[entry_id][1]
        h.update(f"{entry_id}\0{m}\0{s}\0{n}\n".encode("utf-8", "surrogatepass"))
    return f"{len(files)}/{h.hexdigest()}"


class Prefetch:
    """``walk(directory)`` started now in a forked child; ``result()`` waits for it."""

    def __init__(self, directory: str, index_name: str) -> None:
        self.directory, self.index_name = directory, index_name
        self.pid, self.fd = None, None
        self.fingerprint: str | None = None   # the child's fingerprint of what it listed
        if not hasattr(os, "fork") or threading.active_count() > 1:
            return
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:   # the child: list, send, leave (whatever happens, it never returns)
            try:
                os.close(r)
                files = walk(directory, index_name)
                data = marshal.dumps((files, fingerprint(files) if files is not None else None))
                view = memoryview(data)
                while view:
                    view = view[os.write(w, view):]
            except BaseException:
                pass
            finally:
                os._exit(0)
        os.close(w)
        self.pid, self.fd = pid, r

    def result(self, top: list | None = None) -> dict | None:
        """The child's listing, or this process's own when there is no child (or it failed)."""
        if self.fd is None:
            return walk(self.directory, self.index_name, top)
        chunks = []
        try:
            while True:
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
            found, self.fingerprint = marshal.loads(b"".join(chunks))
        except (OSError, EOFError, ValueError, TypeError):
            found = ...
        finally:
            self.close()
        return walk(self.directory, self.index_name, top) if found is ... else found

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
