"""InjectionLog: each real injection the hook made, and each memory write of the agent it
judged (denied, allowed, landed), newest at the bottom, as it happens."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.message import Message
from textual.widgets import RichLog

from ..core.injection_log import LogReader
from ..core.secrets import redact
from ..messages import InjectionLogChanged


_WRITE_STYLE = {"denied": ("write denied", "bold red"), "allowed": ("write allowed", "green"),
                "written": ("written by the agent", "bold"), "failed": ("write failed", "yellow"),
                "none": ("write, no decision", "yellow")}


def format_write(rec: dict, t: Text) -> Text:
    """A write record: what the gate decided about which file, and why (never the content)."""
    label, style = _WRITE_STYLE.get(str(rec.get("decision")), ("write", ""))
    t.append(f"{label} ", style)
    t.append(str(rec.get("id") or "-"))
    t.append(f"  ({rec.get('tool', '?')}, session {str(rec.get('session_id') or '?')[:12]})", "dim")
    if rec.get("error"):
        t.append(f"\n    error: {redact(str(rec['error']))}", "red")
    elif rec.get("decision") in ("none", "failed"):
        t.append(f"\n    {redact(str(rec.get('message', '')))}", "dim")
    for key, style in (("why", "red"), ("noted", "dim")):
        for f in rec.get(key) or []:
            line = f" line {f.get('line')}" if f.get("line") else ""
            extra = ", possible" if f.get("confidence") == "possible" else ""
            t.append(f"\n    {f.get('kind')}{line}{extra}: {redact(str(f.get('message', '')))}", style)
    return t


def format_record(rec: dict) -> Text:
    t = Text()
    t.append(f"{rec.get('time', '?')}  ", "dim")
    if rec.get("kind") == "write":
        return format_write(rec, t)
    ids = [i.get("id", "?") for i in rec.get("injected", [])]
    if rec.get("error"):
        t.append("error ", "bold red")
        t.append(redact(str(rec["error"])))
    elif ids:
        t.append(f"injected {len(ids)}: ", "bold green")
        t.append(", ".join(ids))
    else:
        t.append("nothing injected", "yellow")
    t.append(f"\n    prompt: {redact(str(rec.get('prompt', '')))[:200]}", "")
    for i in rec.get("injected", []):
        reasons = "; ".join(f"{r.get('kind')} {r.get('detail')} {r.get('points', 0):+d}" for r in i.get("reasons", []))
        t.append(f"\n    {i.get('id')}: {reasons}", "dim")
    return t


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
