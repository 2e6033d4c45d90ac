"""One subject, one side denies what the other states (issue 37, review; stop 51).

"Cancelled drop-ins get studio credit, not a card refund" and "cancelled drop-ins are refunded in
full to the card"; "never auto-book from the waitlist" and "the first on the waitlist is booked
automatically". The two headlines share the subject (triage_amounts' test), and what one entry puts
under a negation ("not a card refund", "never auto-book", "cannot check out") in its headline or a
line of its body (not a why, not a line of where work stands — "not yet", "still" — and not a
clause that tells a consequence: "so a second run does not import them") the other entry
states without one: every concept of the negated words is in the other entry's text outside its own
negations, one of them in its headline, and the other entry negates none of them. A negation's
words are the two words after it that mean something, up to the end of its clause, or its first two
written as one ("cannot check out" is "checkout"); "no more than", "not only" are no negations, and
"no-show" is a word of its own.

Two entries that both forbid a thing negate it both: no pair. An entry that only states a thing the
other does not mention is no pair either (the other's negation must be of what it states).
"""
from __future__ import annotations

import re
from functools import lru_cache

from .triage_meaning import GENERIC, _NEG_WORDS, meaning

# a word, hyphenated words as one ("no-show", "auto-book"), and the marks that end a clause
_TOKEN = re.compile(r"[^\W\d_][\w'’-]*|[,;:.!?()\[\]—–]")
_END = frozenset(",;:.!?()[]—–")
# "not only", "no more than", "no later than", "not just": a measure or an addition, not a denial
_NOT_DENIAL = frozenset("only just more less later earlier longer fewer sooner yet still always all every".split())
_SCOPE = 2   # the words a negation covers that mean something


def _concepts(text: str) -> frozenset:
    return frozenset(t for t in meaning(re.sub(r"(?<=\w)-(?=\w)", " ", text)) if t not in GENERIC and not t.isdigit())


@lru_cache(maxsize=16384)
def scopes(text: str) -> tuple[list[frozenset], str]:
    """(the concepts each negation of ``text`` covers, the text without its negated clauses)."""
    if not any(w in _NEG_WORDS for w in re.findall(r"[\w']+", text.lower().replace("’", "'"))):
        return [], text
    toks = _TOKEN.findall(text.replace("’", "'"))
    out, kept, k = [], [], 0
    while k < len(toks):
        t = toks[k]
        if t.lower() in _NEG_WORDS and not (k + 1 < len(toks) and toks[k + 1].lower() in _NOT_DENIAL):
            covered, j = [], k + 1
            while j < len(toks) and toks[j] not in _END:
                if len(covered) < _SCOPE and _concepts(toks[j]):
                    covered.append(toks[j])
                j += 1
            if covered:
                out.append(_concepts(" ".join(covered)))
            if j >= k + 3 and _concepts(toks[k + 1]) and not _concepts(toks[k + 2]) and toks[k + 2].isalpha():
                out.append(_concepts(toks[k + 1] + toks[k + 2].lower()))   # a verb and its particle: "check out" is "checkout"
            k = j
            continue
        kept.append(t)
        k += 1
    return out, " ".join(kept)


def denied(head_a: str, text_b: str, head_b: str) -> frozenset | None:
    """What A (``head_a``: its headline and the lines it states its stance in) denies that entry B (``text_b``: its headline and body; ``head_b``: its
    headline) states; None when nothing."""
    mine, _ = scopes(head_a)
    if not mine:
        return None
    theirs, plain = scopes(text_b)
    stated, named = _concepts(plain), _concepts(scopes(head_b)[1])
    negated = frozenset().union(*theirs) if theirs else frozenset()
    for s in mine:
        if s and s <= stated and s & named and not s & negated:
            return s
    return None
