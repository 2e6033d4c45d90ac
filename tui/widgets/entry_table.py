"""EntryTable: every entry, keyed by its id; filtered, sorted, and updated from diffs.

Rows are never rebuilt on a file change: a diff updates, adds or removes single rows. A new
filter or sort is a new list of ids; a row's cells are built only when it is drawn
(``VirtualTable``), so 50,000 rows cost what a screenful does.
"""
from __future__ import annotations

import bisect

from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from ..core.judging.findings import SEVERITY
from ..core.provenance.dating import file_mark
from ..core.secrets.detect import might_hold_secret, redact
from ..render.listing import age_text
from ..render.styles import DEFAULT, Styles
from .entry_rows import (SORTABLE, STABLE_ORDER, STATUS_FILTERS, Row, _Descending, build_rows,  # noqa: F401
                         full_order, matching, narrows, order_key, rows_to_redraw, shown_source, sort_key,
                         twin_labels)
from .virtual_table import VirtualTable

COLUMNS = (("mark", " ", 3), ("name", "name", 30), ("type", "type", 9), ("source", "source", 6),
           ("age", "age", 7), ("anchor", "anchor", 10), ("load", "load", 11), ("flags", "flags", 24))
AGENT_COLUMN = ("agent", "agent", 11)   # several agents in one session: whose memory it is
RESORT_FROM = 50   # rows changed at once from which the table is sorted again, not rows re-placed


