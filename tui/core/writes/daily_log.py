"""An OpenClaw archive's daily log: taking an archived entry's lines out of it again on restore
(kept apart from archive.py so that the trash's restore can use it without importing the archive)."""
from __future__ import annotations

import json
from pathlib import Path

from .fsutil import atomic_write, inside
from .snippets import read_exact

LOGS = "logs.json"   # in an archive folder: which daily log got which entry's lines


def unlog(mem_dir: Path, file: str, text: str) -> bool:
    """Take an archived entry's lines out of the daily log again (the last copy of them); a log
    left empty that way is removed (memtui made it)."""
    path = mem_dir / file
    current = read_exact(path)
    if current is None or text not in current:
        return False
    at = current.rfind(text)
    rest = current[:at] + current[at + len(text):]
    if rest.strip():
        atomic_write(path, rest)
    else:
        path.unlink(missing_ok=True)
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
