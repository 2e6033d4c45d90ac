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

    def __init__(self, notes_only: bool = False) -> None:
        # a folder read for a person (detected, or named with --layout): SPEC §3's entries are notes
        # (*.md; a .txt note is read too), and code or a config beside them (a root MEMORY.md at a
        # project's top) is no memory; the bare reader (no layout given) keeps every file
        self.notes_only = notes_only

    def role(self, file_id: str) -> Role:
        if file_id == INDEX_NAME:
            return INDEX
        if self.notes_only and not file_id.lower().endswith(TEXT_NOTES):
            return NOT_NOTES
        return ENTRY


TEXT_NOTES = (".md", ".markdown", ".txt")
NOT_NOTES = Role("other", "not a note (Claude Code's memory is Markdown or text files)")


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

    def __init__(self, notes_only: bool = False) -> None:
        self.notes_only = False   # any text file under /memories is the tool's memory

    def detect(self, folder: Path) -> Path | None:
        names = [n for n, regular in listing(folder) if regular and not n.startswith(".")]
        if not names or INDEX_NAME in names:
            return None
        for name in names[:50]:
            start = head(folder / name, 200).lstrip("\ufeff \t\r\n")
            if start.startswith(("---", "name:", "description:")):
                return None   # frontmatter: Claude Code's own entries
        return folder
