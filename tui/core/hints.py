"""Which of many literal hint words occur in a text, in one regex pass.

Several checks run a costly pattern only when one of its hint words is in the text
(the personal-data triggers, the "right now" phrases). Testing each word with ``in``
scans the text once per word; here the words of every check form one trie, tried at
each position inside a look-ahead (so overlapping words are all seen), and a word found
brings every hint it contains. The same set as testing each word (a property test
compares them); the checks share one pass over a text (the last answer is kept).
"""
from __future__ import annotations

import re

_WORDS: set[str] = set()
_compiled: tuple[re.Pattern, dict[str, frozenset[str]]] | None = None
_last: tuple[str, frozenset[str]] | None = None


def register(words) -> None:
    """Add ASCII, lower-case hint words (at import time of the check that uses them)."""
    global _compiled, _last
    _WORDS.update(words)
    _compiled, _last = None, None


def trie_pattern(words) -> str:
    """A regex source matching, at a position, the longest of ``words`` that starts there: what
    an alternation of them, longest first, matches, but tried letter by letter (a trie) rather
    than word after word (a property test compares the two)."""
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        alts = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body   # greedy: the longest word at a position

    return build(trie)


def _build() -> tuple[re.Pattern, dict[str, frozenset[str]]]:
    global _compiled
    if _compiled is None:
        words = sorted(_WORDS)
        rx = re.compile("(?=(" + trie_pattern(words) + "))")
        # the longest word at a position hides the shorter ones it holds: they come with it
        held = {w: frozenset(u for u in words if u in w) for w in words}
        _compiled = (rx, held)
    return _compiled


def present(low: str) -> frozenset[str]:
    """The registered words that occur in ``low`` (a lower-cased text)."""
    global _last
    last = _last
    if last is not None and last[0] == low:   # the next check on the same text
        return last[1]
    rx, held = _build()
    found = frozenset().union(*(held[w] for w in set(rx.findall(low))))
    _last = (low, found)
    return found
