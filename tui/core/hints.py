"""Which of many literal hint words occur in a text, in one pass over its words.

Several checks run a costly pattern only when one of its hint words is in the text
(the personal-data triggers, the "right now" phrases). Testing each word with ``in``
scans the text once per word. Here a hint made of letters alone can only occur inside
one run of letters of the text, so the text is cut into its distinct runs (in C) and
each run's hints are looked up, made once per run for the whole process: the words of
every check form one trie, tried at each position of the run inside a look-ahead (so
overlapping words are all seen), and a word found brings every hint it contains. The
few hints that hold a space or a hyphen are tested with ``in``, when each of their runs
of letters was found. The same set as testing
each word (a property test compares them); the checks share one pass over a text (the
last answer is kept).
"""
from __future__ import annotations

import re

_WORDS: set[str] = set()
_compiled: tuple[re.Pattern, dict[str, frozenset[str]], frozenset[str], tuple] | None = None
_last: tuple[str, frozenset[str]] | None = None
_LETTERS = re.compile(r"[a-z]+")
_RUNS: dict[str, frozenset[str]] = {}   # a run of letters → the hints inside it (a text's words recur)
_RUNS_MAX = 200_000


def register(words) -> None:
    """Add ASCII, lower-case hint words (at import time of the check that uses them)."""
    global _compiled, _last
    _WORDS.update(words)
    _compiled, _last = None, None
    _RUNS.clear()


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


def _build() -> tuple[re.Pattern, dict[str, frozenset[str]], frozenset[str], tuple]:
    global _compiled
    if _compiled is None:
        words = sorted(_WORDS)
        plain = frozenset(w for w in words if _LETTERS.fullmatch(w) is not None)
        # ' race', 'right now': tested with ``in`` only when each of its runs of letters is inside
        # one of the text's runs (as every occurrence needs): those pieces are looked up too
        spaced = tuple((w, frozenset(_LETTERS.findall(w))) for w in words if w not in plain)
        looked = sorted(plain.union(*(pieces for _, pieces in spaced)))
        # each spaced hint under its longest run of letters (the rarest: only the hints whose run a
        # text holds are tried); one with no letters is tried in every text
        keyed: dict[str, list] = {}
        for w, pieces in spaced:
            keyed.setdefault(max(sorted(pieces), key=len) if pieces else "", []).append((w, pieces))
        spaced = ({k: tuple(v) for k, v in keyed.items() if k}, tuple(w for w, _ in keyed.get("", ())))
        rx = re.compile("(?=(" + trie_pattern(looked) + "))")
        # the longest word at a position hides the shorter ones it holds: they come with it
        held = {w: frozenset(u for u in looked if u in w) for w in looked}
        _compiled = (rx, held, plain, spaced)
    return _compiled


def present(low: str) -> frozenset[str]:
    """The registered words that occur in ``low`` (a lower-cased text)."""
    global _last
    last = _last
    if last is not None and last[0] == low:   # the next check on the same text
        return last[1]
    rx, held, plain, spaced = _build()
    found: set[str] = set()
    for run in set(_LETTERS.findall(low)):
        inside = _RUNS.get(run)
        if inside is None:
            if len(_RUNS) >= _RUNS_MAX:
                _RUNS.clear()
            inside = _RUNS[run] = frozenset().union(*(held[w] for w in set(rx.findall(run))))
        if inside:
            found |= inside
    keyed, bare = spaced
    result = plain.intersection(found).union(
        (w for k in keyed.keys() & found for w, pieces in keyed[k] if pieces <= found and w in low),
        (w for w in bare if w in low))
    _last = (low, result)
    return result


def finder(words):
    """For words that are not all ASCII (accented, Cyrillic, CJK): a function giving those that
    occur in a lower-cased text, the same as testing each with ``in``. Only the words whose
    first non-ASCII character the text holds are tested (most texts hold a few such characters,
    a dash or an arrow, and no word's)."""
    by_char: dict[str | None, list[str]] = {}
    for w in words:
        by_char.setdefault(next((c for c in w if not c.isascii()), None), []).append(w)
    always = by_char.pop(None, [])   # (an ASCII word: tested in every text)
    keys = frozenset(by_char)

    def find(low: str) -> list[str]:
        out = [w for w in always if w in low]
        for c in keys.intersection(low):
            out += filter(low.__contains__, by_char[c])
        return out
    return find


def starting_at(rx, words: tuple[str, ...], text: str, low: str):
    """``rx.finditer(text)``, trying only where one of ``words`` starts. A pattern that opens with
    a case-blind alternation of words is tried at every position by ``re`` (several us a text);
    in an ASCII text its words start where the lowered text holds them, so matching at those
    places, left to right, skipping what a match covered, gives the same matches. (In other
    text re.I also matches 'ſ' for s and 'K' for k: the full scan.)"""
    if not text.isascii():
        yield from rx.finditer(text)
        return
    starts = set()
    for word in words:
        i = low.find(word)
        while i >= 0:
            starts.add(i)
            i = low.find(word, i + 1)
    done = 0
    for i in sorted(starts):
        if i >= done:
            m = rx.match(text, i)
            if m is not None:
                done = m.end()
                yield m


def whole_word(low: str, word: str) -> bool:
    """Whether ``word`` occurs in ``low`` with no letter a-z either side. A pattern that bounds a
    word (\\b, or a space, each side) matches it only so in ASCII text: a hint found only inside a
    longer word ('oggi' in "logging") tries it at every place for nothing. (Elsewhere re.I also
    matches 'ſ' for s: a word may be spelled with one, and the hint's test alone decides.)"""
    i = low.find(word)
    while i >= 0:
        j = i + len(word)
        if (i == 0 or not "a" <= low[i - 1] <= "z") and (j == len(low) or not "a" <= low[j] <= "z"):
            return True
        i = low.find(word, i + 1)
    return False
