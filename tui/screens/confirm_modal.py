"""ConfirmModal: the yes/no part every confirmation shares (delete, archive, restore a version).

Cancel holds the focus, so a stray click or tab lands safely; y and enter confirm (enter is bound
with priority over the focused button), n and esc cancel. A subclass draws what will change and
gives its buttons the ids ``cancel`` and ``confirm``."""
from __future__ import annotations

from textual.screen import ModalScreen
from textual.widgets import Button


class ConfirmModal(ModalScreen[bool]):
    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm")

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
