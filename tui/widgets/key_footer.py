"""KeyFooter: Textual's Footer, fitted to its width.

At 120 columns every shown key fits. Narrower, the keys marked as such (``hidden_when_narrow``: the
action table's WIDE rows) are left out, and narrower still the footer goes compact: the keys that
matter stay readable instead of the last ones being cut ("A Aud"), and `?` lists the rest.
A view whose every key matters (the triage pass) gives ``short`` labels instead ("Drop" for "Drop
(delete)") and may give up the palette's key when narrow (ctrl+p still opens it): every key stays.
"""
from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

PALETTE_ROOM = 14   # the command palette's key, docked at the right ("^p palette" and its border)


class KeyFooter(Footer):
    def __init__(self, hidden_when_narrow: frozenset[str] = frozenset(), short: dict[str, str] | None = None,
                 palette_when_narrow: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.hidden_when_narrow = hidden_when_narrow
        self.short = short or {}   # binding's action -> its label where room is short
        self.palette_when_narrow = palette_when_narrow
        self.narrow = False

    def _needed(self, narrow: bool, compact: bool) -> int:
        """Columns the shown keys take (Footer's paddings: ' k ' + 'Label ', or 'k Label' + a gap)."""
        total = PALETTE_ROOM if self.palette_when_narrow or not narrow else 0
        seen = set()   # (Footer shows one key per action: 'o,enter' takes the room of 'o')
        for _, binding, _, _ in self.screen.active_bindings.values():
            if not binding.show or (narrow and binding.action in self.hidden_when_narrow) or binding.action in seen:
                continue
            seen.add(binding.action)
            key = self.app.get_key_display(binding)
            label = self.short.get(binding.action, binding.description) if narrow else binding.description
            total += len(key) + len(label) + (2 if compact else 3)
        return total

    def _fit(self) -> tuple[bool, bool]:
        """(narrow, compact) for the width there is: the fullest footer that fits."""
        width = self.app.size.width
        for narrow, compact in ((False, False), (True, False), (True, True)):
            if self._needed(narrow, compact) <= width:
                return narrow, compact
        return True, True

    def on_resize(self) -> None:
        if self._fit() != (self.narrow, self.compact):
            self.call_after_refresh(self.recompose)

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self.narrow, compact = self._fit()
            self.set_reactive(Footer.compact, compact)
            self.set_class(compact, "-compact")
            self.set_reactive(Footer.show_command_palette, self.palette_when_narrow or not self.narrow)
        for widget in super().compose():
            if self.narrow and isinstance(widget, FooterKey) and widget.action in self.hidden_when_narrow:
                continue
            if self.narrow and isinstance(widget, FooterKey) and widget.action in self.short:
                widget.description = self.short[widget.action]
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.compact = self.compact   # (the palette's key keeps Textual's own look)
            yield widget
