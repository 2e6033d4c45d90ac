"""The main screen's triage: the suggestions of the last audit and the log's usage, and the triage
pass (``T``) over them.

A widget of its own (never shown): it triages in its worker (after each audit, and again when the
agent's record comes), keeps the newest triage, and posts ``Triaged`` — the screen, which it
bubbles to, shows it in the table, the status line, the Usage tab and the detail. The pass asks the
screen for each action by posting ``Act`` and for the entry to open by ``JumpTo``: it never calls
the screen's flows itself."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from textual.widget import Widget

from ...core.decisions import Decisions
from ...messages import Act, JumpTo, Triaged
from ...widgets.usage_pane import WEEKS

if TYPE_CHECKING:
    from ...core.reports.triage import Suggestion, TriageReport, Usage


class TriageView(Widget):
    DEFAULT_CSS = "TriageView { display: none; }"

    def __init__(self, log_path: Path, sample: bool, records, audits) -> None:
        super().__init__()
        self.log_path, self.sample = log_path, sample
        self.records = records   # the RecordView: the agent's reads and dates are evidence
        self.audits = audits     # the AuditRuns: a triage older than the audit shown is dropped
        self.report: TriageReport | None = None
        self.usage: Usage | None = None
        self.now = None          # the reading the triage is of: when it was read
        self.generation = 0
        self.decisions = Decisions()   # the owner's "keep it" on a suggestion (the pass's k)
        self.kept: set[str] = set()    # the ids it holds for, as last asked (``decided``)

    def triage(self, snap, report) -> None:
        """(In a worker thread.) Triage an audit (reading the log) and post it."""
        from .background import triage_snapshot
        made = Triaged(snap.generation, *triage_snapshot(snap, report, self.log_path, self.sample,
                                                          self.records.reads, self.records.dated), now=snap.now)
        self.post_message(made)   # a message: dropped, not raised, when the screen is closing

    def again(self, snap, report) -> None:
        """Triage the last audit again (the agent's record came: its reads are evidence)."""
        if snap is not None and report is not None:
            self.run_worker(lambda: self.triage(snap, report), thread=True, group="triage", exclusive=True)

    def on_triaged(self, message: Triaged) -> None:
        if message.generation < self.audits.shown:
            message.stop()   # a newer audit is shown: its triage follows it
            return
        self.report, self.usage, self.now = message.report, message.usage, message.now   # (the screen shows it)
        self.generation = message.generation

    def decided(self, snap) -> set[str]:
        """The entries suggested something other than keep that the owner decided to keep (on the
        text they have now): they count as keep, and the pass leaves them out."""
        if self.report is None or snap is None:
            return set()
        self.kept = self.decisions.kept(snap, [s.id for s in self.report.suggestions
                                               if s.action != "keep" and s.id in snap.entries])
        return self.kept

    def keep(self, snap, entry_id: str) -> bool:
        """k in the pass: record the owner's decision, and show the triage again with it."""
        s = self.report.by_id().get(entry_id) if self.report else None
        try:
            self.decisions.keep(snap, entry_id, s.action if s else "")
        except OSError as e:
            self.notify(f"The decision was not kept: {e}", severity="error")
            return False
        self.post_message(Triaged(self.generation, self.report, self.usage, now=self.now))
        return True

    def weekly(self, entry_id: str, now=None) -> list[int] | None:
        """The entry's injections per week, when the log covers this folder."""
        now = now or self.now
        if self.usage is None or self.usage.since is None or now is None:
            return None
        return self.usage.weekly(now, WEEKS, entry_id)

    def of(self, entry_id: str, now=None) -> tuple["Suggestion | None", list[int] | None]:
        """(the suggestion, the weekly injections) the detail shows for an entry."""
        s = self.report.by_id().get(entry_id) if self.report else None
        if s is not None and entry_id in self.kept:   # the owner's word first, the triage's below it
            s = dataclasses.replace(s, reasons=["you decided to keep it (k in the triage pass): it counts as keep "
                                                "until the file changes", *s.reasons])
        return s, self.weekly(entry_id, now)

    def whole(self, entry_id: str):
        """The whole file's suggestion, when the entry is a section of a file (``FILE#anchor``)."""
        return self.report.file_of(entry_id) if self.report else None

    def open(self, snap, findings) -> None:
        """T: the suggestions that are not keep, one at a time; each action through its own dialog."""
        from ..triage_screen import TriageScreen
        report = self.report
        if report is None or snap is None:
            self.notify("The triage is not ready yet (it follows the audit)", severity="warning")
            return

        def act(action: str, entry_id: str, then: Callable[[bool], None]) -> None:
            s = (report.by_id().get(entry_id) or next((f for f in report.files if f.file == entry_id), None)) \
                if action == "edit" else None
            self.post_message(Act(action, entry_id, then, s.lines[0] if s is not None and s.lines else None))

        def opened(entry_id: str | None) -> None:
            if entry_id:
                self.post_message(JumpTo(entry_id))

        if not report.suggestions:
            self.notify("Triage: no entries in this folder yet — nothing to triage")
            return
        from ..triage_screen import own_files
        decided = self.decided(snap)
        if not any(s.action != "keep" and s.id not in decided for s in report.suggestions) \
                and not own_files(report, snap):
            self.notify("Triage: every entry is a keep" + (" (or you decided to keep it)" if decided else "")
                        + " — nothing to act on")
            return
        self.app.push_screen(TriageScreen(snap, findings, report, lambda i: self.weekly(i, snap.now), act,
                                          self.app.colours, keep=lambda i: self.keep(snap, i), decided=decided),
                             opened)
