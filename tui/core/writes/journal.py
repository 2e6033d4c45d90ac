"""Multi-file writes that end in the old state or the new one, never between.

Inside ``transaction()`` every step is recorded: a file replaced keeps its old version as
a hard link beside it (putting it back is a rename, which needs no free space, so undo
works on the full disk that stopped us); a move, a folder made, a file made. When any
step raises, the steps done are undone in reverse and the error goes on, marked
``undone`` (False when something could not be put back). A transaction started inside
another joins it: a promotion that deletes is one transaction.

``rewrite`` is the compare-before-replace against writers that do not take our lock
(the agent): the file is read, edited, and compared again at the rename (on Linux an
atomic swap whose displaced file is checked, fsutil._put); if it changed meanwhile, the
edit is applied again to the new text (a few times), else ``Changed`` says so and nothing
is written. An edit that only appends is written in place instead (``append``): a rename
cannot be safe against an agent appending to the file it displaces.
"""
from __future__ import annotations

import errno
import os
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from ..faults import Changed
from ..fsutil import ANY, atomic_write, inode

ATTEMPTS = 5      # re-applications of an edit when the file keeps changing under us
LOOK_AGAIN = 0.01  # s after an append: an agent's check-then-rename that read before it lands within this

_local = threading.local()


class Journal:
    """The steps of one transaction, to undo on failure or finish on success."""

    def __init__(self) -> None:
        self.undo_steps: list[Callable[[], None]] = []
        self.finish: list[Callable[[], None]] = []   # after success only (drop backups, remove folders)

    def rollback(self) -> bool:
        ok = True
        for step in reversed(self.undo_steps):
            try:
                step()
            except OSError:
                ok = False
        return ok

    def commit(self) -> None:
        for step in self.finish:
            try:
                step()
            except OSError:
                pass   # a backup link that stays behind is a leftover, never a loss


def _current() -> Journal | None:
    return getattr(_local, "journal", None)


@contextmanager
def transaction():
    """All the steps of the block, or none of them (see the module's docstring)."""
    outer = _current()
    if outer is not None:
        yield outer
        return
    j = _local.journal = Journal()
    try:
        yield j
    except BaseException as e:
        ok = j.rollback()
        if isinstance(e, OSError):
            e.undone = ok
        raise
    else:
        j.commit()
    finally:
        _local.journal = None


def read(path: Path) -> bytes | None:
    """The file's bytes, or None when there is none."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None


def write(path: Path, data: str | bytes, expect=ANY, mode: int | None = None) -> None:
    """Atomic write; with ``expect`` (the bytes read, None for "no file"), only if the file
    still holds them just before the rename, else ``Changed``."""
    path = Path(path)
    j = _current()
    backup = None
    if j is not None and os.path.lexists(path):
        backup = _keep_old(path)
    try:
        atomic_write(path, data, mode, expect)
    except BaseException:
        if backup is not None:
            os.unlink(backup)
        raise
    if j is None:
        return
    mine = data.encode("utf-8") if isinstance(data, str) else data
    j.undo_steps.append(lambda: _undo(path, mine, backup))
    if backup is not None:
        j.finish.append(lambda: os.unlink(backup))


def _undo(path: Path, mine: bytes, backup: str | None) -> None:
    """Put back what was there before our write. If the agent wrote after us, our change is
    taken out of its version (a three-way merge) and its own change stays; where the two cannot
    be told apart, OSError (the transaction then says it could not put everything back)."""
    now = read(path)
    if now == mine:   # (a rename needs no free space: this works on the full disk that stopped us)
        if backup is not None:
            os.replace(backup, path)
        else:
            os.unlink(path)
        return
    from .merge import Conflict, merge
    try:
        old = read(backup) if backup is not None else b""
        reverted = merge(mine.decode("utf-8"), old.decode("utf-8"), now.decode("utf-8")) if now is not None else None
    except (Conflict, UnicodeDecodeError, AttributeError):
        reverted = None
    if reverted is None:
        raise _not_taken_back(path)
    atomic_write(path, reverted, None, now)
    if backup is not None:
        os.unlink(backup)



def _not_taken_back(path: Path) -> OSError:
    """The fault of an undo that finds the file written again since (the transaction says it could
    not put everything back)."""
    return OSError(errno.EAGAIN, "written again since, so memtui's change could not be taken back", str(path))

def _keep_old(path: Path) -> str:
    """A hard link to the current version beside it (same file system: undo is a rename)."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent)
    os.close(fd)
    os.unlink(name)
    try:
        os.link(path, name, follow_symlinks=False)
    except FileNotFoundError:
        if os.path.lexists(path):   # renamed over while linking (Linux then says ENOENT): a change
            raise Changed(path) from None
        raise
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.EXDEV, errno.ENOSYS, errno.EOPNOTSUPP):   # no hard links here
            raise
        shutil.copy2(path, name, follow_symlinks=False)
    return name


