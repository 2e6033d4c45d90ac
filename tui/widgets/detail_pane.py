"""DetailPane: one entry, drawn by ``render.entry`` (which masks secrets unless the person revealed
this entry), with the triage's suggestion and the entry's injections per week.

Two orders. The main screen's (``entry_first``): what the entry is first (its name, who wrote it,
its description and body), then the suggestion and one line of weekly bars, then what was checked
of it (anchor, findings, fields) — a person reads what a memory says before the verdict on it.
The triage pass's and the review's (the default): the suggestion on top, the bars under it, then
the entry whole — there the verdict is what is being decided."""
from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Sparkline, Static

from ..core.reading.entry import MemoryEntry
from ..core.judging.findings import Finding
from ..core.judging.status import EntryStatus
from ..render.entry import entry_sections, render_entry
from ..render.styles import DEFAULT, Styles
from ..render.usage import weekly_line
from .pane_keys import PANE_KEYS


class DetailPane(VerticalScroll):
    BINDINGS = PANE_KEYS   # (j k g G space, once it has the focus)
    DEFAULT_CSS = """
    DetailPane { padding: 0 1; }
    DetailPane > #detail-body { width: 1fr; }
    DetailPane > #detail-triage { margin-bottom: 1; }
    DetailPane > #detail-usage { height: 2; margin-bottom: 1; }
    DetailPane > #detail-usage-label { height: 1; color: $text-muted; }
    DetailPane.-usage > #detail-triage { margin-bottom: 0; }
    DetailPane.-entry-first > #detail-triage { margin-top: 1; margin-bottom: 0; }
    DetailPane > .-hidden { display: none; }
    """

    def __init__(self, *, entry_first: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entry_first = entry_first
        self.set_class(entry_first, "-entry-first")

    def compose(self):
        if self.entry_first:
            yield Static(Text("Select an entry to see it here.", "dim"), id="detail-body")
            yield Static("", id="detail-triage", classes="-hidden")
            yield Static("", id="detail-usage-line", classes="-hidden")
            yield Static("", id="detail-rest", classes="-hidden")
            return
        yield Static("", id="detail-triage", classes="-hidden")
        yield Static("", id="detail-usage-label", classes="-hidden")   # (the bars said in words: no axis)
        yield Sparkline([], id="detail-usage", classes="-hidden")
        yield Static(Text("Select an entry to see it here.", "dim"), id="detail-body")

    def show_nothing(self, snap=None, filtered: bool = False) -> None:
        """No entry under the cursor: say why — the folder is still being read, holds no memory
        (a adds one), or the filter hides every entry — rather than "select an entry" where there
        is none to select."""
        if snap is None:
            why = "Reading the folder…"
        elif not snap.entries:
            why = "Nothing to show: the folder holds no memory yet."
        elif filtered:
            why = "No entry matches the filter: esc clears the text, F the status filters."
        else:
            why = "Select an entry to see it here."
        self.show(None, None, [], False)
        self.query_one("#detail-body", Static).update(Text(why, "dim"))

    def show(self, e: MemoryEntry | None, s: EntryStatus | None, findings: list[Finding], reveal: bool,
             note: str = "", styles: Styles = DEFAULT, suggestion=None, weekly: list[int] | None = None,
             provenance: tuple | None = None, whole=None) -> None:
        """``suggestion``: the triage's; ``weekly``: the entry's injections per week (oldest first),
        drawn when the injection log covers this folder (entry first: one line, and none when it
        counts no injection); ``provenance``: (its dates from the agent's record, the times a
        session read it); ``whole``: the triage's suggestion for the file the entry is a section
        of, shown under the entry's."""
        body, top = self.query_one("#detail-body", Static), self.query_one("#detail-triage", Static)
        extra = [self.query_one(f"#{i}") for i in (("detail-usage-line", "detail-rest") if self.entry_first
                                                   else ("detail-usage-label", "detail-usage"))]
        self.set_class(not self.entry_first and weekly is not None and e is not None and suggestion is not None,
                       "-usage")
        if e is None or s is None:
            for part in (top, *extra):
                part.set_class(True, "-hidden")
            body.update(Text("Select an entry to see it here.", "dim"))
            return
        top.set_class(suggestion is None, "-hidden")
        if suggestion is not None:
            from rich.console import Group
            from ..render.triage import file_renderable, suggestion_renderable
            shown = suggestion_renderable(suggestion, styles)
            top.update(shown if whole is None else Group(shown, file_renderable(whole, styles, title=True)))
        dated = provenance if provenance is not None and provenance[0] is not None else None
        if self.entry_first:
            line, rest = extra
            lead, checked = entry_sections(e, s, findings, reveal, note, styles, dated)
            body.update(lead)
            rest.update(checked)
            rest.set_class(False, "-hidden")
            bars = weekly_line(weekly, styles) if weekly is not None else None
            line.set_class(bars is None, "-hidden")
            if bars is not None:
                line.update(bars)
            return
        label, spark = extra
        spark.set_class(weekly is None, "-hidden")
        label.set_class(weekly is None, "-hidden")
        if weekly is not None:
            label.update(f"injections per week, the last {len(weekly)} weeks, oldest on the left:" if any(weekly)
                         else f"injections per week, the last {len(weekly)} weeks: none")
            spark.data = weekly
            spark.tooltip = f"injections per week, the last {len(weekly)} weeks: {' '.join(map(str, weekly))}"
        body.update(render_entry(e, s, findings, reveal, note, styles, dated))
