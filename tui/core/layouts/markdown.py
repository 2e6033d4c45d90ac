"""Parts of a shared Markdown file: headings, sections and top-level bullets, with their
exact line ranges, so an entry inside a file can be shown, deleted and put back without
touching a byte of the rest.

Everything works on lines that keep their endings (``splitlines(keepends=True)``): joining
a block's lines gives back the file's own text, CRLF and all. Headings and bullets inside
fenced code blocks do not count.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
BULLET = re.compile(r"^ {0,3}(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?(\S.*)$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
BREAK = re.compile(r"^ {0,3}([-*_])( *\1){2,} *$")   # a thematic break: ---, ***, _ _ _


@dataclass(frozen=True)
class Block:
    slug: str
    title: str
    start: int        # first line (0-based index into the file's lines)
    end: int          # one past the last line
    level: int = 0    # heading level of a section; 0 for a bullet

    def text(self, lines: list[str]) -> str:
        return "".join(lines[self.start:self.end])


def split_lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def bare(line: str) -> str:
    return line.rstrip("\r\n")


def outside_fences(lines: list[str]) -> list[bool]:
    """For each line: True when it is Markdown, False inside a fenced code block."""
    out, fence = [], None
    for line in lines:
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)[0] * 3
            out.append(False)
        elif fence is not None:
            out.append(False)
            if bare(line).strip().startswith(fence):
                fence = None
        else:
            out.append(True)
    return out


def headings(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line index, level, title) of every heading outside code fences."""
    live = outside_fences(lines)
    found = []
    for n, line in enumerate(lines):
        if live[n]:
            m = HEADING.match(bare(line))
            if m:
                found.append((n, len(m.group(1)), m.group(2).strip()))
    return found


def slugify(text: str, words: int = 8, limit: int = 48) -> str:
    """A readable, stable slug: the first words, lower case, letters and digits kept in any
    script (a Chinese bullet keeps its characters), everything else a '-'. A secret in the
    text never reaches the slug: ids are shown everywhere."""
    from ..secrets.detect import blank_secrets, might_hold_secret
    if might_hold_secret(text):
        text = blank_secrets(text)
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"[*_`~\[\]()<>\"']", "", text)
    parts = [p for p in re.split(r"[^\w]+", text.lower()) if p][:words]
    slug = "-".join(parts)[:limit].strip("-")
    return slug or "entry"


def unique(blocks: list[Block]) -> list[Block]:
    """Give repeated slugs a -2, -3… suffix, in file order (the first keeps its plain slug)."""
    seen: dict[str, int] = {}
    out = []
    for b in blocks:
        n = seen.get(b.slug, 0) + 1
        seen[b.slug] = n
        out.append(b if n == 1 else Block(f"{b.slug}-{n}", b.title, b.start, b.end, b.level))
    return out


def section_end(lines: list[str], heads: list[tuple[int, int, str]], at: int, level: int) -> int:
    """The line where the section whose heading is at ``at`` ends: the next heading of the
    same or a higher level, else the end of the file."""
    for n, lvl, _ in heads:
        if n > at and lvl <= level:
            return n
    return len(lines)


def sections(lines: list[str], level: int | None = None) -> list[Block]:
    """Sections at one heading level (by default the shallowest level that occurs more than
    once, so a lone `# Title` over `##` sections splits at `##`)."""
    heads = headings(lines)
    if not heads:
        return []
    if level is None:
        levels = sorted({lvl for _, lvl, _ in heads})
        level = next((lvl for lvl in levels if sum(1 for _, v, _ in heads if v == lvl) > 1), levels[0])
    out = [Block(slugify(title), title, n, section_end(lines, heads, n, lvl), lvl)
           for n, lvl, title in heads if lvl == level]
    return out


def bullets(lines: list[str], start: int = 0, end: int | None = None) -> list[Block]:
    """Top-level bullets between two lines, each with its continuation lines (indented lines
    and lazy paragraph lines); blank lines after a bullet are not part of it."""
    end = len(lines) if end is None else end
    live = outside_fences(lines)
    out: list[Block] = []
    cur: tuple[int, str] | None = None
    last = 0

    def close() -> None:
        if cur is not None:
            out.append(Block(slugify(cur[1]), cur[1], cur[0], last + 1))

    n = start
    while n < end:
        line = bare(lines[n])
        if not live[n]:
            if cur is not None and (line.startswith((" ", "\t")) or FENCE.match(line)):
                last = n       # a fenced block indented under the bullet belongs to it
            n += 1
            continue
        m = BULLET.match(line)
        if m and not line.startswith((" " * 4, "\t")) and len(line) - len(line.lstrip()) < 2:
            close()
            cur, last = (n, m.group(1).strip()), n
        elif HEADING.match(line):
            close()
            cur = None
        elif not line.strip():
            pass
        elif cur is not None and (line.startswith((" ", "\t")) or last == n - 1):
            last = n
        else:
            close()
            cur = None
        n += 1
    close()
    return out


def title_of(text: str, limit: int = 80) -> str:
    """A bullet or a line shortened into a name."""
    text = re.sub(r"\s+", " ", re.sub(r"[*_`]", "", text)).strip()
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
