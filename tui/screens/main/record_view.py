"""The main screen's view of the agent's own record (core/provenance): read off the UI thread once
the first rows are shown (and again, from where it stopped, after each reading of the folder),
with a progress line above the table while a long first read runs; then every row's age and source
say where they come from, the detail shows who wrote the entry and who read it, and the triage
takes the reads as evidence.

A widget of its own (never shown): it runs its reading worker, keeps what that worker read (its
messages then bubble to the screen, which redraws the rows and the status line), and stops a read
in progress when the screen goes; the screen only starts it and asks it."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import work
from textual.widget import Widget

from ...messages import RecordProgress, RecordRead, WorkFailed

if TYPE_CHECKING:
    from ...core.provenance.dating import Dated

PROGRESS_AFTER = 0.3   # seconds: a read quicker than this shows no progress line


class Stopped(Exception):
    """The app is closing: a read in progress ends at its next block (what it finished is kept)."""


class RecordView(Widget):
    DEFAULT_CSS = "RecordView { display: none; }"

    def __init__(self, log_path) -> None:
        super().__init__()
        self.log_path = log_path   # the injection log (a session's reads of an entry)
        self.record = None
        self.dated: dict[str, "Dated"] = {}
        self.reads: dict | None = None
        self.generation = -1
        self.stopped = False
        self.progress = ""   # the status line's note while a long read runs

    def kept(self, snap) -> dict:
        """In the first reading's worker: each entry's dates from what the last read of the record
        kept (no transcript is opened: a warm start's first rows have their ages right at once;
        what was appended since is read after them)."""
        if snap.parts:
            return {}
        from ...core.provenance.report import overlay, record_of
        try:
            self.dated = overlay(snap, record_of(snap.dir, snap.root, snap.layout, scan=False), self.log_path,
                                 every=False)
        except Exception:   # nothing kept, or unreadable: the read after the rows will say
            self.dated = {}
        return self.dated

    def read(self, snap) -> RecordRead:
        """In a worker thread: the record of the reading ``snap`` (several folders: each one's
        dates, ids as the table shows them; their reads are in each entry's history)."""
        from ...core.provenance.report import overlay, reads_by_entry, record_of
        started = time.monotonic()

        def progress(done: int, total: int) -> None:
            if self.stopped:
                raise Stopped
            if total and time.monotonic() - started > PROGRESS_AFTER:
                self.post_message(RecordProgress(done, total))
        if snap.parts:
            dated = {}
            for label, part in snap.parts.items():
                got = overlay(part, record_of(part.dir, part.root, part.layout, progress), self.log_path,
                              every=False)
                dated.update({f"{label}:{i}": d for i, d in got.items()})
            return RecordRead(snap.generation, None, dated, None)
        record = record_of(snap.dir, snap.root, snap.layout, progress)
        dated = overlay(snap, record, self.log_path, every=False)
        return RecordRead(snap.generation, record, dated, reads_by_entry(snap, record))

    @work(thread=True, exclusive=True, group="record")
    def read_after_rows(self, snap) -> None:
        """The record of a reading the table shows: only what was appended since the last read."""
        try:
            self.post_message(self.read(snap))
        except Stopped:
            pass
        except Exception as e:   # a record we cannot read: say so (the screen), the rows stand as they are
            self.post_message(WorkFailed("Cannot read the agent's record", str(e)))

    def on_unmount(self) -> None:
        """The screen is going: a thread worker cannot be cancelled, so the read stops itself."""
        self.stopped = True

    def on_record_progress(self, m: RecordProgress) -> None:
        """Kept as the line to show (``progress``); the screen, which it bubbles to, shows it."""
        if m.done >= m.total:
            m.stop()
            return
        self.progress = f"reading the agent's record: {100 * m.done // m.total}% ({m.done >> 20:,} / {m.total >> 20:,} MB)"

    def on_record_read(self, m: RecordRead) -> None:
        """Kept, unless an older reading's; the screen, which it bubbles to, gives the rows the
        record's dates, then the detail and the triage."""
        if m.generation < self.generation:
            m.stop()
            return
        self.generation, self.record, self.dated, self.reads = m.generation, m.record, m.dated, m.reads
        self.progress = ""

    def of(self, entry_id: str, snap) -> tuple["Dated | None", list | None]:
        """(the entry's dates and their source — its own file's when nothing else dates it —, the
        times a session read it: None when there is no record)."""
        d = self.dated.get(entry_id)
        if d is None and snap is not None and entry_id in snap.entries:
            from ...core.provenance.dating import from_file
            d = from_file(snap.entries[entry_id])
        return d, (self.reads.get(entry_id, []) if self.reads is not None else None)
