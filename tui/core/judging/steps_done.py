"""A status file by design (Cline's activeContext.md and progress.md) is no finding for being status
(issue 36, stop 38 round 2); what is, is evidence that its status has passed: a next step that says
to create a file that exists now ("1. Create progress.md", "write conftest.py"). The agent reads that
step at every task start and may do the work again.

Only lines under a heading of what comes next, and only a create verb with a file name on one line:
"update progress.md" names a file that is meant to exist.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .findings import Finding

# a section starts at a heading or at a label line of its own ("**Next Steps:**")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s|\*\*[^*\n]{2,60}\*\*\s*[:：]?\s*$|\*\*[^*\n]{2,60}[:：]\*\*\s*$)")
_NEXT = re.compile(r"(?i)(?:next steps?|to ?do|what'?s left|upcoming|следующ|下一步|次のステップ|今後|다음 단계)")
_CREATE = re.compile(r"(?i)\b(?:create|add|write|set ?up|scaffold|initiali[sz]e)\b|созда|добав|напис|"
                     r"作成|追加|创建|新建|添加|编写|생성|추가|작성")
_FILE = re.compile(r"`([\w./-]+\.[A-Za-z]{1,5})`|(?<![\w/.-])([\w-]+(?:/[\w.-]+)*\.(?:md|py|ts|tsx|js|jsx|json|ya?ml|"
                   r"toml|ini|txt|cfg|sh|go|rs))(?![\w/-])")


def done_step_findings(entry_id: str, text: str, exists: Callable[[str], bool]) -> list[Finding]:
    """One finding for a status file whose next steps create files that exist now (each a place)."""
    done: list[tuple[int, str]] = []
    under = False
    for n, line in enumerate(text.splitlines(), 1):
        if _HEADING.match(line):
            under = _NEXT.search(line) is not None
            continue
        if not under or not _CREATE.search(line):
            continue
        for m in _FILE.finditer(line):
            name = m.group(1) or m.group(2)
            if exists(name):
                done.append((n, name))
                break
    if not done:
        return []
    names = ", ".join(dict.fromkeys(name for _, name in done))
    return [Finding(entry_id, "process", "next-step-done", done[0][0],
                    f"its next steps say to create {names}, which exist{'s' if len(done) == 1 else ''} now: "
                    "the status it gives has passed, and the agent reads it at every task start",
                    "ask the agent to 'update memory bank' (or rewrite the 'next steps' for the work at hand)")]
