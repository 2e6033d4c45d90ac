"""One text read for its claims (judging/crossfile): its lines, its clause ends and what each line
and clause says, found once, so that the claims of one long line cost what the line costs, not
its square."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

# where a clause ends (as _CLAUSE_END reads it, one position a character): found once a text
_CLAUSE_AT = re.compile(r"[.!?;](?=\s|$)|\n")
# the most a match of _CURRENT (_USES) reaches back from where it must end: its longest words and
# the 24 characters after them (a stack's label, its 12 and its colon): a search starts no earlier
CURRENT_REACH, USES_REACH = 40, 64


class ClaimText:
    """One text's lines and clause ends, found once: a claim's line, whether that line speaks of
    the past (``not_now``) and the qualifiers of its clause (``scope``) are looked up, never searched
    again from the claim (a 50 KB line of versions was read once a claim: quadratic)."""

    def __init__(self, text: str, not_now: re.Pattern, scope: re.Pattern):
        self.text, self.not_now_rx, self.scope_rx = text, not_now, scope
        self._nl: list[int] | None = None
        self._clauses: list[int] | None = None
        self._not_now: dict[int, bool] = {}
        self._words: dict[tuple[int, int], frozenset] = {}

    def line(self, start: int, end: int) -> tuple[int, str]:
        """(where it starts, the line) of the line holding ``start``..``end``."""
        if self._nl is None:
            self._nl = [m.start() for m in re.finditer("\n", self.text)]
        k = bisect_right(self._nl, start - 1)   # the newlines before start
        line_start = self._nl[k - 1] + 1 if k else 0
        k = bisect_left(self._nl, end)
        return line_start, self.text[line_start:self._nl[k] if k < len(self._nl) else len(self.text)]

    def not_now(self, line_start: int, line: str) -> bool:
        if line_start not in self._not_now:
            self._not_now[line_start] = self.not_now_rx.search(line) is not None
        return self._not_now[line_start]

    def clause_words(self, start: int, end: int) -> frozenset:
        """The qualifiers the scope pattern reads in the clause around ``start``..``end``, read once a clause
        (many rules in one long sentence share them)."""
        bounds = self.clause(start, end)
        if bounds not in self._words:
            words = set()
            for m in self.scope_rx.finditer(self.text, *bounds):
                words.update(w.lower().strip("`.,") for w in m.group(1).split())
            self._words[bounds] = frozenset(words)
        return self._words[bounds]

    def clause(self, start: int, end: int) -> tuple[int, int]:
        """Where the clause around ``start``..``end`` starts and ends: from the end of the last
        _CLAUSE_END match before ``start`` (a scan that stops there) to the start of the first one
        from ``end``."""
        text = self.text
        if self._clauses is None:
            self._clauses = [m.start() for m in _CLAUSE_AT.finditer(text)]
        if start and text[start - 1] in ".!?;":
            left = start   # (the scan stops at start: its end is the text's end to `$`)
        else:
            k = bisect_left(self._clauses, start)
            q = self._clauses[k - 1] if k else -1
            left = 0 if q < 0 else q + 1 if text[q] == "\n" or q + 1 >= start else q + 2
        k = bisect_left(self._clauses, end)
        return left, self._clauses[k] if k < len(self._clauses) else len(text)


def before(rx: re.Pattern, text: str, line_start: int, pos: int, reach: int) -> bool:
    """``rx.search(text, line_start, pos)`` (a pattern that ends at ``pos``), started no further back
    than the pattern reaches: linear in the claims of a long line, not quadratic."""
    return rx.search(text, max(line_start, pos - reach), pos) is not None
