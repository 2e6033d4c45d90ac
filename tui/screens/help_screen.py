"""HelpScreen: every key, grouped."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..core.reading.discover import layout_samples

KEYS = [
    ("Moving", [("↑ ↓ / j k", "move in the table"), ("enter", "show the entry's detail"),
                ("tab / shift+tab", "next / previous pane"), ("/", "filter the table"),
                ("p", "type a prompt: preview what it would inject"), ("esc", "back to the table / clear")]),
    ("Views", [("1 2 3 4", "detail / preview / injection log / usage tab"), ("A", "audit: findings by kind"),
               ("t", "trash: restore deleted or archived entries"),
               ("R", "review entries the agent wrote since launch"),
               ("h", "history of the entry: every version (who, when, after which message, the diff) and who "
                     "read it, from the agent's record; r restores a version, after showing the diff"),
               ("T", "triage: each suggestion that is not keep — p promote, d drop, a archive, o open, n skip"),
               ("ctrl+p", "command palette (every action, themes)"), ("?", "this help")]),
    ("Filters", [("f", "cycle a status filter: broken, unsafe, old, findings, resident, beyond cut, new, "
                       "then each triage action"),
                 ("F", "clear status filters"), ("s / S", "sort by the next column / reverse")]),
    ("Curating", [("space", "select / unselect (for delete and promote)"), ("a", "add an entry (gated)"),
                  ("e", "edit the entry in $EDITOR (gated)"), ("d", "delete: to the trash, after confirming"),
                  ("P", "promote into an instruction file (CLAUDE.md, AGENTS.md…)"),
                  ("x", "reveal / hide this entry's secrets"), ("ctrl+r", "rescan the folder now")]),
    ("Folders", [("memtui DIR DIR…", "several agents' memory side by side (an agent column; ids AGENT:ID)"),
                 ("memtui sample:NAME", f"a bundled sample: {', '.join(layout_samples())}"),
                 ("--layout NAME", "force a layout instead of detecting it")]),
    ("", [("q", "quit")]),
]


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 1 2; }
    """
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Close")]

    def compose(self) -> ComposeResult:
        t = Table.grid(padding=(0, 2))
        t.add_column(style="bold", no_wrap=True)
        t.add_column()
        for group, rows in KEYS:
            if group:
                t.add_row(Text(group, "bold underline"), "")
            for k, v in rows:
                t.add_row(k, v)
            t.add_row("", "")
        with VerticalScroll():
            yield Static(Text("memtui — keys", "bold"))
            yield Static(t)
            yield Static(Text("The age column's letter says where the date comes from: T the agent's record "
                              "(transcripts), G git, F the frontmatter, L the injection log, ? the file's mtime "
                              "(a clone or a sync resets it).", "dim"))
            yield Static(Text("Nothing is ever deleted without a confirmation, and deleted entries go to the "
                              "trash. Secrets are masked everywhere until you press x.", "dim"))
