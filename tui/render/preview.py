"""The injection decision as one renderable, for `memtui preview` and the TUI's preview pane."""
from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core.secrets.detect import redact
from ..core.engine.decision import shown_points, signed_points
from ..core.engine.select import Decision
from ..core.judging.findings import safe_message
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


def contradicting(d: Decision, findings) -> dict[str, list[tuple[str, object]]]:
    """Injected entry id → (the injected entry ranked above it that it contradicts, the finding):
    the audit's sure conflicts (those the table flags) whose two sides are both injected. The
    engine injects them both; the preview says so."""
    rank = {c.id: n for n, c in enumerate(d.injected)}
    out: dict[str, list[tuple[str, object]]] = {}
    for f in findings or ():
        if f.kind != "conflict" or f.confidence == "possible":
            continue
        sides = sorted({x for x in (f.id, f.related, *(p.id for p in f.places)) if x in rank}, key=rank.get)
        for later in sides[1:]:
            out.setdefault(later, []).append((sides[0], f))
    return out


NAME_CELLS = 28   # the name beside an id, at most (a short form: the id leads)


def _plain(s: str) -> str:
    return "".join(ch for ch in s.casefold() if ch.isalnum())


def also_named(entry_id: str, name: str | None) -> str:
    """The entry's name as the table shows it, when the id does not already say it (a title in
    another language than the file's name, 'Deploy key' for deploy-key-location.md): cut to
    NAME_CELLS with '…', secrets masked. '' when the id's file name holds the name."""
    name = " ".join((name or "").split())
    stem = entry_id.rpartition("/")[2].rpartition("#")[0] or entry_id.rpartition("/")[2]
    stem = stem.rpartition(".")[0] or stem
    if not name or _plain(name) in _plain(stem):
        return ""
    name = redact(name)
    if cell_len(name) > NAME_CELLS:
        while cell_len(name) > NAME_CELLS - 1:
            name = name[:-1]
        name = name.rstrip() + "…"
    return f"“{name}”"


def decision_renderable(d: Decision, styles: Styles = DEFAULT, show_query: bool = False, conflicts=()) -> Group:
    """Ranked entries (rank, id, score, chars, then the reasons), exclusions, budget, the text.
    ``conflicts``: the audit's findings (or its conflicts): two injected entries it found
    contradicting each other get a warning line that names both."""
    parts: list = []
    clash = contradicting(d, conflicts)
    rank = {c.id: n for n, c in enumerate(d.injected, 1)}
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
            entry = Text(c.id, styles.strong)
            also = also_named(c.id, c.name)
            if also:
                entry.append(f"  {also}", styles.dim)
            t.add_row(Text(f"▶{n}", styles.injected), entry, shown_points(c.score), str(c.chars))
            reasons = reasons_text(c.reasons, styles)
            for other, f in clash.get(c.id, ()):
                reasons.append_text(Text.assemble(
                    "\n", (f"⚠ contradicts ▶{rank[other]} {other}", styles.warning),
                    f" — the model gets both; the audit: {safe_message(f)}"))
            t.add_row("", reasons, "", "")
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


def print_decision(d: Decision, console: Console | None = None, conflicts=()) -> None:
    (console or make_console(120)).print(decision_renderable(d, DEFAULT, show_query=True, conflicts=conflicts))
