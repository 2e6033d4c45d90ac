"""PreviewPane: what the typed prompt would inject, ranked with reasons; exclusions; budget."""
from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..core.engine.select import Decision
from ..render.preview import decision_renderable
from ..render.styles import DEFAULT, Styles
from .pane_keys import PANE_KEYS

EMPTY = Text.assemble(("Type a prompt above", "bold"), " (press ", ("p", "bold"), ") to see which memories it would "
                      "inject into the agent's context, and why.", style="dim")


class PreviewPane(VerticalScroll):
    BINDINGS = PANE_KEYS   # (j k g G space, once it has the focus)
    DEFAULT_CSS = """
    PreviewPane { padding: 0 1; }
    """

    def compose(self):
        yield Static(EMPTY, id="preview-body")

    decision: Decision | None = None   # what is shown (for tests and the palette)

    def show(self, decision: Decision | None, styles: Styles = DEFAULT, error: str = "", conflicts=()) -> None:
        """The decision; with ``error``, why there is none (the preview failed: said, not a crash);
        ``conflicts``: the audit's findings, for a warning on two injected entries that contradict."""
        self.decision = decision
        body = self.query_one("#preview-body", Static)
        if error:
            body.update(Text.assemble(("The preview failed: ", styles.error), error,
                                      "\nType on, or press ctrl+r to read the folder again."))
            return
        body.update(EMPTY if decision is None else decision_renderable(decision, styles, conflicts=conflicts))
