"""Small text helpers the gates share."""
from __future__ import annotations

import re


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def without_code(text: str) -> str:
    """Blank out fenced and inline code (same length, so positions hold): `date.today()` is code."""
    if "`" not in text:
        return text
    text = re.sub(r"```.*?```", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"`[^`\n]*`", lambda m: " " * len(m.group(0)), text)


def without_comments(text: str) -> str:
    """Blank out HTML comments (same length): banners and notes to people, not the memory."""
    if "<!--" not in text:
        return text
    return re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
