"""The keys a reading pane (detail, preview, injection log, usage) answers once it has the focus
(enter on the table, or tab, moves it there; esc goes back to the table): j and k scroll as they
move in the table, g and G go to the top and the end, space turns a page. The arrows, page keys,
home and end are the scrolling container's own."""
from __future__ import annotations

from textual.binding import Binding

PANE_KEYS = [
    Binding("j", "scroll_down", "Scroll down", show=False),
    Binding("k", "scroll_up", "Scroll up", show=False),
    Binding("g", "scroll_home", "Top", show=False),
    Binding("G", "scroll_end", "End", show=False),
    Binding("space", "page_down", "Page down", show=False),
]
