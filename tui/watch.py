"""The only module that imports watchdog: a thread that posts one coalescing message.

The observer thread notes which files changed (with the store) and posts one message; the
app debounces and rescans in a worker, looking at only those files when that is enough.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from .core.walk import ARCHIVE_DIR, TRASH_DIR


class _Handler(FileSystemEventHandler):
    """Calls ``notify(paths)`` with the files an event touched, or None when it was a folder
    created, removed or moved (only a walk of the folder accounts for that)."""

    def __init__(self, notify: Callable[[list[str] | None], None], only: str | None = None) -> None:
        self.notify, self.only = notify, only

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return  # reads (ours included) are not changes
        paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
        if self.only is not None and not any(p.endswith(self.only) for p in paths):
            return
        if all(any(f"/{d}/" in p or p.endswith(f"/{d}") for d in (TRASH_DIR, ARCHIVE_DIR)) for p in paths if p):
            return
        if event.is_directory:
            # a folder "modified" is the shadow of its files' own events; the rest needs a walk
            self.notify([] if event.event_type == "modified" else None)
        else:
            self.notify([p for p in paths if p])


class DirectoryWatcher:
    """Watch the memory folder (recursively) and, optionally, the injection log's folder."""

    def __init__(self, memory_dir: Path | list[Path], on_change: Callable[[], None],
                 log_file: Path | None = None, on_log: Callable[[], None] | None = None,
                 note: Callable[[list[str] | None], None] | None = None) -> None:
        """``note(paths)`` hears which files changed (None: a folder did), before ``on_change()``."""
        self.observer = Observer()
        self.observer.daemon = True

        def changed(paths: list[str] | None) -> None:   # the observer's thread
            if note is not None:
                note(paths)
            on_change()

        for folder in memory_dir if isinstance(memory_dir, list) else [memory_dir]:
            self.observer.schedule(_Handler(changed), str(folder), recursive=True)
        if log_file is not None and on_log is not None:
            log_file.parent.mkdir(parents=True, exist_ok=True)
            self.observer.schedule(_Handler(lambda _: on_log(), only=log_file.name), str(log_file.parent),
                                   recursive=False)

    def start(self) -> None:
        self.observer.start()

    def stop(self) -> None:
        self.observer.stop()
        self.observer.join(timeout=2)
