"""MainScreen: the entry table, the detail / preview / log panes, and every key that acts on them.

It owns the memory store and the current snapshot. Reading, auditing and previewing run in workers
(``background``) whose results come back tagged with the generation or request they answer (a
result a newer one overtook is dropped). Writes go through ``curation``; files written here are
known by signature, never taken for the agent's."""
from __future__ import annotations

import datetime as dt
import threading
from functools import partialmethod
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Container, Horizontal
from textual.screen import Screen
from textual.widgets import Input, Static, TabbedContent, TabPane

from . import background, curation, editing, firstview, history_flow, hook_setup, keys, panes
from .agent_writes import AgentWrites
from ...core.reports.audit import AuditReport
from ...core.judging.findings import Finding
from ...core.snapshots.memory import MemoryStore, Snapshot, let_heap_go, utcnow
from ...messages import Audited, LoadProgress, MemoryDirChanged, Previewed, Rescanned, Triaged, WorkFailed
from ...widgets.detail_pane import DetailPane
from ...widgets.entry_table import EntryTable, build_rows, rows_to_redraw
from ...widgets.injection_log import InjectionLog
from ...widgets.fit_line import FitLine
from ...widgets.key_footer import KeyFooter
from ...render.title import title_text
from ...widgets.browser import Browser
from ...widgets.preview_pane import PreviewPane
from .triage_view import TriageView, UsagePane, triage_pass
from .audit_runs import OneAtATime
from .folder_watch import FolderWatch
from .preview_index import PreviewIndexer
from .writer import Writer
from .record_view import RecordView


