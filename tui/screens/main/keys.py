"""The main screen's one table of actions: its key bindings, its footer (and what the footer keeps at
narrow widths), its command palette entries and the help screen's lines are all made from ``ACTIONS``
— adding a key to the app is adding a row. ``applies`` says when each applies (an action that does
not apply is greyed out in the footer and left out of the palette)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.binding import Binding

from ...core.secrets.detect import find_secrets

ALWAYS, WIDE, NO = "always", "wide", "no"   # the footer shows it: at any width / when it fits / never


@dataclass(frozen=True)
class Action:
    """One row: a key, what it does, and where it is told.

    ``keys``: Textual key names ("" for an action reached from the palette only); ``action``: the
    screen's action ("" for a key another widget binds, such as the table's j and k: listed for the
    help, bound there); ``label``: the footer's word; ``help``: the help screen's line, under
    ``group``; ``footer``: ALWAYS (kept at 80 columns), WIDE (shown when there is room) or NO;
    ``palette``: its title in ctrl+p ("" : not there) with ``palette_help``; ``shown``: how the help
    writes the keys (default: the keys themselves)."""

    keys: str
    action: str
    label: str
    help: str
    group: str
    footer: str = NO
    palette: str = ""
    palette_help: str = ""
    priority: bool = False
    shown: str = ""


MOVING, VIEWS, FILTERS, CURATING = "Moving", "Views", "Filters", "Curating"

ACTIONS = (
    # -- the footer's order is this table's order ------------------------------------------------
    Action("q", "app.quit", "Quit", "quit", "", ALWAYS),
    Action("question_mark", "app.help", "Help", "this help: every key", VIEWS, ALWAYS, "Keys", "Every key", shown="?"),
    Action("a", "add", "Add", "add an entry (through the same gates as memtui remember)", CURATING, ALWAYS,
           "Add an entry", "Write a memory (gated)"),
    Action("e", "edit", "Edit", "edit the entry in $EDITOR (gated; saving sets updated:)", CURATING, ALWAYS,
           "Edit the entry", "Open it in $EDITOR (gated)"),
    Action("d", "delete", "Delete", "delete: to the trash, after a confirmation that lists every file and line",
           CURATING, ALWAYS, "Delete…", "Move to the trash"),
    Action("x", "reveal", "Reveal", "reveal / hide this entry's secrets (until you move away)", CURATING, WIDE,
           "Reveal secrets", "Show this entry's secrets"),
    Action("P", "promote", "Promote", "promote into an instruction file (CLAUDE.md, AGENTS.md…) with a diff",
           CURATING, WIDE, "Promote…", "Into CLAUDE.md, AGENTS.md, … with a diff"),
    Action("A", "audit", "Audit", "audit: one line per cause, by kind (enter: the entry; a: possible ones)", VIEWS,
           ALWAYS, "Audit", "Findings by kind"),
    Action("t", "trash", "Trash", "trash: restore deleted or archived entries", VIEWS, WIDE,
           "Trash", "Restore deleted entries"),
    Action("R", "review", "Review", "review the entries the agent wrote since launch (NEW), one by one", VIEWS,
           ALWAYS, "Review new entries", "What the agent wrote since launch"),
    Action("T", "triage", "Triage", "triage: each suggestion that is not keep — p promote, d drop, a archive, "
           "e edit the named line, k keep it (your decision, until the file changes), o open, n skip", VIEWS, ALWAYS, "Triage", "A suggested action per entry, one at a time"),
    Action("h", "history", "History", "history of the entry: every version (who, when, after which message, "
           "the diff) and who read it, from the agent's record; r restores a version after showing the diff",
           VIEWS, NO, "History of the entry", "Every version and who read it, from the agent's record"),
    # -- not in the footer: the table's own keys (bound by EntryTable and VirtualTable), then the rest
    Action("", "", "", "move in the table", MOVING, shown="↑ ↓  j k"),
    Action("", "", "", "first / last entry", MOVING, shown="g G"),
    Action("", "", "", "show the entry's detail", MOVING, shown="enter"),
    Action("", "", "", "next / previous pane", MOVING, shown="tab  shift+tab"),
    # -- the toolbar shows these two; priority: what is typed right after them lands in their input
    Action("slash", "focus_filter", "Filter", "filter the table by text (enter keeps it, esc clears it)",
           MOVING, priority=True, shown="/"),
    Action("p", "focus_query", "Preview", "type a prompt: preview what it would inject, and why", MOVING,
           priority=True, palette="Preview a prompt", palette_help="What would be injected"),
    Action("escape", "back", "Back", "back to the table; on the table, clear the filters", MOVING, shown="esc"),
    Action("1", "tab('detail')", "Detail", "the detail tab", VIEWS),
    Action("2", "tab('preview')", "Preview tab", "the preview tab", VIEWS),
    Action("3", "tab('log')", "Log", "the injection log tab: what the hook did, live", VIEWS),
    Action("4", "tab('usage')", "Usage", "the usage tab: injections per week, entries never used", VIEWS),
    Action("plus", "grow_panes", "Bigger pane", "more room for the detail / preview (remembered)", VIEWS,
           palette="Panes: bigger detail", palette_help="More room for the detail and preview", shown="+"),
    Action("minus", "shrink_panes", "Smaller pane", "more room for the table (remembered)", VIEWS,
           palette="Panes: bigger table", palette_help="More room for the table", shown="-"),
    Action("", "", "", "command palette: every action, themes", VIEWS, shown="ctrl+p"),
    Action("f", "cycle_filter", "Status filter", "cycle a status filter: broken, unsafe, old, findings, "
           "resident, beyond cut, new, then each triage action", FILTERS),
    Action("F", "clear_filters", "Clear filters", "clear the status filters", FILTERS,
           palette="Filter: clear", palette_help="Show every entry"),
    Action("s", "sort", "Sort", "sort by the next column", FILTERS, palette="Sort by the next column"),
    Action("S", "reverse_sort", "Reverse sort", "reverse the sort", FILTERS, palette="Reverse the sort"),
    Action("", "", "", "select / unselect (for delete and promote)", CURATING, shown="space"),
    Action("ctrl+r", "rescan", "Rescan", "read the folder and re-check every anchor now", CURATING,
           palette="Rescan", palette_help="Read the folder now"),
    Action("", "install_hook", "", "then 'Install the Claude Code hook' in the palette: wires Claude Code's hook "
           "(as memtui hook install does)", CURATING,
           palette="Install the Claude Code hook", palette_help="Inject memories into prompts; gate the agent's "
           "memory writes (memtui hook install)", shown="ctrl+p"),
)


def bindings() -> list[Binding]:
    """The main screen's bindings: every row with both a key and an action of its own."""
    return [Binding(a.keys, a.action, a.label, show=a.footer != NO, priority=a.priority)
            for a in ACTIONS if a.keys and a.action]


