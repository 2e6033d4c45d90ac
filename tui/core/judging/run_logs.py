"""A tool's or a script's output kept as a memory (issue 36, stop 38 round 2): a run log (line after
line stamped to the second with what ran), or a report a tool generated and stamped ("Generated:
2025-08-08T08:00:05Z"). Neither is knowledge: it is process, and what the owner does with it is
remove it (one finding per file; causes.py folds the file's other symptoms into it: its absence
from MEMORY.md, the paths it lists that are gone).

The sign is the machine's clock: a date with a time of day to the second is what a program writes;
a person writing a note dates it to the day ("2026-03-04: moved to pnpm" is a human's log, judged
by wording.process_findings, not here).
"""
from __future__ import annotations

import re

from .findings import Finding

# a date, then (within a weekday or a 'T') a time of day with seconds
_STAMP = re.compile(r"(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])"
                    r"[^\n\d]{1,16}?(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d")
_GENERATED = re.compile(r"(?i)^\W*(?:auto[- ]?)?generated(?: (?:at|on))?\s*[:：]\s*(.*)$")
_HEADING = re.compile(r"^\s*#{1,6}\s")
MAX_LINES = 400        # a long file with stamps is a document that quotes logs, not a log
HEAD = 5               # the 'Generated:' line of a report is at its top


def run_log_findings(entry_id: str, text: str) -> list[Finding]:
    """One process finding when the whole file is a run log or a stamped generated report."""
    if _STAMP.search(text) is None:
        return []   # both signs are a stamp on a line, and a line's stamp is one in the text (most hold none)
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines or len(lines) > MAX_LINES:
        return []
    for n, ln in enumerate(text.splitlines()[:_head_end(text)], 1):
        m = _GENERATED.match(ln)
        if m and _STAMP.search(m.group(1)):
            return [Finding(entry_id, "process", "run-log", n,
                            "a report a tool generated (stamped 'Generated:' to the second), not a memory: the "
                            "agent reads its counts and lists as if they were still true",
                            "remove it from the memory folder and have the tool write it elsewhere; regenerate "
                            "it when you need it")]
    body = [ln for ln in lines if not _HEADING.match(ln)]
    stamped = [n for n, ln in enumerate(text.splitlines(), 1) if ln.strip() and not _HEADING.match(ln)
               and _STAMP.search(ln)]
    if body and len(stamped) * 5 >= len(body) * 4:   # four lines in five stamped: the log is the file
        n = len(stamped)
        return [Finding(entry_id, "process", "run-log", stamped[0],
                        f"a run log a tool or script writes ({n} line{'s' if n != 1 else ''} stamped to the "
                        "second with what ran), not a memory: the agent reads it as if it were knowledge",
                        "remove it from the memory folder and have the tool log elsewhere; if a line of it "
                        "is a lasting fact, keep that fact as a memory")]
    return []


def _head_end(text: str) -> int:
    """The line number just past the first HEAD lines that hold text."""
    seen = 0
    for n, ln in enumerate(text.splitlines(), 1):
        seen += bool(ln.strip())
        if seen >= HEAD:
            return n
    return len(text.splitlines())
