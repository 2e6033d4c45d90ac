"""Gemini CLI: the bullets under a `## Gemini Added Memories` heading of GEMINI.md (or the
file `context.fileName` names) are the model's memories; the rest of the file is an
instruction file, not memory."""
from __future__ import annotations

import json
import re
from pathlib import Path

from .base import SHARED, Layout, Part, Role, head
from .markdown import bullets, headings, section_end, split_lines, title_of, unique

HEADING = re.compile(r"(?i)^gemini added memories$")
DEFAULT_NAMES = ("GEMINI.md",)


def context_names(folder: Path) -> tuple[str, ...]:
    """GEMINI.md, or what `context.fileName` in .gemini/settings.json (or settings.json) says."""
    names = list(DEFAULT_NAMES)
    for settings in (folder / ".gemini" / "settings.json", folder / "settings.json"):
        try:
            value = json.loads(head(settings) or "null").get("context", {}).get("fileName")
        except (OSError, ValueError, AttributeError):
            continue
        for n in [value] if isinstance(value, str) else value if isinstance(value, list) else []:
            if isinstance(n, str) and n and "/" not in n and n not in names:
                names.append(n)
    return tuple(names)


def memory_section(lines: list[str]) -> tuple[int, int] | None:
    """(heading line, end) of the Gemini Added Memories section, at whatever level it sits."""
    heads = headings(lines)
    for n, lvl, title in heads:
        if HEADING.match(title.strip().rstrip(":")):
            return n, section_end(lines, heads, n, lvl)
    return None


class Gemini(Layout):
    name = "gemini"
    agent = "Gemini CLI"
    followed = "Gemini CLI save_memory tool (docs: cli/tools/memory, 2025–2026): '## Gemini Added Memories'"

    def __init__(self) -> None:
        self.names: tuple[str, ...] = DEFAULT_NAMES

    def detect(self, folder: Path) -> Path | None:
        names = context_names(folder)
        if any((folder / n).is_file() for n in names) or (folder / ".gemini" / "GEMINI.md").is_file():
            return folder
        if "gemini added memories" in head(folder / "AGENTS.md", 1_000_000).lower():
            return folder
        return None

    def begin(self, folder: Path) -> None:
        names = list(context_names(folder))
        if "gemini added memories" in head(folder / "AGENTS.md", 1_000_000).lower():
            names.append("AGENTS.md")
        self.names = tuple(dict.fromkeys(names))

    def walk_dot(self, name: str) -> bool:
        return name == ".gemini"

    def role(self, file_id: str) -> Role:
        base = file_id.rsplit("/", 1)[-1]
        if base in self.names and file_id.count("/") <= 1 and (file_id == base or file_id.startswith(".gemini/")):
            return SHARED
        return Role("other", "not read by Gemini CLI as memory")

    def prune(self, folder_id: str) -> str | None:
        return None if folder_id == ".gemini" else "a project folder (not memory)"

    def parts(self, file_id: str, text: str) -> list[Part]:
        lines = split_lines(text)
        where = memory_section(lines)
        if where is None:
            return []
        return [Part(b, title_of(b.title), {"load": "resident", "source": "model"})
                for b in unique(bullets(lines, where[0] + 1, where[1]))]

    def shared_note(self, file_id: str) -> str:
        return "instruction file; its 'Gemini Added Memories' bullets are entries"

    def empty_note(self, file_id: str) -> str:
        return "instruction file with no 'Gemini Added Memories' section (no memory)"
