"""The main screen's keys: its bindings, its entries in the command palette, and when each applies
(an action that does not apply is greyed out in the footer and left out of the palette)."""
from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input

from ...core.secrets.detect import find_secrets
from ...widgets.entry_table import EntryTable
from .host import MainHost

BINDINGS = [
    Binding("q", "app.quit", "Quit"),
    Binding("question_mark", "app.help", "Help"),
    # shown in the toolbar; priority: what is typed right after them lands in their input
    Binding("slash", "focus_filter", "Filter", show=False, priority=True),
    Binding("p", "focus_query", "Preview", show=False, priority=True),
    Binding("a", "add", "Add"),
    Binding("e", "edit", "Edit"),
    Binding("d", "delete", "Delete"),
    Binding("x", "reveal", "Reveal"),
    Binding("P", "promote", "Promote"),
    Binding("A", "audit", "Audit"),
    Binding("t", "trash", "Trash"),
    Binding("R", "review", "Review"),
    Binding("T", "triage", "Triage"),
    Binding("h", "history", "History", show=False),   # (the detail says "h: history"; the help lists it)
    Binding("f", "cycle_filter", "Status filter", show=False),
    Binding("F", "clear_filters", "Clear filters", show=False),
    Binding("s", "sort", "Sort", show=False),
    Binding("S", "reverse_sort", "Reverse sort", show=False),
    Binding("1", "tab('detail')", "Detail", show=False),
    Binding("2", "tab('preview')", "Preview tab", show=False),
    Binding("3", "tab('log')", "Log", show=False),
    Binding("4", "tab('usage')", "Usage", show=False),
    Binding("ctrl+r", "rescan", "Rescan", show=False),
    Binding("escape", "back", "Back", show=False),
]

PALETTE = (   # (action on the main screen, palette title, help); shown only where the action applies
    ("clear_filters", "Filter: clear", "Show every entry"), ("audit", "Audit", "Findings by kind"),
    ("trash", "Trash", "Restore deleted entries"), ("add", "Add an entry", "Write a memory (gated)"),
    ("edit", "Edit the entry", "Open it in $EDITOR (gated)"), ("delete", "Delete…", "Move to the trash"),
    ("review", "Review new entries", "What the agent wrote since launch"),
    ("reveal", "Reveal secrets", "Show this entry's secrets"), ("rescan", "Rescan", "Read the folder now"),
    ("sort", "Sort by the next column", ""), ("reverse_sort", "Reverse the sort", ""),
    ("focus_query", "Preview a prompt", "What would be injected"),
    ("promote", "Promote…", "Into CLAUDE.md, AGENTS.md, … with a diff"),
    ("history", "History of the entry", "Every version and who read it, from the agent's record; restore one"),
)


def applies(screen: MainHost, action: str) -> bool | None:
    """True: the key works; None: shown greyed out (not for this entry, or not yet); False: not
    at all (a dialog is open, or '/' and 'p' were typed into an input)."""
    typing = action in ("focus_filter", "focus_query") and isinstance(screen.focused, Input)
    if screen.app.screen is not screen or typing:
        return False   # a dialog is open (its keys apply, the footer behind says so), or '/' 'p' typed as text
    i = screen.current_id() if screen.loaded else None
    table = screen.query_one(EntryTable)
    if action == "history":
        return True if i else None
    if action in ("delete", "promote", "edit"):
        return True if (i or (table.selected and action != "edit")) else None
    if action == "reveal":
        e = screen.snapshot.entries.get(i) if i else None
        return True if e is not None and e.text and find_secrets(e.text) else None
    if action == "review":
        return True if screen.writes.pending() else None
    if action in ("audit", "add", "trash", "rescan"):
        return True if screen.loaded else None
    return True
