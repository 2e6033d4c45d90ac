"""MemtuiApp: the memory table, the detail and preview panes, live watching, curation.

A thin layer over `tui.core`: parsing, status, the injection engine, gates, audit,
trash and the write path all live there. Heavy work runs in thread workers that
hand results back with `call_from_thread`.
"""
from __future__ import annotations

import datetime as dt
import gc
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from textual import on, work
from textual.app import App, ComposeResult, SuspendNotSupported, SystemCommand
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static, TabbedContent, TabPane

from .core.audit import AuditReport, audit
from .core.config import load_config, save_config
from .core.findings import Finding
from .core.memory import Memory, paused_gc
from .core.select import Engine
from .core.trash import apply_delete, plan_delete
from .core.write import write_raw
from .messages import InjectionLogChanged, LoadProgress, MemoryDirChanged
from .theming import DEFAULT_DARK, load_themes
from .widgets.detail_pane import DetailPane
from .widgets.entry_table import STATUS_FILTERS, SORTABLE, EntryTable, Palette, Row
from .widgets.injection_log import InjectionLog
from .widgets.preview_pane import PreviewPane

DEBOUNCE = 0.15
SUBPROCESS_AUDIT_FROM = 2000   # entries


class MemtuiApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "memtui"
    # side by side only where both panes fit; stacked below (120x36, 80x24)
    HORIZONTAL_BREAKPOINTS = [(0, "-stacked"), (160, "-side")]
    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "help", "Help"),
        # '/' and 'p' are shown in the toolbar beside their inputs, not in the footer
        Binding("slash", "focus_filter", "Filter", show=False),
        Binding("p", "focus_query", "Preview", show=False),
        Binding("a", "add", "Add"),
        Binding("e", "edit", "Edit"),
        Binding("d", "delete", "Delete"),
        Binding("x", "reveal", "Reveal"),
        Binding("P", "promote", "Promote"),
        Binding("A", "audit", "Audit"),
        Binding("t", "trash", "Trash"),
        Binding("R", "review", "Review"),
        Binding("f", "cycle_filter", "Status filter", show=False),
        Binding("F", "clear_filters", "Clear filters", show=False),
        Binding("s", "sort", "Sort", show=False),
        Binding("S", "reverse_sort", "Reverse sort", show=False),
        Binding("1", "tab('detail')", "Detail", show=False),
        Binding("2", "tab('preview')", "Preview tab", show=False),
        Binding("3", "tab('log')", "Log", show=False),
        Binding("ctrl+r", "rescan", "Rescan", show=False),
        Binding("escape", "back", "Back", show=False),
    ]

    def __init__(self, directory: Path, root: Path, theme: str | None = None, watch: bool = True,
                 sample: bool = False, now: dt.datetime | None = None, display_path: str | None = None,
                 log_path: Path | None = None) -> None:
        super().__init__()
        self.directory, self.root = Path(directory), Path(root)
        self.watch_enabled, self.sample, self.fixed_now = watch, sample, now
        self.display_path = display_path or _short(self.directory)
        self.requested_theme = theme
        from .commands.hook import log_path as default_log
        self.log_path = log_path or default_log()
        self.memory = Memory(self.directory, self.root, now or dt.datetime.now(dt.timezone.utc))
        self.engine: Engine | None = None
        self.findings: dict[str, list[Finding]] = {}
        self.report: AuditReport | None = None
        self.loaded = False
        self.new_ids: set[str] = set()
        self.reviewed: set[str] = set()
        self.drafts: dict[str, str] = {}        # entry id → edited text that was rejected
        self.changed_note: dict[str, str] = {}
        self._own_writes: set[str] = set()   # files this app just wrote (edits): not the agent's
        self.watcher = None
        self._debounce = None
        self._saving_theme = False

    # -- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="title-bar")
        with Horizontal(id="toolbar"):
            yield Static("/", classes="key-hint")
            yield Input(placeholder="filter", id="filter")
            yield Static("p", classes="key-hint")
            yield Input(placeholder="type a prompt: what would the agent be given?", id="query")
        yield Static("", id="filter-status")
        with Container(id="main"):
            with Vertical(id="left"):
                yield EntryTable(id="entry-table")
                yield Static("", id="empty")
            with TabbedContent(id="right", initial="detail"):
                with TabPane("Detail", id="detail"):
                    yield DetailPane(id="detail-pane")
                with TabPane("Preview", id="preview"):
                    yield PreviewPane(id="preview-pane")
                with TabPane("Injection log", id="log"):
                    yield InjectionLog(self.log_path, id="injection-log")
        yield Footer()

    def on_mount(self) -> None:
        themes, problems = load_themes()
        for th in themes:
            self.register_theme(th)
        if problems:
            self.notify("Theme files skipped: " + " | ".join(problems), severity="warning", timeout=10)
        wanted = self.requested_theme or load_config().get("theme") or DEFAULT_DARK
        if wanted not in self.available_themes:
            self.notify(f"No theme named {wanted!r}; using {DEFAULT_DARK}", severity="warning")
            wanted = DEFAULT_DARK
        self._saving_theme = self.requested_theme is None
        self.theme = wanted
        self.update_palette()
        self.query_one(EntryTable).focus()
        self.set_title_bar(loading="reading the folder…")
        if self.sample:
            self.notify("No memory folder found here, so this is the bundled sample. Run memtui DIR for yours.",
                        timeout=8)
        self.load_memory()

    def watch_theme(self, theme: str) -> None:
        self.update_palette()
        if self._saving_theme and self.loaded:
            try:
                save_config({"theme": theme})
            except OSError as e:
                self.notify(f"Could not save the theme choice: {e}", severity="warning")
        self._saving_theme = True

    def update_palette(self) -> None:
        try:
            th = self.current_theme
        except Exception:
            return
        table = self.query_one(EntryTable)
        table.palette = Palette(verified=th.success or "green", broken=f"bold {th.error or 'red'}",
                                unsafe=f"bold {th.accent or 'magenta'}", new=f"bold {th.warning or 'yellow'}",
                                injected=f"bold {th.success or 'green'}")
        if self.loaded:
            table.rebuild()

    def on_unmount(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()

    # -- loading ---------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="load")
    def load_memory(self) -> None:
        try:
            with paused_gc():   # a cyclic-GC pass over the growing heap would hold the GIL for ~0.1 s
                self.memory.refresh(progress=lambda d, t: self.post_message(LoadProgress(d, t)))
                engine = Engine.from_memory(self.memory)
                gc.freeze()
        except Exception as e:  # a folder we cannot read at all: say so, keep running
            self.call_from_thread(self.notify, f"Cannot read {self.directory}: {e}", severity="error")
            return
        self.call_from_thread(self._loaded, engine)

    def on_load_progress(self, message: LoadProgress) -> None:
        if not self.loaded and message.total:
            text = f"reading {message.done:,} / {message.total:,} files…"
            self.set_title_bar(loading=text)
            empty = self.query_one("#empty", Static)
            empty.update(f"⏳ {text[0].upper()}{text[1:]}")
            empty.display = True

    def _loaded(self, engine: Engine) -> None:
        self.engine = engine
        self.loaded = True
        table = self.query_one(EntryTable)
        table.set_rows(self.build_rows())
        self.set_title_bar()
        self.update_empty()
        self.show_detail()
        self.refresh_bindings()
        self.run_audit()
        if self.watch_enabled:
            self.start_watcher()

    def build_rows(self, ids: Iterable[str] | None = None) -> dict[str, Row]:
        mem = self.memory
        ids = mem.entries if ids is None else ids
        return {i: Row(mem.entries[i], mem.status[i], self.kinds_of(i), i in self.new_ids, i in self.reviewed)
                for i in ids}

    def kinds_of(self, entry_id: str) -> tuple[str, ...]:
        from .core.findings import KINDS
        found = {f.kind for f in self.findings.get(entry_id, [])}
        return tuple(k for k in KINDS if k in found)

    @work(thread=True, exclusive=True, group="audit")
    def run_audit(self) -> None:
        try:
            if len(self.memory.entries) >= SUBPROCESS_AUDIT_FROM:
                # a big folder is audited by `memtui audit` in another process: its seconds of
                # CPU must not hold the GIL the UI thread needs (subprocess uses vfork: no stall)
                rep = audit_in_subprocess(self.directory, self.root, self.memory.now)
            else:
                rep = audit(self.memory, git=True, jobs=1)
        except Exception as e:
            self.call_from_thread(self.notify, f"Audit failed: {e}", severity="error")
            return
        self.call_from_thread(self._audited, rep)

    def _audited(self, rep: AuditReport) -> None:
        old = self.findings
        self.report = rep
        self.findings = {}
        for f in rep.findings:
            self.findings.setdefault(f.id, []).append(f)
        table = self.query_one(EntryTable)
        rows = table.rows_by_id
        for i in set(old) | set(self.findings):
            if i in rows:
                before = rows[i].flags()
                rows[i].kinds = self.kinds_of(i)
                if rows[i].flags() != before:   # update_cell costs ~1 ms: only where it shows
                    table.redraw_row(i, only="flags")
        self.set_title_bar()
        self.show_detail()

    # -- watching ----------------------------------------------------------------------
    def start_watcher(self) -> None:
        from .watch import DirectoryWatcher
        try:
            self.watcher = DirectoryWatcher(self.directory, lambda: self.post_message(MemoryDirChanged()),
                                            self.log_path, lambda: self.post_message(InjectionLogChanged()))
            self.watcher.start()
        except Exception as e:
            self.watcher = None
            self.notify(f"Not watching for changes: {e}", severity="warning")

    def on_memory_dir_changed(self, _: MemoryDirChanged) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        self._debounce = self.set_timer(DEBOUNCE, self.request_rescan)

    def on_injection_log_changed(self, _: InjectionLogChanged) -> None:
        new = self.query_one(InjectionLog).poll()
        if new:
            self.notify(f"The hook injected memories ({new} new record{'s' if new > 1 else ''})", timeout=3)

    def request_rescan(self) -> None:
        if self.loaded:
            self.rescan()

    @work(thread=True, exclusive=True, group="rescan")
    def rescan(self) -> None:
        try:
            if self.fixed_now is None:
                self.memory.now = dt.datetime.now(dt.timezone.utc)
            with paused_gc():
                diff = self.memory.refresh()
                engine = Engine.from_memory(self.memory)
                gc.freeze()
        except Exception as e:
            self.call_from_thread(self.notify, f"Rescan failed: {e}", severity="error")
            return
        self.call_from_thread(self._rescanned, diff, engine)

    def _rescanned(self, diff, engine: Engine) -> None:
        self.engine = engine
        for i in diff.added + diff.changed:   # written = created or rewritten by the agent
            if self.memory.entries[i].source == "model" and i not in self._own_writes:
                self.new_ids.add(i)
                self.reviewed.discard(i)
        self._own_writes.clear()
        for i in diff.removed:
            self.new_ids.discard(i)
        table = self.query_one(EntryTable)
        current = table.current_id()
        if current in diff.changed:
            self.changed_note[current] = "↻ changed on disk — reloaded"
            self.notify(f"{current} changed on disk; the detail shows the new version", timeout=4)
        if current in diff.removed:
            self.notify(f"{current} was removed from the folder", severity="warning")
        # statuses may change for every entry (an anchor file or MEMORY.md changed): refresh all cells cheaply
        rows = self.build_rows()
        for i, r in rows.items():
            old = table.rows_by_id.get(i)
            if old is not None and (old.status.anchor, old.status.load, old.status.age_days) != \
                    (r.status.anchor, r.status.load, r.status.age_days) and i not in diff.changed:
                diff.changed.append(i)
        table.apply_diff(rows, diff.added, diff.changed, diff.removed)
        self.set_title_bar()
        self.update_empty()
        self.show_detail()
        self.update_preview()
        if diff.added or diff.changed or diff.removed:
            self.run_audit()

    # -- the panes -------------------------------------------------------------------------
    def set_title_bar(self, loading: str = "") -> None:
        bar = self.query_one("#title-bar", Static)
        if loading:
            bar.update(f"memtui · {self.display_path} · {loading}")
            return
        mem = self.memory
        n = len(mem.entries)
        broken = sum(1 for s in mem.status.values() if s.anchor == "broken")
        unreadable = sum(1 for e in mem.entries.values() if e.error)
        bits = [f"{n} entr{'y' if n == 1 else 'ies'}"]
        if broken:
            bits.append(f"{broken} broken")
        if unreadable:
            bits.append(f"{unreadable} unreadable")
        if self.report is not None:
            bits.append(f"{len(self.report.findings)} findings")
        new = len(self.new_ids - self.reviewed)
        if new:
            bits.append(f"{new} new from the agent (R)")
        if self.watcher is not None:
            bits.append("watching")
        bar.update(f"memtui · {self.display_path} · " + " · ".join(bits))

    def update_empty(self) -> None:
        table = self.query_one(EntryTable)
        empty = self.query_one("#empty", Static)
        status = self.query_one("#filter-status", Static)
        filters = [STATUS_FILTERS[f] for f in sorted(table.status_filters)]
        sort = f"sorted by {table.sort_column}{' ↓' if table.sort_reverse else ''}"
        shown = len(table.visible_ids)
        status.update(f"{shown} shown · {sort}" + (f" · only: {', '.join(filters)} (F clears)" if filters else ""))
        if not self.memory.entries:
            empty.update(f"No memories in {self.display_path} yet.\nPress a to add one, or point memtui at "
                         "another folder: memtui DIR")
        elif not table.visible_ids:
            empty.update("No entry matches the filter. esc clears the text, F clears status filters.")
        empty.display = not table.visible_ids
        table.display = bool(table.visible_ids)   # an empty grid says nothing; the message says what to do

    def current_id(self) -> str | None:
        return self.query_one(EntryTable).current_id()

    def show_detail(self) -> None:
        i = self.current_id()
        pane = self.query_one(DetailPane)
        if i is None or i not in self.memory.entries:
            pane.show(None, None, [], False)
            return
        table = self.query_one(EntryTable)
        pane.show(self.memory.entries[i], self.memory.status[i], self.findings.get(i, []),
                  table.revealed == i, self.changed_note.pop(i, ""))

    @on(EntryTable.RowHighlighted)
    def _row_highlighted(self, event: EntryTable.RowHighlighted) -> None:
        table = self.query_one(EntryTable)
        if table.revealed is not None and table.revealed != table.current_id():
            table.set_revealed(None)   # revealing is for one entry, until you move away
        self.show_detail()
        self.refresh_bindings()   # the footer greys out what does not apply to this entry

    @on(EntryTable.HeaderSelected)
    def _header_selected(self, event: EntryTable.HeaderSelected) -> None:
        """A click on a column header sorts by it; a second click reverses."""
        key = str(event.column_key.value)
        if key not in SORTABLE:
            return
        table = self.query_one(EntryTable)
        if table.sort_column == key:
            table.sort_reverse = not table.sort_reverse
        else:
            table.sort_column, table.sort_reverse = key, False
        table.resort()
        self.update_empty()

    @on(EntryTable.RowSelected)
    def _row_selected(self, _: EntryTable.RowSelected) -> None:
        self.query_one(TabbedContent).active = "detail"

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        table = self.query_one(EntryTable)
        table.filter_text = event.value.strip()
        table.rebuild()
        self.update_empty()

    @on(Input.Changed, "#query")
    def _query_changed(self, event: Input.Changed) -> None:
        self.query_one(TabbedContent).active = "preview"
        self.update_preview()

    @on(Input.Submitted, "#query")
    @on(Input.Submitted, "#filter")
    def _input_submitted(self, _: Input.Submitted) -> None:
        self.query_one(EntryTable).focus()

    def update_preview(self) -> None:
        self.preview(self.query_one("#query", Input).value)

    @work(thread=True, exclusive=True, group="preview")
    def preview(self, query: str) -> None:
        engine = self.engine
        if engine is None:
            return
        decision = engine.decide(query) if query.strip() else None
        self.call_from_thread(self._previewed, decision)

    def _previewed(self, decision) -> None:
        self.query_one(PreviewPane).show(decision)
        ranks = {c.id: n for n, c in enumerate(decision.injected, 1)} if decision else {}
        self.query_one(EntryTable).set_injected(ranks)

    # -- actions ---------------------------------------------------------------------------
    MAIN_ONLY = {"focus_filter", "focus_query", "add", "edit", "delete", "reveal", "promote", "audit", "trash",
                 "review", "cycle_filter", "clear_filters", "sort", "reverse_sort", "tab", "rescan", "back"}

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.screen is not self.screen_stack[0]:
            # app bindings reach every screen; curation keys belong to the main one only
            return False if action in self.MAIN_ONLY else True
        i = self.current_id() if self.loaded else None
        table = self.query_one(EntryTable)
        if action in ("delete", "promote"):
            return True if (table.selected or i) else None
        if action == "edit":
            return True if i else None
        if action == "reveal":
            from .core.secrets import find_secrets
            e = self.memory.entries.get(i) if i else None
            return True if e is not None and e.text and find_secrets(e.text) else None
        if action == "review":
            return True if self.new_ids - self.reviewed else None
        if action in ("audit", "add", "trash", "rescan"):
            return True if self.loaded else None
        return True

    def action_help(self) -> None:
        from .screens.help_screen import HelpScreen
        self.push_screen(HelpScreen())

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_focus_query(self) -> None:
        self.query_one(TabbedContent).active = "preview"
        self.query_one("#query", Input).focus()

    def action_back(self) -> None:
        focused = self.focused
        if isinstance(focused, Input) and focused.value:
            focused.value = ""
        self.query_one(EntryTable).focus()

    def action_tab(self, name: str) -> None:
        self.query_one(TabbedContent).active = name

    def action_reveal(self) -> None:
        table = self.query_one(EntryTable)
        i = table.current_id()
        if i is not None:
            table.set_revealed(None if table.revealed == i else i)
            self.show_detail()

    def action_cycle_filter(self) -> None:
        table = self.query_one(EntryTable)
        keys = list(STATUS_FILTERS)
        current = sorted(table.status_filters, key=keys.index)
        nxt = keys[(keys.index(current[-1]) + 1) % len(keys)] if current else keys[0]
        table.status_filters = {nxt}
        table.rebuild()
        self.update_empty()

    def action_clear_filters(self) -> None:
        table = self.query_one(EntryTable)
        table.status_filters = set()
        table.rebuild()
        self.update_empty()

    def set_status_filter(self, name: str) -> None:
        table = self.query_one(EntryTable)
        table.status_filters = {name}
        table.rebuild()
        self.update_empty()

    def action_sort(self) -> None:
        table = self.query_one(EntryTable)
        table.sort_column = SORTABLE[(SORTABLE.index(table.sort_column) + 1) % len(SORTABLE)]
        table.resort()
        self.update_empty()

    def action_reverse_sort(self) -> None:
        table = self.query_one(EntryTable)
        table.sort_reverse = not table.sort_reverse
        table.resort()
        self.update_empty()

    def action_rescan(self) -> None:
        self.request_rescan()

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

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if screen is not self.screen_stack[0]:
            return
        for name, label in STATUS_FILTERS.items():
            yield SystemCommand(f"Filter: {label}", f"Show only entries: {label}",
                                lambda n=name: self.set_status_filter(n))
        for action, title, help_text in (
            ("clear_filters", "Filter: clear", "Show every entry"), ("audit", "Audit", "Findings by kind"),
            ("trash", "Trash", "Restore deleted entries"), ("add", "Add an entry", "Write a memory (gated)"),
            ("edit", "Edit the entry", "Open it in $EDITOR (gated)"), ("delete", "Delete…", "Move to the trash"),
            ("review", "Review new entries", "What the agent wrote since launch"),
            ("reveal", "Reveal secrets", "Show this entry's secrets"), ("rescan", "Rescan", "Read the folder now"),
            ("sort", "Sort by the next column", ""), ("reverse_sort", "Reverse the sort", ""),
            ("focus_query", "Preview a prompt", "What would be injected"), ("help", "Keys", "Every key"),
            ("promote", "Promote…", "Into CLAUDE.md, AGENTS.md, … with a diff"),
        ):
            if self.check_action(action, ()):
                yield SystemCommand(title, help_text, getattr(self, f"action_{action}"))


def audit_in_subprocess(directory: Path, root: Path, now: dt.datetime) -> AuditReport:
    import json
    import sys
    # one job, at low priority: the UI process keeps a core to itself
    env = dict(os.environ, MEMTUI_NOW=now.isoformat(), MEMTUI_JOBS="1")
    nice = ["nice", "-n", "10"] if shutil.which("nice") else []
    p = subprocess.run([*nice, sys.executable, "-m", "tui", "audit", "--dir", str(directory), "--root", str(root),
                        "--format", "json", "--fail-on", ""], capture_output=True, text=True, env=env,
                       stdin=subprocess.DEVNULL, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}")
    data = json.loads(p.stdout)
    keys = ("id", "kind", "rule", "line", "message", "fix", "related")
    findings = [Finding(**{k: f.get(k) for k in keys}) for f in data["findings"]]
    return AuditReport(findings, data["summary"]["entries"], str(directory), str(root))


def _short(path: Path) -> str:
    try:
        return "~/" + str(Path(path).resolve().relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)
