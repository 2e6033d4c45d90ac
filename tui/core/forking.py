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


def shared_out(workers, work, items: list, n: int, here, take, before=None) -> None:
    """Run ``work`` over ``items`` in chunks: the pool's workers take chunks from the front while
    this process (after ``before()``, if given) takes them from the back with ``here(chunk)``,
    cancelling each before a worker starts it; so every core stays busy to the end, however
    the shares differ in cost. Each worker result goes to ``take(result)`` in this process,
    between its own chunks as they arrive (not all at the end, when the cores would idle)."""
    size = max(25, len(items) // (n * 40))   # small: what is left to a worker at the end is short
    chunks = [items[k:k + size] for k in range(0, len(items), size)]
    futures = [workers.submit(work, c) for c in chunks]
    taken = 0

    def take_done() -> None:
        nonlocal taken
        while taken < len(futures) and futures[taken].done():
            if not futures[taken].cancelled():
                take(futures[taken].result())
            taken += 1

    if before is not None:
        before()
    for fut, chunk in zip(reversed(futures), reversed(chunks)):
        if not fut.cancel():
            break   # a worker has this one: the rest are done or under way
        here(chunk)
        take_done()
    for fut in futures[taken:]:
        if not fut.cancelled():
            take(fut.result())


def detach(job) -> bool:
    """Run ``job()`` in a child of its own session, with no output and nothing inherited that a
    caller waits on (its pipes), and return at once; False when that is not safe here (another
    thread: forking a threaded process is unsafe), so the caller runs it itself."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return False
    if os.fork() != 0:
        return True
    try:
        import signal
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.setsid()   # a hook's caller may end the process group once it has the answer
        signal.setitimer(signal.ITIMER_REAL, 0)
        job()
    finally:
        os._exit(0)
