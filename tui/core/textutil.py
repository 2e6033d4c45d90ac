"""Small text helpers the gates, the secret rules and the reader share (the base: imports no folder)."""
from __future__ import annotations

import math
import re


class lazy_re:
    """A regular expression compiled at its first use: the hook loads the modules that hold the
    big ones (secret keywords, provider names, YAML's word check: ~10 ms to compile) on every
    prompt, and most prompts never reach them. After the first use its methods are the
    compiled pattern's own (found on the instance, no lookup hook). ``pattern`` may be a
    function that makes it (a trie of hundreds of words, built only when needed)."""

    def __init__(self, pattern, flags: int = 0) -> None:
        self._args = (pattern, flags)

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        pattern, flags = self._args
        rx = re.compile(pattern() if callable(pattern) else pattern, flags)
        for attr in ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
                     "pattern", "flags", "groups", "groupindex"):
            setattr(self, attr, getattr(rx, attr))
        return getattr(rx, name)


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def line_span(text: str, start: int, end: int | None = None) -> tuple[int, int]:
    """Where the line (or lines) holding ``text[start:end]`` begins and ends, its newline excluded."""
    stop = text.find("\n", start if end is None else end)
    return text.rfind("\n", 0, start) + 1, stop if stop >= 0 else len(text)


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


def entropy(s: str) -> float:
    """Shannon entropy in bits per character."""
    n = len(s)
    counts: dict[str, int] = {}
    for ch in s:
        counts[ch] = counts.get(ch, 0) + 1
    return -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0
