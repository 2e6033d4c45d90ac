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

from textual.message import Message
from textual.widget import Widget

from ...core.faults import Cancelled
from ...core.writes.locking import held


@dataclass
class Job:
    what: str                                  # the progress line: "moving 2 entries to the trash"
    paths: tuple[Path, ...]                    # the locks it takes
    run: Callable[[], Any]                     # the core write (in the worker's thread)
    done: Callable[[Any], None]                # its result (on the UI thread)
    failed: Callable[[BaseException], None]    # OSError (a fault, said with faults.explain), Cancelled, …
    cancel: threading.Event = field(default_factory=threading.Event)


class Writer(Widget):
    """Not shown itself (the title bar says its progress): a widget so that its thread's messages
    come back to its own handlers, and it stops with the screen. It tells the screen its progress
    line changed by posting ``StatusChanged``; it holds no reference to the screen."""

    DEFAULT_CSS = "Writer { display: none; }"

    class Said(Message):
        """The progress line of the running write (and, once, a notification)."""

        def __init__(self, text: str, waiting: bool = False, notice: str = "") -> None:
            super().__init__()
            self.text, self.waiting, self.notice = text, waiting, notice

    class Finished(Message):
        """A write ended: its result, or the fault that stopped it."""

        def __init__(self, job: Job, result: Any, error: BaseException | None) -> None:
            super().__init__()
            self.job, self.result, self.error = job, result, error

    class StatusChanged(Message):
        """``status`` changed (a write began, waits, ended): the title bar says it again."""

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, Writer.StatusChanged)

    def __init__(self) -> None:
        super().__init__()
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

    def on_unmount(self) -> None:
        """The screen is closing: no write waits for the lock any more (a thread waiting without
        a limit would keep the process from exiting); one already writing ends, whole."""
        for job in [*([self.job] if self.job else []), *self.queue]:
            job.cancel.set()

    def _next(self) -> None:
        if self.job is not None or not self.queue:
            return
        job = self.job = self.queue.popleft()
        self._say(f"{job.what}…")
        self.run_worker(lambda: self._work(job), thread=True, group="write", exit_on_error=False,
                               name=f"write: {job.what}")

    def _work(self, job: Job) -> None:
        """(In the worker's thread.) Wait for the lock as long as it takes, unless cancelled; say
        so and the end by messages (posting never blocks, even while the app closes)."""
        post = self.post_message

        def told(who: str) -> None:   # short on the title bar; the whole sentence once, as a notification
            pid = who.split(":")[0] if who else "another memtui"
            post(Writer.Said(f"{job.what}: waits for {pid} · esc cancels", True,
                             f"Another memtui ({who or 'its pid unknown'}) is writing to this folder: "
                             f"{job.what} waits until it is done. Press esc to cancel."))
        try:
            if job.cancel.is_set():
                raise Cancelled(job.paths[0] if job.paths else "")
            with held(*job.paths, wait=None, told=told, cancel=job.cancel):
                post(Writer.Said(f"{job.what}…"))
                result = job.run()
        except BaseException as e:   # every fault comes back as a message, never a crash
            post(Writer.Finished(job, None, e))
        else:
            post(Writer.Finished(job, result, None))

    def on_writer_said(self, m: "Writer.Said") -> None:
        m.stop()
        self._say(m.text, m.waiting)
        if m.notice:
            self.notify(m.notice, severity="warning", timeout=8)

    def on_writer_finished(self, m: "Writer.Finished") -> None:
        m.stop()
        self._finish(m.job, m.result, m.error)

    def _say(self, text: str, waiting: bool = False) -> None:
        self.status, self.waiting = text, waiting
        self.post_message(Writer.StatusChanged())

    def _finish(self, job: Job, result: Any, error: BaseException | None) -> None:
        self.job, self.status, self.waiting = None, "", False
        self.post_message(Writer.StatusChanged())
        try:
            if error is None:
                job.done(result)
            else:
                job.failed(error)
        finally:
            self._next()
