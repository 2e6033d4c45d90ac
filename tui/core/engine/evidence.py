"""What a word of an entry is worth (SPEC §4, issue 28): where it was found, and how the
points of several add up.

A word of the name weighs most, then the `keywords` field, then the description; a part
inside a word of them (the 'hub' of 'GitHub', tokens.py) weighs as a description word, and so
does each keyword of a list longer than KEYWORD_LIST_MAX (a tag cloud: a list of many keywords
must not beat the entry that answers, issue 40). The
body is evidence, weighed below the description: its words (those not already in the
name, description or keywords) count from the second one, one point each, at most
BODY_CAP, and only when the body holds more than half of the prompt's words: one body
word alone, or a few words a long body shares with an unrelated question, are no
evidence. All of it is capped at KEYWORD_CAP, below one path hit.
"""
from __future__ import annotations

from .decision import Reason

NAME_POINTS = 3          # a word of the entry's name
KEYWORD_POINTS = 2       # a word of its `keywords` field
DESCRIPTION_POINTS = 1   # a word of its description
WEAK_POINTS = 1          # a part inside a word of those ('hub' of 'GitHub'), a keyword of a long list
KEYWORD_LIST_MAX = 8     # a `keywords` list longer than this weighs each keyword as a description word
BODY_POINTS = 1          # a word of its body, from the second (the first is worth nothing)
BODY_CAP = 4             # body points at most (a long body holds many words)
BODY_CHARS = 3000        # the body is read this far for evidence (the substance is near the top; index size)
BODY_DF_MAX = 100        # a word in more bodies than this is too common to be evidence (and too slow to count)
KEYWORD_CAP = 8          # < FOLDER_POINTS: no number of keyword (and body) hits outranks one path hit

BODY = 0                 # the weight a body hit is kept with among an entry's hits {term: weight}
_WEIGHT_NAME = {NAME_POINTS: "name", KEYWORD_POINTS: "keyword", DESCRIPTION_POINTS: "description", BODY: "body"}


def body_need(words: int) -> int:
    """Body words an entry needs for them to count, for a prompt of ``words`` words: more than half."""
    return max(2, words // 2 + 1)


def body_points(n: int, need: int = 2) -> int:
    """Points of ``n`` distinct body words: from the second, one each, at most BODY_CAP; none below ``need``."""
    return min(BODY_CAP, (n - 1) * BODY_POINTS) if n >= max(2, need) else 0


def keyword_reasons(kw: dict[str, int], words: dict[str, str], need: int = 2) -> list[Reason]:
    """The reasons of an entry's word hits {term: weight}, ``words`` giving the prompt's word for a term."""
    out = []
    total = 0
    body = sorted(t for t, w in kw.items() if w == BODY)
    for t, w in sorted(kw.items(), key=lambda x: (-x[1], x[0])):
        if w != BODY:
            out.append(Reason("keyword", f"{words.get(t, t)} ({_WEIGHT_NAME[w]})", w))
            total += w
    if len(body) >= max(2, need):   # fewer are no evidence, and are not listed
        for t in body:
            out.append(Reason("keyword", f"{words.get(t, t)} (body)", BODY_POINTS))
        points = body_points(len(body))
        out.append(Reason("body", "the first body word counts nothing"
                          + (f", and the body {BODY_CAP} at most" if points == BODY_CAP else ""),
                          points - len(body) * BODY_POINTS))
        total += points
    if total > KEYWORD_CAP:
        out.append(Reason("cap", f"keyword points capped at {KEYWORD_CAP} ({len(kw)} hits, {total} points)",
                          KEYWORD_CAP - total))
    return out
