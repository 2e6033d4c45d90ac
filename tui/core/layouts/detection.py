"""A folder's layout as detected, kept with what the detection looked at: a warm hook does not
list a 35k-name folder again (~35 ms) to learn that it is still Claude Code's.

Detection (``layouts.detect``) looks at names and the first bytes of a few files. Run here,
every file-system call it makes is traced — each stat of a path (following symlinks or not),
each folder listed, each file opened — and the path kept with what a stat of it shows now:
its (mode, inode, size, mtime, ctime), or the error. A folder's names change only with its
mtime and ctime, a file's bytes only with its own (POSIX, as the hook's stat pass relies on),
and what a stat says is all a stat says. So when the next detection's few stats of those paths
each see what was kept, the folder is what it was to detection, and the kept answer is the one
detection would give. Not kept: anything seen within RACY_NS of the detection's start (a
change in the same clock tick would not show), a call the tracer cannot name a path for (a
file descriptor), and a listing holding a symlink (a walk may follow it unseen).

Kept only when no layout recognised the folder (the default, Claude Code's, which carries no
state from detection); any other is detected afresh each time. The tracer replaces the os and
io functions for the length of one detection, so it runs only in a process with one thread
(the hook); with another thread running, detection runs plainly.
"""
from __future__ import annotations

import builtins
import contextlib
import io
import marshal
import os
import threading
import time
from pathlib import Path

from ..cache.kept import RACY_NS, KeptFile, enabled, format_stamp, full_signature

_UNNAMED = object()   # a traced call with no path to name: nothing is kept


def detect_kept(folder: Path):
    """``layouts.detect(folder)``, answered from what is kept when that still holds."""
    from . import DEFAULT_LAYOUT, Detected, detect, get
    if not enabled() or threading.active_count() > 1:
        return detect(folder)
    where = KeptFile(folder).path.with_suffix(".layout")
    if _holds(where, folder):
        return Detected(get(DEFAULT_LAYOUT), folder)
    edge = time.time_ns() - RACY_NS   # (before any call: what changes after it is never vouched for)
    calls: dict = {}
    with _traced(calls):
        found = detect(folder)
    if found.layout.name == DEFAULT_LAYOUT and found.dir == folder and not found.note and _UNNAMED not in calls:
        seen = [(path, follow, _seen(path, follow)) for path, follow in calls]
        if not any(_recent(s, edge) for _, _, s in seen):
            _keep(where, folder, seen)
    return found


def _seen(path: str, follow: bool):
    """What a stat of ``path`` shows: its ``kept.full_signature``, or the errno."""
    try:
        st = os.stat(path, follow_symlinks=follow)
    except OSError as e:
        return e.errno
    return full_signature(st)


def _recent(seen, edge: int) -> bool:   # (mtime or ctime within the racy window)
    return isinstance(seen, tuple) and (seen[1] >= edge or seen[4] >= edge)


def _holds(where: Path, folder: Path) -> bool:
    """Whether a kept detection of ``folder`` (this version's) still holds, path by path."""
    try:
        with builtins.open(where, "rb") as f:
            stamp, kept_folder, seen = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return False
    if stamp != format_stamp() or kept_folder != str(folder):
        return False
    return all(_seen(path, follow) == was for path, follow, was in seen)


def _keep(where: Path, folder: Path, seen: list) -> None:
    from ..fsutil import atomic_write
    try:
        where.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(where, marshal.dumps((format_stamp(), str(folder), seen)), mode=0o600)
    except OSError:
        pass   # a read-only cache: detected afresh next time


def _name(path, calls: dict, follow: bool = True, dir_fd=None) -> None:
    if isinstance(path, int) or dir_fd is not None:
        calls[_UNNAMED] = None
        return
    calls[(os.path.abspath(os.fsdecode(path)), follow)] = None


class _Listing:
    """os.scandir's iterator, telling the tracer of a symlink in the folder."""

    def __init__(self, it, calls: dict) -> None:
        self.it, self.calls = it, calls

    def __iter__(self):
        for entry in self.it:
            if entry.is_symlink():
                self.calls[_UNNAMED] = None
            yield entry

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.it.close()

    def close(self) -> None:
        self.it.close()


@contextlib.contextmanager
def _traced(calls: dict):
    """Every stat, listing and open made meanwhile is named in ``calls`` ((path, follow) → None)."""
    real = os.stat, os.lstat, os.scandir, os.listdir, os.open, io.open, builtins.open

    def stat(path, *, dir_fd=None, follow_symlinks=True):
        _name(path, calls, follow_symlinks, dir_fd)
        return real[0](path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)

    def lstat(path, *, dir_fd=None):
        _name(path, calls, False, dir_fd)
        return real[1](path, dir_fd=dir_fd)

    def scandir(path="."):
        _name(path, calls)
        return _Listing(real[2](path), calls)

    def listdir(path="."):
        _name(path, calls)
        return real[3](path)

    def open_fd(path, flags, mode=0o777, *, dir_fd=None):
        _name(path, calls, True, dir_fd)
        return real[4](path, flags, mode, dir_fd=dir_fd)

    def open_file(file, *args, **kwargs):
        _name(file, calls)
        return real[5](file, *args, **kwargs)

    os.stat, os.lstat, os.scandir, os.listdir, os.open, io.open, builtins.open = (
        stat, lstat, scandir, listdir, open_fd, open_file, open_file)
    try:
        yield
    finally:
        os.stat, os.lstat, os.scandir, os.listdir, os.open, io.open, builtins.open = real
