"""The injection decision as one renderable, for `memtui preview` and the TUI's preview pane."""
from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core.secrets.detect import redact
from ..core.engine.decision import shown_points, signed_points
from ..core.engine.select import Decision
from . import console as make_console
from .styles import DEFAULT, Styles


def reasons_text(reasons, styles: Styles = DEFAULT) -> Text:
    """One reason per line, so that none is broken in the middle of its phrase."""
    out = Text()
    for i, r in enumerate(reasons):
        if i:
            out.append("\n")
        sign = signed_points(r.points)
        out.append_text(Text.assemble((f"{r.kind} ", styles.reason(r.kind)), r.detail, (f" {sign}", styles.dim)))
    return out


def decision_renderable(d: Decision, styles: Styles = DEFAULT, show_query: bool = False) -> Group:
    """Ranked entries (rank, id, score, chars, then the reasons), exclusions, budget, the text."""
    parts: list = []
    if show_query:
        parts.append(Text.assemble(("Prompt: ", styles.strong), redact(d.query)))
    if d.injected:
        parts.append(Text(f"✔ {d.message}", styles.injected))
        t = Table(box=None, pad_edge=False, expand=True, header_style=styles.strong, show_edge=False)
        t.add_column("#", width=3, no_wrap=True)
        t.add_column("entry", ratio=1, overflow="fold")
        t.add_column("score", justify="right", width=5, no_wrap=True)
        t.add_column("chars", justify="right", width=5, no_wrap=True)
        for n, c in enumerate(d.injected, 1):
            t.add_row(Text(f"▶{n}", styles.injected), Text(c.id, styles.strong), shown_points(c.score), str(c.chars))
            t.add_row("", reasons_text(c.reasons, styles), "", "")
        parts.append(t)
    else:
        parts.append(Text(f"○ {d.message}", styles.warning))
    parts.append(Text(f"Budget: {d.chars} of {d.limits['chars']} characters, ≈{d.tokens} tokens; "
                      f"{len(d.injected)} of at most {d.limits['count']} entries", styles.dim))
    if d.excluded:
        parts.append(Text("\nNot injected", styles.strong))
        t = Table(box=None, pad_edge=False, expand=True, header_style=styles.strong, show_edge=False)
        t.add_column("#", width=3, no_wrap=True)
        t.add_column("entry", ratio=1, overflow="fold")
        t.add_column("score", justify="right", width=5, no_wrap=True)
        t.add_column("why", ratio=2, overflow="fold")
        for x in d.excluded:
            t.add_row("", x.id, shown_points(x.score), Text.assemble((x.why, styles.excluded(x.why)), f"  {x.detail}"))
        parts.append(t)
        if d.more_excluded:
            parts.append(Text(f"… and {d.more_excluded} more below the count limit", styles.dim))
    if d.text:
        parts.append(Panel(Text(d.text), title="what the model receives", title_align="left",
                           border_style=styles.dim))
    return Group(*parts)


def print_decision(d: Decision, console: Console | None = None) -> None:
    (console or make_console(120)).print(decision_renderable(d, DEFAULT, show_query=True))
