"""What goes to the model for one entry (SPEC §4.7): its text with a short stamp, or, when the
budget cannot take it whole, its author's description and where to read the rest; and the
second pass of the limits, which fills the chosen set (select.Engine.decide chose it)."""
from __future__ import annotations

import datetime as dt
import re

from .decision import WRITER, Candidate, Reason, age_phrase
from ..judging.status import EntryStatus
from ..reading.entry import MemoryEntry, first_line
from ..secrets.detect import redact
from .tokens import terms

POINTED = 3   # at most this many of a pointed note's headings are named


def _stamp(e: MemoryEntry, st: EntryStatus) -> str:
    """'## name — written by the agent, 3 days ago'; with no age when the only date is the file's
    mtime (a clone, a copy or a sync sets it to "today": the model must not take that as a fact)."""
    said = f"## {e.name} — written by {WRITER.get(e.source, e.source)}"
    return said if _mtime_only(e) else f"{said}, {age_phrase(st.age_days)}"


def _mtime_only(e: MemoryEntry) -> bool:
    """Whether the entry's age comes from nothing but its file's mtime (no frontmatter date, no
    layout's own record such as a git-backed folder's last commit)."""
    if not e.mtime_ns or e.updated is None:
        return False
    return e.updated == dt.datetime.fromtimestamp(e.mtime_ns / 1e9, tz=dt.timezone.utc)


def block(e: MemoryEntry, st: EntryStatus) -> str:
    content = (e.body.strip() or e.description).strip()
    stamp = _stamp(e, st)
    return redact(f"{stamp}\n{content}\n")


def summary(e: MemoryEntry, st: EntryStatus, chars: int) -> str:
    """The block of an entry too long to inject whole: its stamp, its description, and the file."""
    stamp = _stamp(e, st)
    return redact(f"{stamp}\n{e.description.strip()}\n(summary; the whole note, {chars} characters, "
                  f"is {e.id} in the memory folder)\n")


def short(e: MemoryEntry, st: EntryStatus, chars: int) -> str | None:
    """The summary an entry may go in as, when its author wrote a description shorter than the
    whole (one taken from the body's first line would be a cut text); else None."""
    desc = " ".join(e.description.split())
    if not desc or len(desc) + len(e.name) + 60 >= chars or desc == " ".join(first_line(e.body).split()) \
            or " ".join(e.body.split()).startswith(desc):
        return None   # (no summary, or none shorter than the whole)
    s = summary(e, st, chars)
    return s if len(s) < chars else None


_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")   # a Markdown heading (not '#tag', not indented code)
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")


def _matched_heads(body: str, hit: set[str]) -> list[str]:
    """The headings of a note's sections (a heading line and the lines to the next one) whose
    text holds one of the prompt's matched terms, in the note's order. A line in a fenced code
    block is never a heading (a shell comment: '# restart the service')."""
    heads, cur, text, fence = [], None, [], None

    def close() -> None:
        if cur and terms("\n".join(text)) & hit:
            heads.append(cur)

    for line in body.splitlines():
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)[0] * 3
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None and _HEADING.match(line):
            close()
            cur, text = " ".join(line.strip().lstrip("#").split()), [line]
            continue
        if cur is not None:
            text.append(line)
    close()
    return [h for h in heads if h][:POINTED]


def pointer(e: MemoryEntry, st: EntryStatus, chars: int, hit: set[str]) -> str | None:
    """The block of an entry too long to inject whole that has no description of its own: no
    part of its text (a cut text can drop a "don't", SPEC §4.6), but its stamp, the headings of
    its sections that hold the prompt's words, and the file to read. None when no section does."""
    heads = _matched_heads(e.body, hit)
    if not heads:
        return None
    stamp = _stamp(e, st)
    named = "; ".join(f"“{h}”" for h in heads)
    return redact(f"{stamp}\n(not shown: the whole note, {chars} characters, is over the budget; it is {e.id} "
                  f"in the memory folder. Its sections with the prompt's words: {named})\n")


def fill(chosen: list[tuple[Candidate, str | None]], used: int, max_chars: int) -> list[Candidate]:
    """The chosen entries' content: each whole, in rank order, while the budget allows it (the
    others' least sizes kept: ``used``), else its summary, with the reason."""
    out = []
    for c, brief in chosen:
        if brief is not None:
            extra = len(c.block) - len(brief)
            if used + extra <= max_chars:
                used += extra
            else:
                left = max_chars - used + len(brief) + 1
                what = ("its description goes in, with where to read the rest" if "(summary;" in brief
                        else "its matching sections' headings go in, with the file to read")
                c.reasons.append(Reason("budget", f"the whole entry ({len(c.block)} characters) would not fit "
                                                  f"in the {left} left of {max_chars}: {what}", 0))
                c.block = brief
        out.append(c)
    return out
