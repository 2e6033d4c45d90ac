"""Browser: the entry table with its status line and empty state; filtering and sorting.

The screen feeds it rows and calls its operations from its key bindings (they live on
the screen so that they still work while the table is hidden and nothing has focus).
"""
from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from ..core.snapshots.memory import Snapshot
from .entry_rows import build_rows
from .entry_table import SORTABLE, STATUS_FILTERS, EntryTable, rows_to_redraw
from .fit_line import FitLine


class Browser(Vertical):
    DEFAULT_CSS = """
    Browser { height: 1fr; }
    """

    def __init__(self, display_path: str, agents: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.display_path = display_path
        self.agents = agents
        self.snapshot: Snapshot | None = None
        self.triage_line = ""   # the triage's summary ('12 keep · 3 promote · …'), once it is made
        self.record_line = ""   # how far a long read of the agent's record is, while it runs

    def compose(self) -> ComposeResult:
        yield EntryTable(agents=self.agents, id="entry-table")
        yield Static("", id="empty")

    @property
    def table(self) -> EntryTable:
        return self.query_one(EntryTable)

    def update_empty(self, snapshot: Snapshot | None = None) -> None:
        """The status line above the table, and what to say when no row shows."""
        self.snapshot = snapshot or self.snapshot
        table = self.table
        filters = [STATUS_FILTERS[f] for f in sorted(table.status_filters)]
        down = " ↓" if table.sort_reverse else ""
        shown, only = f"{len(table.visible_ids)} shown", f"only: {', '.join(filters)}" if filters else ""
        triage = self.triage_line
        # a long read of the agent's record, while it runs (its short form where room is short)
        rec = self.record_line
        rec_short = rec.replace("reading the agent's record: ", "record ").split(" (")[0] if rec else ""
        self.screen.query_one("#filter-status", FitLine).show([   # from the most verbose (fit_line)
            " · ".join(b for b in (shown, rec, triage and f"triage: {triage} (T)", f"sorted by {table.sort_column}{down}",
                                   only and f"{only} (F clears)") if b),
            " · ".join(b for b in (shown, rec_short, only, triage and f"triage {triage.replace(' · ', ' ')} (T)",
                                   f"by {table.sort_column}{down}") if b),
            " · ".join(b for b in (shown, rec_short, only, triage.replace(" · ", " "), f"by {table.sort_column}{down}")
                       if b),
            " · ".join(b for b in (shown, rec_short, only, f"by {table.sort_column}{down}") if b)])
        empty = self.query_one("#empty", Static)
        if self.snapshot is not None and not self.snapshot.entries:
            empty.update(f"No memories in {self.display_path} yet.\nPress a to add one, or point memtui at "
                         "another folder: memtui DIR")
        elif not table.visible_ids:
            empty.update("No entry matches the filter. esc clears the text, F clears status filters.")
        empty.display = not table.visible_ids
        if table.visible_ids and not table.display and self.screen.focused is None:
            self.call_after_refresh(table.focus)   # rows came while nothing had the focus: the table takes it
        table.display = bool(table.visible_ids)   # an empty grid says nothing; the message says what to do

    def leave_inputs(self) -> None:
        """Focus the table; when it is hidden (empty folder, nothing matches), focus nothing,
        or every key after would still be typed into the input."""
        if self.table.display:
            self.table.focus()
        else:
            self.screen.set_focus(None)

    def toggle_reveal(self) -> bool:
        """x: show / hide the secrets of the entry under the cursor (False: no entry there)."""
        i = self.table.current_id()
        if i is not None:
            self.table.set_revealed(None if self.table.revealed == i else i)
        return i is not None

    def show_progress(self, text: str) -> None:
        empty = self.query_one("#empty", Static)
        empty.update(f"⏳ {text[0].upper()}{text[1:]}")
        empty.display = True

    def set_filter_text(self, text: str) -> None:
        self.table.filter_text = text.strip()
        self.table.rebuild()
        self.update_empty()

    def set_status_filter(self, name: str | None) -> None:
        self.table.status_filters = {name} if name else set()
        self.table.rebuild()
        self.update_empty()

    def cycle_filter(self) -> None:
        keys = list(STATUS_FILTERS)
        current = sorted(self.table.status_filters, key=keys.index)
        self.set_status_filter(keys[(keys.index(current[-1]) + 1) % len(keys)] if current else keys[0])

    def sort_next(self) -> None:
        cols = [c for c in SORTABLE if c != "agent" or self.table.agents]
        self.table.sort_column = cols[(cols.index(self.table.sort_column) + 1) % len(cols)]
        self._resorted()

    def reverse_sort(self) -> None:
        self.table.sort_reverse = not self.table.sort_reverse
        self._resorted()

    @on(EntryTable.HeaderSelected)
    def _header_selected(self, event: EntryTable.HeaderSelected) -> None:
        """A click on a column header sorts by it; a second click reverses."""
        key = str(event.column_key.value)
        if key in SORTABLE:
            table = self.table
            table.sort_reverse = not table.sort_reverse if table.sort_column == key else False
            table.sort_column = key
            self._resorted()

    def _resorted(self) -> None:
        self.table.resort()
        self.update_empty()

    def show_entry(self, entry_id: str) -> None:
        """Put the cursor on an entry, clearing the filters that hide it (the filter's text too)."""
        table = self.table
        if not table.select_id(entry_id):
            self.screen.query_one("#filter", Input).value = ""
            table.filter_text, table.status_filters = "", set()
            table.rebuild()
            self.call_after_refresh(table.select_id, entry_id)
        table.focus()

    # -- what the screen's views found: the rows take it ------------------------------------------
    def show_triage(self, report, decided: set[str] = frozenset()) -> None:
        """A new triage: each row's suggested action (for the status filters) and the status line.
        ``decided``: the entries the owner decided to keep (the pass's k): they count as keep."""
        self.table.set_actions({s.id: "keep" if s.id in decided else s.action for s in report.suggestions})
        line = report.summary_line()
        if decided and line:
            counts = dict(report.summary)
            for s in report.suggestions:
                if s.id in decided:
                    counts[s.action] -= 1
                    counts["keep"] += 1
            line = " · ".join(f"{n} {a}" + (f" ({len(decided)} by you)" if a == "keep" else "")
                              for a, n in counts.items() if n)
        self.triage_line = line
        self.update_empty()

    def show_record_line(self, text: str) -> None:
        """How far a long read of the agent's record is ("" once it is read)."""
        if text != self.record_line:
            self.record_line = text
            self.update_empty()

    def take_dates(self, snapshot: Snapshot, new: set[str], reviewed: set[str], kinds_of, dated: dict) -> None:
        """The agent's record came: the rows take its dates; only those that changed are drawn again."""
        table = self.table
        old = table.rows_by_id
        rows = build_rows(snapshot, new, reviewed, kinds_of, reuse=old, dated=dated)
        changed = [i for i, r in rows.items() if r is not old.get(i)]
        if changed:
            table.apply_diff(rows, [], changed, [])

    def apply_reading(self, snapshot: Snapshot, new: set[str], reviewed: set[str], kinds_of, dated: dict) -> None:
        """A later reading: its added, changed and removed entries (only the rows that changed are drawn)."""
        table = self.table
        rows = build_rows(snapshot, new, reviewed, kinds_of, reuse=table.rows_by_id, dated=dated)
        table.apply_diff(rows, list(snapshot.added), rows_to_redraw(snapshot, table.rows_by_id, rows),
                         list(snapshot.removed))
