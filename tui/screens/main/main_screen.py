"""MainScreen: the entry table, the detail / preview / log panes, and every key that acts on them.

It owns the store and the snapshot shown. Its children own the rest, each a widget or object with
its own state that answers by messages: the reader, the audit runs, the triage, the agent's record,
the previews, the writer, the edit session. Results come back tagged with the generation or request
they answer (one a newer one overtook is dropped). The flows (curation, history) ask through the
narrow ``MainHost`` and post messages for the rest: only this screen touches its widgets."""
from __future__ import annotations

import datetime as dt
from functools import partialmethod
from pathlib import Path

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Container, Horizontal
from textual.screen import Screen
from textual.widgets import Input, Static, TabbedContent, TabPane

from . import background, curation, escape, firstview, history_flow, hook_setup, keys, panes
from .agent_writes import AgentWrites
from ...core.snapshots.memory import MemoryStore, Snapshot, let_heap_go, utcnow
from ...messages import (Act, Audited, Deselect, JumpTo, LoadProgress, Previewed, RecordProgress,
                         RecordRead, Rescanned, RescanWanted, Reviewed, Triaged, WorkFailed)
from ...widgets.detail_pane import DetailPane
from ...widgets.entry_table import EntryTable, build_rows
from ...widgets.injection_log import InjectionLog
from ...widgets.fit_line import FitLine
from ...widgets.key_footer import KeyFooter
from ...render.title import title_text
from ...widgets.browser import Browser
from ...widgets.pane_tabs import PaneTabs
from ...widgets.preview_pane import PreviewPane
from ...widgets.usage_pane import UsagePane
from .triage_view import TriageView
from .audit_runs import AuditRuns
from .editing import EditSession
from .reader import Reader
from .previews import Previews
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
        self.sample_note, self.fixed_now = sample_note, now
        self.display_path, self.log_path = display_path, log_path
        self.store = store or MemoryStore(self.directory, self.root, layout=layout)
        self.multi, self.snapshot = hasattr(self.store, "stores"), None
        self.records = RecordView(log_path)   # the agent's own record: who wrote each entry, when, who read it
        self.audits = AuditRuns()   # the audit shown (its findings, their kinds), one audit running at a time
        self.triaged = TriageView(log_path, bool(sample_note), self.records, self.audits)
        self.audits.after = self.triaged.triage   # each audit's triage follows it, in its thread
        self.kinds_of = self.audits.kinds_of   # entry id → its finding kinds, most severe first
        self.writes = AgentWrites(self.directory, {k: s.dir for k, s in getattr(self.store, "stores", {}).items()})
        self.writer = Writer()              # our writes, off the UI thread, one at a time
        self.editing = EditSession(self, lambda: self.fixed_now or utcnow())   # add, $EDITOR, and their drafts
        self.changed_note: dict[str, str] = {}
        self.rows_note = ""   # before the first reading: what the rows shown are (firstview)
        self.reader = Reader(self.store, self.directory, log_path, lambda: self.fixed_now or utcnow(), watch,
                             lambda snap: background.first_rows(snap, set(self.writes.new), set(self.writes.reviewed),
                                                                self.kinds_of, self.records.kept(snap)))
        self.previews = Previews(self.update_preview)   # the prompt's preview: its index, its requests

    loaded = property(lambda self: self.snapshot is not None, doc="a first reading is shown")
    watcher = property(lambda self: self.reader.watcher, doc="the folder's watcher (None: not watching)")
    report = property(lambda self: self.audits.report, doc="the audit shown (AuditReport, None before)")
    findings = property(lambda self: self.audits.findings, doc="the audit shown's findings by entry id")
    drafts = property(lambda self: self.editing.drafts, doc="entry id → an edit that was not saved (drafts.Kept)")
    _preview_request = property(lambda self: self.previews.request, doc="the newest preview asked for")

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
            with PaneTabs(id="right", initial="detail"):
                with TabPane("Detail", id="detail"):
                    yield DetailPane(id="detail-pane", entry_first=True)
                with TabPane("Preview", id="preview"):
                    yield PreviewPane(id="preview-pane")
                with TabPane("Injection log", id="log"):
                    yield self.reader.watch.keep(InjectionLog(self.log_path, background.examples(
                        self.directory, self.fixed_now or utcnow()) if self.sample_note else [], id="injection-log"))
                yield TabPane("Usage", UsagePane(id="usage-pane"), id="usage")
        yield KeyFooter(keys.NARROW_HIDDEN)
        yield from (self.reader, self.writer, self.records, self.audits, self.triaged, self.previews)   # (unseen)

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
            hook_setup.check(self, self.query_one(UsagePane))

    def on_resize(self, _: events.Resize) -> None:   # a shorter terminal: the table keeps its rows
        panes.fit(self)

    def on_unmount(self) -> None:
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
    def load(self, full: bool = True, noted: bool = False) -> None:   # (the reader's worker)
        self.reader.read(full, noted)

    def on_reader_first_look(self, m: Reader.FirstLook) -> None:
        firstview.show_look(self, m.rows)

    def request_rescan(self, full: bool = False) -> None:
        if self.loaded:
            self.load(full)

    def on_rescan_wanted(self, m: RescanWanted) -> None:   # (a flow's write is done)
        self.request_rescan(m.full)

    def on_load_progress(self, m: LoadProgress) -> None:
        firstview.progressed(self, m.done, m.total)

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
            self.reader.first_shown()
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
            self.audits.want(snap)   # (a mem0 export's skipped line changes no entry, only its finding)
        if first:   # (a later reading is indexed when a prompt needs it: not on every file the agent writes)
            self.previews.indexer.start(snap, table.rows_by_id.values())
        self.records.read_after_rows(snap)   # after the rows: what the agent appended to its record since

    def _apply_changes(self, snap: Snapshot) -> None:
        ours = self.writes.classify(snap)
        current = self.current_id()
        if current in snap.changed and current not in ours:   # (our own edit is said by its flow)
            self.changed_note[current] = "↻ changed on disk — reloaded"
            self.notify(f"{current} changed on disk; the detail shows the new version", timeout=4)
        if current in snap.removed and current not in ours:   # (our own delete is said by its flow)
            self.notify(f"{current} was removed from the folder", severity="warning")
        self.query_one(Browser).apply_reading(snap, self.writes.new, self.writes.reviewed, self.kinds_of,
                                              self.records.dated)

    # -- what the children say (audit_runs, triage_view, record_view, writer) ---------------------
    def on_audited(self, message: Audited) -> None:
        touched = self.audits.show(message)
        if touched is None:
            return   # an older audit than the one shown
        self.query_one(EntryTable).set_kinds(touched, self.kinds_of)
        self.set_title_bar()
        self.show_detail()
        preview = self.query_one(PreviewPane)
        if preview.decision is not None:   # the conflicts it warns of are this audit's
            preview.show(preview.decision, self.app.colours, conflicts=self.audits.conflicts())

    def on_triaged(self, m: Triaged) -> None:   # (the triage view kept it)
        if self.snapshot is not None:
            self.query_one(Browser).show_triage(m.report, self.triaged.decided(self.snapshot))
            self.query_one(UsagePane).show(m.report, m.usage, self.snapshot.now, self.app.colours)
            self.show_detail()
            self.refresh_bindings()

    def on_record_progress(self, _: RecordProgress) -> None:   # (the record view made the line)
        self.query_one(Browser).show_record_line(self.records.progress)

    def on_record_read(self, _: RecordRead) -> None:   # (the record view kept it): dates, detail, triage
        if self.snapshot is not None:
            browser = self.query_one(Browser)
            browser.show_record_line("")
            browser.take_dates(self.snapshot, self.writes.new, self.writes.reviewed, self.kinds_of, self.records.dated)
            self.show_detail()
            self.triaged.again(self.snapshot, self.report)

    def on_writer_status_changed(self, _: Writer.StatusChanged) -> None:
        self.set_title_bar()

    # -- preview ---------------------------------------------------------------------------
    def update_preview(self) -> None:
        if self.snapshot is not None:
            self.previews.want(self.snapshot, self.query_one("#query", Input).value)

    def on_previewed(self, message: Previewed) -> None:
        if message.request != self._preview_request:
            return   # a newer prompt was typed meanwhile
        self.query_one(PreviewPane).show(message.decision, self.app.colours, message.error, self.audits.conflicts())
        d = message.decision
        self.query_one(EntryTable).set_injected({c.id: n for n, c in enumerate(d.injected, 1)} if d else {})

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
        self.query_one(Browser).leave_inputs()

    # -- which keys apply (keys.applies) --------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return keys.applies(action, keys.state_of(self))

    def on_key(self, event: events.Key) -> None:   # a greyed-out entry key pressed anyway: say why
        if (action := keys.ENTRY_KEYS.get(event.key)) is not None and \
                (why := keys.why_not(action, keys.state_of(self))) is not None:   # (no state built for other keys)
            event.stop()
            self.notify(why, severity="warning", timeout=5)

    # -- curation (the flows and writes live in curation, editing, history_flow) -------------------
    def action_edit(self) -> None:
        self.editing.edit(self.current_id())

    def action_add(self) -> None:
        self.editing.add()

    def action_review(self) -> None:
        curation.review(self, self.writes.pending(), self.findings)

    def action_audit(self) -> None:
        curation.audit_view(self, self.report)

    def action_triage(self) -> None:
        self.triaged.open(self.snapshot, self.findings)

    def action_install_hook(self) -> None:
        hook_setup.install(self, self.query_one(UsagePane))

    def flow(self, start, *args) -> None:   # a flow that lives in a helper module of this package
        start(self, *args)

    def chosen(self, start) -> None:   # a flow on the selected entries, else the one under the cursor
        start(self, curation.chosen_ids(self.query_one(EntryTable)))

    action_delete = partialmethod(chosen, curation.delete)
    action_promote = partialmethod(chosen, curation.promote)
    action_trash = partialmethod(flow, curation.trash)
    action_history = partialmethod(flow, history_flow.open_history)
    action_grow_panes = partialmethod(flow, panes.step, 1)
    action_shrink_panes = partialmethod(flow, panes.step, -1)
    action_back = partialmethod(flow, escape.back)   # esc

    def on_act(self, m: Act) -> None:   # the triage pass asks for an action: through the dialog its key opens
        if m.action == "edit":
            return self.editing.edit(m.entry_id, line=m.line, then=m.then)
        {"promote": curation.promote, "drop": curation.delete}.get(m.action, curation.archive)(self, [m.entry_id],
                                                                                              then=m.then)

    def on_jump_to(self, m: JumpTo) -> None:   # one entry in the table, clearing the filters that hide it
        if self.snapshot is not None and m.entry_id in self.snapshot.entries:
            self.query_one(Browser).show_entry(m.entry_id)
            self.query_one(TabbedContent).active = "detail"

    def on_reviewed(self, m: Reviewed) -> None:
        self.writes.reviewed.update(m.ids)
        self.query_one(EntryTable).mark(m.ids, reviewed=True)
        self.set_title_bar()

    def on_deselect(self, m: Deselect) -> None:
        self.query_one(EntryTable).selected -= m.ids

    def on_injection_log_agent_wrote(self, message: InjectionLog.AgentWrote) -> None:
        """Writes the hook saw land join the NEW inbox (``R``), before the folder's change is read."""
        self.query_one(EntryTable).mark([i for i in map(self.writes.note_logged, message.records) if i is not None])
        self.set_title_bar()
        self.refresh_bindings()

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
            pane.show_nothing(snap, bool((t := self.query_one(EntryTable)).filter_text or t.status_filters))
            return
        table = self.query_one(EntryTable)
        row = table.rows_by_id.get(i)   # (its status counts the age from the agent's record, once read)
        pane.show(snap.entries[i], row.status if row is not None else snap.status[i], self.findings.get(i, []),
                  table.revealed == i, self.changed_note.pop(i, ""), self.app.colours, *self.triaged.of(i, snap.now),
                  provenance=self.records.of(i, snap), whole=self.triaged.whole(i))

    @on(EntryTable.RowHighlighted)
    def _row_highlighted(self, _: EntryTable.RowHighlighted) -> None:
        table = self.query_one(EntryTable)
        if table.revealed is not None and table.revealed != table.current_id():
            table.set_revealed(None)   # revealing is for one entry, until you move away
        self.show_detail()
        self.refresh_bindings()   # the footer greys out what does not apply to this entry

    @on(EntryTable.RowSelected)
    def _row_selected(self, _: EntryTable.RowSelected) -> None:   # enter: into the detail, j k scroll it
        self.query_one(PaneTabs).show_tab("detail", focus=True)

    def action_focus_filter(self) -> None:   # (set_focus: focus() would move it only later)
        self.set_focus(self.query_one("#filter", Input))

    def action_focus_query(self) -> None:
        self.query_one(TabbedContent).active = "preview"
        self.set_focus(self.query_one("#query", Input))

    def action_tab(self, name: str) -> None:   # (a pane that had the focus: the one shown now takes it)
        self.query_one(PaneTabs).show_tab(name)

    def action_reveal(self) -> None:
        if self.query_one(Browser).toggle_reveal():
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
