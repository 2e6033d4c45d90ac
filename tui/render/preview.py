"""The human-readable `memtui preview`: ranked entries with reasons, exclusions, budget."""
from __future__ import annotations


from rich.console import Console

from . import console as make_console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core.secrets import redact
from ..core.select import Decision

REASON_STYLE = {"path": "bold cyan", "keyword": "green", "cap": "yellow", "source": "magenta"}
WHY_STYLE = {"anchor-broken": "bold red", "anchor-unsafe": "bold magenta", "superseded": "yellow",
             "count-limit": "dim", "char-limit": "yellow"}


def reasons_text(reasons) -> Text:
    out = Text()
    for i, r in enumerate(reasons):
        if i:
            out.append("  ")
        sign = f"{r.points:+d}" if r.points else "±0"
        out.append(f"{r.kind} ", REASON_STYLE.get(r.kind, ""))
        out.append(r.detail)
        out.append(f" {sign}", "dim")
    return out


def print_decision(d: Decision, mem=None, console: Console | None = None) -> None:
    console = console or make_console(120)
    console.print(Text.assemble(("Prompt: ", "bold"), redact(d.query)))
    if d.injected:
        console.print(Text(f"✔ {d.message}", "bold green"))
        table = Table(box=None, pad_edge=False, header_style="bold")
        table.add_column("#", justify="right")
        table.add_column("entry", no_wrap=True)
        table.add_column("score", justify="right")
        table.add_column("chars", justify="right")
        table.add_column("why", overflow="fold")
        for i, c in enumerate(d.injected, 1):
            table.add_row(str(i), c.id, str(c.score), str(c.chars), reasons_text(c.reasons))
        console.print(table)
    else:
        console.print(Text(f"○ {d.message}", "bold yellow"))
    if d.excluded:
        console.print(Text("\nNot injected", "bold"))
        table = Table(box=None, pad_edge=False, header_style="bold")
        table.add_column("entry", no_wrap=True)
        table.add_column("score", justify="right")
        table.add_column("why", no_wrap=True)
        table.add_column("detail", overflow="fold")
        for x in d.excluded:
            table.add_row(x.id, str(x.score), Text(x.why, WHY_STYLE.get(x.why, "")), x.detail)
        console.print(table)
        if d.more_excluded:
            console.print(Text(f"… and {d.more_excluded} more below the count limit", "dim"))
    budget = Text(f"\nBudget: {d.chars} of {d.limits['chars']} characters, ≈{d.tokens} tokens; "
                  f"{len(d.injected)} of at most {d.limits['count']} entries", "dim")
    console.print(budget)
    if d.text:
        console.print(Panel(Text(d.text), title="what the model receives", title_align="left",
                            border_style="dim"))
