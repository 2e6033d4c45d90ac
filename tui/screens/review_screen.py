"""ReviewScreen: entries the agent wrote since the app opened, one at a time: keep or delete."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..widgets.detail_pane import DetailPane


class ReviewScreen(Screen[None]):
    DEFAULT_CSS = """
    ReviewScreen #review-title { padding: 0 1; text-style: bold; background: $panel; }
    ReviewScreen DetailPane { height: 1fr; }
    """
    BINDINGS = [
        Binding("k", "keep", "Keep (mark reviewed)"),
        Binding("d", "delete", "Delete…"),
        Binding("n", "next", "Skip"),
        Binding("escape,q", "app.pop_screen", "Done"),
    ]

    def __init__(self, ids: list[str]) -> None:
        super().__init__()
        self.queue = list(ids)

    def compose(self) -> ComposeResult:
        yield Static("", id="review-title")
        yield DetailPane()
        yield Footer()

    def on_mount(self) -> None:
        self.show_current()

    def show_current(self) -> None:
        app = self.app
        self.queue = [i for i in self.queue if i in app.memory.entries]
        title = self.query_one("#review-title", Static)
        pane = self.query_one(DetailPane)
        if not self.queue:
            title.update("Review — nothing left to review")
            pane.show(None, None, [], False)
            pane.query_one("#detail-body", Static).update(
                Text("Every entry the agent wrote since launch has been reviewed. esc returns.", "dim"))
            return
        i = self.queue[0]
        title.update(f"Review — written by the agent since launch: {len(self.queue)} left · "
                     "k keep · d delete · n skip")
        pane.show(app.memory.entries[i], app.memory.status[i], app.findings.get(i, []), False)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("keep", "delete", "next"):
            return True if self.queue else None
        return True

    def action_keep(self) -> None:
        if self.queue:
            self.app.mark_reviewed(self.queue.pop(0))
            self.show_current()

    def action_next(self) -> None:
        if self.queue:
            self.queue.append(self.queue.pop(0))
            self.show_current()

    def action_delete(self) -> None:
        if self.queue:
            target = self.queue[0]

            def done(deleted: bool) -> None:
                if deleted:
                    self.queue.remove(target) if target in self.queue else None
                self.show_current()

            self.app.confirm_delete([target], done)
