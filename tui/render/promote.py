"""The promotion plan as one renderable (where, refusals, the exact diff, the budget), for
`memtui promote` and the TUI's promote dialog."""
from __future__ import annotations

from rich.console import Console, Group
from rich.syntax import Syntax
from rich.text import Text

from ..core.writes.promote import Promotion
from ..core.secrets.detect import redact
from . import console as make_console
from .styles import DEFAULT, Styles


def plan_renderable(plan: Promotion, styles: Styles = DEFAULT, title: bool = False) -> Group:
    parts: list = []
    if title:
        parts.append(Text(f"Promote into {plan.rel}" + ("" if plan.exists else " (a new file)"), styles.strong))
    for f in plan.refused:
        parts.append(Text(f"refused — {f.id or plan.rel}: {f.kind}: {redact(f.message)}", styles.error))
        if f.fix:
            parts.append(Text(f"    {f.fix}", styles.dim))
    for i, where in plan.already.items():
        parts.append(Text(f"{i}: already in {where} — nothing added", styles.warning))
    for w in plan.warnings:
        parts.append(Text(w, styles.dim))
    if plan.diff:
        parts.append(Syntax(redact(plan.diff), "diff", theme="ansi_dark", background_color="default", word_wrap=True))
    elif plan.ok:
        parts.append(Text("No change to the file.", styles.dim))
    for b in plan.budget:
        parts.append(Text(b, f"bold {styles.warning}" if "OVER" in b else styles.dim))
    return Group(*parts)


def print_plan(plan: Promotion, console: Console | None = None) -> None:
    (console or make_console(120)).print(plan_renderable(plan, DEFAULT, title=True))
