"""MEMORY.md, the index: which lines the agent loads at start-up (SPEC §2).

Claude Code loads the first 200 lines or 25 KB of MEMORY.md, whichever comes
first, after HTML comments are stripped (the agent never sees those). An entry
whose index line falls past that cut is invisible at start-up.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from urllib.parse import unquote

from ..textutil import without_code

INDEX_NAME = "MEMORY.md"
MAX_LINES = 200
MAX_BYTES = 25_000

_COMMENT = re.compile(r"<!--.*?-->", re.S)
# link text may hold balanced brackets: [Title ([v2])](file.md)
_LINK = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


@dataclass(slots=True)
class IndexLine:
    number: int            # 1-based, in the text the agent sees (comments stripped): the load cut
    text: str
    resident: bool
    targets: tuple[str, ...]   # link targets, as written
    ids: tuple[str, ...]       # targets normalised to entry ids ('' when outside the folder)
    file_line: int = 0     # 1-based, in the file as written: what findings and dialogs show


@dataclass
class MemoryIndex:
    exists: bool = False
    error: str | None = None
    lines: list[IndexLine] = field(default_factory=list)
    total_lines: int = 0
    total_bytes: int = 0
    cut_line: int = 0          # last resident line number
    cut_reason: str = ""       # '' | 'lines' | 'bytes'
    resident_ids: set[str] = field(default_factory=set)
    beyond_ids: set[str] = field(default_factory=set)
    resident_dirs: set[str] = field(default_factory=set)
    beyond_dirs: set[str] = field(default_factory=set)

    def load_of(self, entry_id: str) -> str:
        if entry_id in self.resident_ids or _under(entry_id, self.resident_dirs):
            return "resident"
        if entry_id in self.beyond_ids or _under(entry_id, self.beyond_dirs):
            return "beyond-index-cut"
        return "on-demand"


def _under(entry_id: str, dirs: set[str]) -> bool:
    return any(entry_id.startswith(d + "/") for d in dirs) if dirs else False


def normalise_target(target: str) -> str:
    """A link target as an entry id relative to the memory folder, or '' if it leaves it."""
    t = unquote(target.split("#", 1)[0]).replace("\\", "/").strip()
    if not t or "://" in t or t.startswith("mailto:") or t.startswith("/"):
        return ""
    norm = posixpath.normpath(t)
    if norm == ".." or norm.startswith("../"):
        return ""
    return "" if norm == "." else norm


def line_links(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each line of MEMORY.md as written, with the entry ids it links to where the agent sees
    them: outside HTML comments, one line or many ('' for a link out of the folder). What a
    delete plans to drop from the index, and may drop."""
    blanked = _COMMENT.sub(lambda m: "\n" * m.group().count("\n"), text)   # a comment's lines stay lines
    return [(line, tuple(normalise_target(m.group(2)) for m in _LINK.finditer(without_code(seen))))
            for line, seen in zip(text.split("\n"), blanked.split("\n"))]


def _file_lines(text: str) -> list[int]:
    """For each line of the comment-stripped text, the file line it starts on."""
    starts, file_line, pos = [1], 1, 0
    for m in [*_COMMENT.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        n = text.count("\n", pos, end)
        starts.extend(range(file_line + 1, file_line + n + 1))
        file_line += n
        if m is not None:
            file_line += m.group().count("\n")
            pos = m.end()
    return starts


def parse_index(text: str, is_dir=lambda _id: False) -> MemoryIndex:
    """Parse MEMORY.md text. ``is_dir(id)`` tells links to folders from links to files."""
    idx = MemoryIndex(exists=True)
    text = text.replace("\r\n", "\n")
    seen = _COMMENT.sub("", text)
    file_lines = _file_lines(text)
    raw_lines = seen.split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    idx.total_lines = len(raw_lines)
    idx.total_bytes = len(seen.encode("utf-8"))
    used = 0
    for n, line in enumerate(raw_lines, start=1):
        used += len(line.encode("utf-8")) + 1
        resident = n <= MAX_LINES and used <= MAX_BYTES
        if resident:
            idx.cut_line = n
        elif not idx.cut_reason:
            idx.cut_reason = "lines" if n > MAX_LINES else "bytes"
        targets = tuple(m.group(2) for m in _LINK.finditer(without_code(line)))   # `[x](y.md)` shows the syntax
        ids = tuple(normalise_target(t) for t in targets)
        if ids == targets:
            ids = targets   # the usual link: one tuple for both (50k lines: ~5 MB)
        idx.lines.append(IndexLine(n, line, resident, targets, ids, file_lines[n - 1]))
        for i in ids:
            if not i:
                continue
            last = i.rstrip("/").rsplit("/", 1)[-1]
            if (i.endswith("/") or "." not in last) and is_dir(i.rstrip("/")):
                (idx.resident_dirs if resident else idx.beyond_dirs).add(i.rstrip("/"))
            else:
                (idx.resident_ids if resident else idx.beyond_ids).add(i)
    return idx
