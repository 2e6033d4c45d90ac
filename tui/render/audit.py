"""The human-readable `memtui audit`: findings grouped by kind, errors first."""
from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..core.judging.findings import AuditReport, group_severity, safe_message
from ..core.judging.findings import kind_title
from . import console as make_console
from .styles import DEFAULT



def print_audit(rep: AuditReport, console: Console | None = None) -> None:
    con = console or make_console(120)
    if not rep.findings:
        con.print(Text(f"✔ No findings in {rep.entries} entries — nothing here is unsafe to share.", DEFAULT.injected))
        return
    for kind, count in rep.by_kind.items():
        items = [x for x in rep.findings if x.kind == kind]
        sev = group_severity(items)
        con.print(Text.assemble((f"{sev.upper():7} ", DEFAULT.severity(sev)), (f"{kind_title(kind)}", "bold"),
                                (f"  {kind} ×{count}", "dim")))
        same_fix = len({f.fix for f in items}) == 1 and len(items) > 1
        for f in items:
            where = f.id or "(folder)"
            if f.line:
                where += f":{f.line}"
            sure = ("  (possible: check it)", "dim italic") if f.confidence == "possible" else ""
            con.print(Text.assemble("  ", (where, "bold"), "  ", safe_message(f), sure), highlight=False)
            if f.fix and not same_fix:
                con.print(Text(f"      → {f.fix}", "dim"), highlight=False)
        if same_fix and items[0].fix:
            con.print(Text(f"  → {items[0].fix}", "dim"), highlight=False)
        con.print()
    parts = ", ".join(f"{n} {k}" for k, n in rep.by_kind.items())
    con.print(Text(f"{len(rep.findings)} findings in {rep.entries} entries: {parts}", "bold"))
