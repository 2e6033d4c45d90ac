"""A person's edit carried onto a file the agent changed meanwhile: a three-way merge by lines.

``base`` is the text the person started from, ``ours`` what they made of it, ``theirs`` the
file as it is now. Each side's change is a list of hunks (base lines replaced by new ones);
when no hunk of one side touches a base line the other side changed, both land and the
result holds every line of each, else ``Conflict`` says where. Two insertions at the same
spot conflict too (which goes first is not ours to guess); an insertion just above or below
the other side's replaced lines does not (an agent's line appended after the one the person
edited is kept, below it).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Conflict(Exception):
    """Both sides changed the same lines: ``line`` is the first of them (1-based, in the base)."""

    line: int

    def __str__(self) -> str:
        return f"it changed the lines you edited (from line {self.line})"


def lines_of(text: str) -> list[str]:
    """Lines with their endings, split on '\\n' only (a lone '\\r' stays inside its line)."""
    out = text.split("\n")
    last = out.pop()
    out = [ln + "\n" for ln in out]
    return out + [last] if last else out


def _hunks(base: list[str], other: list[str]) -> list[tuple[int, int, list[str]]]:
    ops = difflib.SequenceMatcher(None, base, other, autojunk=False).get_opcodes()
    return [(i1, i2, other[j1:j2]) for tag, i1, i2, j1, j2 in ops if tag != "equal"]


def _clash(a: tuple[int, int, list[str]], b: tuple[int, int, list[str]]) -> bool:
    (a1, a2, _), (b1, b2, _) = a, b
    if a1 == a2 and b1 == b2:
        return a1 == b1                    # two insertions at one spot
    if a1 == a2:
        return b1 < a1 < b2                # an insertion inside the other's replaced lines
    if b1 == b2:
        return a1 < b1 < a2
    return a1 < b2 and b1 < a2             # replaced lines that overlap


def merge(base: str, ours: str, theirs: str) -> str:
    """``theirs`` with the change from ``base`` to ``ours`` made in it too; ``Conflict`` when
    the two changed the same lines."""
    if theirs == base:
        return ours
    if ours == base or ours == theirs:
        return theirs
    b = lines_of(base)
    mine, other = _hunks(b, lines_of(ours)), _hunks(b, lines_of(theirs))
    other = [o for o in other if o not in mine]   # the same change made on both sides: once
    for h in mine:
        for o in other:
            if _clash(h, o):
                raise Conflict(min(h[0], o[0]) + 1)
    out = list(b)   # from the bottom up, so the indices above stay right
    for i1, i2, new in sorted(mine + other, key=lambda h: (h[0], h[1]), reverse=True):
        out[i1:i2] = new
    return "".join(out)


MINE, THEIRS, END = "<<<<<<< your edit", "=======", ">>>>>>> on disk now (the agent's)"


def merge_marked(base: str, ours: str, theirs: str) -> tuple[str, int]:
    """``merge``, but where both changed the same lines, both versions with conflict markers
    between them (for the person to choose in their editor); returns (text, conflicts)."""
    try:
        return merge(base, ours, theirs), 0
    except Conflict:
        pass
    b = lines_of(base)
    mine, other = _hunks(b, lines_of(ours)), _hunks(b, lines_of(theirs))
    other = [o for o in other if o not in mine]
    groups: list[list] = []   # clashing hunks of both sides, grouped; each group one conflict
    for h in sorted([(h, 0) for h in mine] + [(o, 1) for o in other], key=lambda x: (x[0][0], x[0][1])):
        if groups and any(_clash(h[0], g[0]) or h[0][0] < max(x[0][1] for x in groups[-1]) for g in groups[-1]):
            groups[-1].append(h)
        else:
            groups.append([h])
    out, at, conflicts = [], 0, 0
    eol = "\r\n" if base.endswith("\r\n") or ours.endswith("\r\n") else "\n"
    for g in groups:
        lo, hi = min(h[0][0] for h in g), max(h[0][1] for h in g)
        out += b[at:lo]
        sides = [_apply(b, lo, hi, [h[0] for h in g if h[1] == k]) for k in (0, 1)]
        if all(any(h[1] == k for h in g) for k in (0, 1)):
            conflicts += 1
            out += [MINE + eol, *_ended(sides[0], eol), THEIRS + eol, *_ended(sides[1], eol), END + eol]
        else:
            out += sides[0] if any(h[1] == 0 for h in g) else sides[1]
        at = hi
    out += b[at:]
    return "".join(out), conflicts


def _apply(b: list[str], lo: int, hi: int, hunks: list) -> list[str]:
    part = b[lo:hi]
    for i1, i2, new in sorted(hunks, reverse=True):
        part[i1 - lo:i2 - lo] = new
    return part


def _ended(lines: list[str], eol: str) -> list[str]:
    return [ln if ln.endswith("\n") else ln + eol for ln in lines]


def has_markers(text: str) -> bool:
    """Whether conflict markers ``merge_marked`` wrote are still in ``text``."""
    return any(ln.rstrip("\r") in (MINE, END) for ln in text.split("\n"))
