"""Gemini CLI: the bullets under a `## Gemini Added Memories` heading of GEMINI.md (or the
file `context.fileName` names) are the model's memories; the rest of the file is an
instruction file, not memory. Real folders name that file in any case (`gemini.md`), or
another way than their settings say: a few Markdown files with the section are read too."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from .base import SHARED, Layout, Part, Role, head, listing
from .markdown import BREAK, BULLET, HEADING as MD_HEADING, Block, bare, bullets, headings, section_end, \
    split_lines, title_of, unique

HEADING = re.compile(r"(?i)^gemini added memories$")
DEFAULT_NAMES = ("GEMINI.md",)
SNIFF_MAX = 50   # Markdown files a folder may hold for each to be sniffed for the section (never a big folder)


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


def context_files(folder: Path, files: list[str]) -> list[str]:
    """Which of ``files`` (the names of the folder's regular files) Gemini CLI's memory is in:
    its context file names whatever their case, AGENTS.md when it holds the section, else any
    Markdown file that holds it (sniffed only in a folder of a few, with no Claude Code index)."""
    wanted = {n.lower() for n in context_names(folder)}
    found = [n for n in files if n.lower() in wanted]
    if "AGENTS.md" in files and "AGENTS.md" not in found and _has_section(folder / "AGENTS.md"):
        found.append("AGENTS.md")
    if not found and "MEMORY.md" not in files:
        md = [n for n in files if n.lower().endswith(".md")]
        if len(md) <= SNIFF_MAX:
            found = [n for n in md if _has_section(folder / n)]
    return found


def _has_section(path: Path) -> bool:
    text = head(path, 1_000_000)
    return "gemini added memories" in text.lower() and memory_section(split_lines(text)) is not None


def memory_section(lines: list[str]) -> tuple[int, int] | None:
    """(heading line, end) of the Gemini Added Memories section, at whatever level it sits."""
    heads = headings(lines)
    for n, lvl, title in heads:
        if HEADING.match(title.strip().rstrip(":")):
            return n, section_end(lines, heads, n, lvl)
    return None


class Gemini(Layout):
    name = "gemini"
    detect_rank = 6
    agent = "Gemini CLI"
    no_record = ("Gemini CLI's saved chats (~/.gemini/tmp/…/chats) are not read by memtui yet: dates come "
                 "from the file")
    aliases = ("gemini-cli",)
    append_heading = "Gemini Added Memories"   # added at the end when missing, as save_memory does
    archive_advice = ("GEMINI.md is loaded whole every session: cut the bullet with memtui delete (restorable) "
                      "and keep the text in your own notes")
    followed = "Gemini CLI save_memory tool (docs: cli/tools/memory, 2025–2026): '## Gemini Added Memories'"

    def __init__(self) -> None:
        self.names: tuple[str, ...] = DEFAULT_NAMES
        self._lower = {n.lower() for n in DEFAULT_NAMES}
        self._links: dict[str, str] = {}   # a context file that is a link to another one: read once, there

    def detect(self, folder: Path) -> Path | None:
        files = [n for n, is_file in listing(folder) if is_file]
        found = context_files(folder, files)
        if found or (folder / ".gemini" / "GEMINI.md").is_file():
            self._name(folder, found)   # (a delete's plan asks for roles without a walk)
            return folder
        return None

    def prepare(self, folder: Path) -> None:
        """Which files hold the memory (a renamed or new one is seen at the next walk)."""
        try:   # (not the detection's listing: that one is gone, and the folder may have changed)
            with os.scandir(folder) as it:
                files = [d.name for d in it if d.is_file(follow_symlinks=False)]
        except OSError:
            files = []
        self._name(folder, context_files(folder, files))

    def _name(self, folder: Path, found: list[str]) -> None:
        names = tuple(dict.fromkeys([*context_names(folder), *found]))
        self._links = _links(folder, names)
        # a link is read (and written) through the file it points to: an atomic write to the link
        # would replace it with a copy, and the two files would drift apart
        self.names = tuple(n for n in names if n not in self._links)
        self._lower = {n.lower() for n in self.names}

    def begin(self, folder: Path) -> None:   # (a write asks for the names before it writes)
        self.prepare(folder)

    def walk_dot(self, name: str) -> bool:
        return name == ".gemini"

    @property
    def appends_to(self) -> tuple[str, ...]:   # the context files settings name (GEMINI.md by default)
        return self.names

    def bullet_at(self, lines: list[str]) -> int | None:
        """After the section's last bullet (right under its heading when it has none)."""
        where = memory_section(lines)
        if where is None:
            return None
        items = bullets(lines, where[0] + 1, where[1])
        return items[-1].end if items else where[0] + 1

    def role(self, file_id: str) -> Role:
        base = file_id.rsplit("/", 1)[-1]
        if file_id in self._links:
            return Role("other", f"a link to {self._links[file_id]}: its memories are read there")
        if base.lower() in self._lower and file_id.count("/") <= 1 and (file_id == base or file_id.startswith(".gemini/")):
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
                for b in unique(facts(lines, where[0] + 1, where[1]))]

    def shared_note(self, file_id: str) -> str:
        return "instruction file; its 'Gemini Added Memories' bullets are entries"

    def empty_note(self, file_id: str) -> str:
        return "instruction file with no 'Gemini Added Memories' section (no memory)"


