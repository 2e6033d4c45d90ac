"""HelpScreen: every key, grouped: the main screen's action table (``screens/main/keys``)."""
from __future__ import annotations

import re

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..core.reading.discover import layout_samples

# what is not a key of the app: how to open it on other folders, and the hook
COMMAND_LINE = ("From the command line", [
    ("memtui DIR DIR…", "several agents' memory side by side (an agent column; ids AGENT:ID)"),
    ("memtui sample:NAME", f"a bundled sample: {', '.join(layout_samples())}"),
    ("--layout NAME", "force a layout instead of detecting it"),
    ("memtui hook install", "wire Claude Code's hook: each prompt gets the memories that match it"),
    ("memtui --help", "every command, each with an example")])


# the words of the table's columns, which a newcomer meets before any key (README: "anchor", "load")
COLUMN_WORDS = [
    ("anchor", "a quote from a project file that the entry rests on, checked at each reading: verified (found), "
               "broken (the quote or the file is gone: never injected), unsafe (it points outside the project), "
               "none (the entry has no anchor), unreadable (the file itself could not be read)"),
    ("load", "when the agent reads it: resident (at every session start: listed in the first 200 lines of "
             "MEMORY.md, or a file the agent always loads), beyond cut (listed in MEMORY.md past the 200 lines "
             "Claude Code loads: never seen at start), on-demand (only when the agent opens it)"),
    ("flags", "what else is wrong: a finding of the audit (A), NEW from the agent (R); the possible findings are "
              "flagged in the detail and the audit only"),
]


def _columns() -> Table:
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold", no_wrap=True, min_width=21)
    t.add_column()
    t.add_row(Text("The table's columns", "bold underline"), "")
    for word, meaning in COLUMN_WORDS:
        t.add_row(word, meaning)
    t.add_row("", "")
    return t



def key_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    """The groups the help shows: the action table's (keys.help_groups), then the command line."""
    from .main.keys import help_groups
    groups = help_groups()
    last = groups.pop() if groups and not groups[-1][0] else None   # the group-less rows (q) go last
    return groups + [COMMAND_LINE] + ([last] if last else [])


def view_keys(screen) -> tuple[str, list[tuple[str, str]]] | None:
    """The keys of the view ``?`` was pressed on, when it is not the main screen: the triage pass's
    ``a`` archives and the review's ``k`` keeps, where the main screen's add and move up — the help
    lists them first, under the view's name, so it never tells a key of another screen."""
    bindings = [b for b in getattr(screen, "BINDINGS", []) if isinstance(b, Binding) and b.description]
    if not bindings:
        return None
    name = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(screen).__name__.removesuffix("Screen")).lower() or "this view"
    pretty = {"escape": "esc", "question_mark": "?", "space": "space", "enter": "enter"}
    rows = [("  ".join(pretty.get(k.strip(), k.strip()) for k in b.key.split(",")), b.description)
            for b in bindings]
    return f"In this view ({name})", rows


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 1 2; }
    """
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Close")]

    def __init__(self, view=None) -> None:
        """``view``: the screen ``?`` was pressed on, when it is not the main one (its keys first)."""
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        t = Table.grid(padding=(0, 2))
        t.add_column(style="bold", no_wrap=True)
        t.add_column()
        here = view_keys(self.view) if self.view is not None else None
        groups = key_groups()
        if here is not None:   # this view's keys, and how to reach the others: not the main view's, which differ
            groups = [here]
        for group, rows in groups:
            if group:
                t.add_row(Text(group, "bold underline"), "")
            for k, v in rows:
                t.add_row(k, v)
            t.add_row("", "")
        with VerticalScroll():
            yield Static(Text("memtui — keys", "bold"))
            yield Static(t)
            if here is not None:
                yield Static(Text("On the main view, ? lists every key of the app.", "dim"))
            if here is None:   # the table's words, where the table is
                yield Static(_columns())
                yield Static(Text("The age column's letter says where the date comes from: T the agent's record "
                                  "(transcripts), G git, F the frontmatter, L the injection log, ? the file's "
                                  "mtime (a clone or a sync resets it).", "dim"))
            yield Static(Text("Nothing is ever deleted without a confirmation, and deleted entries go to the "
                              "trash. Secrets are masked everywhere until you press x.", "dim"))
