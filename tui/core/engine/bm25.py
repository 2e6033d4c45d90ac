"""The yardstick `memtui eval` measures the engine against: a plain BM25 top-k.

Never used to inject anything (the engine is the one ranking, STYLE "one ranking"): it answers
"would the textbook ranking, over the same entries, have done better?" beside every row of an
evaluation. The textbook form, on purpose: k1 1.2, b 0.75 over each readable entry's name,
description and body; words lower-cased, Chinese and Japanese cut into character pairs, Korean
words as written; no stemming, no stop words, no glossary; the top k with a score above 0.
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import Mapping

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+")
_WORD = re.compile(r"[^\W_]+")


def bm25_tokens(text: str) -> list[str]:
    out = []
    for w in _WORD.findall(text.lower()):
        for part in _CJK.split(w):
            if part:
                out.append(part)
        for run in _CJK.findall(w):
            out += [run[i:i + 2] for i in range(len(run) - 1)] or [run]
    return out


class BM25:
    """The textbook ranking over each readable entry's name, description and body."""

    def __init__(self, entries: Mapping, k1: float = 1.2, b: float = 0.75) -> None:
        self.docs = {i: Counter(bm25_tokens(f"{e.name} {e.description} {e.body}"))
                     for i, e in entries.items() if e.readable}
        self.len = {i: sum(c.values()) for i, c in self.docs.items()}
        self.avg = sum(self.len.values()) / max(1, len(self.len))
        df = Counter(t for c in self.docs.values() for t in c)
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.k1, self.b = k1, b

    def top(self, query: str, k: int = 3) -> list[str]:
        scores: dict[str, float] = defaultdict(float)
        for t in set(bm25_tokens(query)):
            if t not in self.idf:
                continue
            for i, c in self.docs.items():
                f = c.get(t)
                if f:
                    norm = f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * self.len[i] / self.avg))
                    scores[i] += self.idf[t] * norm
        return [i for i, s in sorted(scores.items(), key=lambda x: (-x[1], x[0])) if s > 0][:k]
