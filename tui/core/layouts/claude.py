"""Claude Code's auto memory and Anthropic's memory tool: one file, one entry (SPEC §2)."""
from __future__ import annotations

from pathlib import Path

from ..instructions import INSTRUCTION_FILES
from ..project_marks import has_manifest
from ..reading.index import INDEX_NAME, line_links
from .base import ENTRY, INDEX, Layout, Role, head, listing

# a project's own documents at its top: never a memory entry, linked or not
_PROJECT_DOCS = {n.lower() for n in INSTRUCTION_FILES if "/" not in n} | {
    "readme.md", "changelog.md", "contributing.md", "license.md", "code_of_conduct.md", "security.md",
    "roadmap.md", "architecture.md", "todo.md", "authors.md", "notice.md", "history.md"}
_PROJECT_FILE = Role("other", "a file of the project: this folder is a project's top, its memory what MEMORY.md links")


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

    _linked: set[str] | None = None   # at a project's top (prepare): what MEMORY.md links

    def prepare(self, folder: Path) -> None:
        """A MEMORY.md at a project's top (a manifest beside it): the memory is what it links and
        the Markdown notes at the top, not the project's sources, documents and folders."""
        if not has_manifest(folder):
            self._linked = None
            return
        text = head(folder / INDEX_NAME, 262144)
        self._linked = {t for _, targets in line_links(text) for t in targets if t}

    def role(self, file_id: str) -> Role:
        if file_id == INDEX_NAME:
            return INDEX
        if self._linked is None or file_id in self._linked or self._under_link(file_id):
            return ENTRY
        top_note = "/" not in file_id and file_id.lower().endswith(".md") and file_id.lower() not in _PROJECT_DOCS
        return ENTRY if top_note else _PROJECT_FILE

    def _under_link(self, path_id: str) -> bool:
        """Inside a folder MEMORY.md links (`[Notes](notes/)`): its notes are the memory too."""
        return any(path_id.startswith(t + "/") for t in self._linked)

    def prune(self, folder_id: str) -> str | None:
        if self._linked is None or self._under_link(folder_id) or any(
                t == folder_id or t.startswith(folder_id + "/") for t in self._linked):
            return None
        return "a folder of the project: MEMORY.md links nothing in it"


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
