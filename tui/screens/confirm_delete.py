"""ConfirmDelete: lists every file and MEMORY.md line that will go; Cancel has the focus."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from .confirm_modal import ConfirmModal
from ..core.secrets.detect import redact
from ..core.writes.trash import DeletePlan


class ConfirmDelete(ConfirmModal):
    DEFAULT_CSS = """
    ConfirmDelete { align: center middle; }
    ConfirmDelete > Vertical { width: 84; max-width: 95%; height: auto; max-height: 80%;
        border: thick $error; background: $surface; padding: 1 2; }
    ConfirmDelete #delete-title { text-style: bold; margin-bottom: 1; }
    ConfirmDelete VerticalScroll { height: auto; max-height: 16; }
    ConfirmDelete #delete-buttons { height: auto; margin-top: 1; align-horizontal: right; }
    ConfirmDelete Button { margin-left: 2; }
    """
    BINDINGS = [
        Binding("y", "confirm", "Move to trash"),
        Binding("enter", "confirm", "Move to trash", show=False, priority=True),
        Binding("n,escape", "cancel", "Cancel"),
    ]

    def __init__(self, plan: DeletePlan, archive: bool = False) -> None:
        """``archive``: the same plan moves to the folder's archive (memtui archive), not the trash."""
        super().__init__()
        self.plan, self.archive = plan, archive

    def compose(self) -> ComposeResult:
        n = len(self.plan.files) + len(self.plan.snippets)
        records = sum(len(v) for v in self.plan.exports.values())
        title = (f"Move {n} entr{'y' if n == 1 else 'ies'} to the trash?" if n else
                 f"Leave {records} record(s) out of a copy of the export?")
        if self.archive:
            title = (f"Archive {n} entr{'y' if n == 1 else 'ies'}? Out of what the agent loads, into .archive/ "
                     "in the memory folder, with their MEMORY.md lines:" if not self.plan.snippets else
                     f"Archive {n} entr{'y' if n == 1 else 'ies'}? The lines move out of MEMORY.md into today's "
                     "daily log (a copy in .archive/):")
        with Vertical():
            yield Static(title, id="delete-title")
            lines = Text()
            for i, s in self.plan.snippets.items():
                lines.append(f"  {i}\n", "bold")
                lines.append(f"      lines {s.start + 1}–{s.start + len(s.lines)} of {s.file}; nothing else in it "
                             "changes\n", "dim")
                for k, ln in enumerate(s.lines[:8]):
                    lines.append(f"      {s.start + 1 + k:>4}  {redact(ln.rstrip(chr(13) + chr(10)))[:90]}\n", "dim")
                if len(s.lines) > 8:
                    lines.append(f"      … {len(s.lines) - 8} more line(s)\n", "dim")
            for file, slugs in self.plan.exports.items():
                lines.append(f"  {file}: {len(slugs)} record(s)\n", "bold")
                lines.append("      a mem0 export is never changed: a copy without them goes to the trash folder, "
                             "to import into mem0\n", "dim")
            for i in self.plan.files:
                lines.append(f"  {i}\n", "bold")
                for num, text in self.plan.index_lines.get(i, []):
                    lines.append(f"      MEMORY.md:{num}  {text.strip()[:90]}\n", "dim")
                if not self.plan.index_lines.get(i):
                    lines.append("      (no MEMORY.md line)\n", "dim")
            for i in self.plan.missing:
                lines.append(f"  {i} — no longer exists, skipped\n", "yellow")
            with VerticalScroll():
                yield Static(lines)
            yield Static(Text("They can be restored from the trash view (t). y / enter: move · n / esc: cancel",
                              "dim"))
            with Horizontal(id="delete-buttons"):
                yield Button("Cancel", id="cancel", variant="default")
                yield Button("Archive" if self.archive else "Move to trash", id="confirm",
                             variant="warning" if self.archive else "error")
