"""Spreading per-file work over cores by forking, for one-shot commands only.

A forked worker inherits the parent's memory for free (no pickling of inputs); only its
results travel back. Forking is safe only from a process with no other threads (the app
never forks; its audit runs in a process of its own)."""
from __future__ import annotations

import os
import threading

PARALLEL_FROM = 2000   # files or entries; below this, forking costs more than it saves


def jobs() -> int:
    return int(os.environ.get("MEMTUI_JOBS") or 0) or (os.cpu_count() or 1)


def can_fork(n: int) -> bool:
    """Worth it and safe: ``n`` items, several cores, fork available, no other thread."""
    return n >= PARALLEL_FROM and jobs() > 1 and hasattr(os, "fork") and threading.active_count() == 1


def pool(workers: int):
    import concurrent.futures
    import multiprocessing
    return concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
