"""InjectionLog: each real injection the hook made, and each memory write of the agent it
judged (denied, allowed, landed), newest at the bottom, as it happens."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.message import Message
from textual.widgets import RichLog

from ..core.writes.injection_log import LogReader
from ..messages import InjectionLogChanged
from ..render.injection_log import format_record
from .pane_keys import PANE_KEYS

NOT_WIRED_HINT = "Wire the Claude Code hook: run `memtui hook install` (or ctrl+p, Install the hook)."


class InjectionLog(RichLog):
    """The log, followed live. Landed agent writes are passed on (``AgentWrote``) for the NEW inbox."""
    BINDINGS = PANE_KEYS   # (j k g G space, once it has the focus)

    class AgentWrote(Message):
        """Write records of memory files the agent wrote (PostToolUse), for the NEW inbox."""

        def __init__(self, records: list[dict]) -> None:
            super().__init__()
            self.records = records

    DEFAULT_CSS = """
    InjectionLog { height: 1fr; }
    """

    def __init__(self, path: Path, examples: list[dict] | None = None, **kwargs) -> None:
        """``examples``: records to show first, said to be examples (the bundled sample's demo log,
        which the Usage tab counts too); never taken for the agent's writes."""
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self.path = path
        self.reader = LogReader(path)
        self.examples = examples or []
        self.count = 0
        self.last: list[dict] = []

    def on_mount(self) -> None:
        if self.examples:
            self.write(Text(f"{len(self.examples)} example records that come with the bundled sample (the Usage "
                            "tab counts them too); the hook did not write them. Your own hook's records follow "
                            f"them here, live. Log: {self.path}", "dim"))
            for rec in self.examples:
                self.write(format_record(rec))
            self.count += len(self.examples)
        elif not self.path.exists():
            self.write(Text(f"No injections yet. {NOT_WIRED_HINT} Then each injection, and each memory write of "
                            f"the agent it judged, shows up here live. Log: {self.path}", "dim"))
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