class EntryTable(VirtualTable):
    DEFAULT_CSS = """
    EntryTable { height: 1fr; }
    """
    BINDINGS = [
        Binding("space", "toggle_select", "Select", show=False),
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
        Binding("g", "scroll_top", "Top", show=False),
        Binding("G", "scroll_bottom", "Bottom", show=False),
    ]

    class SelectionChanged(Message):
        def __init__(self, selected: set[str]) -> None:
            super().__init__()
            self.selected = selected

    def __init__(self, agents: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.agents = agents
        self.spec = COLUMNS[:1] + (AGENT_COLUMN,) + COLUMNS[1:] if agents else COLUMNS
        self.rows_by_id: dict[str, Row] = {}
        self.filter_text = ""
        self.status_filters: set[str] = set()
        self.sort_column = "name"
        self.sort_reverse = False
        self.injected: dict[str, int] = {}      # id → rank in the current preview
        self.selected: set[str] = set()
        self.revealed: str | None = None        # the one id whose secrets are shown
        self.palette: Styles = DEFAULT
        self._order_kept: tuple | None = None   # (rows, column, reverse, ids): see _full_order
        self._shown_for: tuple | None = None    # (full order, text, statuses) visible_ids was made from
        self.twins: dict[str, str] = {}         # id → the folder beside a name another entry shares

    @property
    def visible_ids(self) -> list[str]:
        return self.keys

    def on_mount(self) -> None:
        for key, label, width in self.spec:
            self.add_column(label, key=key, width=width)

    def on_resize(self) -> None:
        """Give the name what the other columns leave; at 80 columns every column still fits with no
        sideways scrolling (the load column gives up its spare cell, the name and flags shrink)."""
        room = self.size.width - self.styles.scrollbar_size_vertical   # (a long table shows its scrollbar)
        load = 11 if room >= 88 else 10   # ("beyond cut" is 10)
        self.set_column_width("load", load)
        fixed = sum(w + 2 for k, _, w in self.spec if k not in ("name", "flags", "load")) + load + 2
        name = max(12, min(30, room - fixed - 14))
        flags = max(6, min(24, room - fixed - name - 4))
        self.set_column_width("name", name)
        self.set_column_width("flags", flags)
        self.call_after_refresh(self._scroll_to_cursor)   # a smaller table (+, a resize) keeps the cursor in view

    def row_cells(self, key: str) -> list:
        return self.cells(self.rows_by_id[key])

    # -- cells ---------------------------------------------------------------------
    def cells(self, r: Row) -> list:
        e, s, p = r.entry, r.status, self.palette
        rank = self.injected.get(e.id)
        if rank is not None:
            mark = Text(f"▶{rank}", p.injected)
        elif e.id in self.selected:
            mark = Text("●", "bold")
        else:
            mark = Text(" ")
        name = e.name if e.id == self.revealed or not might_hold_secret(e.name) else redact(e.name)
        name_text = Text(name, p.injected if rank is not None else "")
        if e.id in self.twins:
            name_text.append(f"  {self.twins[e.id]}", p.dim)
        anchor = Text("unreadable", p.error) if e.error else Text(s.anchor, p.anchor(s.anchor))
        load = {"resident": "resident", "beyond-index-cut": "beyond cut", "on-demand": "on-demand"}[s.load]
        flags = r.flags()
        severe = any(SEVERITY.get(k) == "error" for k in r.kinds)
        flag_text = Text(" ".join(flags), p.new if r.new and not r.reviewed else (p.error if severe else p.dim))
        # the age's source once the agent's record is read: T its record, G git, F the frontmatter,
        # L the injection log, ? the file's mtime (a clone or a sync resets it)
        age = Text(age_text(s.age_days))
        age.append(f" {r.dated.mark if r.dated is not None else file_mark(e)}", p.dim)
        cells = [mark, name_text, e.type or ("process" if e.kind == "process" else ""), shown_source(r),
                 age, anchor, Text(load, "" if s.load == "resident" else p.dim), flag_text]
        if self.agents:
            cells.insert(1, Text(e.id.partition(":")[0], p.dim))
        return cells

    # -- whole-table operations ------------------------------------------------------
    def set_rows(self, rows: dict[str, Row], order: tuple[str, bool, list[str]] | None = None) -> None:
        """``order``: (column, reverse, every id in that sort), sorted off the UI thread (50k rows: 0.2 s)."""
        self.rows_by_id = rows
        self._set_twins()
        self._order_kept = None
        if order is not None and order[:2] == (self.sort_column, self.sort_reverse) and order[0] in STABLE_ORDER:
            self._order_kept = (rows, *order)
        self.rebuild()

    def ordered_ids(self) -> list[str]:
        order = full = self._full_order()
        shown = self._shown_for   # typing on narrows what is shown: only those rows are tested again
        if (shown is not None and shown[0] is full and shown[2] == self.status_filters
                and narrows(shown[1], self.filter_text)):
            order = self.visible_ids
        ids = matching(order, self.rows_by_id, self.filter_text, self.status_filters)
        self._shown_for = (full, self.filter_text, set(self.status_filters))
        return ids

    def _full_order(self) -> list[str]:
        """Every id in the current sort; kept while the rows and the sort stay the same, so a
        filter keystroke only filters (sorting 50k rows took ~60 ms of each)."""
        want = (self.rows_by_id, self.sort_column, self.sort_reverse)
        kept = self._order_kept
        if kept is not None and kept[0] is want[0] and kept[1:3] == want[1:] and len(kept[3]) == len(want[0]):
            return kept[3]
        ids = full_order(self.rows_by_id, self.sort_column, self.sort_reverse)
        # flags change in place (a new audit, a review): that order is never kept
        self._order_kept = (*want, ids) if self.sort_column in STABLE_ORDER else None
        return ids

    def rebuild(self) -> None:
        """Show the rows the filter and sort want, the cursor staying on its entry when it stays."""
        self.set_keys(self.ordered_ids(), keep=self.current_id())

    # -- diffs -----------------------------------------------------------------------
    def set_kinds(self, ids, kinds_of) -> None:
        """New finding kinds for these entries (a new audit); a row is drawn again only where
        they changed."""
        rows, changed = self.rows_by_id, []
        for i in ids:
            r = rows.get(i)
            if r is not None:
                kinds = kinds_of(i)
                if kinds != r.kinds:
                    r.kinds = kinds
                    changed.append(i)
        self.redraw_many(changed)

    def set_actions(self, actions: dict[str, str]) -> None:
        """The triage's suggestion per entry (for the status filters); re-filters when one is on."""
        for i, r in self.rows_by_id.items():
            r.action = actions.get(i)
        if any(f.startswith("to-") for f in self.status_filters):
            self._shown_for = None   # what was shown says nothing about the new suggestions
            self.rebuild()

    def mark(self, ids, reviewed: bool = False) -> None:
        """These entries are new from the agent (the hook saw its write land), or ``reviewed``."""
        for i in ids:
            row = self.rows_by_id.get(i)
            if row is not None:
                if reviewed:
                    row.reviewed = True
                else:
                    row.new, row.reviewed = True, False
                self.redraw(i)

    def apply_diff(self, rows: dict[str, Row], added: list[str], changed: list[str], removed: list[str]) -> None:
        keep, old = self.current_id(), self.rows_by_id
        self.rows_by_id = rows
        if added or removed or any(i not in old or old[i].entry.name != rows[i].entry.name for i in changed):
            self.redraw_many(self._set_twins())   # (an edit that keeps the names: not counted again)
        self._order_kept = None
        for i in removed:
            self.selected.discard(i)
            self.injected.pop(i, None)
        shown = self.rows
        placed = [i for i in added if i not in shown and rows[i].matches(self.filter_text, self.status_filters)]
        moved = [i for i in changed if i in shown]
        if len(placed) + len(moved) > RESORT_FROM:
            order = [i for i in self.keys if i in rows and i not in removed] + placed
            self.set_keys(sorted(order, key=self._order_key(), reverse=self.sort_reverse), keep=keep)
        elif placed or moved or removed:
            self.replace_rows(placed + moved, gone=set(removed), keep=keep)
        self.redraw_many(moved)

    def _set_twins(self) -> list[str]:
        """The names shared by several entries, again: the ids whose label changed (to redraw)."""
        old, self.twins = self.twins, twin_labels((i, r.entry.name) for i, r in self.rows_by_id.items())
        return [i for i in set(old) | set(self.twins) if old.get(i) != self.twins.get(i) and i in self.rows_by_id]

    def replace_rows(self, ids: list[str], gone: set[str] = frozenset(), keep: str | None = None) -> None:
        """Put these rows where the current sort wants them, the others keeping their order: a
        binary search each, not a sort of every row (one file changed among 10k)."""
        wanted = set(ids)
        order = [i for i in self.keys if i not in wanted and i not in gone]
        full = self._order_key()
        place = (lambda i: _Descending(full(i))) if self.sort_reverse else full
        for i in ids:
            order.insert(bisect.bisect_left(order, place(i), key=place), i)
        self.set_keys(order, keep=keep if keep is not None else self.current_id())

    def resort(self) -> None:
        """Order the rows shown by the current sort."""
        self.set_keys(sorted(self.keys, key=self._order_key(), reverse=self.sort_reverse), keep=self.current_id())

    def _order_key(self):
        return order_key(self.rows_by_id, self.sort_column)

    # -- cursor and marks ------------------------------------------------------------
    def current_id(self) -> str | None:
        return self.cursor_key

    def select_id(self, entry_id: str) -> bool:
        row = self.rows.get(entry_id)
        if row is None:
            return False
        self.move_cursor(row=row)
        return True

    def set_injected(self, ranks: dict[str, int]) -> None:
        old = self.injected
        self.injected = ranks
        self.redraw_many([i for i in set(old) | set(ranks) if old.get(i) != ranks.get(i)])

    def set_revealed(self, entry_id: str | None) -> None:
        old, self.revealed = self.revealed, entry_id
        for i in {old, entry_id} - {None}:
            self.redraw(i)

    def action_toggle_select(self) -> None:
        i = self.current_id()
        if i is None:
            return
        self.selected.symmetric_difference_update({i})
        self.redraw(i)
        self.post_message(self.SelectionChanged(set(self.selected)))
        if self.cursor_row < self.row_count - 1:
            self.move_cursor(row=self.cursor_row + 1)