BINDINGS = bindings()
NARROW_HIDDEN = frozenset(a.action for a in ACTIONS if a.footer == WIDE)   # what a narrow footer leaves out


def palette() -> list[tuple[str, str, str]]:
    """(action, title, help) of every row the command palette lists, in the table's order."""
    return [(a.action, a.palette, a.palette_help) for a in ACTIONS if a.palette]


def help_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    """The help screen's groups of (keys as shown, what they do), in the table's order."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for a in ACTIONS:
        groups.setdefault(a.group, []).append((a.shown or a.keys, a.help))
    return [(g, groups.pop(g)) for g in (MOVING, VIEWS, FILTERS, CURATING, "") if g in groups]


@dataclass(frozen=True)
class KeyState:
    """What decides which keys apply, as the screen is now (it makes one for ``check_action``)."""

    dialog: bool            # another screen than the command palette is on top
    typing: bool            # an input has the focus
    current: str | None     # the entry under the cursor (None before the first reading)
    selected: bool          # entries are selected (space)
    snapshot: Any           # the reading shown (None before the first)
    writes: Any             # AgentWrites: what the agent wrote that is not reviewed yet
    triage_ready: bool      # the triage of the last audit is made


def state_of(screen) -> KeyState:
    """The main screen's KeyState as it is now."""
    from textual.command import CommandPalette
    from textual.widgets import Input
    from ...widgets.entry_table import EntryTable
    top, table = screen.app.screen, screen.query_one(EntryTable)
    return KeyState(top is not screen and not isinstance(top, CommandPalette), isinstance(screen.focused, Input),
                    table.current_id() if screen.loaded else None, bool(table.selected), screen.snapshot,
                    screen.writes, screen.triaged.report is not None)


