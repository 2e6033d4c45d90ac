"""The human-readable `memtui list` table."""
from __future__ import annotations


from rich.console import Console

from . import console as make_console
from rich.table import Table
from rich.text import Text

from ..core.snapshots.memory import Memory
from .styles import DEFAULT



def age_text(days: int | None) -> str:
    if days is None:
        return "?"
    if days < 1:
        return "today"
    if days < 60:
        return f"{days}d"
    if days < 730:
        return f"{days // 30}mo"
    return f"{days // 365}y"


def print_list(mem: Memory, console: Console | None = None) -> None:
    # piped output would otherwise wrap at 80 columns and fold every id
    console = console or make_console(140)
    entries = mem.sorted_entries()
    if not entries:
        console.print(f"[dim]No memories in[/] {mem.dir} [dim]— the folder is empty.[/]")
        return
    own = mem.layout is not None and mem.layout.file_per_entry
    alone = None if own or mem.layout is None else mem.layout.folder_label(mem.dir, len(entries))
    title = f"{mem.dir}" if own else f"{mem.dir} · {alone}" if alone else \
        f"{mem.dir} · {mem.layout.agent} ({mem.layout_name} layout)"
    table = Table(title=title, title_justify="left", expand=False, pad_edge=False, box=None,
                  header_style="bold")
    id_width = min(max(len(e.id) for e in entries), 32)
    table.add_column("id", min_width=id_width, overflow="fold")
    for col in ("type", "source", "age", "anchor", "load"):
        table.add_column(col, no_wrap=True)
    table.add_column("paths", no_wrap=True, header_style="bold")
    table.add_column("notes", min_width=20, overflow="fold")
    counts: dict[str, int] = {}
    for e in entries:
        s = mem.status[e.id]
        if e.error:
            counts["unreadable"] = counts.get("unreadable", 0) + 1
            table.add_row(Text(e.id), "", "", age_text(s.age_days), Text("unreadable", DEFAULT.error), "",
                          "", Text(e.error, "red"))
            continue
        counts[s.anchor] = counts.get(s.anchor, 0) + 1
        notes = []
        if e.kind == "process":
            notes.append(Text("status (where the work stands: injected when matched)" if e.current
                              else "process (a log: shown, never injected)", DEFAULT.warning))
        if s.anchor in ("broken", "unsafe"):
            notes.append(Text(s.anchor_detail, DEFAULT.anchor(s.anchor)))
        if "old-unverifiable" in s.flags:
            notes.append(Text("old, unverifiable", DEFAULT.warning))
        notes += [Text(str(w), DEFAULT.warning) for w in e.warnings]
        mentioned = f"{len(s.mentioned)}" + (f" ({len(s.missing)} missing)" if s.missing else "") if s.mentioned else ""
        table.add_row(Text(e.id), e.type or "", e.source, age_text(s.age_days),
                      Text(s.anchor, DEFAULT.anchor(s.anchor)), Text(s.load, DEFAULT.load(s.load)),
                      Text(mentioned, DEFAULT.warning if s.missing else ""), Text("; ").join(notes))
    console.print(table)
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    idx = mem.index
    cut = ""
    if idx.exists and idx.cut_reason:
        cut = f" · MEMORY.md is cut after line {idx.cut_line} ({idx.cut_reason} limit)"
    elif not idx.exists and own:
        cut = " · no MEMORY.md index"
    other = sum(1 for f in mem.files if f.role == "other")
    if other:
        cut += f" · {other} file(s) not memory (see list --json)"
    if mem.root_files.unchecked:
        cut += f" · mentioned paths not checked: {mem.root_files.unchecked}"
    console.print(f"{len(entries)} entries: {summary}{cut} · anchors checked against {mem.root}")
