"""What MEMORY.md's own lines say that an owner would act on: a comment that hides an index line,
an index line that lost its link, a session log kept in the index.

Right means acted on (SPEC §5): what the owner wrote into the index on purpose is not a finding.
A section of facts or prose under its own heading is the owner's choice to have the agent read it
every session; a comment that dates the file, names its generator or shows the line format is
meant for whoever edits it. What is left is what went wrong by accident: a bullet without its link
in a list of links, an entry's line inside a comment, a dated log growing in the always-loaded
index.
"""
from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from .findings import Finding, Place
from ..reading.index import INDEX_NAME
from ..secrets.detect import redact
from ..textutil import line_of

if TYPE_CHECKING:   # annotations only (the reading is passed in)
    from ..snapshots.memory import Memory

_COMMENT = re.compile(r"<!--(.*?)-->", re.S)
_TICKED_MD = re.compile(r"`([^`\s]*?([^`\s/]+\.md))`")
_LEAD_IN = re.compile(r"\s*(?:\*\*|__)?[^\n:*_]{1,60}:(?:\*\*|__)?\s*$|\s*(?:\*\*|__)[^\n*_]{1,60}(?:\*\*|__)\s*$")
_TICKED_MEMORY = re.compile(r"`([^`\s]+/[^`\s/]+\.\w+)`")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_ITEM = re.compile(r"(?:[-*+]|\d+[.)])\s+\S")          # a list item at the start of its line
_PLAIN = re.compile(r"[^\s#>|`<-]")   # a line of text (no heading, quote, table, fence or comment)
_LINK = re.compile(r"\[[^\]\n]*\]\(\s*<?([^)\s>]+)")
# a comment meant for whoever edits the file: a date or a sync stamp, the tool that made it, a
# marker, a lint switch, the format of a line
_META = re.compile(r"(?i)\b(?:last[- _]?(?:sync|synced|update|updated|modified|reviewed|run|edit)|synced|updated|"
                   r"generated|auto-?generated|maintained|managed|do not edit|don't edit|template|format|"
                   r"begin|end|start|stop|toc|prettier|markdownlint|eslint|vale|lint|version|todo|fixme)\b|"
                   r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|\[(?:title|name|\.\.\.|…)\]\(", re.I)
_DATED_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__|\[|`)?(?:\d{4}-\d{2}-\d{2}|\d{4}/\d{2}/\d{2})\b")
LOG_LINES = 3   # dated bullets in a row, under one heading, that make a log


def index_line_findings(mem: Memory) -> list[Finding]:
    """The index's hidden comments, its lines that lost a link, and a log kept in it."""
    sections = _sections(mem) if mem.index.lines else []
    return _hidden(mem) + _unlinked(mem, sections) + _logs(sections)


def line_runs(lines, note=lambda run: "") -> tuple[Place, ...]:
    """Index lines as a finding's places, each run of consecutive lines one place (``note(run)``
    says what the run holds): 9,800 lines past a cut are one place, not 9,800."""
    runs: list[list] = []
    for ln in lines:
        if runs and ln.file_line == runs[-1][-1].file_line + 1:
            runs[-1].append(ln)
        else:
            runs.append([ln])
    return tuple(Place(INDEX_NAME, run[0].file_line, note(run), run[-1].file_line if len(run) > 1 else None)
                 for run in runs)


def _hidden(mem: Memory) -> list[Finding]:
    """An HTML comment is text the agent never loads: a finding when it hides what the agent would
    need (an entry's index line: high), or reads as a statement for the agent (possible); a stamp,
    a marker or the line format shown to whoever edits the index is meant to be hidden."""
    text = (mem.index_text or "").replace("\r\n", "\n")
    if "<!--" not in text:
        return []
    listed = mem.index.resident_ids | mem.index.beyond_ids
    out = []
    for m in _COMMENT.finditer(text):
        inner = " ".join(m.group(1).split())
        if not inner:
            continue
        line = line_of(text, m.start())
        entries = [e for e in map(lambda t: _entry_of(mem, t), _LINK.findall(inner)) if e]
        hidden = [e for e in entries if e not in listed]
        if entries and not hidden:
            continue   # an old copy of lines the index shows
        if hidden:
            names = ", ".join(dict.fromkeys(hidden))
            out.append(Finding(INDEX_NAME, "index-hidden", "hidden-index-line", line,
                               f"an HTML comment hides the index line of {names}: the agent never sees it at "
                               "start-up", "take the line out of the comment if the entry still matters, or "
                               "delete the entry"))
            continue
        if _META.search(inner) or len(inner.split()) < 4:
            continue
        shown = redact(inner)[:60] + ("…" if len(inner) > 60 else "")
        out.append(Finding(INDEX_NAME, "index-hidden", "html-comment", line,
                           f"an HTML comment the agent never sees: “{shown}”",
                           "if the agent should know it, write it as a plain line; otherwise remove it",
                           confidence="possible"))
    return out


def _entry_of(mem: Memory, target: str) -> str | None:
    t = target.split("#", 1)[0].removeprefix("./")
    return t if t in mem.entries else None


class _Section:
    """What one heading's lines hold, read in one pass: its top-level bullets, how many link, the
    lines without a link in its lists, its dated bullets without a link."""

    __slots__ = ("head", "items", "linked", "bare", "dated")

    def __init__(self, head) -> None:
        self.head, self.items, self.linked, self.bare, self.dated = head, 0, 0, [], []


def _sections(mem: Memory) -> list[_Section]:
    """The index's lines cut at its headings, each section read once (at 10k index lines, one pass)."""
    out = [_Section(None)]
    in_list = False
    for ln in mem.index.lines:
        text = ln.text
        first = text[:1]
        if first == "#" or text.lstrip().startswith("#"):
            out.append(_Section(ln))
            in_list = False
            continue
        if not text.strip():
            in_list = False   # a blank line ends a list
            continue
        sec = out[-1]
        # a top-level bullet (a sub-bullet or continuation elaborates its item)
        item = (first in "-*+" or first.isdigit()) and _ITEM.match(text) is not None
        if item:
            sec.items += 1
        if ln.targets:
            sec.linked += item
        else:
            if item and _DATED_ITEM.match(text):
                sec.dated.append(ln)
            if item or in_list and not first.isspace() and _PLAIN.match(text):
                sec.bare.append(ln)
        in_list = item or in_list
    return out


def _unlinked(mem: Memory, sections: list[_Section]) -> list[Finding]:
    """A line without a link in a list of links (two or more linked bullets, at least twice as many
    as the bare lines): an entry's line that lost its link, or a fact slipped into the list (a bare
    bullet, or a plain line straight under the list). A section of facts written inline on purpose
    (few or no links) is not one; nor a bullet that points at a file in backticks, a list's lead-in,
    a sub-bullet or a continuation line, or the lines under a heading that itself links."""
    out = []
    for sec in sections:
        if sec.linked < 2 or not sec.bare or (sec.head is not None and sec.head.targets):
            continue
        bare = [ln for ln in sec.bare if not _points(mem, ln.text)]
        if not bare or 2 * len(bare) > sec.linked:
            continue
        for ln in bare:
            if ln.resident:   # past the cut: the overflow finding says so
                out.append(Finding(INDEX_NAME, "index-unlinked", "no-link", ln.file_line,
                                   "a line in a list of links that links to no entry: the agent reads it every "
                                   "session with nothing to open",
                                   "link it to the entry it summarises, or move it out of the list"))
    return out


def _points(mem: Memory, text: str) -> bool:
    """A bullet that names a file in backticks points the agent at it as a link does; a lead-in
    ("**Sources:**") says nothing by itself."""
    if _TICKED_MD.search(text) or _LEAD_IN.match(_BULLET.sub("", text, count=1)):
        return True
    m = _TICKED_MEMORY.search(text)
    if m is None:
        return False
    folder = m.group(1).rsplit("/", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return folder not in ("", ".", "..") and os.path.basename(str(mem.dir).rstrip("/")) == folder


def _logs(sections: list[_Section]) -> list[Finding]:
    """Dated bullets under one heading, none linking (a session log grown in the index): the agent
    loads the record of past sessions every session. One finding per section, its lines listed."""
    out = []
    for sec in sections:
        head, dated = sec.head, sec.dated
        if len(dated) < LOG_LINES or len(dated) * 2 < sec.items:
            continue
        loaded = [ln for ln in dated if ln.resident]
        if not loaded:
            continue
        title = head.text.strip().lstrip("#").strip()[:40] if head is not None else "the top"
        out.append(Finding(INDEX_NAME, "process", "log-in-index", loaded[0].file_line,
                           f"a session log kept in MEMORY.md ({len(loaded)} dated lines under '{redact(title)}'"
                           + (f", {len(dated) - len(loaded)} more past the cut" if len(dated) > len(loaded) else "")
                           + "): "
                           "the agent loads this record of past sessions every session",
                           "move the log out of the index (a session log or a HANDOFF file); keep any durable "
                           "lesson as an entry of its own",
                           places=line_runs(loaded) if len(loaded) > 1 else ()))
    return out