def applies(action: str, s: KeyState) -> bool | None:
    """True: the key works; None: shown greyed out (not for this entry, or not yet); False: not
    at all (a dialog is open, or '/' and 'p' were typed into an input)."""
    typing = action in ("focus_filter", "focus_query") and s.typing
    if s.dialog or typing:   # (the command palette asks while it is itself on top: its entries still apply)
        return False   # a dialog is open (its keys apply, the footer behind says so), or '/' 'p' typed as text
    i = s.current
    if action == "history":
        return True if i else None
    if action == "promote" and not s.selected and i and not _readable(s.snapshot, i):
        return None   # nothing could be read to promote: the key says so (why_not), the dialog never opens
    if action in ("delete", "promote", "edit"):
        return True if (i or (s.selected and action != "edit")) else None
    if action == "reveal":
        e = s.snapshot.entries.get(i) if i else None
        return True if e is not None and e.text and find_secrets(e.text) else None
    if action == "review":
        return True if s.writes.pending() else None
    if action == "triage":
        return True if s.triage_ready else None
    if action in ("audit", "add", "trash", "rescan"):
        return True if s.snapshot is not None else None
    return True


def _readable(snapshot: Any, entry_id: str) -> bool:
    e = snapshot.entries.get(entry_id) if snapshot is not None else None
    return e is None or e.readable


_VERB = {"edit": "edit", "delete": "delete", "reveal": "reveal", "promote": "promote", "history": "show the history of",
         "review": "review", "triage": "triage"}
ENTRY_KEYS = {a.keys: a.action for a in ACTIONS if a.action in _VERB}   # key -> action: e, d, x, P, h, R, T


def why_not(action: str, s: KeyState) -> str | None:
    """What a greyed-out key says when it is pressed anyway (k9s and lazygit say why instead of
    doing nothing): None when the key applies, or is not one of these keys."""
    verb = _VERB.get(action)
    if verb is None or s.typing or applies(action, s) is not None:
        return None   # (a letter typed into the filter or the prompt is text, not a key)
    snap = s.snapshot
    if snap is None:
        return f"Nothing to {verb} yet: the folder is still being read"
    if action == "review":   # R works on what the agent writes while memtui is open, whatever the folder holds
        return ("Nothing to review: the agent has written no memory since memtui opened (what it writes "
                "shows up marked NEW, then R goes through it)")
    if action == "triage" and snap.entries:
        return ("Triage is not ready yet: it follows the audit, still running (its counts show under the "
                "filter when done)")
    if not snap.entries:
        return f"Nothing to {verb}: the folder is empty — a adds one"
    if s.current is None:
        return f"Nothing to {verb}: no entry selected (the filter shows none; esc clears it)"
    e = snap.entries.get(s.current)
    if action == "promote" and e is not None and not e.readable:
        return f"{s.current} cannot be promoted: it is unreadable ({e.error}), so there is no text to move"
    if action == "reveal":
        return f"{s.current} holds no secret to reveal"
    return None
