"""HelpScreen: every key, grouped: the main screen's action table (``screens/main/keys``)."""
from __future__ import annotations

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


def key_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    """The groups the help shows: the action table's (keys.help_groups), then the command line."""
    from .main.keys import help_groups
    groups = help_groups()
    last = groups.pop() if groups and not groups[-1][0] else None   # the group-less rows (q) go last
    return groups + [COMMAND_LINE] + ([last] if last else [])


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
        for group, rows in key_groups():
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
