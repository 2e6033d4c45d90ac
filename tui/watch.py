"""The only module that imports watchdog: a thread that posts one coalescing message.

The observer thread does nothing but `post_message`; the app debounces and rescans
in a worker, re-parsing only files whose (mtime_ns, size) changed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from .core.store import TRASH_DIR


class _Handler(FileSystemEventHandler):
    def __init__(self, notify: Callable[[], None], only: str | None = None) -> None:
        self.notify, self.only = notify, only

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return  # reads (ours included) are not changes
        paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
        if self.only is not None and not any(p.endswith(self.only) for p in paths):
            return
        if all(f"/{TRASH_DIR}/" in p or p.endswith(f"/{TRASH_DIR}") for p in paths if p):
            return
        self.notify()


class DirectoryWatcher:
    """Watch the memory folder (recursively) and, optionally, the injection log's folder."""

    def __init__(self, memory_dir: Path | list[Path], on_change: Callable[[], None],
                 log_file: Path | None = None, on_log: Callable[[], None] | None = None) -> None:
        self.observer = Observer()
        self.observer.daemon = True
        for folder in memory_dir if isinstance(memory_dir, list) else [memory_dir]:
            self.observer.schedule(_Handler(on_change), str(folder), recursive=True)
        if log_file is not None and on_log is not None:
            log_file.parent.mkdir(parents=True, exist_ok=True)
            self.observer.schedule(_Handler(on_log, only=log_file.name), str(log_file.parent), recursive=False)

    def start(self) -> None:
        self.observer.start()

    def stop(self) -> None:
        self.observer.stop()
        self.observer.join(timeout=2)
