"""Two small readings of triage (issue 37, stop 48): a file set up and never written in, and the
instruction lines a restated entry repeats, as the project's evidence."""
from __future__ import annotations

import re

from ..judging.project_index import ProjectLine
from .triage_findings import Decision
from .triage_lines import quote
from .triage_rules import is_rule


def rule_evidence(held: list[tuple[int, object]]) -> list[ProjectLine]:
    """The instruction lines a restated entry repeats, as the project's evidence (each once): the
    drop shows where it is said, not only names it in its reason."""
    out, seen = [], set()
    for _, rule in held:
        key = (rule.file, rule.line)
        if key not in seen:
            seen.add(key)
            out.append(ProjectLine(rule.file, rule.line, rule.text))
    return out[:4]


_COMMENT = re.compile(r"<!--(.*?)-->", re.S)
_HEADING_LINE = re.compile(r"^\s{0,3}#{1,6}\s")


def nothing_yet(body: str) -> tuple[str, str] | None:
    """(its purpose, the comment) for a file set up and never written in: besides headings, one line
    at most saying what goes there (a quote: "> the agent notes each correction here"), and a short
    comment waiting for the first entry ("<!-- none yet: added when the user corrects something -->").
    A comment of many lines, or a second line of text, may be what it remembers: None."""
    comments = _COMMENT.findall(body)
    if len(comments) != 1 or "\n" in comments[0].strip() or len(comments[0].split()) > 25:
        return None
    rest = [t.strip() for t in _COMMENT.sub("", body).splitlines()]
    text = [t for t in rest if t and not _HEADING_LINE.match(t) and not set(t) <= set("-=_*|: ")]
    if len(text) > 1 or text and not text[0].startswith(">"):
        return None
    purpose = text[0].lstrip("> ").strip() if text else ""
    if purpose and is_rule(purpose):
        return None   # a rule set apart as a quote is a memory, whatever the comment says
    return (purpose or comments[0].strip(), comments[0].strip()) if purpose or comments[0].strip() else None


def unwritten(body: str, r, notes: list[str]) -> Decision | None:
    """Drop a file set up and never written in (see nothing_yet), naming its comment's line."""
    waiting = nothing_yet(body)
    if waiting is None:
        return None
    at = next((ln.n for ln in r.lines if waiting[1] in ln.text), None)
    return Decision("drop", 3, [f"a file set up and never written in: it says what it is for, "
                                f"'{quote(waiting[0], 8)}', and a comment that nothing is recorded yet"
                                + (f" (line {at})" if at else ""),
                                "nothing to remember: the agent reads its purpose, not a memory"],
                    [at] if at else [], notes=notes)
