"""An OpenClaw archive's daily log: taking an archived entry's lines out of it again on restore
(kept apart from archive.py so that the trash's restore can use it without importing the archive)."""
from __future__ import annotations

import json
from pathlib import Path

from . import journal
from .change import change
from ..fsutil import inside

LOGS = "logs.json"   # in an archive folder: which daily log got which entry's lines


def unlog(mem_dir: Path, file: str, text: str) -> bool:
    """Take an archived entry's lines out of the daily log again (the last copy of them), in the
    log as it is at the rename (the agent may be appending to it); a log left empty that way is
    removed (memtui made it)."""
    path = mem_dir / file

    def cut(current: str | None) -> str | None:
        if current is None or text not in current:
            return None
        at = current.rfind(text)
        return current[:at] + current[at + len(text):]
    rest = change(mem_dir, path, cut)
    if rest is None:
        return False
    if not rest.strip():
        journal.unlink_after(path)
    return True


def unlog_restored(mem_dir: Path, archive_folder: Path, entry_id: str) -> None:
    """After ``restore`` put an OpenClaw entry back: its lines leave the daily log."""
    try:
        logs = json.loads((archive_folder / LOGS).read_text(encoding="utf-8"))
        item = logs[entry_id]
    except (OSError, ValueError, KeyError, TypeError):
        return
    if isinstance(item, dict) and isinstance(item.get("file"), str) and inside(mem_dir, item["file"]):
        unlog(mem_dir, item["file"], str(item.get("text", "")))
