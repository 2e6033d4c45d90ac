"""What the main screen's helpers use of it. They are handed the screen (``MainScreen`` is a
``MainHost``) and never import its module, not even for annotations: the screen imports its
helpers, and nothing in the package imports the screen back."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App

    from ...core.reports.audit import AuditReport
    from ...core.judging.findings import Finding
    from ...core.snapshots.memory import Snapshot
    from .agent_writes import AgentWrites
    from .writer import Writer


class MainHost(Protocol):
    app: "App"
    directory: Path              # the folder given (a part's own folder is ``snapshot.locate``'s)
    root: Path
    log_path: Path
    sample_note: str
    snapshot: "Snapshot | None"
    report: "AuditReport | None"
    findings: "dict[str, list[Finding]]"
    writes: "AgentWrites"        # what the agent wrote since launch; our own writes are noted here
    writer: "Writer"             # runs our writes off the UI thread, one at a time
    drafts: dict[str, Any]       # entry id → an edit that was not saved (editing.Kept), for the next ``e``
    triaged: Any                 # the TriageView (typed loosely: it is handed this host too)
    records: Any                 # the RecordView: the agent's own record (dates, reads)
    audits: Any                  # the OneAtATime audit runner
    loaded: bool                 # a first reading is shown
    rows_note: str               # before it: what the rows shown are
    focused: Any

    def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
    def notify(self, message: str, **kwargs: Any) -> None: ...
    def post_message(self, message: Any) -> bool: ...
    def current_id(self) -> str | None: ...
    def request_rescan(self, full: bool = False) -> None: ...
    def set_title_bar(self, loading: str = "") -> None: ...
    def update_empty(self) -> None: ...
    def show_detail(self) -> None: ...
    def refresh_bindings(self) -> None: ...
    def kinds_of(self, entry_id: str) -> tuple[str, ...]: ...
    def run_worker(self, work: Any, **kwargs: Any) -> Any: ...
