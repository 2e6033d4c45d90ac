"""InjectionLog: each real injection the hook made, newest at the bottom, as it happens."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import RichLog

from ..core.injection_log import LogReader
from ..core.secrets import redact
from ..messages import InjectionLogChanged


def format_record(rec: dict) -> Text:
    t = Text()
    t.append(f"{rec.get('time', '?')}  ", "dim")
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
    DEFAULT_CSS = """
    InjectionLog { height: 1fr; }
    """

    def __init__(self, path: Path, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self.path = path
        self.reader = LogReader(path)
        self.count = 0

    def on_mount(self) -> None:
        if not self.path.exists():
            self.write(Text("No injections yet. Wire the Claude Code hook (see README: `memtui hook claude-code`) "
                            f"and each injection shows up here live. Log: {self.path}", "dim"))
        self.poll()

    def poll(self) -> int:
        """Show records appended since the last call; returns how many were new."""
        records = self.reader.poll()
        for rec in records:
            self.write(format_record(rec))
        self.count += len(records)
        return len(records)

    def on_injection_log_changed(self, _: InjectionLogChanged) -> None:
        new = self.poll()
        if new:
            self.notify(f"The hook injected memories ({new} new record{'s' if new > 1 else ''})", timeout=3)
