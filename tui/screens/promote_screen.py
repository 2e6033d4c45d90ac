"""PromoteScreen: choose the instruction file, see the exact diff and the budget, confirm."""
from __future__ import annotations

from rich.console import Group
from rich.syntax import Syntax
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select, Static

from ..core.memory import Memory
from ..core.promote import KNOWN_TARGETS, Promotion, TargetChanged, apply_promotion, plan_promotion
from ..core.secrets import redact

OTHER = "__other__"


def render_plan(plan: Promotion) -> Group:
    parts: list = []
    for f in plan.refused:
        parts.append(Text(f"refused — {f.id or plan.rel}: {f.kind}: {redact(f.message)}", "bold red"))
    for i, where in plan.already.items():
        parts.append(Text(f"{i}: already in {where} — nothing added", "yellow"))
    for w in plan.warnings:
        parts.append(Text(w, "dim"))
    if plan.diff:
        parts.append(Syntax(redact(plan.diff), "diff", theme="ansi_dark", background_color="default", word_wrap=True))
    elif plan.ok:
        parts.append(Text("No change to the file.", "dim"))
    for b in plan.budget:
        parts.append(Text(b, "bold yellow" if "OVER" in b else "dim"))
    return Group(*parts)


class PromoteScreen(ModalScreen[list[str] | None]):
    """Dismisses with the promoted entry ids (for the separate offer to trash them), or None."""

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

    def __init__(self, memory: Memory, ids: list[str]) -> None:
        super().__init__()
        self.memory, self.ids = memory, ids
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
        self.query_one("#promote-other", Input).display = False
        self.query_one("#promote-cancel", Button).focus()
        self.replan()

    def target(self) -> str:
        value = self.query_one("#promote-target", Select).value
        if value == "cursor":
            first = self.memory.entries.get(self.ids[0])
            from ..core.write import slug
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
            body.update(render_plan(self.plan))
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
        try:
            notes = apply_promotion(self.memory, plan)
        except TargetChanged as e:
            self.notify(str(e), severity="error", timeout=10)
            self.replan()   # show the diff against what is there now
            return
        except OSError as e:
            self.notify(f"Could not write {plan.rel}: {e}", severity="error")
            return
        for n in notes:
            self.notify(n, timeout=5)
        self.dismiss(plan.added + list(plan.already))

    def action_cancel(self) -> None:
        self.dismiss(None)
