"""A form never filled: a memory file whose sections hold only the blanks a template leaves
("(next task 1)", "[describe the goal]", an empty bullet). It records no work, so no status in it
can have passed (issue 36, stop 47: a memory-bank template never filled read as work in progress)."""
from __future__ import annotations

import re

# a line that is only a blank to fill: a bullet or a numbered item or a checkbox around one
# parenthesised, bracketed or angled stand-in (an autolink, <https://…>, is a link), or an empty bullet
_BLANK = re.compile(r"[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]+)?(?:\[[ xX]\][ \t]+)?"
                    r"(?:\([^()\n]{1,80}\)|（[^（）\n]{1,80}）|\[[^\[\]\n]{1,80}\]|<(?![A-Za-z][\w+.-]*://|mailto:|[^<>\s]+@[^<>\s]+>)[^<>\n]{1,80}>|\.{3}|…)?[ \t]*")
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}[ \t]")
_RULE = re.compile(r"[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*")


def unfilled(text: str) -> bool:
    """Four blanks at least, and they are most of what the sections hold: the other lines (a
    sentence saying what the file is for) describe the form, not the work."""
    blanks = other = 0
    for line in text.splitlines():
        if not line.strip() or _HEADING.match(line) or _RULE.fullmatch(line):
            continue
        if _BLANK.fullmatch(line):
            blanks += 1
        else:
            other += 1
    return blanks >= 4 and blanks >= 2 * other
