"""ReviewScreen: entries the agent wrote since the app opened, one at a time: keep, delete, skip.

It decides nothing on disk: it dismisses with what the person chose (kept ids, ids to
delete), and the caller marks them reviewed and asks for the delete confirmation.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..core.judging.findings import Finding
from ..core.snapshots.memory import Snapshot
from ..render.styles import DEFAULT, Styles
from ..widgets.detail_pane import DetailPane


@dataclass
class ReviewOutcome:
    kept: list[str] = field(default_factory=list)
    delete: list[str] = field(default_factory=list)


class ReviewScreen(Screen[ReviewOutcome]):
    DEFAULT_CSS = """
    ReviewScreen #review-title { padding: 0 1; text-style: bold; background: $panel; }
    ReviewScreen DetailPane { height: 1fr; }
    """
    BINDINGS = [
        Binding("k", "keep", "Keep (mark reviewed)", priority=True),   # (over the pane's k: scroll up)
        Binding("d", "delete", "Delete (asks when you leave)"),
        Binding("n", "next", "Skip"),
        Binding("escape,q", "done", "Done"),
    ]

    def __init__(self, snapshot: Snapshot, findings: dict[str, list[Finding]], ids: list[str],
                 styles: Styles = DEFAULT, sessions: dict[str, str] | None = None) -> None:
        super().__init__()
        self.snapshot, self.findings, self.colours = snapshot, findings, styles
        self.sessions = sessions or {}   # id → the agent session that wrote it, when the hook saw it
        self.queue = [i for i in ids if i in snapshot.entries]
        self.outcome = ReviewOutcome()

    def compose(self) -> ComposeResult:
        yield Static("", id="review-title")
        yield DetailPane()
        yield Footer()

    def on_mount(self) -> None:
        self.show_current()

    def show_current(self) -> None:
        title = self.query_one("#review-title", Static)
        pane = self.query_one(DetailPane)
        if not self.queue:
            title.update("Review — nothing left to review")
            pane.show(None, None, [], False)
            more = f" {len(self.outcome.delete)} marked for deletion: esc asks to confirm." if self.outcome.delete else ""
            pane.query_one("#detail-body", Static).update(
                Text("Every entry the agent wrote since launch has been reviewed." + (more or " esc returns."), "dim"))
            return
        i = self.queue[0]
        session = f" (session {self.sessions[i][:12]})" if i in self.sessions else ""
        title.update(f"Review — written by the agent since launch{session}: {len(self.queue)} left · "
                     "k keep · d delete · n skip")
        snap = self.snapshot
        pane.show(snap.entries[i], snap.status[i], self.findings.get(i, []), False, styles=self.colours)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("keep", "delete", "next"):
            return True if self.queue else None
        return True

    def action_keep(self) -> None:
        if self.queue:
            self.outcome.kept.append(self.queue.pop(0))
            self.show_current()

    def action_next(self) -> None:
        if self.queue:
            self.queue.append(self.queue.pop(0))
            self.show_current()

    def action_delete(self) -> None:
        if self.queue:
            self.outcome.delete.append(self.queue.pop(0))
            self.show_current()

    def action_done(self) -> None:
        self.dismiss(self.outcome)
