"""Claude Code's auto memory and Anthropic's memory tool: one file, one entry (SPEC §2)."""
from __future__ import annotations

from pathlib import Path

from ..reading.index import INDEX_NAME
from .base import ENTRY, INDEX, Layout, Role, head, listing


class ClaudeCode(Layout):
    name = "claude-code"
    agent = "Claude Code"
    detect_rank = 8   # the default: last
    file_per_entry = True
    aliases = ("claude",)
    archives = True
    record = "claude-transcripts"   # ~/.claude/projects/<slug>/*.jsonl beside memory/
    wires_hook = True
    followed = "Claude Code auto memory (MEMORY.md index, 200 lines / 25 KB loaded), 2.x"

    def role(self, file_id: str) -> Role:
        return INDEX if file_id == INDEX_NAME else ENTRY


class MemoryTool(ClaudeCode):
    """The memory tool's `/memories`: any text files, no frontmatter, no index."""

    name = "memory-tool"
    agent = "memory tool"
    detect_rank = 7
    aliases = ()
    record = ""
    wires_hook = False   # its files are read by the application that calls the API, not by a hook
    no_record = ("the memory tool's files are written through the API by the application that runs it: no "
                 "record of those calls is kept beside them")
    followed = "Anthropic memory tool (memory_20250818): files under /memories"

    def detect(self, folder: Path) -> Path | None:
        names = [n for n, regular in listing(folder) if regular and not n.startswith(".")]
        if not names or INDEX_NAME in names:
            return None
        for name in names[:50]:
            start = head(folder / name, 200).lstrip("\ufeff \t\r\n")
            if start.startswith(("---", "name:", "description:")):
                return None   # frontmatter: Claude Code's own entries
        return folder
