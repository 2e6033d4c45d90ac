"""Curation for MemtuiApp: delete (to the trash), restore, add, edit, review, promote, audit view.

Every write goes through `tui.core` (the gated write path, the trash, promotion);
nothing is removed without a confirmation screen.
"""
from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

from textual.app import SuspendNotSupported
from textual.widgets import Input, TabbedContent

from .core.trash import apply_delete, plan_delete
from .core.write import write_raw
from .widgets.entry_table import EntryTable


class CurationMixin:
    """The actions that change the folder."""

    def action_delete(self) -> None:
        table = self.query_one(EntryTable)
        ids = sorted(table.selected) or ([table.current_id()] if table.current_id() else [])
        if ids:
            self.confirm_delete(ids)

    def confirm_delete(self, ids: list[str], then: Callable[[bool], None] | None = None) -> None:
        from .screens.confirm_delete import ConfirmDelete
        plan = plan_delete(self.directory, ids)
        if not plan.files:
            self.notify(f"Nothing to delete: {', '.join(plan.missing)} no longer exist(s)", severity="warning")
            return

        def done(ok: bool | None) -> None:
            if ok:
                try:
                    res = apply_delete(self.directory, plan)
                except OSError as e:
                    self.notify(f"Nothing more was moved: {e}", severity="error", timeout=10)
                    self.request_rescan()
                    return
                for i in res.vanished + plan.missing:
                    self.notify(f"{i} had already vanished; nothing moved", severity="warning")
                if res.moved:
                    self.notify(f"Moved {len(res.moved)} to the trash (t to restore)")
                table = self.query_one(EntryTable)
                table.selected -= set(res.moved)
                self.request_rescan()
            if then is not None:
                then(bool(ok))

        self.push_screen(ConfirmDelete(plan), done)

    def action_trash(self) -> None:
        from .screens.trash_screen import TrashScreen
        self.push_screen(TrashScreen(self.directory))

    def action_audit(self) -> None:
        from .screens.audit_screen import AuditScreen

        def jump(entry_id: str | None) -> None:
            if entry_id and entry_id in self.memory.entries:
                table = self.query_one(EntryTable)
                if not table.select_id(entry_id):
                    table.filter_text, table.status_filters = "", set()
                    self.query_one("#filter", Input).value = ""
                    table.rebuild()
                    self.call_after_refresh(table.select_id, entry_id)
                self.query_one(TabbedContent).active = "detail"
                table.focus()

        self.push_screen(AuditScreen(self.report), jump)

    def action_add(self) -> None:
        from .screens.add_entry import AddEntry

        def added(entry_id: str | None) -> None:
            if entry_id:
                self.notify(f"Remembered {entry_id}")
                self.request_rescan()

        self.push_screen(AddEntry(self.directory, self.root), added)

    def action_edit(self) -> None:
        i = self.current_id()
        if i is None:
            return
        path = self.directory / i
        try:
            original = self.drafts.get(i) or path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self.notify(f"Cannot open {i} for editing: {e}", severity="error")
            return
        edited = self.run_editor(original, suffix=Path(i).suffix or ".md")
        if edited is None or edited == path.read_text(encoding="utf-8", errors="replace"):
            self.drafts.pop(i, None) if edited is not None else None
            return
        res = write_raw(self.directory, self.root, i, edited)
        if not res.ok:
            self.drafts[i] = edited
            self.notify(res.reason() + "\nYour edit is kept: press e to continue editing it.",
                        title=f"{i} not saved", severity="error", timeout=15)
            return
        self.drafts.pop(i, None)
        self._own_writes.add(i)
        self.notify(f"Saved {i}")
        self.request_rescan()

    def run_editor(self, text: str, suffix: str = ".md") -> str | None:
        """Edit ``text`` in $EDITOR on a temporary copy; the app suspends meanwhile."""
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        fd, tmp = tempfile.mkstemp(prefix="memtui-", suffix=suffix)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            cmd = [*shlex.split(editor), tmp]
            try:
                try:
                    with self.suspend():
                        subprocess.run(cmd, check=False)
                except SuspendNotSupported:   # headless (tests): only a non-interactive editor works
                    subprocess.run(cmd, check=False, stdin=subprocess.DEVNULL, capture_output=True)
            except Exception as e:
                self.notify(f"Cannot run the editor {editor!r}: {e}", severity="error")
                return None
            return Path(tmp).read_text(encoding="utf-8")
        finally:
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def action_review(self) -> None:
        from .screens.review_screen import ReviewScreen
        ids = sorted(self.new_ids - self.reviewed)
        if ids:
            self.push_screen(ReviewScreen(ids))

    def mark_reviewed(self, entry_id: str) -> None:
        self.reviewed.add(entry_id)
        table = self.query_one(EntryTable)
        if entry_id in table.rows_by_id:
            table.rows_by_id[entry_id].reviewed = True
            table.redraw_row(entry_id)
        self.set_title_bar()

    def action_promote(self) -> None:
        from .screens.promote_screen import PromoteScreen
        table = self.query_one(EntryTable)
        ids = sorted(table.selected) or ([table.current_id()] if table.current_id() else [])
        if not ids:
            return

        def promoted(done: list[str] | None) -> None:
            self._own_writes.update(done or [])   # marking promoted_to is our write, not the agent's
            self.request_rescan()
            if done:   # a separate confirmation: promoting never implies deleting
                self.notify("Promoted. The next dialog offers to move the memories to the trash; "
                            "Cancel keeps them.", timeout=6)
                self.confirm_delete(done)

        self.push_screen(PromoteScreen(self.memory, ids), promoted)

