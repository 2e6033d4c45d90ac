"""The main screen's History view (``h``): the highlighted entry's versions and reads from the
agent's record, and the restore of an earlier version — confirmed with its diff, written off the
UI thread through the one write path, refused (and the agent's write kept) when the file changed
after the diff was shown."""
from __future__ import annotations

from pathlib import Path

from ...core.faults import NOT_RESTORED
from ...messages import RescanWanted
from ..history_screen import HistoryScreen, RestoreChoice
from .host import MainHost


def open_history(screen: MainHost, entry_id: str | None = None) -> None:
    """The History view of ``entry_id`` (default: the highlighted entry)."""
    entry_id = entry_id or screen.current_id()
    snap = screen.snapshot
    if entry_id is None or snap is None or entry_id not in snap.entries:
        return
    part, local = snap.locate(entry_id)
    log_path = screen.log_path

    def load():   # (in the screen's worker thread)
        from ...core.provenance.report import entry_history, record_of
        record = record_of(part.dir, part.root, part.layout)   # from where the last read stopped
        history, versions = entry_history(part, local, record, log_path)
        try:
            current = (Path(part.dir) / history["file"]).read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            current = None
        return history, versions, current

    screen.app.push_screen(HistoryScreen(entry_id, load), lambda choice: restore(screen, part, choice))


def restore(screen: MainHost, part, choice: RestoreChoice | None) -> None:
    """The chosen version written back by the screen's writer (off the UI thread, one write at a
    time, the lock's wait shown and cancellable) like every other write of the app."""
    if choice is None:
        return
    from ...core.provenance.restore import restore_version
    from .curation import failed
    screen.writer.submit(f"restoring {choice.file_id}", (part.dir,),
                         lambda: restore_version(part.dir, part.root, choice.file_id, choice.text, choice.seen),
                         lambda res: _done(screen, part, choice, res), failed(screen, NOT_RESTORED))


def _done(screen: MainHost, part, choice: RestoreChoice, res) -> None:
    if not res.ok:
        screen.notify(res.reason(), title=f"{choice.file_id} not restored", severity="error", timeout=15)
        return
    shown = choice.file_id if part is screen.snapshot else next(
        (f"{label}:{choice.file_id}" for label, p in screen.snapshot.parts.items() if p is part), choice.file_id)
    screen.writes.note_written([shown])
    screen.notify(f"Restored {choice.file_id} to {choice.label}")
    screen.post_message(RescanWanted())
