"""VirtualTable: a row-cursor table that draws only the lines on screen (Textual's Line API).

DataTable keeps per-row objects and per-row lists, builds them again on every change, and
renders each cell of a row apart; every cell edit invalidated the whole table's render
cache. At 10k rows a filter keystroke, a page down or a preview's marks cost 100–200 ms
of UI time, at 50k most of a second. Here a row is an id in a list: the widget asks its
subclass for a row's cells only when the row is drawn, keeps the drawn line until that row
changes, and moving the cursor redraws two lines. It looks and answers like DataTable's
row cursor (the same component classes, messages and keys), since the rest of the app and
its themes were written against that.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

PADDING = 1            # blank cells on each side of a cell, as DataTable draws them
LINE_CACHE = 400       # drawn lines kept (a few screens' worth)


class ColumnKey(str):
    """A column's key; ``.value`` as DataTable's keys have it."""

    @property
    def value(self) -> str:
        return str(self)


@dataclass
class Column:
    key: ColumnKey
    label: str
    width: int


class VirtualTable(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {"datatable--header", "datatable--cursor", "datatable--header-hover", "datatable--hover"}
    DEFAULT_CSS = """
    VirtualTable {
        background: $surface;
        color: $foreground;
        height: auto;
        max-height: 100%;
        &:focus {
            background-tint: $foreground 5%;
            & > .datatable--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
            & > .datatable--header { background-tint: $foreground 5%; }
        }
        & > .datatable--header { text-style: bold; background: $panel; color: $foreground; }
        &:ansi > .datatable--header { background: ansi_bright_blue; color: ansi_default; }
        & > .datatable--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        & > .datatable--header-hover { background: $accent 30%; }
    }
    """
    BINDINGS = [
        Binding("enter", "select_cursor", "Select", show=False),
        Binding("up", "cursor_up", "Cursor up", show=False),
        Binding("down", "cursor_down", "Cursor down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home,ctrl+home", "scroll_top", "Top", show=False),
        Binding("end,ctrl+end", "scroll_bottom", "Bottom", show=False),
    ]

    cursor_row: reactive[int] = reactive(0, always_update=True, repaint=False)
    _told: tuple | None = None   # the (row, id) a RowHighlighted last said

    class RowHighlighted(Message):
        def __init__(self, table: "VirtualTable", cursor_row: int, row_key: str | None) -> None:
            super().__init__()
            self.data_table, self.cursor_row, self.row_key = table, cursor_row, row_key

        @property
        def control(self) -> "VirtualTable":
            return self.data_table

    class RowSelected(RowHighlighted):
        pass

    class HeaderSelected(Message):
        def __init__(self, table: "VirtualTable", column_key: ColumnKey, column_index: int, label: str) -> None:
            super().__init__()
            self.data_table, self.column_key, self.column_index, self.label = table, column_key, column_index, label

        @property
        def control(self) -> "VirtualTable":
            return self.data_table

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.columns: dict[str, Column] = {}
        self.keys: list[str] = []                 # the ids shown, in order
        self._index: dict[str, int] | None = {}   # id → row number, made again when needed
        self._lines: dict[tuple, Strip] = {}      # (id, cursor) → the drawn row, unscrolled

    # -- what a subclass provides --------------------------------------------------------
    def row_cells(self, key: str) -> list:
        """The cells of one row (Text or str), in column order."""
        raise NotImplementedError

    # -- columns and rows ------------------------------------------------------------------
    def add_column(self, label: str, *, key: str, width: int) -> None:
        self.columns[key] = Column(ColumnKey(key), label, width)
        self._changed_geometry()

    def set_column_width(self, key: str, width: int) -> None:
        if self.columns[key].width != width:
            self.columns[key].width = width
            self._changed_geometry()

    @property
    def row_count(self) -> int:
        return len(self.keys)

    @property
    def rows(self) -> dict[str, int]:
        """id → row number of every row shown (``in`` answers whether a row is shown)."""
        if self._index is None:
            self._index = {k: n for n, k in enumerate(self.keys)}
        return self._index

    def set_keys(self, keys: list[str], keep: str | None = None) -> None:
        """Show these rows in this order; the cursor stays on ``keep`` when it is shown."""
        self.keys = keys
        self._index = None
        self._lines.clear()
        self._changed_geometry()
        row = self.rows.get(keep) if keep is not None else None
        self.move_cursor(row=row if row is not None else min(self.cursor_row, max(0, len(keys) - 1)),
                         scroll=row is not None)

    def redraw(self, key: str) -> None:
        """Draw this row again from its cells (they changed)."""
        self.redraw_many((key,))

    def redraw_many(self, keys) -> None:
        """Draw these rows again from their cells. Only rows on screen are refreshed now; the
        others are drawn from their new cells when scrolled to (an audit that flags 23k rows of
        50k had cost 0.7 s of UI time refreshing lines nobody could see)."""
        lines, rows = self._lines, self.rows
        top = self.scroll_offset.y
        bottom = top + self.size.height   # the header is line 0: row n is line n + 1
        for key in keys:
            if lines:
                lines.pop((key, False), None)
                lines.pop((key, True), None)
            n = rows.get(key)
            if n is not None and top <= n + 1 <= bottom:
                self.refresh_line(n + 1)

    def redraw_all(self) -> None:
        self._lines.clear()
        self.refresh()

    def get_row_index(self, key: str) -> int:
        return self.rows[key]

    # -- cursor ------------------------------------------------------------------------------
    @property
    def cursor_key(self) -> str | None:
        return self.keys[self.cursor_row] if 0 <= self.cursor_row < len(self.keys) else None

    def move_cursor(self, *, row: int, scroll: bool = True, animate: bool = False) -> None:
        row = max(0, min(row, len(self.keys) - 1)) if self.keys else 0
        old = self.cursor_row
        self.cursor_row = row
        if old != row:
            self.refresh_line(old + 1)
        self.refresh_line(row + 1)
        if scroll:
            self._scroll_to_cursor()

    def watch_cursor_row(self, row: int) -> None:
        told = (row, self.cursor_key)
        if told != self._told:   # (a new filter that leaves the cursor where it was says nothing)
            self._told = told
            self.post_message(self.RowHighlighted(self, row, told[1]))

    def _scroll_to_cursor(self) -> None:
        body = max(1, self.scrollable_content_region.height - 1)   # less the header line
        top = self.scroll_offset.y
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False, force=True)
        elif self.cursor_row >= top + body:
            self.scroll_to(y=self.cursor_row - body + 1, animate=False, force=True)

    def _page(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self.cursor_row + 1)

    def action_page_down(self) -> None:
        self.scroll_to(y=self.scroll_offset.y + self._page(), animate=False, force=True)
        self.move_cursor(row=self.cursor_row + self._page())

    def action_page_up(self) -> None:
        self.scroll_to(y=self.scroll_offset.y - self._page(), animate=False, force=True)
        self.move_cursor(row=self.cursor_row - self._page())

    def action_scroll_top(self) -> None:
        self.move_cursor(row=0)

    def action_scroll_bottom(self) -> None:
        self.move_cursor(row=len(self.keys) - 1)

    def action_select_cursor(self) -> None:
        if self.keys:
            self.post_message(self.RowSelected(self, self.cursor_row, self.cursor_key))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        if y == 0:   # the header: sort by the column under the pointer
            x += self.scroll_offset.x
            for n, column in enumerate(self.columns.values()):
                x -= column.width + 2 * PADDING
                if x < 0:
                    self.post_message(self.HeaderSelected(self, column.key, n, column.label))
                    break
            return
        row = self.scroll_offset.y + y - 1
        if 0 <= row < len(self.keys):
            if row == self.cursor_row:
                self.action_select_cursor()
            else:
                self.move_cursor(row=row)
            event.stop()

    # -- drawing -----------------------------------------------------------------------------
    def _changed_geometry(self) -> None:
        width = sum(c.width + 2 * PADDING for c in self.columns.values())
        self.virtual_size = Size(width, len(self.keys) + 1)
        self._lines.clear()
        self.refresh()

    def on_focus(self, event: events.Focus) -> None:
        self.redraw_all()   # the cursor and header take their focused colours

    def on_blur(self, event: events.Blur) -> None:
        self.redraw_all()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        scroll_x, scroll_y = self.scroll_offset
        base = self.rich_style
        if y == 0:
            fill = base + self.get_component_rich_style("datatable--header")
            strip = self._draw(None, [c.label for c in self.columns.values()], fill, Style())
        else:
            n = scroll_y + y - 1
            if n >= len(self.keys):
                return Strip.blank(width, base)
            key = self.keys[n]
            cursor = n == self.cursor_row   # (drawn focused or blurred as the CSS says: :focus)
            component = self.get_component_rich_style("datatable--cursor") if cursor else Style()
            fill = base + component   # the cursor's bar runs the table's whole width
            strip = self._lines.get((key, cursor))
            if strip is None:
                if len(self._lines) >= LINE_CACHE:
                    self._lines.clear()
                post = Style.from_color(color=component.color) if cursor else Style()
                strip = self._lines[(key, cursor)] = self._draw(key, self.row_cells(key), fill, post)
        return strip.crop(scroll_x, scroll_x + width).extend_cell_length(width, fill)

    def _draw(self, key: str | None, cells: list, style: Style, post: Style) -> Strip:
        console, segments = self.app.console, []
        for n, (cell, column) in enumerate(zip(cells, self.columns.values())):
            text = cell.copy() if isinstance(cell, Text) else Text(str(cell))
            if text.style:   # the Text's own style on its characters only, not on the padding
                text.stylize(text.style, 0, len(text))
                text.style = ""
            text.truncate(column.width, overflow="ellipsis", pad=True)
            text.pad_left(PADDING)
            text.pad_right(PADDING)
            # the row's style under the cell's own, the cursor's colour over it (as DataTable draws);
            # each cell its own segments (the column in their meta, as DataTable's have it)
            segments += Segment.apply_style(text.render(console), style=style + Style.from_meta({"column": n}),
                                            post_style=post or None)
        return Strip(segments)
