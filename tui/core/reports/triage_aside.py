"""A 'right now' word in a parenthesis qualifies a noun, not the sentence (issue 37, test 1; stop 51).

"A member may hold at most 5 upcoming (not yet started) bookings": the parenthesis says which
bookings count, the sentence states a limit that holds. The audit marks 'not yet' as possible; a
line whose only such word is inside a parenthesis is not where work stands, so triage never takes
that possible finding for the line's own subject (the finding stays a note).
"""
from __future__ import annotations

import re

_WORD = re.compile(r"'([^']{2,40})'")
_PAREN = re.compile(r"\([^()]*\)")


def aside(f, text: str) -> bool:
    """Whether the word finding ``f`` quotes is, in the line ``text``, only ever inside a parenthesis."""
    m = _WORD.search(f.message or "")
    if not m or not text:
        return False
    word = re.compile(rf"(?i)(?<!\w){re.escape(m.group(1))}(?!\w)")
    inside = sum(len(word.findall(p)) for p in _PAREN.findall(text))
    return inside > 0 and inside == len(word.findall(text))
