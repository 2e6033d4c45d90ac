"""TrashScreen: what was deleted; dismisses with the ids to restore (the caller restores them)."""
from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..core.walk import ARCHIVE_DIR
from ..core.writes.trash import list_trash


class TrashScreen(Screen[list[str]]):
    DEFAULT_CSS = """
    TrashScreen #trash-title { padding: 0 1; text-style: bold; background: $panel; }
    TrashScreen #trash-empty { padding: 1 2; color: $text-muted; }
    TrashScreen DataTable { height: 1fr; }
    """
    BINDINGS = [
        Binding("r", "restore", "Restore"),
        Binding("escape,q,t", "close", "Back"),
    ]

    def __init__(self, memory_dir: Path) -> None:
        super().__init__()
        self.memory_dir = memory_dir

    def compose(self) -> ComposeResult:
        yield Static("Trash — deleted and archived entries (r / enter restores)", id="trash-title")
        yield DataTable(cursor_type="row", id="trash-table")
        yield Static("The trash is empty.", id="trash-empty")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("entry", key="id", width=40)
        table.add_column("deleted", key="when", width=22)
        table.add_column("index lines", key="lines")
        self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        # the archive too: restore takes an entry back from either, the newest first
        archived = list_trash(self.memory_dir, ARCHIVE_DIR)
        items = sorted(list_trash(self.memory_dir) + archived, key=lambda t: t.stamp, reverse=True)
        seen = set()
        for t in items:
            if t.id in seen:
                continue   # restore takes the newest copy
            seen.add(t.id)
            when = f"{t.stamp[0:4]}-{t.stamp[4:6]}-{t.stamp[6:8]} {t.stamp[9:11]}:{t.stamp[11:13]}"
            table.add_row(t.id + ("  (archived)" if t in archived else ""), when, str(len(t.index_lines)), key=t.id)
        self.query_one("#trash-empty").display = not items
        table.display = bool(items)
        if items:
            table.focus()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "restore":
            return True if self.query_one(DataTable).row_count else None
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """enter on a row (DataTable turns it into RowSelected, so a binding never sees it)."""
        event.stop()
        self.action_restore()

    def action_restore(self) -> None:
        table = self.query_one(DataTable)
        if table.row_count:
            self.dismiss([str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)])

    def action_close(self) -> None:
        self.dismiss([])
