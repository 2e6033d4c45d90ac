"""PromoteScreen: choose the instruction file, see the exact diff and the budget, confirm."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select, Static

from ..core.snapshots.memory import Snapshot
from ..core.writes.promote import KNOWN_TARGETS, Promotion, plan_promotion
from ..render.promote import plan_renderable
from ..render.styles import DEFAULT, Styles

OTHER = "__other__"


class PromoteScreen(ModalScreen[Promotion | None]):
    """Dismisses with the plan the person confirmed (the caller writes it), or None."""

    DEFAULT_CSS = """
    PromoteScreen { align: center middle; }
    PromoteScreen > Vertical { width: 110; max-width: 98%; height: 92%; border: thick $accent;
        background: $surface; padding: 0 1; }
    PromoteScreen #promote-title { text-style: bold; padding: 1 0 0 0; }
    PromoteScreen #promote-target-row { height: auto; }
    PromoteScreen Select { width: 46; }
    PromoteScreen #promote-other { width: 1fr; }
    PromoteScreen VerticalScroll { height: 1fr; border: round $panel; }
    PromoteScreen #promote-buttons { height: auto; align-horizontal: right; margin: 1 0 0 0; }
    PromoteScreen Button { margin-left: 2; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "write", "Write")]

    def __init__(self, memory: Snapshot, ids: list[str], styles: Styles = DEFAULT, target: str | None = None) -> None:
        super().__init__()
        self.memory, self.ids, self.colours = memory, ids, styles
        self.initial_target = target
        self.plan: Promotion | None = None

    def compose(self) -> ComposeResult:
        options = [(t, t) for t in KNOWN_TARGETS] + [(".cursor/rules/<name>.mdc", "cursor"), ("another path…", OTHER)]
        with Vertical():
            yield Static(f"Promote {len(self.ids)} entr{'y' if len(self.ids) == 1 else 'ies'} into an instruction "
                         f"file: {', '.join(self.ids)}", id="promote-title")
            with Horizontal(id="promote-target-row"):
                yield Select(options, value="CLAUDE.md", allow_blank=False, id="promote-target")
                yield Input(placeholder="path relative to the project", id="promote-other")
            with VerticalScroll():
                yield Static("", id="promote-plan")
            yield Static(Text("Nothing is written until you press Write (ctrl+s); esc cancels. The file must not "
                              "change meanwhile.", "dim"))
            with Horizontal(id="promote-buttons"):
                yield Button("Cancel", id="promote-cancel")
                yield Button("Write", id="promote-write", variant="warning")

    def on_mount(self) -> None:
        if self.initial_target:   # reopened after the target changed on disk: the same choice
            if self.initial_target in KNOWN_TARGETS:
                self.query_one("#promote-target", Select).value = self.initial_target
            elif not self.initial_target.startswith(".cursor/rules/"):
                self.query_one("#promote-target", Select).value = OTHER
                self.query_one("#promote-other", Input).value = self.initial_target
        self.query_one("#promote-other", Input).display = self.query_one("#promote-target", Select).value == OTHER
        self.query_one("#promote-target", Select).focus()   # the first choice to make; Write waits for ctrl+s
        self.replan()

    def target(self) -> str:
        value = self.query_one("#promote-target", Select).value
        if value == "cursor":
            first = self.memory.entries.get(self.ids[0])
            from ..core.writes.write import slug
            return f".cursor/rules/{slug(first.name) if first else 'memtui'}.mdc"
        if value == OTHER:
            return self.query_one("#promote-other", Input).value.strip()
        return str(value)

    def on_select_changed(self, _: Select.Changed) -> None:
        self.query_one("#promote-other", Input).display = self.query_one("#promote-target", Select).value == OTHER
        self.replan()

    def on_input_changed(self, _: Input.Changed) -> None:
        self.replan()

    def replan(self) -> None:
        to = self.target()
        body = self.query_one("#promote-plan", Static)
        if not to:
            self.plan = None
            body.update(Text("Type the path of the file to promote into.", "dim"))
        else:
            self.plan = plan_promotion(self.memory, self.ids, to)
            body.update(plan_renderable(self.plan, self.colours))
        write = self.query_one("#promote-write", Button)
        write.disabled = self.plan is None or not self.plan.ok or not (self.plan.changes or self.plan.already)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "promote-write":
            self.action_write()
        else:
            self.action_cancel()

    def action_write(self) -> None:
        plan = self.plan
        if plan is None or not plan.ok or not (plan.changes or plan.already):
            return
        self.dismiss(plan)

    def action_cancel(self) -> None:
        self.dismiss(None)
