"""A form never filled (SPEC §6, test 3: nothing to remember; issue 36: no status in it can have
passed): a memory file whose sections hold only the placeholders a template leaves. One reading
for the audit (a Cline status file never filled is no work in progress) and triage (drop).

A **placeholder** is a line (a list item or a paragraph) that is wholly in brackets — ``(decision 1)``,
``[dependency 2]``, ``<fill in the focus>``, ``{{name}}`` — or a blank word: ``TBD``, ``TBA``, ``N/A``,
``…``, ``___``. A link (``[guide](url)``, ``<https://…>``) is none. A section (the lines under one heading) whose
lines are all placeholders was never written. A file is a template when at least three sections
are so and they are twice the sections that say something. The lines under a level-1 title that
deeper headings follow say what the file is for ("This file records the current focus …"): they
describe the form, not the work, and are not counted. A file half filled in is no template: its
filled sections hold.
"""
from __future__ import annotations

import re

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
# (an autolink, <https://…> or <a@b.tld>, is a link: a list of them is a reference, not a blank)
_AUTOLINK = r"[A-Za-z][\w+.-]*://|mailto:|[^<>\s]+@[^<>\s]+>"
_BRACKETED = re.compile(r"^(?:\((?!.*\)\s*\().*\)|\[(?!.*\]\s*[(\[]).*\]|<(?!!--|" + _AUTOLINK + r").*>|\{\{.*\}\}|"
                        r"（[^（）]*）)[.:;]?$")
# a comment alone on its line: the form's note to whoever fills it in, which says nothing of the work
_COMMENT = re.compile(r"^<!--.*-->$")
_BLANK = re.compile(r"(?i)^(?:tbd|tba|n/?a|todo|\.{3}|…|_{2,}|-)[.:]?$")
_FENCE = re.compile(r"^\s*(?:```|~~~)")


def _placeholder(line: str) -> bool:
    bare = _BULLET.sub("", line.strip(), count=1).strip().strip("*_").strip()
    return bool(bare) and bool(_BRACKETED.match(bare) or _BLANK.match(bare) or _COMMENT.match(bare))


# a heading that says something itself ("## Stack: React 18 + Vite", "### 1. Dashboard — KPI cards"): a
# statement, where a form's heading names a slot to fill ("## Next Steps", "## 当前工作重点")
_SAYS = re.compile(r"[:：—–→]\s*\S|\s-\s\S")


def _slot(title: str) -> bool:
    words = title.lstrip("#").strip().strip("*_").strip()
    return bool(words) and _SAYS.search(words) is None and len(words.split()) <= 6 and len(words) <= 40


def template_only(body: str) -> str | None:
    """The first placeholder of a file never filled in, or the heading of its first section left empty
    (None: it says something)."""
    sections: list[list[str]] = [[]]
    levels: list[int] = [0]
    titles: list[str] = [""]
    in_fence = False
    for raw in body.splitlines():
        if _FENCE.match(raw):
            in_fence = not in_fence
        head = None if in_fence else _HEADING.match(raw)
        if head:
            sections.append([])
            levels.append(len(head.group(1)))
            titles.append(raw.strip())
            continue
        text = raw.strip()
        if text and not set(text) <= set("-=_*|: "):
            sections[-1].append(text)
    # the title's own lines, when deeper headings follow, say what the form is for
    first = next((i for i, lv in enumerate(levels) if lv), None)
    if first is not None and levels[first] == 1 and any(lv > 1 for lv in levels[first + 1:]):
        sections[first] = []
    # a heading with nothing under it before the next one of its level or above: a section left empty
    # (a parent heading whose subsections hold the text is no blank); counted as a blank one
    empty = [i for i, s in enumerate(sections) if i and not s and _slot(titles[i])
             and (i + 1 == len(sections) or levels[i + 1] <= levels[i])]
    blank = [s for s in sections if s and all(_placeholder(t) for t in s)] + [[titles[i]] for i in empty]
    said = [s for s in sections if s and not all(_placeholder(t) for t in s)]
    if len(blank) >= 3 and len(blank) >= 2 * len(said):
        return blank[0][0]   # (a placeholder, or the heading of the first section left empty)
    return None


def unfilled(text: str) -> bool:
    """Whether a file is a form never filled in (see template_only)."""
    return template_only(text) is not None
