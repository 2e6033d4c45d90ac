"""A capitalised day word that closes a name ("Psychology Today") is no time word; one that closes
a label ("Status Today:", "## Blockers Today") still is (judging/wording reads it)."""
from __future__ import annotations

import re

# a capitalised word right before, on the same line (a name's words): "… Media Today"
_TITLE_BEFORE = re.compile(r"(?<![.!?:;—–] )(?<![.!?:;])\b[A-Z][\w&'’-]*[ \t]+\Z")
# a label's one work word before the day word, from the line's start past its markup:
# "Status Today:", "**Blocked Today:**", "- Deploy Today:" (a name's words are not these)
_LABEL_RUN = re.compile(r"(?i)^[ \t]*(?:[-*+>][ \t]+|\d+[.)][ \t]+)*(?:\*\*|__|\*|_)?"
                        r"(?:status|blocked|blockers?|deploy(?:ed|s|ment)?|done|plans?|focus|goals?|tasks?|todos?|"
                        r"progress|updates?|priorit(?:y|ies)|work(?:ed)?|shipped|next|notes?|agenda|summary|"
                        r"changes?|fixed|open|review|tested|builds?|releases?|meetings?|state|issues?|risks?)[ \t]+\Z")
# a label's end after the day word: "Today:", "Today:**", "Today**:"
_LABEL_AFTER = re.compile(r"[ \t]*(?:\*\*|__|\*|_)?[ \t]*:")


def name_ends(scan: str, start: int, end: int) -> bool:
    """The capitalised day word closes a name ("Psychology Today", "Garden Design Today —"), not a
    label ("Status Today:", "**Blocked Today:**", "## Blockers Today"): a heading's last word, or a
    work word's label at its line's start that ends in ':'."""
    line_start = scan.rfind("\n", 0, start) + 1
    if not _TITLE_BEFORE.search(scan, line_start, start):   # (a name's words stand on its line)
        return False
    line_end = scan.find("\n", end)
    before, rest = scan[line_start:start], scan[end:len(scan) if line_end < 0 else line_end]
    if before.lstrip().startswith("#") and not rest.strip(" \t#*:"):
        return False   # a heading's last word: "## Blockers Today"
    return not (_LABEL_AFTER.match(rest) and _LABEL_RUN.match(before))
