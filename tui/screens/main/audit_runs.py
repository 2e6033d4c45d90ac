"""The audits of the app's readings: one at a time, and the newest finished one kept and shown.

A widget of its own (never shown): it runs the audit's worker, keeps the report it shows (the
findings by entry, their kinds), and posts ``Audited`` — the screen, which it bubbles to, redraws
what changed. The screen only says which reading to audit (``want``) and asks what is shown."""
from __future__ import annotations

from typing import Callable

from textual import work
from textual.widget import Widget

from . import background
from ...messages import Audited, WorkFailed


class AuditRuns(Widget):
    """Starts an audit of a reading unless one is running; then only the latest reading that came
    meanwhile is audited, when the running one ends.

    Why: an audit runs in a thread worker, which cannot be stopped, so each file the agent
    wrote used to leave one more audit process running to its end, each holding a thread of
    the pool the readings need too (at 10k entries, the sixth write in a few seconds waited
    ~10 s to reach the table)."""

    DEFAULT_CSS = "AuditRuns { display: none; }"

    def __init__(self, after: Callable | None = None) -> None:
        super().__init__()
        self.after = after   # (in the audit's thread, once it is posted) the triage of it
        self.running = False
        self.next = None
        self.wanted = 0   # the generation of the latest reading wanted
        self.shown = 0    # the generation of the newest audit shown
        self.report = None
        self.findings: dict[str, list] = {}
        self.kinds: dict[str, tuple[str, ...]] = {}   # entry id → its finding kinds, most severe first

    def want(self, snap) -> None:
        self.wanted = snap.generation
        if self.running:
            self.next = snap
            return
        self.running = True
        self._audit(snap)

    @work(thread=True, exclusive=True, group="audit")
    def _audit(self, snap) -> None:
        try:
            report = background.audit_snapshot(snap)
            self.post_message(Audited(snap.generation, report))
            if self.after is not None:
                self.after(snap, report)
        except Exception as e:
            self.post_message(WorkFailed("Audit failed", str(e)))
        finally:
            self.finished()

    def finished(self) -> None:
        """Called by the audit's thread when it ends, however it ends."""
        def done() -> None:   # (on the UI thread)
            self.running = False
            snap, self.next = self.next, None
            if snap is not None and snap.generation == self.wanted:
                self.want(snap)
        try:
            self.app.call_from_thread(done)
        except Exception:   # the app is closing
            pass

    def fresh(self, generation: int) -> bool:
        """Is a finished audit of this generation to be shown? Yes when it is the newest one
        finished, even if the folder changed since (the latest reading's audit runs next):
        waiting for the latest reading's own showed none at all while the agent kept writing."""
        if generation <= self.shown:
            return False
        self.shown = generation
        return True

    def show(self, m: Audited) -> set[str] | None:
        """Keep a finished audit if it is fresh; the entries whose findings may have changed (None:
        an older audit than the one shown, dropped)."""
        if not self.fresh(m.generation):
            return None
        old, self.report, self.findings, self.kinds = self.findings, m.report, m.by_id, m.kinds
        return set(old) | set(self.findings)

    def kinds_of(self, entry_id: str) -> tuple[str, ...]:
        return self.kinds.get(entry_id, ())

    def conflicts(self) -> list:
        """The audit shown's conflict findings (the preview warns when both sides are injected)."""
        return [f for f in self.report.findings if f.kind == "conflict"] if self.report is not None else []
