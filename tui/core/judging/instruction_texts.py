"""The instruction files' texts the cross-entry checks compare entries with (crossfile): the project's
CLAUDE.md, AGENTS.md … at its root, and an agent's rules file."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..fsutil import within
from ..instructions import INSTRUCTION_FILES

if TYPE_CHECKING:
    from ..snapshots.memory import Memory


def instruction_texts(root: Path) -> dict[str, str]:
    out = {}
    real_root = os.path.realpath(root)
    for name in INSTRUCTION_FILES:
        p = root / name
        try:
            if not within(real_root, os.path.realpath(p)) or os.path.realpath(p) == real_root:
                continue   # a symlink out of the project is not the project's instruction file
            if p.is_file() and p.stat().st_size < 2_000_000:
                out[name] = p.read_text(encoding="utf-8", errors="replace")
        except OSError:
            pass
    return out


# an agent's rules file, loaded every session like CLAUDE.md (Cline, Cursor, Windsurf): the memory folder's
# own first, else the project's; a memory entry that contradicts it is worth a look (stop 50: a test runner)
_AGENT_RULES = (".clinerules", ".cursorrules", ".windsurfrules")


def agent_rules(mem: Memory) -> dict[str, str]:
    out = {}
    # (and the user's profile a layout loads at every session start: OpenClaw's USER.md)
    for name in _AGENT_RULES + tuple(getattr(getattr(mem, "layout", None), "profiles", ())):
        for base in (mem.dir, mem.root):
            p = base / name
            try:
                if p.is_file() and 0 < p.stat().st_size < 2_000_000 and within(os.path.realpath(base), os.path.realpath(p)):
                    out[name] = p.read_text(encoding="utf-8", errors="replace")
                    break
            except OSError:
                pass
    return out


MAX_INDEX_LINES = 400   # a longer index of plain lines is a log, read as entries' summaries elsewhere


def index_text(mem: Memory) -> dict[str, str]:
    """MEMORY.md as the agent reads it, each line at its line of the file: loaded every session, its
    lines state preferences and choices an entry may contradict (stop 50)."""
    idx = getattr(mem, "index", None)
    if idx is None or not idx.exists or not idx.lines:
        return {}
    # its own lines only: a line linking an entry restates that entry's summary (its claims are the entry's)
    at = {ln.file_line or ln.number: ln.text for ln in idx.lines if not ln.targets}
    if not at or len(at) > MAX_INDEX_LINES:
        return {}
    return {"MEMORY.md": "\n".join(at.get(k, "") for k in range(1, max(at) + 1))}
