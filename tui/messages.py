"""App-wide messages. Results of background work carry what they answer (a snapshot
generation, a request number), so the screen can drop one that a newer result overtook.
Widget-specific messages are nested in the widget that sends them."""
from __future__ import annotations

import threading

from textual.message import Message

from .core.reports.audit import AuditReport
from .core.judging.findings import kinds_in_order
from .core.snapshots.memory import Snapshot
from .core.engine.select import Decision


class MemoryDirChanged(Message):
    """Something under the memory folder changed. Bursts coalesce: only one waits in the queue."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, MemoryDirChanged)


class InjectionLogChanged(Message):
    """The hook appended to the injection log."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, InjectionLogChanged)


class LoadProgress(Message):
    def __init__(self, done: int, total: int | None) -> None:
        super().__init__()
        self.done, self.total = done, total

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, LoadProgress)


class Rescanned(Message):
    """A new snapshot of the folder (the first load too)."""

    def __init__(self, snapshot: Snapshot, shown: threading.Event | None = None, rows: dict | None = None,
                 order: tuple | None = None) -> None:
        super().__init__()
        self.snapshot = snapshot
        self.shown = shown   # set once the table shows it
        # the first load's table rows, built off the UI thread (10k took ~140 ms of it); later
        # loads reuse the table's own rows, so they are built where the table is
        self.rows = rows
        self.order = order   # (column, reverse, the rows' ids in that sort), sorted off the UI thread too


class Audited(Message):
    """The audit of one snapshot generation."""

    def __init__(self, generation: int, report: AuditReport) -> None:
        super().__init__()
        self.generation, self.report = generation, report
        # grouped by entry, with each entry's finding kinds, in the audit's thread (50k entries:
        # ~0.2 s that the UI thread spent grouping them)
        self.by_id: dict[str, list] = {}
        for f in report.findings:
            self.by_id.setdefault(f.id, []).append(f)
            for i in {p.id for p in f.places} - {f.id}:   # a folder-wide cause is each of its files' too
                self.by_id.setdefault(i, []).append(f)
        # the table flags what is worth acting on: possible findings (less certain) flag nothing
        self.kinds = {i: kinds_in_order({f.kind for f in fs if f.confidence != "possible"})
                      for i, fs in self.by_id.items()}


class Previewed(Message):
    """The injection decision for one preview request (None: the prompt was empty, or ``error``
    says why there is none)."""

    def __init__(self, request: int, decision: Decision | None, error: str = "") -> None:
        super().__init__()
        self.request, self.decision, self.error = request, decision, error


class WorkFailed(Message):
    """Background work failed; the screen says so and keeps running."""

    def __init__(self, what: str, error: str) -> None:
        super().__init__()
        self.what, self.error = what, error


class Triaged(Message):
    """The triage of a reading (its audit's generation), with the usage from the injection log."""

    def __init__(self, generation: int, report, usage, now=None) -> None:
        super().__init__()
        self.generation, self.report, self.usage = generation, report, usage
        self.now = now   # when the reading triaged was read (the usage's weeks count back from it)


class RecordProgress(Message):
    """How far the first read of the agent's record is (bytes)."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done, self.total = done, total

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, RecordProgress)


class RecordRead(Message):
    """The agent's record of a reading (its generation): each entry's dates and reads."""

    def __init__(self, generation: int, record, dated: dict, reads: dict | None) -> None:
        super().__init__()
        self.generation, self.record, self.dated, self.reads = generation, record, dated, reads


# -- what the main screen's children ask of it (they post these; the screen acts on its own widgets)

class RescanWanted(Message):
    """A write of ours is done (or refused): read the folder again (``full``: every anchor too)."""

    def __init__(self, full: bool = False) -> None:
        super().__init__()
        self.full = full


class JumpTo(Message):
    """Show this entry in the table (clearing the filters that hide it) and its detail."""

    def __init__(self, entry_id: str) -> None:
        super().__init__()
        self.entry_id = entry_id


class Reviewed(Message):
    """The person reviewed these new entries (``R``): they leave the NEW inbox."""

    def __init__(self, ids: list[str]) -> None:
        super().__init__()
        self.ids = ids


class Deselect(Message):
    """These entries left the folder by our own write: they are no longer selected."""

    def __init__(self, ids: set[str]) -> None:
        super().__init__()
        self.ids = ids


class Act(Message):
    """The triage pass asks for one suggestion's action on an entry (``promote``, ``drop``,
    ``archive`` or ``edit`` at ``line``), each through its own dialog; ``then(done)`` once it
    is written, refused or cancelled."""

    def __init__(self, action: str, entry_id: str, then, line: int | None = None) -> None:
        super().__init__()
        self.action, self.entry_id, self.then, self.line = action, entry_id, then, line
