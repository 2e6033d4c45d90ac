"""MemtuiApp: the memory table, the detail and preview panes, live watching, curation.

A thin layer over `tui.core`: parsing, status, the injection engine, gates, audit,
trash and the write path all live there. Heavy work runs in thread workers that
hand results back with `call_from_thread`.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Iterable

from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static, TabbedContent, TabPane

from .core.audit import AuditReport
from .core.config import load_config, save_config
from .core.findings import Finding
from .core.memory import Memory
from .core.select import Engine
from .theming import DEFAULT_DARK, load_themes
from .widgets.detail_pane import DetailPane
from .widgets.entry_table import STATUS_FILTERS, SORTABLE, EntryTable, Palette
from .widgets.injection_log import InjectionLog
from .widgets.preview_pane import PreviewPane
from .curation import CurationMixin
from .syncing import SyncMixin



class MemtuiApp(SyncMixin, CurationMixin, App):
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
        self.focus_table()

    def focus_table(self) -> None:
        """Leave the inputs for the table; when the table is hidden (empty folder, nothing
        matches), leave them all the same, or every key after would be typed into the input."""
        table = self.query_one(EntryTable)
        if table.display:
            table.focus()
        else:
            self.set_focus(None)

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
        self.focus_table()

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


def _short(path: Path) -> str:
    try:
        return "~/" + str(Path(path).resolve().relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)
