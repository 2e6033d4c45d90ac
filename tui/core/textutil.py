"""Small text helpers the gates share."""
from __future__ import annotations

import re


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def without_code(text: str) -> str:
    """Blank out fenced and inline code (same length, so positions hold): `date.today()` is code."""
    if "`" not in text:
        return text
    if "```" in text:
        text = _FENCED.sub(lambda m: _NOT_NEWLINE.sub(" ", m.group(0)), text)
    return _INLINE.sub(lambda m: " " * len(m.group(0)), text)


_FENCED = re.compile(r"```.*?```", re.S)
_INLINE = re.compile(r"`[^`\n]*`")
_NOT_NEWLINE = re.compile(r"[^\n]")


def without_comments(text: str) -> str:
    """Blank out HTML comments (same length): banners and notes to people, not the memory."""
    if "<!--" not in text:
        return text
    return re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
