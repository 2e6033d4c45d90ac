"""The promotion plan, for a person: where, the exact diff, the budget, refusals."""
from __future__ import annotations

from rich.console import Console
from rich.syntax import Syntax
from rich.text import Text

from ..core.promote import Promotion
from ..core.secrets import redact
from . import console as make_console


def print_plan(plan: Promotion, console: Console | None = None) -> None:
    con = console or make_console(120)
    con.print(Text(f"Promote into {plan.rel}" + ("" if plan.exists else " (a new file)"), "bold"))
    for f in plan.refused:
        con.print(Text(f"  refused — {f.id or plan.rel}: {f.kind}: {redact(f.message)}", "bold red"))
        if f.fix:
            con.print(Text(f"      {f.fix}", "dim"))
    for i, where in plan.already.items():
        con.print(Text(f"  {i}: already in {where} — nothing added", "yellow"))
    for w in plan.warnings:
        con.print(Text(f"  {w}", "dim"))
    if plan.diff:
        con.print(Syntax(redact(plan.diff), "diff", theme="ansi_dark", background_color="default"))
    elif plan.ok:
        con.print(Text("  no change to the file", "dim"))
    for b in plan.budget:
        con.print(Text(f"  {b}", "bold yellow" if "OVER" in b else "dim"))
