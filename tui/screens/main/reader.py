"""The main screen's readings of the folder: watched from before the first one (``folder_watch``),
each read off the UI thread and posted as ``Rescanned`` (with ``LoadProgress`` while the first
runs, and, for a large folder with nothing kept, its first files as ``Reader.FirstLook``).

A widget of its own (never shown): it runs the reading's worker and the watch, and its messages
bubble to the screen, which shows them; the screen says when a first reading is shown
(``first_shown``) and asks for readings (``read``)."""
from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path
from typing import Callable

from textual import work
from textual.message import Message
from textual.widget import Widget

from . import background, firstview
from .folder_watch import FolderWatch
from ...messages import LoadProgress, MemoryDirChanged, Rescanned, WorkFailed


class Reader(Widget):
    DEFAULT_CSS = "Reader { display: none; }"

    class FirstLook(Message):
        """A large folder's first files, read first: rows the table shows until the reading is done."""

        def __init__(self, rows: dict) -> None:
            super().__init__()
            self.rows = rows

    def __init__(self, store, directory: Path, log_path: Path, now: Callable[[], dt.datetime], watch: bool,
                 first_rows: Callable) -> None:
        super().__init__()
        self.store, self.directory, self.log_path, self.now = store, directory, log_path, now
        self.watching = watch
        self.first_rows = first_rows   # (in the worker) a first reading's rows for the table, and their order
        self.shown = False             # the screen shows a first reading
        self.watch = FolderWatch(self)

    @property
    def watcher(self):
        return self.watch.watcher

    @work(thread=True, exclusive=True, group="load")
    def read(self, full: bool = True, noted: bool = False) -> None:
        try:
            if self.watching and self.watcher is None and not self.shown:
                self.watch.start()   # before the first walk: a file written meanwhile is noted
            if not self.shown and firstview.load(self.store) is None:   # (else the last reading's rows are shown)
                rows = firstview.look(self.store, self.now())   # a large folder's first files, read first
                if rows:
                    self.post_message(Reader.FirstLook(rows))
            snap = background.read_folder(self.store, self.now(), full=full, noted=noted,
                                          progress=lambda d, t: self.post_message(LoadProgress(d, t)))
            shown = threading.Event()
            rows, order = (None, None) if self.shown else self.first_rows(snap)
            self.post_message(Rescanned(snap, shown, rows, order))   # the rows; the UI thread then indexes it
            if rows is not None:
                shown.wait(1.0)   # (saved meanwhile, it would take the interpreter from the table's update)
                firstview.save(self.store, rows)
        except Exception as e:  # a folder we cannot read at all: say so, keep running
            self.post_message(WorkFailed(f"Cannot read {self.directory}", str(e)))

    def first_shown(self) -> None:
        """The screen shows its first reading: what was noted while it was read is looked at now."""
        self.shown = True
        self.watch.first_shown()

    def on_memory_dir_changed(self, m: MemoryDirChanged) -> None:
        m.stop()
        self.watch.changed()

    def on_unmount(self) -> None:
        self.watch.stop()
