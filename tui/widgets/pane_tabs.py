"""PaneTabs: the detail / preview / log / usage tabs beside the table, and which of them has the focus.

Enter on the table, or tab, moves the focus into the pane shown; the tab strip is skipped (no key
scrolls it; 1-4 and the mouse switch tabs). A pane that has the focus scrolls with j and k
(``pane_keys``); the tabs' edge takes the accent colour (app.tcss) and its title says so, and esc
(the screen's) goes back to the table."""
from __future__ import annotations

from textual.containers import ScrollableContainer
from textual.widgets import TabbedContent, Tabs

FOCUSED_TITLE = "j k scroll · esc: back to the table"


class PaneTabs(TabbedContent):
    def on_mount(self) -> None:
        self.query_one(Tabs).can_focus = False

    @property
    def has_focus_within(self) -> bool:
        now = self.screen.focused
        return now is not None and (now is self or self in now.ancestors)

    def show_tab(self, name: str, focus: bool = False) -> None:
        """Show the tab ``name``; the focus moves into its pane with ``focus``, or when it was in
        the pane shown before."""
        focus = focus or self.has_focus_within
        self.active = name
        if focus and self.active_pane is not None:
            self.screen.set_focus(next(iter(self.active_pane.query(ScrollableContainer)), None))

    def _mark(self) -> None:
        self.border_title = FOCUSED_TITLE if self.has_focus_within else None

    def on_descendant_focus(self) -> None:
        self._mark()

    def on_descendant_blur(self) -> None:
        self.call_after_refresh(self._mark)   # (the focus has moved on by then)
