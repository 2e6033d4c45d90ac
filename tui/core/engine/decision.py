"""What the injection engine decides for a prompt, and why: the records every caller shows
(the preview, `memtui preview --json`, the hook's output and its log)."""
from __future__ import annotations

import math
from dataclasses import dataclass


def shown_points(x: float) -> str:
    """A score as people read it: one decimal, none when whole (12, 5.3)."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


def signed_points(x: float) -> str:
    """A reason's points with their sign (+3, +0.4, -1.5), ±0 for none."""
    return "±0" if not x else ("+" if x > 0 else "-") + shown_points(abs(x))


@dataclass
class Reason:
    kind: str        # path | keyword | cap | source | budget
    detail: str
    points: float    # (a word's points are scaled by its rarity: one decimal)

    def as_json(self) -> dict:
        return {"kind": self.kind, "detail": self.detail, "points": self.points}


@dataclass
class Candidate:
    id: str
    score: float
    reasons: list[Reason]
    source: str
    updated: float
    name: str
    block: str = ""

    @property
    def chars(self) -> int:
        return len(self.block)


@dataclass
class Excluded:
    id: str
    why: str         # anchor-broken | anchor-unsafe | superseded | process | count-limit | char-limit
    detail: str
    score: float = 0

    def as_json(self) -> dict:
        return {"id": self.id, "why": self.why, "detail": self.detail, "score": self.score}


@dataclass
class Decision:
    query: str
    injected: list[Candidate]
    excluded: list[Excluded]
    chars: int
    tokens: int
    limits: dict
    message: str
    text: str
    matched: int = 0
    more_excluded: int = 0

    def as_json(self) -> dict:
        return {
            "query": self.query,
            "injected": [{"id": c.id, "name": c.name, "score": c.score, "chars": c.chars,
                          "reasons": [r.as_json() for r in c.reasons]} for c in self.injected],
            "excluded": [x.as_json() for x in self.excluded],
            "more_excluded": self.more_excluded,
            "matched": self.matched,
            "chars": self.chars, "tokens": self.tokens, "limits": self.limits,
            "message": self.message, "text": self.text,
        }


def estimate_tokens(text: str) -> int:
    """≈ tokens: a CJK character is about one token, other text about four characters each."""
    cjk = sum(1 for ch in text if "\u3040" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff")
    return cjk + math.ceil((len(text) - cjk) / 4)


def age_phrase(days: int | None) -> str:
    if days is None:
        return "at an unknown time"
    if days <= 0:
        return "today"
    return "yesterday" if days == 1 else f"{days} days ago"


WRITER = {"user": "the user", "model": "the agent", "tool": "a tool"}
