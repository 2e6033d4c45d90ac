"""What goes to the model for one entry (SPEC §4.7): its text with a short stamp, or, when the
budget cannot take it whole, its author's description and where to read the rest; and the
second pass of the limits, which fills the chosen set (select.Engine.decide chose it)."""
from __future__ import annotations

from .decision import WRITER, Candidate, Reason, age_phrase
from ..judging.status import EntryStatus
from ..reading.entry import MemoryEntry
from ..secrets.detect import redact


def block(e: MemoryEntry, st: EntryStatus) -> str:
    content = (e.body.strip() or e.description).strip()
    stamp = f"## {e.name} — written by {WRITER.get(e.source, e.source)}, {age_phrase(st.age_days)}"
    return redact(f"{stamp}\n{content}\n")


def summary(e: MemoryEntry, st: EntryStatus, chars: int) -> str:
    """The block of an entry too long to inject whole: its stamp, its description, and the file."""
    stamp = f"## {e.name} — written by {WRITER.get(e.source, e.source)}, {age_phrase(st.age_days)}"
    return redact(f"{stamp}\n{e.description.strip()}\n(summary; the whole note, {chars} characters, "
                  f"is {e.id} in the memory folder)\n")


def short(e: MemoryEntry, st: EntryStatus, chars: int) -> str | None:
    """The summary an entry may go in as, when its author wrote a description shorter than the
    whole (one taken from the body's first line would be a cut text); else None."""
    desc = " ".join(e.description.split())
    if not desc or len(desc) + len(e.name) + 60 >= chars or " ".join(e.body.split()).startswith(desc):
        return None   # (no summary, or none shorter than the whole)
    s = summary(e, st, chars)
    return s if len(s) < chars else None


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
                c.reasons.append(Reason("budget", f"the whole entry ({len(c.block)} characters) would not fit "
                                                  f"in the {left} left of {max_chars}: its description goes in, "
                                                  f"with where to read the rest", 0))
                c.block = brief
        out.append(c)
    return out
