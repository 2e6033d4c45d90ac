"""One writer at a time between memtui processes: an ``fcntl`` lock per memory folder (and
per instruction file a promotion writes).

The lock files live in the user's cache directory (``$XDG_CACHE_HOME/memtui/locks/``,
beside the parse cache, named by a hash of the folder's real path), never in the memory
folder: a lock file there would be left behind on a full disk or in a read-only folder,
would need a write the user did not ask for, and would travel with a folder that is
committed or synced. Every memtui of one user shares that directory, which is who can
write the folder. When it cannot be created, memtui writes without the lock (the
compare-before-replace of journal.py still stops a lost update).

A holder writes its pid and command into the lock file; a writer that has to wait says who
it waits for (``held(told=…)``), and the app's writes wait without a limit until the person
cancels (``held(wait=None, cancel=…)``); the command line gives up after ``WAIT`` seconds.

The agent does not take this lock; journal.py re-reads each shared file just before its
rename for that. Locks are re-entrant within a process (a promotion that deletes takes
the folder's lock twice) and taken in a fixed order (no deadlock between two promotions).
"""
from __future__ import annotations

import hashlib
import os
import threading
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ..faults import Busy, Cancelled

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


def holder(fd: int) -> str:
    """Who holds a lock, as its holder wrote it in the lock file ("pid 123: memtui delete a.md");
    '' when it did not say."""
    try:
        said = os.pread(fd, 300, 0).decode("utf-8", "replace").strip()
    except OSError:
        return ""
    pid, _, command = said.partition(" ")
    return f"pid {pid}: {command}" if pid.isdigit() and command else f"pid {pid}" if pid.isdigit() else ""


def _say_mine(fd: int) -> None:
    """Write our pid and command into the lock file, for a process waiting on it to tell the person."""
    import sys
    words = [os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "python", *sys.argv[1:4]]
    if words[0] in ("__main__.py", "-m", "-c"):
        words[0] = "memtui"
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {' '.join(words)[:200]}\n".encode("utf-8", "replace"), 0)
    except OSError:
        pass   # an unsaid holder: the waiting side says "another memtui"


@contextmanager
def _one(path: Path, wait: float | None, told=None, cancel=None):
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
            _take(fd, path, wait, told, cancel)
        _held[key] = (fd if fd is not None else -1, 1)
        try:
            yield
        finally:
            del _held[key]
            if fd is not None:
                try:
                    os.ftruncate(fd, 0)
                except OSError:
                    pass
                os.close(fd)   # closing drops the flock


def _take(fd: int, path: Path, wait: float | None, told, cancel) -> None:
    """Wait for the lock: ``told(who)`` once when it is held elsewhere, a set ``cancel`` event
    stops the wait (``Cancelled``), past ``wait`` seconds ``Busy``."""
    deadline = None if wait is None else time.monotonic() + wait
    said = False
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            _say_mine(fd)
            return
        except BlockingIOError:
            if cancel is not None and cancel.is_set():
                os.close(fd)
                raise Cancelled(path) from None
            if told is not None and not said:
                said = True
                told(holder(fd))
            if deadline is not None and time.monotonic() > deadline:
                who = holder(fd)
                os.close(fd)
                raise Busy(path, wait, who) from None
            time.sleep(0.005 if deadline is not None and wait < 1 else 0.02)


@contextmanager
def held(*paths: Path, wait: float | None | str = "default", told=None, cancel=None):
    """Hold the lock of every path given (a memory folder, an instruction file) for the block.
    Held elsewhere: ``told(who)`` is called once (who: "pid 123: memtui delete a.md", or ''),
    and the wait goes on for ``wait`` seconds (None: until ``cancel``, a threading.Event, is set)."""
    wait = WAIT if wait == "default" else wait   # (read now: a test shortens WAIT)
    with ExitStack() as stack:
        for p in sorted({_key(p): p for p in paths}.items()):
            stack.enter_context(_one(p[1], wait, told, cancel))
        yield
