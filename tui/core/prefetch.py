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

# the listing and its fingerprint are the kept module's (signatures have one owner); the names
# stay here for the callers that list through the prefetch
from .kept import fingerprint, list_files as walk  # noqa: F401


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
