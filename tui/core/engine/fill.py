"""Filling the places the evidence left (issue 40, stop 39): two decisions kept apart.

WHETHER to inject is the evidence's (select.py, evidence.py): a prompt nothing matched stays
silent, so small talk stays silent. WHICH entries, once the evidence has put one in: the
places the count leaves go, in order, to the entries the evidence did not match, whose body
holds the prompt's telling words below the bar that lets a body match alone (two words that
few entries hold, or more than half of the prompt's). They rank by the rarities of the
prompt's words they hold (BM25's inverse document frequency, evidence.rarity: the same terms,
stems and glossary as every other match) and go in only with real lexical evidence: a sum at
least FILL_SHARE of the best-matched entry's and at least FILL_MIN (one word four in five
entries lack). They rank after every matched entry, each with the words it holds and the
reason it is there; an excluded entry (an unsafe anchor, a process file) never fills.

Why not fuse the rankings: on the tune prompts (489, tests/bench/retrieval.md, stop 39) a
reciprocal-rank fusion of the engine's order and BM25's lost 11 firsts (261 -> 250 of 303);
filling gained what BM25's three places gain, without touching the first place. A BM25 over
the entries' whole text filled about as well (303 targeted against 301 here) but needs an
index of its own, which the hook's kept index does not have.
"""
from __future__ import annotations

from collections import defaultdict

from . import blocks
from .decision import Candidate, Reason
from .evidence import BODY_WEIGHT, tenths

FILL_SHARE = 0.35   # of the best-matched entry's rarity sum (calibrated on the tune part: 0.9 … 0)
FILL_MIN = 0.5      # a rarity sum below this is no evidence (a word most entries hold)


def candidates(index, qterms, rare: dict[str, float], matched) -> list[tuple[str, float, list[str]]]:
    """(id, rarity sum, terms) of the entries ``matched`` lacks that hold the prompt's words
    enough to fill a place, best first (then by id)."""
    sums: dict[str, float] = defaultdict(float)
    terms: dict[str, list[str]] = defaultdict(list)
    for t in qterms:
        r = rare.get(t, 1.0)
        for ids, body in ((index.weights(t), False), (index.body(t), True)):
            for eid in ids or ():
                sums[eid] += r
                if body:
                    terms[eid].append(t)
    if not sums:
        return []
    floor = max(FILL_MIN, FILL_SHARE * max(sums.values()))
    return [(eid, s, terms[eid]) for eid, s in sorted(sums.items(), key=lambda x: (-x[1], x[0]))
            if s >= floor and eid not in matched and terms[eid]]


def add(engine, scored, words: dict[str, str], chosen: list, used: int, max_count: int, max_chars: int) -> int:
    """Fill ``chosen`` (the evidence's set, at least one) up to ``max_count`` with the
    candidates that fit the budget at their least size; return the characters used."""
    for eid, _, terms in candidates(engine.index, scored.qterms, scored.rare, scored.scores):
        if len(chosen) >= max_count:
            break
        e, st = engine.entries[eid], engine.status[eid]
        if engine._exclusion(e, st) is not None:
            continue
        block = engine.block(e, st)
        short = blocks.short(e, st, len(block))
        size = (len(short) if short is not None else len(block)) + 1
        if used + size > max_chars:
            continue
        reasons = []
        n = engine.index.size()
        for t in sorted(terms, key=lambda t: (-scored.rare.get(t, 1.0), t)):
            df = scored.held.get(t, 0)
            where = f"body, {df} of {n} entries" if df > 1 else "body"
            reasons.append(Reason("keyword", f"{words.get(t, t)} ({where})", tenths(BODY_WEIGHT, scored.rare.get(t, 1.0)) / 10))
        n_words = f"{len(terms)} of the prompt's words" if len(terms) > 1 else "one of the prompt's words"
        reasons.append(Reason("fill", f"a place left filled: its body holds {n_words}, too few to match alone; "
                                      "another entry matched", 0))
        c = Candidate(eid, sum(r.points for r in reasons), reasons, e.source,
                      e.updated.timestamp() if e.updated else 0.0, e.name)
        c.block = block
        chosen.append((c, short))
        used += size
    return used
