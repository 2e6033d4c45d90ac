"""The human-readable `memtui triage` report, and the parts the app's triage pass shows."""
from __future__ import annotations

import re

from rich.console import Console, Group
from rich.text import Text

from . import console as make_console
from ..core.reports.triage import ACTIONS, TESTS, Suggestion, TriageReport
from .listing import age_text
from .styles import DEFAULT, Styles

ACTION_STYLE = {"keep": "ok", "promote": "info", "archive": "warning", "edit": "warning", "drop": "dim", "review": "error"}


_BREAK = re.compile(r"[ \t]*[\r\n]+[ \t]*")


def one_line(reason: str) -> str:
    """A reason as one line: a quote of a memory's line may hold the paragraph's line breaks (a Cline
    file's 'ユーザーの特徴:\n必ずしも…'), which broke the bullet list in two, the rest unindented."""
    return _BREAK.sub(" ", reason.strip())


def action_style(action: str, styles: Styles = DEFAULT) -> str:
    return getattr(styles, ACTION_STYLE.get(action, "strong"))


def evidence_text(ev: dict) -> str:
    """'40d old · model · anchor none · injected 0 in 30 days, 3 in all (last 2026-10-02)'"""
    age = ev.get("age_days")
    parts = ["age unknown" if age is None else "written today" if age == 0 else f"{age_text(age)} old",
             str(ev.get("source")),
             f"anchor {ev.get('anchor')}"]
    if ev.get("never_injected_days") is not None:
        days = ev["never_injected_days"]
        parts.append(f"never injected in {days} days" if days >= 7 else "not injected yet")
    elif ev.get("injected_total"):
        last = (ev.get("last_injected") or "")[:10]
        parts.append(f"injected {ev['injected_30d']} in 30 days, {ev['injected_total']} in all (last {last})")
    else:
        parts.append("no injection log for this folder yet")
    if ev.get("read_total"):   # the agent's own record (its transcripts)
        parts.append(f"read {ev['read_30d']} in 30 days, {ev['read_total']} in all "
                     f"(last {(ev.get('last_read') or '')[:10]})")
    elif ev.get("read_30d") == 0:
        parts.append("never read in its transcripts")
    return " · ".join(parts)


def suggestion_renderable(s: Suggestion, styles: Styles = DEFAULT) -> Group:
    """One suggestion: the action and its test, the reasons, the evidence."""
    head = Text()
    head.append(s.action.upper(), style=action_style(s.action, styles))
    head.append("  ")
    if s.test is not None:
        head.append(f"test {s.test}: {TESTS[s.test]}", style=styles.strong)
    elif s.action == "review":
        head.append("a person must decide", style=styles.strong)
    elif s.action == "keep":
        head.append("passes all three tests", style=styles.strong)
    lines = [head]
    for r in s.reasons:
        lines.append(Text("  • " + one_line(r)))
    lines.append(Text("  " + evidence_text(s.evidence), style=styles.dim))
    return Group(*lines)


def file_renderable(f, styles: Styles = DEFAULT, title: bool = False) -> Group:
    """A file whose sections are entries, whole: its action, the sections that decide it. ``title``
    (under a section's own suggestion, in the app): one line, the file's action and its first reason."""
    head = Text()
    n = len(f.sections)
    if title:
        head.append(f"the whole file {f.file}" + (f" ({n} section{'' if n == 1 else 's'})" if n else "") + ": ",
                    style=styles.strong)
        head.append(f.action.upper(), style=action_style(f.action, styles))
        head.append(" — " + one_line((f.reasons or [""])[0]))
        return Group(head)
    head.append(f.action.upper(), style=action_style(f.action, styles))
    if n:   # (a profile the agent loads whole has no sections to count)
        head.append(f"  {n} section{'' if n == 1 else 's'}" + (f": {TESTS[f.test]}" if f.test is not None else ""),
                    style=styles.strong)
    return Group(head, *(Text("  • " + one_line(r)) for r in f.reasons))


def print_triage(report: TriageReport, console: Console | None = None) -> None:
    console = console or make_console(140)
    if not report.suggestions:
        console.print("[dim]No memories to triage — the folder is empty.[/]")
        return
    order = {a: i for i, a in enumerate(("review", "archive", "edit", "drop", "promote", "keep"))}
    for f in report.files:   # what the owner does with each file whose sections are entries, first
        console.print(Text(f"{f.file} (the whole file)", style="bold"))
        console.print(file_renderable(f))
    for s in sorted(report.suggestions, key=lambda s: (order[s.action], s.id)):
        console.print(Text(s.id, style="bold"))
        console.print(suggestion_renderable(s))
    console.print()
    line = report.summary_line()
    if report.files:   # the whole files' suggestions (printed first) are not among the entries' counts: said apart
        n = len(report.suggestions)
        line += (f" (the {n} entries); and " if n != 1 else " (the entry); and ") + ", ".join(
            f"{f.file} (the whole file): {f.action}" for f in report.files)
    console.print(line)
    if report.log_days is None:
        console.print("[dim]No injection log for this folder yet: run `memtui hook install` to "
                      "see what is used.[/]")
    console.print("[dim]Suggestions only: nothing was changed. Act on them in the app (T), or with delete, archive, "
                  "promote and your editor (edit: the lines named).[/]")


__all__ = ["ACTIONS", "file_renderable", "print_triage", "suggestion_renderable", "evidence_text", "action_style"]
