"""What esc does on the main screen: it undoes the last step in, one at a time."""
from __future__ import annotations

from textual.widgets import Input

from ...widgets.browser import Browser
from ...widgets.entry_table import EntryTable
from ...widgets.pane_tabs import PaneTabs


def back(screen) -> None:
    """Stops a write waiting for the folder's lock; else out of the pane that has the focus (back to
    the table, the filters as they are); else out of an input (clearing it); else off the table's
    filters (the text first, then the status filters): it undoes the last narrowing."""
    if screen.writer.cancel():
        return
    if screen.query_one(PaneTabs).has_focus_within:
        screen.query_one(Browser).leave_inputs()
        return
    focused = screen.focused
    if isinstance(focused, Input):
        if focused.value:
            focused.value = ""
    elif screen.query_one("#filter", Input).value:
        screen.query_one("#filter", Input).value = ""   # (Input.Changed re-filters the table)
    elif screen.query_one(EntryTable).status_filters:
        screen.action_clear_filters()
    screen.query_one(Browser).leave_inputs()
