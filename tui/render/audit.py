"""The human-readable `memtui audit`: one line per cause, grouped by kind, errors first.

A finding whose cause shows in several places is printed once, its places under it (a few, then
how many more). Possible findings (less certain: resting on wording, or a path that may be another
repository's) are folded into one closing line unless ``show_all``: what a person reads first is what is worth acting on.
"""
from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..core.judging.findings import AuditReport, by_confidence, folded_note, group_severity, safe_message
from ..core.judging.findings import kind_title, lines_said, place_label, safe_text
from . import console as make_console
from .styles import DEFAULT

PLACES_SHOWN = 5   # a cause's places printed under it; the rest are counted (JSON has them all)


def print_audit(rep: AuditReport, console: Console | None = None, show_all: bool = False) -> None:
    con = console or make_console(120)
    if not rep.findings and not rep.entries:
        con.print(Text("No memories in this folder yet: nothing to audit.", "dim"))
        return
    if not rep.findings:
        con.print(Text(f"✔ No findings in {rep.entries} entries — nothing here is unsafe to share.", DEFAULT.injected))
        _unchecked(con, rep)
        return
    shown, folded = (rep.findings, []) if show_all else by_confidence(rep.findings)
    by_kind: dict[str, list] = {}
    for f in shown:
        by_kind.setdefault(f.kind, []).append(f)
    for kind, items in by_kind.items():
        sev = group_severity(items)
        con.print(Text.assemble((f"{sev.upper():7} ", DEFAULT.severity(sev)), (f"{kind_title(kind)}", "bold"),
                                (f"  {kind} ×{len(items)}", "dim")))
        same_fix = len({f.fix for f in items}) == 1 and len(items) > 1
        for f in items:
            where = f.id or "(folder)"
            if f.line:
                where += f":{f.line}"
            sure = ("  (possible: check it)", "dim italic") if f.confidence == "possible" else ""
            con.print(Text.assemble("  ", (where, "bold"), "  ", safe_message(f), sure), highlight=False)
            _places(con, f)
            if f.fix and not same_fix:
                con.print(Text(f"      → {f.fix}", "dim"), highlight=False)
        if same_fix and items[0].fix:
            con.print(Text(f"  → {items[0].fix}", "dim"), highlight=False)
        con.print()
    # files that could not be read were only scanned for secrets: no green check over them
    unread = [] if any(f.kind == "unreadable" for f in shown) else sorted(
        {f.id for f in rep.findings if f.kind == "unreadable" and f.id})
    if not shown and not unread:
        con.print(Text(f"✔ No high-confidence findings in {rep.entries} entries.", DEFAULT.injected))
    elif unread:
        con.print(Text(f"⚠ {'No high-confidence findings, but ' if not shown else ''}{len(unread)} of {rep.entries} "
                       f"files could not be read as memories (only scanned for secrets): {_names(unread)} — --all "
                       "says why", DEFAULT.warning), highlight=False)
    if folded:
        con.print(Text(folded_note(folded, "--all shows them", width=con.width), "dim italic"), highlight=False)
    counts: dict[str, int] = {}
    for f in shown:
        counts[f.kind] = counts.get(f.kind, 0) + 1
    parts = ", ".join(f"{n} {k}" for k, n in counts.items())
    if shown:
        con.print(Text(f"{len(shown)} finding{'' if len(shown) == 1 else 's'} in {rep.entries} entries: {parts}", "bold"))
    _unchecked(con, rep)


def _unchecked(con: Console, rep: AuditReport) -> None:
    """Say that the paths the entries name were not checked, and how to check them."""
    if rep.unchecked:
        con.print(Text(f"Paths not checked: {rep.unchecked}. --root sets the project the memories are about.",
                       "dim italic"), highlight=False)


def _names(ids: list[str], most: int = 5) -> str:
    return ", ".join(ids[:most]) + (f" and {len(ids) - most} more" if len(ids) > most else "")


def _places(con: Console, f) -> None:
    """A cause's places under it: each with what is there, or, when the same is said of each, where
    in one line."""
    if not f.places:
        return
    if len({p.note for p in f.places}) == 1:
        con.print(Text.assemble("      ", (lines_said(f, 3 * PLACES_SHOWN), "bold")), highlight=False)
        return
    for p in f.places[:PLACES_SHOWN]:
        con.print(Text.assemble("      ", (place_label(p, f), "bold"), "  ", safe_text(p.note)), highlight=False)
    if len(f.places) > PLACES_SHOWN:
        con.print(Text(f"      … and {len(f.places) - PLACES_SHOWN} more (--format json lists them all)", "dim"),
                  highlight=False)
