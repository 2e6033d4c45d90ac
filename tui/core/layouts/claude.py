"""Claude Code's auto memory and Anthropic's memory tool: one file, one entry (SPEC §2)."""
from __future__ import annotations

import os
from pathlib import Path

from ..index import INDEX_NAME
from .base import ENTRY, INDEX, Layout, Role, head


class ClaudeCode(Layout):
    name = "claude-code"
    agent = "Claude Code"
    followed = "Claude Code auto memory (MEMORY.md index, 200 lines / 25 KB loaded), 2.x"

    def role(self, file_id: str) -> Role:
        return INDEX if file_id == INDEX_NAME else ENTRY


class MemoryTool(ClaudeCode):
    """The memory tool's `/memories`: any text files, no frontmatter, no index."""

    name = "memory-tool"
    agent = "memory tool"
    followed = "Anthropic memory tool (memory_20250818): files under /memories"

    def detect(self, folder: Path) -> Path | None:
        try:
            with os.scandir(folder) as it:
                files = [Path(d.path) for d in it if not d.name.startswith(".") and d.is_file(follow_symlinks=False)]
        except OSError:
            return None
        if not files or any(p.name == INDEX_NAME for p in files):
            return None
        for p in files[:50]:
            start = head(p, 200).lstrip("\ufeff \t\r\n")
            if start.startswith(("---", "name:", "description:")):
                return None   # frontmatter: Claude Code's own entries
        return folder
