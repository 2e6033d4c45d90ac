"""The project index (judging/project_index) kept beside the memory folder's other kept data.

Made once, then kept as a note of the folder's ``KeptFile``; the next run takes it while
``ProjectIndex.still_holds`` (every indexed file, walked folder and instruction file has the
signature it had when read) and makes it again otherwise. A file changed within RACY_NS of the
run's start is not trusted (the index is made again next time). Nothing here changes what a
command outputs: the index kept is the index that would be made.
"""
from __future__ import annotations

import pickle
import time
from pathlib import Path

from .project_index import ProjectIndex
from ..cache.kept import KeptFile, racy

NOTE = "project-index"


def project_index(root: Path, root_files, memory_dir: Path) -> ProjectIndex:
    """The index of ``root``: the kept one when it still holds, else made (and kept)."""
    started = time.time_ns()
    cache = KeptFile(memory_dir)
    data = cache.note(NOTE)
    if data is not None:
        try:
            kept = pickle.loads(data)
        except Exception:
            kept = None
        if isinstance(kept, ProjectIndex) and kept.still_holds(root):
            return kept
    idx = ProjectIndex.build(root, root_files, memory_dir)
    # full signatures are (mode, mtime, size, inode, ctime); a folder's (mtime, inode, ctime)
    times = [t for sig in idx.sigs for t in (sig[1], sig[4])]
    times += [t for _, sig in idx.rule_files if isinstance(sig, tuple) for t in (sig[1], sig[4])]
    times += [t for _, sig in idx.folders or () if sig is not None for t in (sig[0], sig[2])]
    if cache.enabled and not racy(started, times):
        try:
            cache.keep_note(NOTE, pickle.dumps(idx, protocol=pickle.HIGHEST_PROTOCOL))
        except Exception:
            pass
    return idx
