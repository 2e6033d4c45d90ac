"""Loading, auditing and watching for MemtuiApp: the work that runs off the UI thread.

Workers hand results back with `call_from_thread`; a big folder's audit runs as a
separate `memtui audit` process so its CPU never competes with the UI for the GIL.
"""
from __future__ import annotations

import datetime as dt
import gc
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterable

from textual import work
from textual.widgets import Static

from .core.audit import AuditReport, audit
from .core.findings import KINDS, Finding
from .core.memory import paused_gc
from .core.select import Engine
from .messages import InjectionLogChanged, LoadProgress, MemoryDirChanged
from .widgets.entry_table import EntryTable, Row
from .widgets.injection_log import InjectionLog

DEBOUNCE = 0.15
SUBPROCESS_AUDIT_FROM = 2000   # entries


class SyncMixin:
    """Keeps `self.memory`, `self.engine` and `self.findings` in step with the folder."""

    # -- loading ---------------------------------------------------------------------
    def _reread(self, progress=None):
        """(scan diff, engine) for the folder as it is now; runs in a worker thread."""
        with paused_gc():   # a cyclic-GC pass over the growing heap would hold the GIL for ~0.1 s
            diff = self.memory.refresh(progress=progress)
            engine = Engine.from_memory(self.memory)
            gc.freeze()     # the new entries live until the next rescan: out of the collector's way
        return diff, engine

    @work(thread=True, exclusive=True, group="load")
    def load_memory(self) -> None:
        try:
            _, engine = self._reread(progress=lambda d, t: self.post_message(LoadProgress(d, t)))
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
            diff, engine = self._reread()
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


def audit_in_subprocess(directory: Path, root: Path, now: dt.datetime) -> AuditReport:
    import json
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


