"""ConfirmRestore: the diff from the file as it is to the version that would replace it (masked);
Cancel has the focus."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from .confirm_modal import ConfirmModal
from ..core.provenance.show import unified
from ..render.history import diff_text


class ConfirmRestore(ConfirmModal):
    DEFAULT_CSS = """
    ConfirmRestore { align: center middle; }
    ConfirmRestore > Vertical { width: 96; max-width: 95%; height: auto; max-height: 85%;
        border: thick $warning; background: $surface; padding: 1 2; }
    ConfirmRestore #restore-title { text-style: bold; margin-bottom: 1; }
    ConfirmRestore VerticalScroll { height: auto; max-height: 24; }
    ConfirmRestore #restore-buttons { height: auto; margin-top: 1; align-horizontal: right; }
    ConfirmRestore Button { margin-left: 2; }
    """
    BINDINGS = [
        Binding("y", "confirm", "Restore"),
        Binding("enter", "confirm", "Restore", show=False, priority=True),
        Binding("n,escape", "cancel", "Cancel"),
    ]

    def __init__(self, file_id: str, label: str, current: str | None, version: str) -> None:
        super().__init__()
        self.file_id, self.label, self.current, self.version = file_id, label, current, version

    def compose(self) -> ComposeResult:
        diff = unified(self.current, self.version, self.file_id)
        with Vertical():
            yield Static(f"Restore {self.file_id} to {self.label}? This is what changes:", id="restore-title")
            with VerticalScroll():
                yield Static(diff_text(diff) if diff else Text("(no difference)", "dim"))
            yield Static(Text("Written through the same gates as any edit, and only if the file is still as "
                              "shown: if the agent writes it meanwhile, nothing is restored and its write stays. "
                              "y / enter: restore · n / esc: cancel", "dim"))
            with Horizontal(id="restore-buttons"):
                yield Button("Cancel", id="cancel", variant="default")
                yield Button("Restore", id="confirm", variant="warning")
