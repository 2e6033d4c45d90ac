"""An earlier version of an entry's file written back (SPEC §9): through the one write path.

The person saw a diff from the file as it was to the version; the write goes through the same
gates, lock and journal as any edit, and only if the file still holds what the diff was made
from — an agent's write made meanwhile stops it (``faults.Changed``), and is kept.
"""
from __future__ import annotations

from pathlib import Path


def restore_version(mem_dir: Path, root: Path, file_id: str, text: str, seen: str | None):
    """Write ``text`` over ``file_id`` if it still holds ``seen``; the write path's WriteResult
    (rejected by a gate: nothing written). Raises OSError (``faults.Changed`` among them)."""
    from ..writes.write import write_raw   # (s35: the write path's one transaction API, when it lands)
    return write_raw(Path(mem_dir), Path(root), file_id, text, opened=seen)
