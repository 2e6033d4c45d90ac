"""What a flow of the main screen (curation, editing, history, the hook's setup) may ask of it: the
reading shown, the entry under the cursor, a write run off the UI thread, the ledger of our own
writes. Anything else a flow wants done to the screen's widgets (read the folder again, jump to an
entry, mark entries reviewed, drop a selection) it asks by posting a message (``tui.messages``);
the screen acts on its own widgets. The flows are handed the screen (``MainScreen`` is a
``MainHost``) and never import its module, not even for annotations.

The views with state of their own (the triage, the audit runs, the edit session, the agent's record,
the writer) are widgets or objects the screen holds: they are given what they need when they are
made or asked, and answer by messages; none of them is handed this host."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App

    from ...core.snapshots.memory import Snapshot
    from .agent_writes import AgentWrites
    from .writer import Writer


class MainHost(Protocol):
    app: "App"
    root: Path                   # the project root (a write's gates check anchors against it)
    log_path: Path               # the injection log (a history's reads)
    snapshot: "Snapshot | None"  # the reading shown (a part's own folder is ``snapshot.locate``'s)
    writes: "AgentWrites"        # what the agent wrote since launch; our own writes are noted here
    writer: "Writer"             # runs our writes off the UI thread, one at a time

    def current_id(self) -> str | None: ...
    def notify(self, message: str, **kwargs: Any) -> None: ...
    def post_message(self, message: Any) -> bool: ...   # RescanWanted, JumpTo, Reviewed, Deselect, …
