"""EntryTable: every entry, keyed by its id; filtered, sorted, and updated from diffs.

Rows are never rebuilt on a file change: a diff updates, adds or removes single rows.
A new filter or sort rebuilds the visible rows, in chunks so the UI never stalls.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual._two_way_dict import TwoWayDict
from textual.widgets import DataTable

from ..core.entry import MemoryEntry
from ..core.memory import GC_PAUSE
from ..core.secrets import might_hold_secret, redact
from ..core.status import EntryStatus
from ..render.listing import age_text
from ..render.styles import DEFAULT, Styles

COLUMNS = (("mark", " ", 3), ("name", "name", 30), ("type", "type", 9), ("source", "source", 6),
           ("age", "age", 5), ("anchor", "anchor", 10), ("load", "load", 11), ("flags", "flags", 24))
SORTABLE = ("name", "type", "source", "age", "anchor", "load", "flags", "agent")
AGENT_COLUMN = ("agent", "agent", 11)   # several agents in one session: whose memory it is
CHUNK = 200        # rows added per turn of the event loop (~0.2 ms a row: ~40 ms, no visible stall)
FIRST_CHUNK = 80   # the first turn: a screenful, drawn before the rest arrive
RESORT_FROM = 50   # rows changed at once from which the table is sorted again, not rows re-placed
SHORT = {"identifying": "ident", "tracked-in-git": "git", "yaml-truncated": "yaml-cut", "link-broken": "link",
         "no-frontmatter": "no-fm", "index-unlinked": "unlinked", "index-hidden": "hidden"}
STATUS_FILTERS = {
    "broken": "broken anchor", "unsafe": "unsafe anchor", "old": "old and unverifiable",
    "findings": "has findings", "resident": "resident", "beyond": "beyond the index cut", "new": "new from the agent",
}


@dataclass
class Row:
    entry: MemoryEntry
    status: EntryStatus
    kinds: tuple[str, ...] = ()     # finding kinds of this entry, most severe first
    new: bool = False
    reviewed: bool = False

    def flags(self) -> list[str]:
        out = []
        if self.new and not self.reviewed:
            out.append("NEW")
        # the anchor, age and load have columns of their own; flags say what else is wrong
        out += [SHORT.get(k, k) for k in self.kinds if k not in ("stale", "anchor-broken", "path-missing",
                                                                  "unreadable", "traversal", "index-overflow")]
        if "old-unverifiable" in self.status.flags:
            out.append("old")
        if self.status.missing:
            out.append(f"{len(self.status.missing)} gone")
        return out

    def matches(self, text: str, statuses: set[str]) -> bool:
        e, s = self.entry, self.status
        if text:
            hay = f"{e.id} {e.name} {e.description} {e.type or ''} {' '.join(e.keywords)}".lower()
            if not all(word in hay for word in text.lower().split()):
                return False
        for f in statuses:
            ok = {"broken": s.anchor == "broken", "unsafe": s.anchor == "unsafe",
                  "old": "old-unverifiable" in s.flags, "findings": bool(self.kinds),
                  "resident": s.load == "resident", "beyond": s.load == "beyond-index-cut",
                  "new": self.new and not self.reviewed}[f]
            if not ok:
                return False
        return True


def build_rows(snap, new: set[str], reviewed: set[str], kinds_of, reuse: dict[str, Row] | None = None
               ) -> dict[str, Row]:
    """A row per entry; a row of ``reuse`` whose entry and status are the very objects the
    snapshot holds is kept (nothing of it changed: a watched rescan shares them)."""
    reuse = reuse or {}
    out = {}
    for i, e in snap.entries.items():
        r, st = reuse.get(i), snap.status[i]
        if r is None or r.entry is not e or r.status is not st or r.new != (i in new) or r.reviewed != (i in reviewed):
            r = Row(e, st, kinds_of(i), i in new, i in reviewed)
        out[i] = r
    return out


def rows_to_redraw(snap, old: dict[str, Row], rows: dict[str, Row]) -> list[str]:
    """The changed files' rows, and any whose status shows differently (an anchor file or
    MEMORY.md changed, a day passed)."""
    shown = lambda r: (r.status.anchor, r.status.load, r.status.age_days)   # noqa: E731
    return list(snap.changed) + [i for i, r in rows.items() if i not in snap.changed and i in old
                                 and old[i] is not r and shown(old[i]) != shown(r)]


class _Descending:
    """A key that orders the other way round (for a binary search in a table sorted descending)."""
    __slots__ = ("key",)

    def __init__(self, key) -> None:
        self.key = key

    def __lt__(self, other: "_Descending") -> bool:
        return other.key < self.key


def sort_key(column: str):
    order_anchor = {"unsafe": 0, "broken": 1, "none": 2, "verified": 3}
    order_load = {"resident": 0, "beyond-index-cut": 1, "on-demand": 2}
    # process entries (daily logs, progress files) form their own group, after the memories
    return {
        "name": lambda r: (r.entry.kind == "process", r.entry.name.lower()),
        "type": lambda r: (r.entry.type or "~", r.entry.name.lower()),
        "source": lambda r: (r.entry.source, r.entry.name.lower()),
        "age": lambda r: (r.status.age_days if r.status.age_days is not None else 10**6),
        "anchor": lambda r: (order_anchor.get(r.status.anchor, 9) if not r.entry.error else -1, r.entry.name.lower()),
        "load": lambda r: (order_load.get(r.status.load, 9), r.entry.name.lower()),
        "flags": lambda r: (-len(r.flags()), -len(r.kinds), r.entry.name.lower()),
        "agent": lambda r: (r.entry.id.partition(":")[0], r.entry.kind == "process", r.entry.name.lower()),
    }[column]


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
        self.rebuild()

    def ordered_ids(self) -> list[str]:
        ids = [i for i, r in self.rows_by_id.items() if r.matches(self.filter_text, self.status_filters)]
        key = sort_key(self.sort_column)
        ids.sort(key=lambda i: (key(self.rows_by_id[i]), i), reverse=self.sort_reverse)
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
        for i in chunk:
            self.add_row(*self.cells(self.rows_by_id[i]), key=i)
        if keep is not None and keep in chunk:
            self.move_cursor(row=self.get_row_index(keep), animate=False)
        if end < len(self.visible_ids):
            self.set_timer(0.001, lambda: self._fill(token, end, keep))
            return
        self._filling = False
        if self._gc_paused:
            GC_PAUSE.release()
            self._gc_paused = False

    # -- diffs -----------------------------------------------------------------------
    def redraw_row(self, entry_id: str, only: str | None = None) -> None:
        """Redraw one row's cells (after a status, mark or reveal change), or just one column."""
        if entry_id not in self.rows or entry_id not in self.rows_by_id:
            return
        for (key, _, _), value in zip(self.spec, self.cells(self.rows_by_id[entry_id])):
            if only is None or key == only:
                self.update_cell(entry_id, key, value)

    def apply_diff(self, rows: dict[str, Row], added: list[str], changed: list[str], removed: list[str]) -> None:
        keep = self.current_id()
        self.rows_by_id = rows
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
