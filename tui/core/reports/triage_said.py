"""Test 3: whether a line says more than its facts and the project lines that state them (issue 37).

Its own words are those no cited line holds — an identifier's words count as the line's
(``CancellationWindowHours`` is cancellation, window, hours) — leaving out a sentence's grammar and
the words that name a setting as one ("at most", "the config key is"): an explanation, a
consequence or a story is more than a few such words.
"""
from __future__ import annotations

import re

from ..judging.project_index import rule_words


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# a sentence's grammar, and the words that name a setting as one: words any restatement of a setting
# is written with ("at most", "the config key is"), never a story of its own
_GRAMMAR = frozenset("may might can could would until before after then than that them they which what where "
                     "there here also just very most least get gets time yet "
                     "config configurable configured configuration key setting".split())


def says_more(ln, found: list, most: int = 8) -> bool:
    """A line that says more than its facts and the project lines that state them: more than
    ``most`` content words of its own (an explanation, a consequence, a story)."""
    text = re.sub(r"`[^`]*`", " ", ln.text)
    for said in dict.fromkeys(g.fact.text for g in found):
        text = text.replace(said, " ")
    theirs = set()   # each project line read once: many facts of a long line cite the same one
    for pl in {(pl.file, pl.line, pl.text): pl for g in found for pl in g.lines}.values():
        for said in (pl.text, pl.file.replace("/", " ").replace(".", " ")):   # and an identifier's words (CancelWindowHours)
            theirs |= rule_words(said.replace("_", " ")) | rule_words(_CAMEL.sub(" ", said).replace("_", " "))
    latin = re.sub(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", " ", text)
    own = {w for w in rule_words(latin) if not w.isdigit() and w not in theirs and w not in _GRAMMAR}
    cjk = len(re.findall(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", text))
    return len(own) + cjk // 3 > most   # about three CJK characters a word
