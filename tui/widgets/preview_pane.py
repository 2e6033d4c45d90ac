"""PreviewPane: what the typed prompt would inject, ranked with reasons; exclusions; budget."""
from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..core.select import Decision
from ..render.preview import WHY_STYLE, reasons_text

EMPTY = Text.assemble(("Type a prompt above", "bold"), " (press ", ("p", "bold"), ") to see which memories it would "
                      "inject into the agent's context, and why.", style="dim")


def render_decision(d: Decision, revealed: str | None = None) -> Group:
    parts: list = []
    if d.injected:
        parts.append(Text(f"✔ {d.message}", "bold green"))
        t = Table(box=None, pad_edge=False, expand=True, show_header=False)
        t.add_column(width=3)
        t.add_column(ratio=1)
        for i, c in enumerate(d.injected, 1):
            t.add_row(Text(f"▶{i}", "bold green"), Text.assemble((c.id, "bold"), f"  score {c.score} · {c.chars} chars"))
            t.add_row("", reasons_text(c.reasons))
        parts.append(t)
    else:
        parts.append(Text(f"○ {d.message}", "bold yellow"))
    budget = Text(f"budget: {d.chars} / {d.limits['chars']} characters · ≈{d.tokens} tokens · "
                  f"{len(d.injected)} / {d.limits['count']} entries", "dim")
    parts.append(budget)
    if d.excluded:
        parts.append(Text("\nnot injected", "bold"))
        for x in d.excluded:
            parts.append(Text.assemble(f"  {x.id}  ", (x.why, WHY_STYLE.get(x.why, "")), f"  {x.detail}",
                                       (f"  (score {x.score})", "dim")))
        if d.more_excluded:
            parts.append(Text(f"  … and {d.more_excluded} more below the count limit", "dim"))
    if d.text:
        parts.append(Panel(Text(d.text), title="what the model receives", title_align="left", border_style="dim"))
    return Group(*parts)


class PreviewPane(VerticalScroll):
    DEFAULT_CSS = """
    PreviewPane { padding: 0 1; }
    """

    def compose(self):
        yield Static(EMPTY, id="preview-body")

    def show(self, decision: Decision | None) -> None:
        body = self.query_one("#preview-body", Static)
        body.update(EMPTY if decision is None else render_decision(decision))
