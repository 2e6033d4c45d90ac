"""HistoryScreen: one entry's versions from the agent's record — when, which session, which tool,
the person's message before it, whether they stated it, the diff — and who read it; ``r``
restores the highlighted version after a confirmation that shows the diff (the write itself is
the main screen's: this modal returns what to write)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ..render.history import reads_text, short, summary_text, version_renderable, when
from .confirm_restore import ConfirmRestore
from .deliver import deliver


@dataclass(frozen=True)
class RestoreChoice:
    """What to write back: the file, the version's text, and the file's text the diff was made from."""

    file_id: str
    text: str
    seen: str | None
    label: str


class HistoryScreen(ModalScreen[RestoreChoice | None]):
    DEFAULT_CSS = """
    HistoryScreen { align: center middle; }
    HistoryScreen > Vertical { width: 96%; height: 92%; border: thick $primary; background: $surface;
        padding: 0 1; }
    HistoryScreen #history-summary { height: auto; max-height: 6; margin-bottom: 1; }
    HistoryScreen #history-body { height: 1fr; }
    HistoryScreen #history-versions { width: 56; height: 1fr; }
    HistoryScreen #history-detail { width: 1fr; height: 1fr; padding: 0 1; }
    HistoryScreen #history-reads { height: auto; max-height: 8; }
    HistoryScreen #history-keys { height: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,q,h", "close", "Close"),
        Binding("r", "restore", "Restore this version"),
    ]

    def __init__(self, entry_id: str, load: Callable[[], tuple[dict, list, str | None]]) -> None:
        """``load``: run off the UI thread; returns (the history as `memtui history --json`
        makes it, its versions with their texts, the file's text now)."""
        super().__init__()
        self.entry_id, self.load = entry_id, load
        self.history: dict | None = None
        self.versions: list = []
        self.current: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text.assemble(("History of ", "bold"), (self.entry_id, "bold"),
                                      ("  reading the agent's record…", "dim")), id="history-summary")
            with Horizontal(id="history-body"):
                yield DataTable(id="history-versions", cursor_type="row", zebra_stripes=True)
                with VerticalScroll(id="history-detail"):
                    yield Static("", id="history-version")
            yield Static("", id="history-reads")
            yield Static("↑↓ a version · r restore it (asks first) · esc close", id="history-keys")

    def on_resize(self) -> None:
        """Side by side where there is room; the versions above their detail in a narrow terminal."""
        narrow = self.size.width < 110
        self.query_one("#history-body").styles.layout = "vertical" if narrow else "horizontal"
        table = self.query_one("#history-versions")
        table.styles.width = "1fr" if narrow else 56
        table.styles.height = 6 if narrow else "1fr"

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in (("#", 3), ("when", 16), ("tool", 10), ("session", 8), ("by", 6)):
            table.add_column(label, width=width)
        table.focus()
        self._load()

    @work(thread=True, exclusive=True)
    def _load(self) -> None:
        try:
            made = self.load()
        except Exception as e:   # an unreadable record: said in the view, nothing else breaks
            deliver(self, self._failed, str(e))
            return
        deliver(self, self._show, *made)

    def _failed(self, error: str) -> None:
        self.query_one("#history-summary", Static).update(Text(f"Cannot read the agent's record: {error}", "red"))

    def _show(self, history: dict, versions: list, current: str | None) -> None:
        self.history, self.versions, self.current = history, versions, current
        colours = getattr(self.app, "colours", None)
        kw = {"styles": colours} if colours is not None else {}
        self.query_one("#history-summary", Static).update(summary_text(history, **kw))
        self.query_one("#history-reads", Static).update(reads_text(history, **kw))
        table = self.query_one(DataTable)
        table.clear()
        for n, v in enumerate(history["versions"], 1):
            by = {"user": "person", "model": "model"}.get(v["by"], "—" if v["source"] != "git" else "git")
            table.add_row(str(n), when(v["at"]), v["tool"][:10], short(v["session"]), by, key=str(n))
        if history["versions"]:
            table.move_cursor(row=len(history["versions"]) - 1)
            self._detail(len(history["versions"]) - 1)
        else:   # no table of nothing: the sentence where the versions would be, and only the key that works
            table.display = False
            self.query_one("#history-version", Static).update(
                Text("No versions in the record for this entry: the agent's record (its transcripts, git) holds "
                     "no write of it — the line above says where memtui looked. The detail still shows its "
                     "dates from the file.", "dim"))
            self.query_one("#history-keys", Static).update("esc close")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self.history is not None and event.cursor_row is not None and event.cursor_row >= 0:
            self._detail(event.cursor_row)

    def _detail(self, n: int) -> None:
        colours = getattr(self.app, "colours", None)
        kw = {"styles": colours} if colours is not None else {}
        v = self.history["versions"][n]
        self.query_one("#history-version", Static).update(Group(version_renderable(n + 1, v, **kw)))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_restore(self) -> None:
        if self.history is None:
            return
        if not self.versions:
            self.notify("Nothing to restore: the record holds no version of this entry", timeout=4)
            return
        n = self.query_one(DataTable).cursor_row
        v = self.versions[n]
        if v.text is None:
            self.notify("This version's text is not known (the record holds only the edit): it cannot be restored",
                        severity="warning")
            return
        if v.text == self.current:
            self.notify("The file is this version already", severity="information")
            return
        file_id = self.history["file"]
        choice = RestoreChoice(file_id, v.text, self.current, f"v{n + 1} of {when(v.at)}")

        def answered(ok: bool | None) -> None:
            if ok:
                self.dismiss(choice)
        self.app.push_screen(ConfirmRestore(file_id, choice.label, self.current, v.text), answered)