def rewrite(path: Path, edit: Callable[[str | None], str | None], attempts: int = ATTEMPTS) -> str | None:
    """Read ``path`` (text, None when missing), write ``edit(text)`` unless it is None, and
    re-apply the edit if the file changed before the rename. Returns what was written."""
    path = Path(path)
    for _ in range(attempts):
        old = read(path)
        try:
            text = old.decode("utf-8") if old is not None else None
        except UnicodeDecodeError:
            raise Changed(path, "it is not UTF-8 text any more") from None
        new = edit(text)
        if new is None or new == text:
            return None
        try:
            if text and text.endswith("\n") and new.startswith(text):
                append(path, old, new[len(text):].encode("utf-8"))
            else:
                write(path, new, expect=old)
            return new
        except Changed:
            continue
    raise Changed(path, f"it kept changing ({attempts} tries)")


def append(path: Path, old: bytes, more: bytes) -> None:
    """Add ``more`` at the end of ``path``, in place (O_APPEND), if it still holds ``old``.

    An edit that only appends (a line to MEMORY.md, an archived entry to the day's log) is not
    made by rename: an agent that appends to the same file opened it before our rename and
    would write its line into the file the rename displaced, lost. Appending in place, the
    agent's line and ours both land whatever the order (one that lands between our compare and
    our write comes first: the same as the edit applied again). Undone by cutting our bytes out."""
    fd = os.open(path, os.O_RDWR | os.O_APPEND)
    try:
        size = os.fstat(fd).st_size
        if size != len(old) or os.pread(fd, size, 0) != old:
            raise Changed(path)
        done = 0
        try:
            while done < len(more):
                done += os.write(fd, more[done:])
            os.fsync(fd)
            if inode(path) != os.fstat(fd).st_ino and more not in (read(path) or b""):
                raise Changed(path)   # renamed over meanwhile: ours went to the file it displaced
        except OSError as e:   # a full disk: what we wrote goes, if nothing came after it
            if os.fstat(fd).st_size == size + done:
                os.ftruncate(fd, size)
            if e.filename is None:
                e.filename = str(path)
            raise
    finally:
        os.close(fd)
    time.sleep(LOOK_AGAIN)
    if more not in (read(path) or b""):   # an agent that read the file before our append renamed
        raise Changed(path)               # its version over it: the caller applies ours again
    j = _current()
    if j is not None:
        j.undo_steps.append(lambda: _unappend(Path(path), size, more))


def _unappend(path: Path, at: int, more: bytes) -> None:
    """Take back bytes ``append`` wrote at offset ``at``; what the agent appended after stays."""
    for _ in range(ATTEMPTS):
        now = read(path)
        if now is None or now[at:at + len(more)] != more:
            raise _not_taken_back(path)
        try:   # compared and swapped, so an agent's line appended meanwhile is carried over, not cut
            atomic_write(path, now[:at] + now[at + len(more):], None, now)
            return
        except Changed:
            continue   # appended to again between our read and our swap: once more on the new text
        except OSError as e:
            if e.errno != errno.ENOSPC or len(now) != at + len(more):
                raise
            os.truncate(path, at)   # the full disk that stopped us: in place needs no free space
            return
    raise _not_taken_back(path)


def move(src: Path, dst: Path) -> None:
    """Rename ``src`` to ``dst`` (same file system), undone by renaming back."""
    os.replace(src, dst)
    j = _current()
    if j is not None:
        j.undo_steps.append(lambda: os.replace(dst, src) if not os.path.lexists(src) else None)


def mkdir(path: Path) -> None:
    """Make ``path`` and its missing parents; undone by removing those made (when empty)."""
    path = Path(path)
    missing = []
    p = path
    while not p.exists():
        missing.append(p)
        p = p.parent
    for d in reversed(missing):
        try:
            d.mkdir()
        except FileExistsError:
            continue
        j = _current()
        if j is not None:
            j.undo_steps.append(lambda d=d: d.rmdir())


def remove_tree_after(path: Path) -> None:
    """Remove a folder once the transaction succeeded (now, outside one)."""
    j = _current()
    if j is None:
        shutil.rmtree(path, ignore_errors=True)
    else:
        j.finish.append(lambda: shutil.rmtree(path, ignore_errors=True))


def unlink_after(path: Path) -> None:
    """Remove a file once the transaction succeeded (now, outside one)."""
    j = _current()
    if j is None:
        Path(path).unlink(missing_ok=True)
    else:
        j.finish.append(lambda: Path(path).unlink(missing_ok=True))
