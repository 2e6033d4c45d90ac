"""Reading one memory file or MEMORY.md from disk, safely: the size limit, a file that cannot be
opened, a FIFO swapped in between stat and open. The scan (snapshots/store), the first look and
the hook's lazy index all read through these."""
from __future__ import annotations

import os
from pathlib import Path

from .entry import MAX_BYTES, MemoryEntry, read_entry


def _load(path: Path, entry_id: str, st: os.stat_result | None, why: str | None,
          limit: int = MAX_BYTES) -> MemoryEntry:
    if why is not None or st is None:
        return read_entry(path, entry_id, 0, 0, error=why or "cannot be read")
    if st.st_size > limit:
        return read_entry(path, entry_id, st.st_mtime_ns, st.st_size,
                          error=f"too large ({st.st_size:,} bytes; the limit is {limit:,})")
    try:
        data = _read_bytes(path, st.st_size, limit)
    except PermissionError:
        return read_entry(path, entry_id, st.st_mtime_ns, st.st_size, error="permission denied")
    except OSError as e:
        return read_entry(path, entry_id, st.st_mtime_ns, st.st_size,
                          error=f"cannot be read: {e.strerror or type(e).__name__}")
    return read_entry(path, entry_id, st.st_mtime_ns, st.st_size, data=data, limit=limit)


def _read_bytes(path: Path, size: int, limit: int = MAX_BYTES) -> bytes:
    """os.open/os.read: a third of the cost of open() per file, which shows at 10k files.
    O_NONBLOCK: a file swapped for a FIFO between stat and open must not hang the scan.
    (Symlinks were vetted by the walk: only those staying inside the folder get here.)"""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        want = min(size, limit) + 1
        first = os.read(fd, want)
        if len(first) in (size, want):   # all of it as stat'ed, or more than the limit: no read to see the end
            return first
        chunks, want = [first], want - len(first)
        while want > 0:   # a short read (or the file shrank): read on to its end
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            want -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _read_index(path: Path) -> tuple[str | None, str | None]:
    try:
        with open(path, "rb") as f:
            data = f.read(4 * MAX_BYTES)
        return data.decode("utf-8", errors="replace"), None
    except OSError as e:
        return None, f"MEMORY.md cannot be read: {e.strerror}"
