"""Status said line by line (issue 36, stop 51), for judging/status_blocks: a plan for tomorrow, and
the line right under a status section's heading (where a section with no status line says its status).

A plan for tomorrow ("明天她自己再配一版", "tomorrow we fire again", "二卡即将进入大纲阶段，一卡已在
2026.6.27验收") is stale the day after it was written. Not one in a rule ("until tomorrow", "if …"), a
name ("Kiln Tomorrow"), a word quoted or listed ("hoy/mañana/lunes"), a term's meaning in a glossary
("- **WAIT** (20-39): re-check tomorrow"), nor an "about to" (即将) with no date beside it (a story's
hook as often as the work's).
"""
from __future__ import annotations

import re

from .day_names import name_ends
from .status_words import _HAS_DATE, _IF, _STATE_RULE, _TOMORROW
from .time_context import quoted

# a word named, not said: one of a list of words ("hoy/mañana/lunes"), in backticks
_MENTIONED = re.compile(r"[/|`'’\"”]")
# a behaviour that recurs ("emails every patient who has an appointment tomorrow"): what a program does
# each day, not a plan for one
_RECURRING = re.compile(r"(?i)\b(?:every|each|daily|nightly|cada|todos (?:os|los)|todas (?:as|las)|jede[nrs]?|"
                        r"täglich|chaque|tous les|toutes les|каждый|каждого|каждую)\b|每|毎")
# a glossary's item: "- **TERM** (range): meaning", with a sibling of the same shape next to it
_TERM = re.compile(r"[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)\*\*[^*\n]{1,40}\*\*[^:：\n]{0,30}[:：]")


def _in_glossary(scan: str, a: int, b: int) -> bool:
    """The line at ``a``..``b`` is a term's meaning in a list of such terms (a line before or after it
    has the same "- **TERM**: meaning" shape): what a word means, every day."""
    if _TERM.match(scan, a) is None:
        return False
    before = scan.rfind("\n", 0, max(a - 1, 0)) + 1 if a else -1
    return (before >= 0 and _TERM.match(scan, before, a) is not None) or \
        (b < len(scan) and _TERM.match(scan, b + 1) is not None)


def tomorrow_plans(scan: str, last: int = -1) -> list[tuple[int, int, str]]:
    """(start, end, words) of each line that says a plan for tomorrow (``last``: the start of a line
    already a block, not taken again). A line is judged as a whole once, and its first few words of
    tomorrow one by one: a line of thousands of them stays linear (it was read again for each)."""
    out: list[tuple[int, int, str]] = []
    line_ok, tries, a, b = False, 0, 0, 0
    for m in _TOMORROW.finditer(scan):
        if m.start() >= b:   # a new line (the first match is past b = 0): judge it as a whole, once
            a = scan.rfind("\n", 0, m.start()) + 1
            b = scan.find("\n", m.end())
            b = len(scan) if b < 0 else b
            line = scan[a:b]
            tries = 0
            line_ok = not (line.lstrip().startswith(("#", "|")) or _IF.search(line) or _STATE_RULE.search(line)
                           or a == last or _RECURRING.search(line) or _in_glossary(scan, a, b))
        tries += 1
        if not line_ok or tries > 3 or (out and out[-1][0] == a):
            continue
        if (m.group(0)[:1].isupper() and name_ends(scan, m.start(), m.end())) \
                or (m.group(0) == "即将" and _HAS_DATE.search(scan, a, b) is None) or quoted(scan, m.start()) \
                or _MENTIONED.match(scan, m.end()) or (m.start() > a and scan[m.start() - 1] in "/|`"):
            continue
        # the words around the plan's word, not the line's first ones (they may end before it)
        from_ = a if m.start() - a <= 40 else m.start() - 30
        out.append((a, b, ("…" if from_ > a else "") + scan[from_:b].strip(" -*+")[:60]))
    return out


def first_said(scan: str, start: int, end: int) -> tuple[int, str] | None:
    """(position, words) of the first line of text under the heading at ``start``, within the section's
    ``end``; None when a heading or a table comes first, or the section holds no text."""
    at = scan.find("\n", start)
    while 0 <= at < end:
        nxt = scan.find("\n", at + 1)
        line = scan[at + 1:end if nxt < 0 else min(nxt, end)]
        words = line.strip(" \t-*+>|#")
        if line.lstrip().startswith(("#", "|")):
            return None   # a heading, or a table (a table says its state in its rows: progress_tables)
        if words.strip("-=: \t"):
            return at + 1, words[:60]
        at = nxt
    return None
