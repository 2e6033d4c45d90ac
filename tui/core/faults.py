"""Write faults in the user's terms: a full disk, a read-only folder, a permission, a file
that vanished or changed under us, another memtui holding the folder.

The write functions raise ``OSError`` (these two included); the command line and the app
turn it into one sentence with ``explain``: what was not done, why, and what to do.
"""
from __future__ import annotations

import errno
import os


class Changed(OSError):
    """A file changed on disk (the agent wrote it) between our read and our write."""

    def __init__(self, path, detail: str = "") -> None:
        super().__init__(errno.EAGAIN, detail or "changed on disk meanwhile", str(path))


class Busy(OSError):
    """Another memtui process kept the folder's lock for too long (``who``: its pid and command)."""

    def __init__(self, path, seconds: float, who: str = "") -> None:
        super().__init__(errno.EWOULDBLOCK, f"locked by another memtui for over {seconds:.0f} s", str(path))
        self.who = who


class Cancelled(Exception):
    """The person stopped a write while it waited for the folder's lock: nothing was written."""

    def __init__(self, path) -> None:
        super().__init__(f"cancelled while waiting for {path}")
        self.path = path


# What was not done, per write: the command line and the app say the same sentence.
NOT_REMEMBERED = "the memory was not written"
NOT_DELETED = "nothing was moved to the trash"
NOT_ARCHIVED = "nothing was archived"
NOT_RESTORED = "nothing was restored"
NOT_SAVED = "the edit was not saved"


def not_promoted(target: str) -> str:
    return f"nothing was promoted ({target} and the entries are as they were)"


def _where(err: OSError) -> str:
    """The folder a person knows: the memory folder, not its trash's inner folders."""
    name = str(err.filename or "")
    for inner in (".trash", ".archive"):
        if os.sep + inner in name:
            return name.split(os.sep + inner)[0] or "the folder"
    if not os.path.isdir(name):
        name = os.path.dirname(name)
    return name or "the folder"


def explain(err: OSError, not_done: str) -> str:
    """One sentence: ``not_done`` (e.g. "nothing was moved to the trash"), why, what to do.
    When the journal could not put everything back, it says so instead of "nothing"."""
    path = err.filename or "a file"
    code = err.errno
    if isinstance(err, Changed):
        why = (f"{path} changed on disk while memtui was writing (another program, likely the agent, "
               f"wrote it meanwhile{': ' + err.strerror if err.strerror != 'changed on disk meanwhile' else ''})")
        todo = "look at it again and retry"
    elif isinstance(err, Busy):
        who = f" ({err.who})" if getattr(err, "who", "") else ""
        why = f"another memtui process{who} is writing to {path} and has held it for a long time"
        todo = "wait for it to finish (or close it), then retry"
    elif code in (errno.ENOSPC, errno.EDQUOT):
        why = f"the disk holding {_where(err)} is full" + (" (quota)" if code == errno.EDQUOT else "")
        todo = "free some space, then try again"
    elif code == errno.EROFS:
        why = f"{_where(err)} is on a read-only file system"
        todo = "remount it read-write, or curate a copy of the folder"
    elif code in (errno.EACCES, errno.EPERM):
        why = f"permission denied on {path}"
        todo = "check its owner and permissions (ls -l), or run memtui as the folder's owner"
    elif code == errno.ENOENT:
        why = f"{path} vanished while memtui was writing (moved or deleted meanwhile)"
        todo = "look again (memtui list) and retry"
    else:
        why = f"{err.strerror or type(err).__name__} ({path})"
        todo = "retry once the cause is fixed"
    if getattr(err, "undone", True) is False:
        return f"stopped halfway: {why}, and memtui could not put everything back; check {_where(err)}, then {todo}"
    return f"{not_done}: {why}; {todo}"
