"""HookOffer: asked once, when Claude Code's hook is not wired: add it to the user's settings?"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class HookOffer(ModalScreen[bool]):
    """Dismisses with True (install) or False (no); the caller writes and remembers the answer."""

    DEFAULT_CSS = """
    HookOffer { align: center middle; }
    HookOffer > Vertical { width: 76; max-width: 96%; height: auto; max-height: 96%; border: thick $accent;
        background: $surface; padding: 0 2; }
    HookOffer #hook-offer-title { text-style: bold; margin-bottom: 1; }
    HookOffer #hook-offer-buttons { height: auto; }   /* (left: a toast at the right may cover it) */
    HookOffer #hook-offer-no { margin-left: 0; }
    HookOffer Button { margin-left: 2; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Install"), Binding("n,escape", "answer(False)", "No thanks")]

    def __init__(self, settings: str) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Wire memtui into Claude Code?", id="hook-offer-title")
            yield Static(Text.assemble(
                "Claude Code's hook is not set up: your prompts get nothing from memtui. Add it to ",
                (self.settings, "bold"), " (every project; the rest of the file stays, the old file is kept "
                "as .bak)?\n",
                ("  UserPromptSubmit", "bold"), "  inject the memories that match a prompt\n",
                ("  PreToolUse      ", "bold"), "  judge the agent's memory writes\n",
                ("  PostToolUse     ", "bold"), "  record the writes that landed\n",
                ("Asked once. Later: memtui hook install, or ctrl+p.", "dim")))
            with Horizontal(id="hook-offer-buttons"):
                yield Button("No thanks (n)", id="hook-offer-no")
                yield Button("Install (y)", id="hook-offer-yes", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#hook-offer-yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "hook-offer-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
