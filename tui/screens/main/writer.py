"""The main screen's writes, off the UI thread: one at a time in the order asked, each said on
the title bar while it runs, and a wait for the folder's lock that says who holds it and that
``esc`` cancels. The person can move, read and filter meanwhile; nothing waits on a write.

A flow (curation, editing) hands ``submit`` the core write to run, the locks it takes (the
memory folder; a promotion's instruction file too) and what to do with its result or its
fault, both called back on the UI thread. The core write itself goes through the one write
path (core/writes/change.py); here it only runs elsewhere than the UI thread.
"""
from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ...core.writes.faults import Cancelled
from ...core.writes.locking import held


@dataclass
class Job:
    what: str                                  # the progress line: "moving 2 entries to the trash"
    paths: tuple[Path, ...]                    # the locks it takes
    run: Callable[[], Any]                     # the core write (in the worker's thread)
    done: Callable[[Any], None]                # its result (on the UI thread)
    failed: Callable[[BaseException], None]    # OSError (a fault, said with faults.explain), Cancelled, …
    cancel: threading.Event = field(default_factory=threading.Event)


class Writer:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.queue: deque[Job] = deque()
        self.job: Job | None = None
        self.status = ""   # the progress line ("" when no write runs)
        self.waiting = False   # the running write waits for the folder's lock

    @property
    def busy(self) -> bool:
        return self.job is not None

    def submit(self, what: str, paths, run: Callable[[], Any], done: Callable[[Any], None],
               failed: Callable[[BaseException], None]) -> None:
        self.queue.append(Job(what, tuple(Path(p) for p in paths), run, done, failed))
        self._next()

    def cancel(self) -> bool:
        """Stop the writes that have not started (esc): the one waiting for the lock, and those
        queued behind it. A write already writing ends, whole (it is one transaction)."""
        if self.job is None:
            return False
        waiting = [self.job, *self.queue] if self.waiting else list(self.queue)
        for job in waiting:
            job.cancel.set()
        return bool(waiting)

    def _next(self) -> None:
        if self.job is not None or not self.queue:
            return
        job = self.job = self.queue.popleft()
        self._say(f"{job.what}…")
        self.screen.run_worker(lambda: self._work(job), thread=True, group="write", exit_on_error=False,
                               name=f"write: {job.what}")

    def _work(self, job: Job) -> None:
        """(In the worker's thread.) Wait for the lock as long as it takes, unless cancelled."""
        app = self.screen.app

        def told(who: str) -> None:
            holder = f"another memtui ({who})" if who else "another memtui process"
            app.call_from_thread(self._say, f"{job.what}: waiting for {holder} to finish writing "
                                 "to this folder — esc cancels", True)
        try:
            if job.cancel.is_set():
                raise Cancelled(job.paths[0] if job.paths else "")
            with held(*job.paths, wait=None, told=told, cancel=job.cancel):
                app.call_from_thread(self._say, f"{job.what}…")
                result = job.run()
        except BaseException as e:   # every fault comes back as a message, never a crash
            self._back(lambda: self._finish(job, None, e))
        else:
            self._back(lambda: self._finish(job, result, None))

    def _back(self, fn: Callable[[], None]) -> None:
        try:
            self.screen.app.call_from_thread(fn)
        except RuntimeError:   # the app closed meanwhile: the write is done or undone all the same
            pass

    def _say(self, text: str, waiting: bool = False) -> None:
        self.status, self.waiting = text, waiting
        self.screen.set_title_bar()

    def _finish(self, job: Job, result: Any, error: BaseException | None) -> None:
        self.job, self.status, self.waiting = None, "", False
        self.screen.set_title_bar()
        try:
            if error is None:
                job.done(result)
            else:
                job.failed(error)
        finally:
            self._next()
