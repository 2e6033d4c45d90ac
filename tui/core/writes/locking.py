"""One writer at a time between memtui processes: an ``fcntl`` lock per memory folder (and
per instruction file a promotion writes).

The lock files live in the user's cache directory (``$XDG_CACHE_HOME/memtui/locks/``,
beside the parse cache, named by a hash of the folder's real path), never in the memory
folder: a lock file there would be left behind on a full disk or in a read-only folder,
would need a write the user did not ask for, and would travel with a folder that is
committed or synced. Every memtui of one user shares that directory, which is who can
write the folder. When it cannot be created, memtui writes without the lock (the
compare-before-replace of journal.py still stops a lost update).

The agent does not take this lock; journal.py re-reads each shared file just before its
rename for that. Locks are re-entrant within a process (a promotion that deletes takes
the folder's lock twice) and taken in a fixed order (no deadlock between two promotions).
"""
from __future__ import annotations

import functools
import hashlib
import os
import threading
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

from .faults import Busy

try:
    import fcntl
except ImportError:   # not POSIX: compare-before-replace only
    fcntl = None

WAIT = 15.0   # seconds: a write takes milliseconds; longer means a stuck process, said as Busy

_held: dict[str, tuple[int, int]] = {}   # key → (fd, depth) in this process
_guard = threading.RLock()               # threads of one process (the app's workers) queue here


def lock_dir() -> Path:
    from ..cache.kept import cache_dir
    return cache_dir() / "locks"


def _key(path: Path) -> str:
    return os.path.realpath(path)


def _open(key: str) -> int | None:
    if fcntl is None:
        return None
    name = hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest()[:20] + ".lock"
    try:
        d = lock_dir()
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        return os.open(d / name, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None   # no cache directory to lock in: compare-before-replace only


@contextmanager
def _one(path: Path):
    key = _key(path)
    with _guard:
        if key in _held:
            fd, depth = _held[key]
            _held[key] = (fd, depth + 1)
            try:
                yield
            finally:
                _held[key] = (fd, _held[key][1] - 1)
            return
        fd = _open(key)
        if fd is not None:
            deadline = time.monotonic() + WAIT
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        os.close(fd)
                        raise Busy(path, WAIT) from None
                    time.sleep(0.005)
        _held[key] = (fd if fd is not None else -1, 1)
        try:
            yield
        finally:
            del _held[key]
            if fd is not None:
                os.close(fd)   # closing drops the flock


@contextmanager
def held(*paths: Path):
    """Hold the lock of every path given (a memory folder, an instruction file) for the block."""
    with ExitStack() as stack:
        for p in sorted({_key(p): p for p in paths}.items()):
            stack.enter_context(_one(p[1]))
        yield


def locked(fn):
    """Run ``fn(mem_dir, …)`` holding the lock of ``mem_dir``."""
    @functools.wraps(fn)
    def run(mem_dir, *args, **kwargs):
        with held(Path(mem_dir)):
            return fn(mem_dir, *args, **kwargs)
    return run
