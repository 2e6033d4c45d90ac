"""The main screen's triage: the last suggestions and usage, and the panes that show them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ...widgets.browser import Browser
from ...widgets.entry_table import EntryTable
from ...widgets.usage_pane import WEEKS, UsagePane

from ...messages import Triaged
from .host import MainHost

if TYPE_CHECKING:
    from ...core.reports.triage import Suggestion, TriageReport, Usage


class TriageView:
    """Holds the triage of the last audit (``report``) and the log's ``usage``; applies a new one
    to the table (per-action filters), the status line, the Usage tab and the detail."""

    def __init__(self, screen: MainHost) -> None:
        self.screen = screen
        self.report: TriageReport | None = None
        self.usage: Usage | None = None

    def audited(self, snap, report) -> None:
        """In the audit's worker: post the audit to the screen, then triage on it (reading the
        log) and apply that on the UI thread."""
        from .background import triage_snapshot
        from ...messages import Audited
        screen = self.screen
        screen.post_message(Audited(snap.generation, report))
        made = Triaged(snap.generation, *triage_snapshot(snap, report, screen.log_path, bool(screen.sample_note),
                                                          screen.records.reads, screen.records.dated))
        screen.post_message(made)   # a message: dropped, not raised, when the screen is closing

    def again(self) -> None:
        """Triage the last audit again (the agent's record came: its reads are evidence)."""
        screen = self.screen
        snap, report = screen.snapshot, screen.report
        if snap is None or report is None:
            return

        def work() -> None:
            from .background import triage_snapshot
            made = Triaged(snap.generation, *triage_snapshot(snap, report, screen.log_path,
                                                              bool(screen.sample_note), screen.records.reads,
                                                              screen.records.dated))
            screen.post_message(made)   # a message: dropped, not raised, when the screen is closing
        screen.run_worker(work, thread=True, group="triage", exclusive=True)

    def apply(self, message: "Triaged") -> None:
        screen = self.screen
        if message.generation < screen.audits.shown or screen.snapshot is None:
            return   # a newer audit is shown: its triage follows it
        self.report, self.usage = message.report, message.usage
        screen.query_one(EntryTable).set_actions({s.id: s.action for s in message.report.suggestions})
        screen.query_one(UsagePane).show(message.report, message.usage, screen.snapshot.now, screen.app.colours)
        screen.query_one(Browser).triage_line = message.report.summary_line()
        screen.update_empty()
        screen.show_detail()
        screen.refresh_bindings()

    def weekly(self, entry_id: str) -> list[int] | None:
        """The entry's injections per week, when the log covers this folder."""
        snap = self.screen.snapshot
        if self.usage is None or self.usage.since is None or snap is None:
            return None
        return self.usage.weekly(snap.now, WEEKS, entry_id)

    def of(self, entry_id: str) -> tuple["Suggestion | None", list[int] | None]:
        """(the suggestion, the weekly injections) the detail shows for an entry."""
        return (self.report.by_id().get(entry_id) if self.report else None), self.weekly(entry_id)


def triage_pass(screen: MainHost) -> None:
    """T: the suggestions that are not keep, one at a time; each action through its own dialog."""
    from ..triage_screen import TriageScreen
    from .curation import archive, delete, jump_to, promote
    from .editing import edit
    report = screen.triaged.report
    if report is None or screen.snapshot is None:
        screen.notify("The triage is not ready yet (it follows the audit)", severity="warning")
        return

    def act(action: str, entry_id: str, then: Callable[[bool], None]) -> None:
        if action == "promote":
            promote(screen, [entry_id], then=then)
        elif action == "drop":
            delete(screen, [entry_id], then=then)
        elif action == "edit":
            s = report.by_id().get(entry_id)
            edit(screen, entry_id, line=s.lines[0] if s is not None and s.lines else None, then=then)
        else:
            archive(screen, [entry_id], then=then)

    def opened(entry_id: str | None) -> None:
        if entry_id:
            jump_to(screen, entry_id)

    if not report.suggestions:
        screen.notify("Triage: no entries in this folder yet — nothing to triage")
        return
    if not any(s.action != "keep" for s in report.suggestions):
        screen.notify("Triage: every entry is a keep — nothing to act on")
        return
    screen.app.push_screen(TriageScreen(screen.snapshot, screen.findings, report, screen.triaged.weekly, act,
                                        screen.app.colours), opened)
