"""InjectionLog: each real injection the hook made, newest at the bottom, as it happens."""
from __future__ import annotations

import json
from pathlib import Path

from rich.text import Text
from textual.widgets import RichLog

from ..core.secrets import redact


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
        self.read_offset = 0
        self.count = 0

    def on_mount(self) -> None:
        if not self.path.exists():
            self.write(Text("No injections yet. Wire the Claude Code hook (see README: `memtui hook claude-code`) "
                            f"and each injection shows up here live. Log: {self.path}", "dim"))
        self.poll()

    def poll(self) -> int:
        """Read lines appended since the last call; returns how many records were new."""
        try:
            with open(self.path, "rb") as f:
                size = f.seek(0, 2)
                if size < self.read_offset:   # rotated
                    self.read_offset = 0
                f.seek(self.read_offset)
                data = f.read()
        except OSError:
            return 0
        end = data.rfind(b"\n") + 1
        self.read_offset += end
        new = 0
        for line in data[:end].splitlines()[-200:]:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, dict):
                self.write(format_record(rec))
                new += 1
        self.count += new
        return new