class MainScreen(Screen):
    # the table, or nothing (None would inherit the app's "*": the filter input, first in the DOM,
    # took the focus whenever the table was not focusable yet, and a cold start's keys landed in it)
    AUTO_FOCUS = "EntryTable"
    BINDINGS = keys.BINDINGS

    def __init__(self, directory: Path, root: Path, *, watch: bool = True, sample_note: str = "",
                 now: dt.datetime | None = None, display_path: str, log_path: Path, layout=None, store=None,
                 select: str | None = None, offer_hook: bool = False) -> None:
        super().__init__()
        # look for Claude Code's hook (the Usage tab says whether it is wired) and offer it once: the
        # entry point does; tests, with no such setting, do not read the developer's real settings
        self.offer_hook = offer_hook
        self.select_first = select   # the entry to open on (memtui was given its file)
        self.directory, self.root = Path(directory), Path(root)
        self.watch_enabled, self.sample_note, self.fixed_now = watch, sample_note, now
        self.display_path, self.log_path = display_path, log_path
        self.store = store or MemoryStore(self.directory, self.root, layout=layout)
        self.multi, self.snapshot = hasattr(self.store, "stores"), None
        self.report: AuditReport | None = None
        self.findings: dict[str, list[Finding]] = {}
        self.triaged = TriageView(self)
        self.records = RecordView(self)   # the agent's own record: who wrote each entry, when, who read it
        self._kinds: dict[str, tuple[str, ...]] = {}   # entry id → its finding kinds, most severe first
        self.writes = AgentWrites(self.directory, {k: s.dir for k, s in getattr(self.store, "stores", {}).items()})
        self.writer = Writer(self)              # our writes, off the UI thread, one at a time
        self.drafts: dict = {}   # entry id → an edit that was not saved (core/writes/drafts.Kept)
        self.changed_note: dict[str, str] = {}
        self.rows_note = ""   # before the first reading: what the rows shown are (firstview)
        self.watch = FolderWatch(self)
        self.audits = OneAtATime(self._audit)
        self._preview_request = 0
        self.indexer = PreviewIndexer(self, self.update_preview)

    @property
    def loaded(self) -> bool:
        return self.snapshot is not None

    @property
    def watcher(self):
        return self.watch.watcher

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield FitLine("", id="title-bar")
        with Horizontal(id="toolbar"):
            yield Static("/", classes="key-hint")
            yield Input(placeholder="filter", id="filter")
            yield Static("p", classes="key-hint")
            yield Input(placeholder="type a prompt: what would the agent be given?", id="query")
        yield FitLine("", id="filter-status", head=False)
        with Container(id="main"):
            yield Browser(self.display_path, agents=self.multi, id="left")
            with TabbedContent(id="right", initial="detail"):
                with TabPane("Detail", id="detail"):
                    yield DetailPane(id="detail-pane")
                with TabPane("Preview", id="preview"):
                    yield PreviewPane(id="preview-pane")
                with TabPane("Injection log", id="log"):
                    yield self.watch.keep(InjectionLog(self.log_path, background.examples(self), id="injection-log"))
                yield TabPane("Usage", UsagePane(id="usage-pane"), id="usage")
        yield KeyFooter(keys.NARROW_HIDDEN)
        yield self.writer
        yield self.records   # (never shown: it reads the agent's record in its worker)

    def on_mount(self) -> None:
        table = self.query_one(EntryTable)
        table.palette = self.app.colours
        table.focus()
        self.set_title_bar(loading="reading the folder…")
        if self.sample_note:
            self.notify(self.sample_note, timeout=8)
        firstview.show(self)   # the last reading's first screen, until this one is done
        panes.show(self, panes.remembered())
        self.load()
        if self.offer_hook:
            hook_setup.check(self)

    def on_unmount(self) -> None:
        self.watch.stop()
        self.indexer.stop()
        background.stop_audits()
        let_heap_go()

    def restyle(self) -> None:   # a new theme: every cell and pane takes its colours
        table = self.query_one(EntryTable)
        table.palette = self.app.colours
        if self.loaded:
            table.rebuild()
            self.show_detail()
            self.update_preview()

    # -- reading the folder --------------------------------------------------------------
    @work(thread=True, exclusive=True, group="load")
    def load(self, full: bool = True, noted: bool = False) -> None:
        try:
            if self.watch_enabled and self.watcher is None and not self.loaded:
                self.watch.start()   # before the first walk: a file written meanwhile is noted
            firstview.look(self, self.fixed_now or utcnow())   # a large folder's first files, read first
            snap = background.read_folder(self.store, self.fixed_now or utcnow(), full=full, noted=noted,
                                          progress=lambda d, t: self.post_message(LoadProgress(d, t)))
            shown = threading.Event()
            rows, order = (None, None) if self.snapshot else background.first_rows(
                snap, set(self.writes.new), set(self.writes.reviewed), self.kinds_of, self.records.kept(snap))
            self.post_message(Rescanned(snap, shown, rows, order))   # the rows; the UI thread then indexes it
            if rows is not None:
                shown.wait(1.0)   # (saved meanwhile, it would take the interpreter from the table's update)
                firstview.save(self.store, rows)
        except Exception as e:  # a folder we cannot read at all: say so, keep running
            self.post_message(WorkFailed(f"Cannot read {self.directory}", str(e)))

    def request_rescan(self, full: bool = False) -> None:
        if self.loaded:
            self.load(full)

    def on_load_progress(self, message: LoadProgress) -> None:
        if not self.loaded and message.total:
            text = f"reading {message.done:,} / {message.total:,} files…"
            self.set_title_bar(loading=f"{text} ({self.rows_note})" if self.rows_note else text)
            if not self.query_one(EntryTable).rows_by_id:   # (not over the last reading's rows)
                self.query_one(Browser).show_progress(text)

    def on_work_failed(self, m: WorkFailed) -> None:
        self.notify(f"{m.what}: {m.error}", severity="error")

    def on_rescanned(self, message: Rescanned) -> None:
        self._show_snapshot(message.snapshot, message.rows, message.order)
        if message.shown is not None:
            message.shown.set()   # (its worker waits a second at most: an error here costs no more)

    def _show_snapshot(self, snap: Snapshot, rows: dict | None = None, order: tuple | None = None) -> None:
        if self.snapshot is not None and snap.generation <= self.snapshot.generation:
            return   # an older reading that a newer one overtook
        first, before = self.snapshot is None, self.snapshot
        if not first:
            snap = snap.since(self.snapshot)   # what changed from the rows shown (readings may have been skipped)
        self.snapshot = snap
        table = self.query_one(EntryTable)
        if first:
            table.set_rows(rows or build_rows(snap, self.writes.new, self.writes.reviewed, self.kinds_of), order)
            self.watch.first_shown()
            if self.select_first and table.select_id(self.select_first):
                self.notify(f"Opened the folder that holds {self.select_first}, on that entry", timeout=5)
        else:
            self._apply_changes(snap)
        self.set_title_bar()
        self.update_empty()
        self.show_detail()
        self.refresh_bindings()
        if not first:
            self.update_preview()
        if first or snap.added or snap.changed or snap.removed or _state(snap) != _state(before):
            self.run_audit(snap)   # (a mem0 export's skipped line changes no entry, only its finding)
        if first:   # (a later reading is indexed when a prompt needs it: not on every file the agent writes)
            self.indexer.start(snap, table.rows_by_id.values())
        self.records.read_after_rows(snap)   # after the rows: what the agent appended to its record since

    def _apply_changes(self, snap: Snapshot) -> None:
        ours = self.writes.classify(snap)
        table = self.query_one(EntryTable)
        current = table.current_id()
        if current in snap.changed:
            self.changed_note[current] = "↻ changed on disk — reloaded"
            self.notify(f"{current} changed on disk; the detail shows the new version", timeout=4)
        if current in snap.removed and current not in ours:   # (our own delete is said by its flow)
            self.notify(f"{current} was removed from the folder", severity="warning")
        rows = build_rows(snap, self.writes.new, self.writes.reviewed, self.kinds_of, reuse=table.rows_by_id,
                          dated=self.records.dated)
        table.apply_diff(rows, list(snap.added), rows_to_redraw(snap, table.rows_by_id, rows), list(snap.removed))

    def kinds_of(self, entry_id: str) -> tuple[str, ...]:
        return self._kinds.get(entry_id, ())

    # -- audit -------------------------------------------------------------------------------
    def run_audit(self, snap: Snapshot) -> None:
        self.audits.want(snap)

    @work(thread=True, exclusive=True, group="audit")
    def _audit(self, snap: Snapshot) -> None:
        try:
            self.triaged.audited(snap, background.audit_snapshot(snap))   # posts Audited, then triages
        except Exception as e:
            self.post_message(WorkFailed("Audit failed", str(e)))
        finally:
            self.audits.finished(self.app)

    def on_audited(self, message: Audited) -> None:
        if not self.audits.fresh(message.generation):
            return   # an older audit than the one shown
        old = self.findings
        self.report, self.findings, self._kinds = message.report, message.by_id, message.kinds
        self.query_one(EntryTable).set_kinds(set(old) | set(self.findings), self.kinds_of)
        self.set_title_bar()
        self.show_detail()

    def on_triaged(self, message: Triaged) -> None:
        self.triaged.apply(message)

    # -- preview ---------------------------------------------------------------------------
    def update_preview(self) -> None:
        if self.snapshot is None:
            return
        self._preview_request += 1
        query = self.query_one("#query", Input).value
        if query.strip():
            self.indexer.want(self.snapshot)
        self._preview(self.indexer.for_preview(self.snapshot), query, self._preview_request)

    @work(thread=True, exclusive=True, group="preview")
    def _preview(self, snap: Snapshot, query: str, request: int) -> None:
        self.post_message(background.previewed(request, snap, query))

    def on_previewed(self, message: Previewed) -> None:
        if message.request != self._preview_request:
            return   # a newer prompt was typed meanwhile
        self.query_one(PreviewPane).show(message.decision, self.app.colours, message.error)
        d = message.decision
        self.query_one(EntryTable).set_injected({c.id: n for n, c in enumerate(d.injected, 1)} if d else {})

    # -- watching (folder_watch) ------------------------------------------------
    def on_memory_dir_changed(self, _: MemoryDirChanged) -> None:
        self.watch.changed()

    # -- inputs ------------------------------------------------------------------------------
    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self.query_one(Browser).set_filter_text(event.value)

    @on(Input.Changed, "#query")
    def _query_changed(self, _: Input.Changed) -> None:
        self.query_one(TabbedContent).active = "preview"
        self.update_preview()

    @on(Input.Submitted, "#query")
    @on(Input.Submitted, "#filter")
    def _input_submitted(self, _: Input.Submitted) -> None:
        self.focus_table()

    # -- which keys apply (keys.applies) --------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return keys.applies(self, action)

    # -- curation (the flows and writes live in curation and editing) ---------------------------
    def action_delete(self) -> None:
        curation.delete(self, curation.chosen_ids(self))

    def action_edit(self) -> None:
        editing.edit(self, self.current_id())

    def action_promote(self) -> None:
        curation.promote(self, curation.chosen_ids(self))

    def action_review(self) -> None:
        curation.review(self, self.writes.pending())

    def flow(self, start, *args) -> None:   # a flow that lives in a helper module of this package
        start(self, *args)

    action_add = partialmethod(flow, editing.add)
    action_trash = partialmethod(flow, curation.trash)
    action_audit = partialmethod(flow, curation.audit_view)
    action_triage = partialmethod(flow, triage_pass)
    action_history = partialmethod(flow, history_flow.open_history)
    action_install_hook = partialmethod(flow, hook_setup.install)
    action_grow_panes = partialmethod(flow, panes.step, 1)
    action_shrink_panes = partialmethod(flow, panes.step, -1)

    def on_injection_log_agent_wrote(self, message: InjectionLog.AgentWrote) -> None:
        """Writes the hook saw land join the NEW inbox (``R``)."""
        curation.agent_wrote(self, message.records)

    def action_rescan(self) -> None:   # ctrl+r: re-check every anchor against the project too
        self.request_rescan(full=True)

    # -- the view: bars, panes, filters, sorting ------------------------------------------------
    def set_title_bar(self, loading: str = "") -> None:
        new = len(self.writes.pending())
        self.query_one("#title-bar", FitLine).show(
            title_text(self.display_path, self.snapshot, self.report, new, self.watcher is not None,
                       loading or self.writer.status, self.sample_note))

    def update_empty(self) -> None:
        self.query_one(Browser).update_empty(self.snapshot)

    def current_id(self) -> str | None:
        return self.query_one(EntryTable).current_id()

    def show_detail(self) -> None:
        i = self.current_id()
        pane = self.query_one(DetailPane)
        snap = self.snapshot
        if i is None or snap is None or i not in snap.entries:
            pane.show(None, None, [], False)
            return
        table = self.query_one(EntryTable)
        row = table.rows_by_id.get(i)   # (its status counts the age from the agent's record, once read)
        pane.show(snap.entries[i], row.status if row is not None else snap.status[i], self.findings.get(i, []),
                  table.revealed == i, self.changed_note.pop(i, ""), self.app.colours, *self.triaged.of(i),
                  provenance=self.records.of(i))

    @on(EntryTable.RowHighlighted)
    def _row_highlighted(self, _: EntryTable.RowHighlighted) -> None:
        table = self.query_one(EntryTable)
        if table.revealed is not None and table.revealed != table.current_id():
            table.set_revealed(None)   # revealing is for one entry, until you move away
        self.show_detail()
        self.refresh_bindings()   # the footer greys out what does not apply to this entry

    @on(EntryTable.RowSelected)
    def _row_selected(self, _: EntryTable.RowSelected) -> None:
        self.query_one(TabbedContent).active = "detail"

    def focus_table(self) -> None:
        self.query_one(Browser).leave_inputs()

    def action_focus_filter(self) -> None:   # (set_focus: focus() would move it only later)
        self.set_focus(self.query_one("#filter", Input))

    def action_focus_query(self) -> None:
        self.query_one(TabbedContent).active = "preview"
        self.set_focus(self.query_one("#query", Input))

    def action_back(self) -> None:
        """esc: stops a write waiting for the folder's lock, else out of an input (clearing it), else off
        the table's filters (the text first, then the status filters): it undoes the last narrowing."""
        if self.writer.cancel():
            return
        focused = self.focused
        if isinstance(focused, Input):
            if focused.value:
                focused.value = ""
        elif self.query_one("#filter", Input).value:
            self.query_one("#filter", Input).value = ""   # (Input.Changed re-filters the table)
        elif self.query_one(EntryTable).status_filters:
            self.action_clear_filters()
        self.focus_table()

    def action_tab(self, name: str) -> None:
        self.query_one(TabbedContent).active = name

    def action_reveal(self) -> None:
        table = self.query_one(EntryTable)
        i = table.current_id()
        if i is not None:
            table.set_revealed(None if table.revealed == i else i)
            self.show_detail()

    def browse(self, method: str, *args) -> None:   # the table's filters and sort belong to the Browser
        getattr(self.query_one(Browser), method)(*args)

    set_status_filter = partialmethod(browse, "set_status_filter")
    action_cycle_filter = partialmethod(browse, "cycle_filter")
    action_clear_filters = partialmethod(browse, "set_status_filter", None)
    action_sort = partialmethod(browse, "sort_next")
    action_reverse_sort = partialmethod(browse, "reverse_sort")


def _state(snap: Snapshot | None):
    return snap.layout.reading_state() if snap is not None and snap.layout is not None else None
