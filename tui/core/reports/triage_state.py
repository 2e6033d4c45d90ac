"""Test 1, partly: one status line among lines that hold. Said in passing, it stays a note (the
owner keeps the entry and fixes the line when the work moves); said as the entry's own state on a
labelled line ("**Status**: design phase done (2026-04-12)", "Estado: COMPLETO — 412 fichas") or in
a section dated as the state of a day ("## Status (2026-06-19)"), it is what an owner edits: the agent reads the whole entry at that state (stop 49, te49). A problem's
record whose label says it was settled ("Status: RESOLVED") keeps its last word."""
from __future__ import annotations

import re

from ..textutil import without_code
from .triage_lines import _FINAL_VALUE, _STATE_HEADING, _strip_marks, quote

# what settles a problem: the record's last word, not a state of the work
_SETTLED = re.compile(r"(?i)[:：]\s*(?:\*\*)?\W*(?:resolved|fixed|solved|closed|mitigated|won'?t fix|resuelto|corregido|"
                      r"resolvido|corrigido|résolu|corrigé|behoben|gelöst|risolto|решено|исправлено|已解决|已修复|解決済み?|修正済み?|해결)")

_CODE = re.compile(r"`[^`]*`")
_WORDS = re.compile(r"[^\W\d_]{2,}")
_DAY = re.compile(r"(?<!\d)(?:19|20)\d{2}[-/.]\d{1,2}(?:[-/.]\d{1,2})?(?!\d)|(?<!\d)(?:19|20)\d{2}年\d{1,2}月")


def _dated_section(r) -> dict:
    """{n: line} of the status lines under a heading that names a state at a day ("## Status (2026-06-19)")."""
    out, under = {}, False
    for ln in r.lines:
        if ln.kind == "heading":
            title = _strip_marks(ln.text.lstrip("#").strip())
            under = bool(_STATE_HEADING.match(title) and _DAY.search(title))
        elif under and ln.kind in ("status", "final"):
            out[ln.n] = ln
    return out if len(out) <= 2 else {}


def stated(r) -> dict:
    """{n: line} of the one line that labels the entry's state, when it is the only such line, or the
    status lines of a section dated as the state of a day."""
    content = r.content
    told = [ln for ln in content if ln.kind in ("status", "final") and _FINAL_VALUE.match(without_code(ln.text))
            and _WORDS.search(_CODE.sub("", ln.text.split(":", 1)[-1].split("：", 1)[-1]))]   # "- Estado: `Get-Service`" names a command
    if len(told) != 1 or _SETTLED.search(without_code(told[0].text)):
        return {} if told else _dated_section(r)
    return {told[0].n: told[0]}


def one_line(live: dict, r, notes: list, headline, person: bool = False) -> tuple[dict, list]:
    """(the lines to edit, the notes): a lone status line in a long entry is a note unless it labels the state
    (of the work: in an entry about a person, "Current phase: writing the thesis" is the person's, a fact)."""
    content = r.content
    own = {} if headline == "strong" or person else stated(r)   # its only line of process: no record of work beside it
    if own and all(ln.n in own for ln in content if ln.kind in ("status", "final")) and set(live) <= set(own):
        return own, notes
    if len(live) == 1 and len(content) >= 10:   # one status line in a long entry: the owner keeps it and fixes the line
        (n, ln), = live.items()
        return {}, [f"line {n} reports where work stood: '{quote(ln.text, 8)}' — one line of {len(content)}: "
                    "bring it up to date when the work moves"] + notes
    return live, notes
