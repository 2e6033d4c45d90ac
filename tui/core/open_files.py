"""Which processes hold a file open for writing (Linux /proc), so a write by rename can wait
for an agent that opened the file just before the rename to finish writing into it.

An ``open(path, "a")`` made before our rename keeps writing into the file the rename
displaced; a fixed grace period cannot know how long that process takes (a loaded machine
deschedules it for tens of milliseconds). A process can only write through a descriptor, so
once no descriptor open for writing points at the displaced file, nothing more can land in it.
Where there is no /proc (macOS, Windows) ``writers`` says None: the caller keeps its grace period.
"""
from __future__ import annotations

import os

_PROC = "/proc"


def writers(path) -> list[int] | None:
    """The pids (this one included) holding ``path``'s file open for writing; [] when none, None
    when this system cannot tell. A process we may not look into (another user's) is skipped:
    it cannot write to a file of ours unless it runs as us."""
    try:
        st = os.stat(path)
    except OSError:
        return []
    try:
        pids = [p for p in os.listdir(_PROC) if p.isdigit()]
    except OSError:
        return None
    key = (st.st_dev, st.st_ino)
    found = []
    for pid in pids:
        fd_dir = f"{_PROC}/{pid}/fd"
        try:
            fds = os.listdir(fd_dir)
        except OSError:   # gone, or not ours
            continue
        for fd in fds:
            try:
                s = os.stat(f"{fd_dir}/{fd}")
            except OSError:
                continue
            if (s.st_dev, s.st_ino) == key and _writable(pid, fd):
                found.append(int(pid))
                break
    return found


def _writable(pid: str, fd: str) -> bool:
    try:
        with open(f"{_PROC}/{pid}/fdinfo/{fd}") as f:
            for line in f:
                if line.startswith("flags:"):
                    return int(line.split()[1], 8) & os.O_ACCMODE != os.O_RDONLY
    except (OSError, ValueError, IndexError):
        pass
    return True   # closed meanwhile, or unreadable: count it (waiting a little is the safe side)
