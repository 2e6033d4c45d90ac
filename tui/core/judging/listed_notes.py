"""One note said twice in a list of notes: a memory file the agent appends to as separate notes, each
closed by a line holding nothing but "§" (MEMORY.md and USER.md as some agents keep them). Each note
is a memory of its own, so a later note that says what an earlier one says again is a duplicate the
owner deletes: the agent reads it twice and may keep both when one changes.

Notes are compared as restated.py compares sections (its words; in a script written without spaces,
each pair of characters): alike when they share RESTATED of their words (Jaccard) or the shorter
note is CONTAINED in the other, each holding RESTATED_MIN words or more. Paragraphs of an ordinary
entry are not notes (a rule and its "why", a product list's rows share words by design): the "§"
line is the owner's (the agent's) own mark that each note stands alone.
"""
from __future__ import annotations

from .findings import Finding
from .instruction_texts import index_text
from .restated import RESTATED, RESTATED_MIN, _section_words

CONTAINED = 0.65
_MARK = "§"


def _notes(body: str, first: int) -> list[tuple[int, frozenset]]:
    """(file line, words) of each note of a §-separated list (``first``: the file line of the body's
    first line), or [] if the text is not one."""
    lines = body.splitlines()
    if sum(1 for ln in lines if ln.strip() == _MARK) < 2:
        return []
    out, start, cur = [], None, []
    for k, ln in enumerate(lines + [_MARK]):
        if ln.strip() == _MARK:
            if cur:
                out.append((first + start, _section_words(" ".join(cur))))
            start, cur = None, []
        elif ln.strip():
            start = k if start is None else start
            cur.append(ln.strip())
    return out


def listed_note_findings(mem) -> list[Finding]:
    """Each later note that says again what an earlier note of the same list says, once, at the
    earlier note most like it; ``possible``: the owner decides which wording stays. A list's repeats
    are one cause (the list is appended to without reading it): one finding lists them."""
    texts = [(e.id, e.body or "", e.body_line) for e in mem.sorted_entries() if e.readable]
    # the index, where the agent keeps its notes there (MEMORY.md as the list itself)
    texts += [(name, text, 1) for name, text in index_text(mem).items() if name not in mem.entries]
    out = []
    for eid, body, first in texts:
        if _MARK not in body:
            continue
        notes = [(ln, w) for ln, w in _notes(body, first) if len(w) >= RESTATED_MIN]
        for k, (lb, wb) in enumerate(notes):
            best = None
            for la, wa in notes[:k]:
                inter = len(wa & wb)
                j = inter / (len(wa) + len(wb) - inter)
                if j >= RESTATED or inter >= CONTAINED * min(len(wa), len(wb)):
                    if best is None or j > best[0]:
                        best = (j, la)
            if best is not None:
                j, la = best
                out.append(Finding(eid, "duplicate", "restated-note", lb, f"the note at line {lb} says again what "
                                   f"the note at line {la} says ({j:.0%} of their words shared)",
                                   "keep one of the two notes; delete the other", eid, confidence="possible"))
    return out
