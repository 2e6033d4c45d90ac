"""EntryTable: every entry, keyed by its id; filtered, sorted, and updated from diffs.

Rows are never rebuilt on a file change: a diff updates, adds or removes single rows.
A new filter or sort places the visible rows again (a few dict writes a row, in large
chunks); a row's cells are built only when it is drawn.
"""
from __future__ import annotations

import bisect

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual._two_way_dict import TwoWayDict
from textual.widgets import DataTable
from textual.widgets._data_table import Row as DataTableRow, RowKey

from ..core.memory import GC_PAUSE
from ..core.secrets import might_hold_secret, redact
from ..render.listing import age_text
from ..render.styles import DEFAULT, Styles
from .entry_rows import (SORTABLE, STABLE_ORDER, STATUS_FILTERS, Row, _Descending, build_rows,  # noqa: F401
                         matching, narrows, rows_to_redraw, sort_key)

COLUMNS = (("mark", " ", 3), ("name", "name", 30), ("type", "type", 9), ("source", "source", 6),
           ("age", "age", 5), ("anchor", "anchor", 10), ("load", "load", 11), ("flags", "flags", 24))
AGENT_COLUMN = ("agent", "agent", 11)   # several agents in one session: whose memory it is
CHUNK = 5000       # rows placed per turn of the event loop (a few µs a row: no visible stall)
FIRST_CHUNK = 80   # the first turn: a screenful, drawn before the rest arrive
RESORT_FROM = 50   # rows changed at once from which the table is sorted again, not rows re-placed


class _LazyCells(dict):
    """DataTable's row key → {column key: cell}, where a row placed by ``_place`` holds None
    until something reads it (drawing it, ``get_row``, ``update_cell``): only rows that are
    drawn cost their cells."""

    def __init__(self, build) -> None:
        super().__init__()
        self.build = build

    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        if value is None:
            value = self.build(key)
            dict.__setitem__(self, key, value)
        return value

    def get(self, key, default=None):
        return self[key] if key in self else default


