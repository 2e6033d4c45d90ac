"""InjectionLog: each real injection the hook made, and each memory write of the agent it
judged (denied, allowed, landed), newest at the bottom, as it happens."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.message import Message
from textual.widgets import RichLog

from ..core.injection_log import LogReader
from ..messages import InjectionLogChanged
from ..render.injection_log import format_record


class InjectionLog(RichLog):
    """The log, followed live. Landed agent writes are passed on (``AgentWrote``) for the NEW inbox."""

    class AgentWrote(Message):
        """Write records of memory files the agent wrote (PostToolUse), for the NEW inbox."""

        def __init__(self, records: list[dict]) -> None:
            super().__init__()
            self.records = records

    DEFAULT_CSS = """
    InjectionLog { height: 1fr; }
    """

    def __init__(self, path: Path, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self.path = path
        self.reader = LogReader(path)
        self.count = 0
        self.last: list[dict] = []

    def on_mount(self) -> None:
        if not self.path.exists():
            self.write(Text("No injections yet. Wire the Claude Code hook (see README: `memtui hook claude-code`) "
                            "and each injection, and each memory write of the agent it judged, shows up here "
                            f"live. Log: {self.path}", "dim"))
        self.poll()

    def poll(self) -> int:
        """Show records appended since the last call; returns how many were new."""
        records = self.reader.poll()
        for rec in records:
            self.write(format_record(rec))
        self.count += len(records)
        self.last = records
        landed = [r for r in records if r.get("kind") == "write" and r.get("decision") == "written"]
        if landed:
            self.post_message(self.AgentWrote(landed))
        return len(records)

    def on_injection_log_changed(self, _: InjectionLogChanged) -> None:
        new = self.poll()
        if not new:
            return
        writes = [r for r in self.last if r.get("kind") == "write"]
        for r in writes:
            if r.get("decision") == "denied":
                kinds = ", ".join(dict.fromkeys(str(f.get("kind")) for f in r.get("why") or []))
                self.notify(f"The agent's write to {r.get('id')} was denied ({kinds}); see the injection log",
                            severity="warning", timeout=6)
        if len(writes) < new:
            n = new - len(writes)
            self.notify(f"The hook injected memories ({n} new record{'s' if n > 1 else ''})", timeout=3)