def _links(folder: Path, names: tuple[str, ...]) -> dict[str, str]:
    """Context files that are symlinks to another context file of the same folder (`GEMINI.md ->
    AGENTS.md`, one file for every agent): the name of the link → the file it points to."""
    out = {}
    wanted = {n.lower() for n in names}
    for n in names:
        link = folder / n
        try:
            if not link.is_symlink():
                continue
            target = link.resolve(strict=True)
            here = folder.resolve(strict=True)
        except (OSError, RuntimeError):
            continue
        if target.parent == here and target.name != n and target.name.lower() in wanted:
            out[n] = target.name
    return out


def facts(lines: list[str], start: int, end: int) -> list[Block]:
    """The saved facts between two lines: one per top-level bullet, except that save_memory writes
    a fact of several paragraphs as it came, so a bullet that ends with ':' and goes on with a
    paragraph (bold labels, lists of their own, references) keeps everything up to the next
    bullet that starts a fact of its own (see ``_fact_end``)."""
    blocks = bullets(lines, start, end)
    out: list[Block] = []
    i = 0
    while i < len(blocks):
        b = blocks[i]
        nxt = next((n for n in range(b.end, end) if bare(lines[n]).strip()), None)
        if (nxt is not None and _label(bare(lines[b.end - 1])) and not BULLET.match(bare(lines[nxt]))
                and not MD_HEADING.match(bare(lines[nxt])) and not BREAK.match(bare(lines[nxt]))):
            stop = _fact_end(lines, b.end, end)
            while stop > b.end and not bare(lines[stop - 1]).strip():
                stop -= 1
            out.append(Block(b.slug, b.title, b.start, stop, b.level))
            i += 1
            while i < len(blocks) and blocks[i].start < stop:
                i += 1
            continue
        out.append(b)
        i += 1
    return out


def _label(line: str) -> bool:
    """A line that announces what follows (`Notes on X:`, `**Guidelines:**`)."""
    return line.rstrip().rstrip("*_").rstrip().endswith((":", "："))


def _fact_end(lines: list[str], start: int, end: int) -> int:
    """Where a fact of several paragraphs ends: at a heading or a `---` rule, at a bullet right
    after a paragraph that announces nothing (`[29] https://…` then `- The user …`), or at a
    bullet after a blank line that follows a list (a new fact)."""
    prev, blank = "label", False
    for n in range(start, end):
        line = bare(lines[n])
        if not line.strip():
            blank = True
            continue
        if MD_HEADING.match(line) or BREAK.match(line):
            return n
        top = BULLET.match(line) and len(line) - len(line.lstrip()) < 2
        if top:
            if prev == "text" or (prev == "bullet" and blank):
                return n
            prev = "bullet"
        elif line.startswith((" ", "\t")) and prev == "bullet":
            pass                                  # a bullet's own continuation
        else:
            prev = "label" if _label(line) else "text"
        blank = False
    return end