class EntryTable(DataTable):
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
        super().__init__(cursor_type="row", zebra_stripes=False, **kwargs)
        self.agents = agents
        self.spec = COLUMNS[:1] + (AGENT_COLUMN,) + COLUMNS[1:] if agents else COLUMNS
        self.rows_by_id: dict[str, Row] = {}
        self.visible_ids: list[str] = []
        self.filter_text = ""
        self.status_filters: set[str] = set()
        self.sort_column = "name"
        self.sort_reverse = False
        self._filling = False
        self.injected: dict[str, int] = {}      # id → rank in the current preview
        self.selected: set[str] = set()
        self.revealed: str | None = None        # the one id whose secrets are shown
        self.palette: Styles = DEFAULT
        self._fill_token = 0
        self._gc_paused = False
        self._data = _LazyCells(self._cells_by_key)
        self._order_kept: tuple | None = None   # (rows, column, reverse, ids): see _full_order
        self._shown_for: tuple | None = None    # (full order, text, statuses) visible_ids was made from

    def on_unmount(self) -> None:
        if self._gc_paused:   # closed in the middle of a fill
            GC_PAUSE.release()
            self._gc_paused = False

    def on_mount(self) -> None:
        for key, label, width in self.spec:
            self.add_column(label, key=key, width=width)

    def on_resize(self) -> None:
        """Give the name what the other columns leave (80 columns still shows every column)."""
        others = sum(w + 2 for k, _, w in self.spec if k not in ("name", "flags")) + 2
        name = max(14, min(30, self.size.width - others - 14))
        flags = max(10, min(24, self.size.width - others - name - 4))
        for key, width in (("name", name), ("flags", flags)):
            col = self.columns.get(key)
            if col is not None and col.width != width:
                col.width = width
                self._require_update_dimensions = True
        self.refresh()

    def _update_dimensions(self, new_rows) -> None:
        """Every column here has a fixed width and every row is one line, so nothing needs
        measuring. DataTable measures each new cell anyway (three terminal-size syscalls per
        cell: ~1.7 s of UI time for 10k rows); Textual is pinned exactly, so overriding this
        private hook cannot drift under us."""
        data_width = sum(column.get_render_width(self) for column in self.columns.values())
        header = self.header_height if self.show_header else 0
        self.virtual_size = Size(data_width + self._row_label_column_width, self.row_count + header)

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
        anchor = Text("unreadable", p.error) if e.error else Text(s.anchor, p.anchor(s.anchor))
        load = {"resident": "resident", "beyond-index-cut": "beyond cut", "on-demand": "on-demand"}[s.load]
        flags = r.flags()
        severe = any(k in ("secret", "sensitive", "traversal") for k in r.kinds)
        flag_text = Text(" ".join(flags), p.new if r.new and not r.reviewed else (p.error if severe else p.dim))
        cells = [mark, name_text, e.type or ("process" if e.kind == "process" else ""), e.source,
                 age_text(s.age_days), anchor, Text(load, "" if s.load == "resident" else p.dim), flag_text]
        if self.agents:
            cells.insert(1, Text(e.id.partition(":")[0], p.dim))
        return cells

    # -- whole-table operations ------------------------------------------------------
    def set_rows(self, rows: dict[str, Row]) -> None:
        self.rows_by_id = rows
        self._order_kept = None
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
        rows, key = self.rows_by_id, sort_key(self.sort_column)
        ids = sorted(rows, key=lambda i: (key(rows[i]), i), reverse=self.sort_reverse)
        # flags change in place (a new audit, a review): that order is never kept
        self._order_kept = (*want, ids) if self.sort_column in STABLE_ORDER else None
        return ids

    def rebuild(self) -> None:
        """Replace the visible rows, keeping the cursor on the same entry when it stays visible."""
        keep = self.current_id()
        self.visible_ids = self.ordered_ids()
        self.clear(columns=False)
        self._fill_token += 1
        self._filling = True
        if len(self.visible_ids) > CHUNK and not self._gc_paused:
            # no cyclic-GC passes while thousands of rows arrive (they create no cycles, and a
            # full pass over them was the longest stall); let go when the last fill ends,
            # whichever rebuild that is
            GC_PAUSE.hold()
            self._gc_paused = True
        self._fill(self._fill_token, 0, keep)

    def _fill(self, token: int, start: int, keep: str | None) -> None:
        if token != self._fill_token:
            return  # a newer rebuild started
        end = start + (FIRST_CHUNK if start == 0 else CHUNK)
        chunk = self.visible_ids[start:end]
        self._place(chunk)
        if keep is not None and keep in chunk:
            self.move_cursor(row=self.get_row_index(keep), animate=False)
        if end < len(self.visible_ids):
            self.set_timer(0.001, lambda: self._fill(token, end, keep))
            return
        self._filling = False
        if self._gc_paused:
            GC_PAUSE.release()
            self._gc_paused = False

    def _place(self, ids: list[str]) -> None:
        """Append rows, as ``add_row`` would, with their cells left to be built when drawn
        (``_LazyCells``): add_row set the cursor and built eight Rich cells for every row, ~0.2 ms
        each, so 10k rows kept the UI busy for two seconds; placing one is a few dict writes.
        Textual is pinned exactly, so these private fields cannot drift under us."""
        start = self.row_count
        for n, i in enumerate(ids, start):
            key = RowKey(i)
            self._row_locations[key] = n
            dict.__setitem__(self._data, key, None)
            self.rows[key] = DataTableRow(key, 1)
        self._require_update_dimensions = True
        self._update_count += 1
        if start == 0 and ids:   # a cursor can show where none could: as add_row says so
            self.cursor_coordinate = self.cursor_coordinate
            self._highlight_cursor()
        self.check_idle()

    def _cells_by_key(self, key) -> dict:   # a RowKey, or the id itself (get_row takes either)
        return dict(zip((k for k, _, _ in self.spec), self.cells(self.rows_by_id[getattr(key, "value", key)])))

    # -- diffs -----------------------------------------------------------------------
    def set_kinds(self, ids, kinds_of) -> None:
        """New finding kinds for these entries (a new audit); a row is redrawn only where its
        flags change (update_cell costs ~1 ms)."""
        for i in ids:
            r = self.rows_by_id.get(i)
            if r is not None:
                before = r.flags()
                r.kinds = kinds_of(i)
                if r.flags() != before:
                    self.redraw_row(i, only="flags")

    def redraw_row(self, entry_id: str, only: str | None = None) -> None:
        """Redraw one row's cells (after a status, mark or reveal change), or just one column."""
        if entry_id not in self.rows or entry_id not in self.rows_by_id:
            return
        if dict.get(self._data, entry_id) is None:
            return   # never drawn yet: its cells are built from the row as it is now, when drawn
        for (key, _, _), value in zip(self.spec, self.cells(self.rows_by_id[entry_id])):
            if only is None or key == only:
                self.update_cell(entry_id, key, value)

    def apply_diff(self, rows: dict[str, Row], added: list[str], changed: list[str], removed: list[str]) -> None:
        keep = self.current_id()
        self.rows_by_id = rows
        self._order_kept = None
        for i in removed:
            if i in self.rows:
                self.remove_row(i)
            self.selected.discard(i)
            self.injected.pop(i, None)
        for i in changed:
            if i in self.rows:
                self.redraw_row(i)
        placed = []
        for i in added:
            if i not in self.rows and rows[i].matches(self.filter_text, self.status_filters):
                self.add_row(*self.cells(rows[i]), key=i)
                placed.append(i)
        if len(placed) + len(changed) > RESORT_FROM:
            self.resort()
        elif placed or changed or removed:
            self.replace_rows([i for i in placed + changed if i in self.rows])
        if keep in self.rows:
            self.move_cursor(row=self.get_row_index(keep), animate=False)

    def ordered_row_keys(self):
        return [row.key for row in self.ordered_rows]

    def replace_rows(self, ids: list[str]) -> None:
        """Put these rows where the current sort wants them, the others keeping their order: a
        binary search each, not a sort of every row (one file changed among 10k)."""
        wanted = set(ids)
        row_key = {k.value: k for k in self._data}
        # the order shown before this change, less the rows that went and those to re-place
        order = [row_key[i] for i in self.visible_ids if i in row_key and i not in wanted]
        full = self._order_key()
        place = (lambda k: _Descending(full(k))) if self.sort_reverse else full
        for i in ids:
            k = row_key[i]
            order.insert(bisect.bisect_left(order, place(k), key=place), k)
        self._set_order(order)

    def resort(self) -> None:
        """Re-order the existing rows by the current sort, without rebuilding them.

        DataTable.sort() hands the key function cell values only, never the row key, so
        it cannot order by our rows' data; this sets the same mapping sort() sets
        (Textual is pinned exactly, so this private detail cannot drift under us).
        """
        self._set_order(sorted(self._data, key=self._order_key(), reverse=self.sort_reverse))

    def _order_key(self):
        """A row key's place in the current sort (its row's sort key, then its id: no ties)."""
        key, rows = sort_key(self.sort_column), self.rows_by_id
        return lambda k: (key(rows[str(k.value)]), str(k.value))

    def _set_order(self, ordered: list) -> None:
        """The rows shown in this order (row keys); ``visible_ids`` follows."""
        self._row_locations = TwoWayDict({k: n for n, k in enumerate(ordered)})
        self._update_count += 1
        if not self._filling:   # (while rows still arrive, visible_ids is what they arrive from)
            self.visible_ids = [str(k.value) for k in ordered]
        self.refresh()

    # -- cursor and marks ------------------------------------------------------------
    def current_id(self) -> str | None:
        if not self.row_count:
            return None
        try:
            key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key
        except Exception:
            return None
        return str(key.value) if key is not None and key.value is not None else None

    def select_id(self, entry_id: str) -> bool:
        if entry_id in self.rows:
            self.move_cursor(row=self.get_row_index(entry_id), animate=False)
            return True
        return False

    def set_injected(self, ranks: dict[str, int]) -> None:
        old = self.injected
        self.injected = ranks
        for i in set(old) | set(ranks):
            if old.get(i) != ranks.get(i):
                self.redraw_row(i)

    def set_revealed(self, entry_id: str | None) -> None:
        old, self.revealed = self.revealed, entry_id
        for i in {old, entry_id} - {None}:
            self.redraw_row(i)

    def action_toggle_select(self) -> None:
        i = self.current_id()
        if i is None:
            return
        self.selected.symmetric_difference_update({i})
        self.redraw_row(i)
        self.post_message(self.SelectionChanged(set(self.selected)))
        if self.cursor_row < self.row_count - 1:
            self.move_cursor(row=self.cursor_row + 1)
