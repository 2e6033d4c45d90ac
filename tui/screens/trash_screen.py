"""TrashScreen: what was deleted, and restore (nothing here deletes anything)."""
from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..core.trash import list_trash, restore


class TrashScreen(Screen):
    DEFAULT_CSS = """
    TrashScreen #trash-title { padding: 0 1; text-style: bold; background: $panel; }
    TrashScreen #trash-empty { padding: 1 2; color: $text-muted; }
    TrashScreen DataTable { height: 1fr; }
    """
    BINDINGS = [
        Binding("r,enter", "restore", "Restore"),
        Binding("escape,q,t", "app.pop_screen", "Back"),
    ]

    def __init__(self, memory_dir: Path) -> None:
        super().__init__()
        self.memory_dir = memory_dir

    def compose(self) -> ComposeResult:
        yield Static("Trash — deleted entries (r / enter restores)", id="trash-title")
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
        items = list_trash(self.memory_dir)
        seen = set()
        for t in items:
            if t.id in seen:
                continue   # restore takes the newest copy
            seen.add(t.id)
            when = f"{t.stamp[0:4]}-{t.stamp[4:6]}-{t.stamp[6:8]} {t.stamp[9:11]}:{t.stamp[11:13]}"
            table.add_row(t.id, when, str(len(t.index_lines)), key=t.id)
        self.query_one("#trash-empty").display = not items
        table.display = bool(items)
        if items:
            table.focus()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "restore":
            return True if self.query_one(DataTable).row_count else None
        return True

    def action_restore(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        try:
            res = restore(self.memory_dir, [key])
        except OSError as e:
            self.notify(f"Could not restore {key}: {e}", severity="error")
            return
        if res.restored:
            self.notify(f"restored {key}")
        for i in res.blocked:
            self.notify(f"{i} exists again; move it away first", severity="warning")
        for i in res.missing:
            self.notify(f"{i} is no longer in the trash", severity="warning")
        self.reload()
        self.app.request_rescan()
