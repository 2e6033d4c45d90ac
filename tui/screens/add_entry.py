"""AddEntry: a small form that returns a Draft; the caller writes it through the gated write
path and, on a rejection, opens the form again with the draft and the reason."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static, TextArea

from ..core.writes.write import Draft, parse_anchor

# Claude Code's four types, each told (a newcomer read 'user' as 'written by me': that is source, which
# this dialog always sets). feedback comes first and is the default: a note a person adds by hand is
# most often a rule or a correction for the agent, Claude Code's 'feedback'.
TYPES = [("feedback — a rule or correction for the agent", "feedback"),
         ("project — how the project works, what was decided", "project"),
         ("user — about you: your role, what you know, what you prefer", "user"),
         ("reference — where to find something (a dashboard, a tracker)", "reference")]


class AddEntry(ModalScreen[Draft | None]):
    DEFAULT_CSS = """
    AddEntry { align: center middle; }
    AddEntry > Vertical { width: 96; max-width: 98%; height: 90%; border: thick $primary;
        background: $surface; padding: 0 1; }
    AddEntry #add-title { text-style: bold; padding: 1 0 0 0; }
    AddEntry Label { margin-top: 1; color: $text-muted; }
    AddEntry TextArea { height: 6; }
    AddEntry #add-error { color: $error; height: auto; margin-top: 1; }
    AddEntry #add-buttons { height: auto; align-horizontal: right; margin: 1 0; }
    AddEntry Button { margin-left: 2; }
    """
    BINDINGS = [Binding("ctrl+s", "save", "Save"), Binding("escape", "cancel", "Cancel")]

    def __init__(self, initial: Draft | None = None, error: str = "") -> None:
        super().__init__()
        self.initial, self.error = initial, error

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Add a memory (source: user) — ctrl+s saves, esc cancels", id="add-title")
            with VerticalScroll():
                yield Label("What should be remembered (a fact that will still hold next time)")
                yield TextArea(id="add-text")
                yield Label("Name (optional; becomes the file name)")
                yield Input(placeholder="e.g. test-runner", id="add-name")
                yield Label("Type")
                yield Select(TYPES, value="feedback", allow_blank=False, id="add-type")
                yield Label("Paths it is about (space-separated, relative to the project)")
                yield Input(placeholder="e.g. package.json test/", id="add-paths")
                yield Label("Anchor: FILE:QUOTE that proves it (optional)")
                yield Input(placeholder='e.g. package.json:"test": "node --test"', id="add-anchor")
                yield Label("Keywords (space-separated, optional)")
                yield Input(placeholder="e.g. test runner node", id="add-keywords")
                yield Static("", id="add-error")
            with Horizontal(id="add-buttons"):
                yield Button("Cancel", id="add-cancel")
                yield Button("Save", id="add-save", variant="primary")

    def on_mount(self) -> None:
        d = self.initial
        if d is not None:
            self.query_one("#add-text", TextArea).text = d.text
            self.query_one("#add-name", Input).value = d.name or ""
            if d.type in {v for _, v in TYPES}:
                self.query_one("#add-type", Select).value = d.type
            self.query_one("#add-paths", Input).value = " ".join(d.paths)
            self.query_one("#add-keywords", Input).value = " ".join(d.keywords)
            self.query_one("#add-anchor", Input).value = self.anchor_text
        if self.error:
            self.query_one("#add-error", Static).update(Text(self.error + "\n\nYour draft is kept: change it and "
                                                             "save again."))
            self.call_after_refresh(self.query_one("#add-error").scroll_visible, animate=False)   # below the fold
        self.query_one("#add-text", TextArea).focus()

    @property
    def anchor_text(self) -> str:
        a = self.initial.anchors[0] if self.initial and self.initial.anchors else None
        return "" if a is None else a.file + (f":{a.quote}" if a.quote else "")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "add-save":
            self.action_save()
        else:
            self.action_cancel()

    def draft(self) -> Draft:
        anchor = self.query_one("#add-anchor", Input).value.strip()
        return Draft(
            text=self.query_one("#add-text", TextArea).text,
            name=self.query_one("#add-name", Input).value.strip() or None,
            type=str(self.query_one("#add-type", Select).value),
            source="user",
            paths=self.query_one("#add-paths", Input).value.split(),
            keywords=self.query_one("#add-keywords", Input).value.split(),
            anchors=[parse_anchor(anchor)] if anchor else [],
        )

    def action_save(self) -> None:
        error = self.query_one("#add-error", Static)
        try:
            draft = self.draft()
        except ValueError as e:
            error.update(Text(str(e)))
            return
        if not draft.text.strip():
            error.update(Text("Write what should be remembered first."))
            return
        self.dismiss(draft)

    def action_cancel(self) -> None:
        self.dismiss(None)
