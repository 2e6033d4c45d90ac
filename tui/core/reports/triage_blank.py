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


# a line that holds a place for what is still to be written: "TBD", "…", "待补充…", "to be added"
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_TO_FILL = re.compile(r"(?i)^(?:tbd|tba|todo|n/?a|to be (?:added|filled(?: in)?|written|completed|defined)|coming soon"
                      r"|待补充|待補充|待填写|待填寫|待完善|待定|暂无|暫無|未填写|未填寫|未定|なし|未記入|미정|작성 예정"
                      r"|por (?:completar|definir)|à compléter|a definir|noch offen)?[\s.。…:：_-]*$")


def placeholder_only(r, notes: list[str]) -> Decision | None:
    """Drop an entry whose every line only holds a place ("- 待补充…", "TBD"): a slot set up and never
    written in (a section of an OpenClaw MEMORY.md, a note), nothing the agent can act on."""
    content = r.content
    if not content or len(content) > 3:
        return None
    bare = [_BULLET.sub("", ln.text, count=1).strip().strip("*_").strip() for ln in content]
    if not all(_TO_FILL.match(b) for b in bare) or not any(b.strip(" .。…:：_-") for b in bare):
        return None
    return Decision("drop", 3, [f"line {content[0].n} only holds a place, '{quote(content[0].text, 6)}': nothing written "
                                "in it yet", "nothing to remember: write it when there is something to say"],
                    [ln.n for ln in content], notes=notes)
