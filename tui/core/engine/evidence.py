"""What a word of an entry is worth (SPEC §4, issues 28 and 40): where it was found, how rare
it is among the folder's entries, and how the points of several add up.

A word of the name weighs most, then the `keywords` field, then the description; a part
inside a word of them (the 'hub' of 'GitHub', tokens.py) weighs as a description word, and so
does each keyword of a list longer than KEYWORD_LIST_MAX (a tag cloud: a list of many keywords
must not beat the entry that answers, issue 40). Each weight is scaled by the word's rarity
(``rarity``: 1 for a word one entry holds, near 0 for one every entry holds), so an entry that
shares the prompt's one telling word outranks one that shares three words every entry has
(on a reviewer's 83 prompts nobody here wrote: ranked first 47 -> 57, a plain BM25 54).

The body is evidence, weighed at half a description word (a rare name the prompt writes, an
identifier such as 'HiddenWhenEmptyConverter', at a whole one: ``body_weight``, stop 48 round 3; the note
that holds it answers before one whose name holds a common word of the prompt such as 'project';
heldout43a first 50 -> 51, the read pools and tests/eval unchanged), on one line of a typical
entry; a body that speaks of the word more counts more, by the square root of its ``focus``
(``said_weight``, stop 49: BM25's count over the body's length, damped as a classic tf; never
above a description word): a six-line note about 'redis' before a 150-line log that names it
once. Read pools' half A ranked first 146 -> 149 of 185, half B 89 -> 89 of 103, tests/eval
unchanged; the count undamped gained one on half B but lost one injected and one first on the
tests/eval held-out part. Its words (those not already in
the name, description or keywords) count beside a name, keyword or description hit; alone,
they make a match only when the body holds more than half of the prompt's words, or its
telling words reach LONE_BODY: the rarities of the prompt's words it holds, leaving out the
words small talk is made of (smalltalk.py; filler and greetings are gone already), add up
to 0.8 — one word at most about two in a hundred entries hold, or two less rare ones ("mini
program" in the one entry about the mini program). The bar is a trade-off chosen on the tune
prompts by a curve (tests/bench/retrieval.md, stop 39 round 2): from 1.0 down to 0.8 the
gate opens for 5 more wanted ids and small talk stays as silent; at 0.7 and below a greeting
that names the agent opens it. All of it is capped at KEYWORD_CAP, below one path hit.

When nothing at all matched, the folder's own words have a say (``spoken_most``, stop 47): a
prompt word half the folder's entries hold has no rarity to open the gate with, yet a prompt
that uses it is about the project ('the site' in a small bank about a site); the one entry
whose body speaks of it most (``focus``: its lines, against its length) matches on it.

Once the gate is open (an entry matched on its own evidence, a path hit, or the folder's own
word: the prompt is about the folder), the places left go to the entries whose bodies hold the
prompt's telling words (``seconds``, stop 48), as a plain BM25 top 3 fills its places: a prompt
often wants two or three files ('where is the site deployed, does it need a backend?' over a bank
whose patterns and tech notes both say how it deploys). They rank after every entry that matched
on its own, among themselves by how many of the prompt's words their body holds, then by how
much it speaks of them (``mentions``: BM25's weighing of a count against a body's length). The gate keeps small talk silent; the
admission no longer does: until stop 47 a second entry had to speak of the words SECOND_SHARE
(0.4) of what the matched one did, and on the read pools that share kept out answers BM25 had
(tune41 + heldout41: targeted 149 -> 156 of 177 without it, heldout42 55 -> 56 of 69, cross-language
+1 on each; a share of 0.1 to 0.3 kept out some of them too, and so did a bar on the word's
rarity, held by half the folder at most: heldout42 54). An entry whose body holds none of the prompt's
words, or only the words small talk is made of, is never one (no fill).

A body is read for evidence as far as BODY_CHARS (6,000 characters; tests/bench/retrieval.md,
stop 39 round 3). Past it, a long note's other words (as far as TAIL_CHARS, the corpus's 99th
percentile body) are kept as TAIL: evidence for a place left once the gate is open (``seconds``),
never for a match, a rarity, the folder's own word or the order of matched entries (stop 48 round 2:
the answer in the last third of a 29 KB running log; the pointer block then names its section).
Read further as evidence, a long session log or
curriculum gathers words by its volume and goes first (tune: ranked first 267 at 3k, 265 at
6k, 263 at 12k and whole), and the kept index grows (body postings +36 % at 6k, +68 % at 12k
on a 10k folder of the corpus's body lengths); 6k is where the parts not tuned on gained
(corpus held-out part +1 targeted at no unwanted id) before first place fell further.
"""
from __future__ import annotations

import math
from collections import defaultdict

from .decision import Reason

NAME_POINTS = 3          # a word of the entry's name
KEYWORD_POINTS = 2       # a word of its `keywords` field
DESCRIPTION_POINTS = 1   # a word of its description
WEAK_POINTS = 1          # a part inside a word of those ('hub' of 'GitHub'), a keyword of a long list
KEYWORD_LIST_MAX = 8     # a `keywords` list longer than this weighs each keyword as a description word
BODY_WEIGHT = 0.5        # a word of its body: half a description word
LONE_BODY = 0.8          # body words alone match when their telling words' rarities add up to this
NAME_RARE = 0.5          # or one that is a name in the prompt (names.py) and this rare (few entries hold it)
BODY_CHARS = 6000        # the body is read this far for evidence: a curve, below (index size; long logs' volume)
TAIL_CHARS = 30000       # a long note's words past BODY_CHARS are read this far (the corpus's 99th percentile body), as TAIL
TAIL = 0                 # the focus a word of that tail is kept with (no body focus: it never matches, ranks or opens)
BODY_DF_MAX = 100        # a word in more bodies than this is too common to be evidence (and too slow to count)
#                          (its rarity counts the entries whose name, keywords or description hold it)
MENTION_K = 1.2         # BM25's k1: how fast more lines naming a word stop adding (``focus``)
SPOKEN_MIN = 3          # a folder's own word: held by half its entries, and three at least (``spoken_most``);
#                          in a folder of fewer entries, by all of them, and the entry holds two of the prompt's words
MENTION_B = 0.75        # BM25's b: how much an entry's length discounts its lines (``focus``)
ONE_LINE = 100          # the focus of a word on one line of a typical entry (``focus``): the weight as written
TYPICAL_LINES = 35      # an entry's length the discount is measured against (the corpus's mean body, 6k chars read)
KEYWORD_CAP = 8          # < FOLDER_POINTS: no number of keyword (and body) hits outranks one path hit

BODY = 0                 # the weight a body hit is kept with among an entry's hits {term: weight}
_WEIGHT_NAME = {NAME_POINTS: "name", KEYWORD_POINTS: "keyword", DESCRIPTION_POINTS: "description", BODY: "body"}


def rarity(df: int, n: int) -> float:
    """How telling a word is that ``df`` of ``n`` entries hold: BM25's inverse document
    frequency over that of a word one entry holds, so 1 for the rarest and towards 0 for a
    word every entry has. One decimal is enough to rank and to read."""
    if n <= 1 or df <= 0:
        return 1.0
    return min(1.0, math.log(1 + (n - df + 0.5) / (df + 0.5)) / math.log(1 + (n - 0.5) / 1.5))


def tenths(weight: float, rare: float) -> int:
    """A word's points in tenths (whole numbers add up exactly and quickly): its place's weight
    scaled by its rarity, a tenth at least (any hit counts)."""
    return max(1, round(10 * weight * rare))


def body_need(words: int) -> int:
    """Body words an entry needs for them to match alone, for a prompt of ``words`` words: more than half."""
    return max(2, words // 2 + 1)


def body_counts(n: int, rare: float, need: int, named: bool, name: bool = False) -> bool:
    """Whether an entry's ``n`` body words count: beside a name, keyword or description hit
    (``named``), or alone when they are more than half of the prompt's words, or the rarities
    of the telling ones sum to ``rare`` >= LONE_BODY, or one is a rare name (``name``)."""
    return n > 0 and (named or name or n >= need or rare >= LONE_BODY)


def telling(t: str, rare: dict[str, float], quiet=frozenset()) -> float:
    """What the prompt's term ``t`` in a body adds towards LONE_BODY: its rarity, or 0 for one
    of its ``quiet`` terms (tokens.QueryTerms: a word small talk is made of, or a word of a
    path it names, which is evidence as a path already)."""
    return 0.0 if t in quiet else rare.get(t, 1.0)


def spoken_most(index, qterms, rare: dict[str, float]) -> tuple[dict[str, str], dict[str, int]]:
    """({entry: the prompt's term}, {entry: its body points in tenths}) for the folder's own words
    (issue 40, stop 47): a prompt term that at least half of the folder's entries hold (three at
    least), not one of the prompt's quiet terms, whose body focus (``focus``) is highest in one
    entry alone. Rarity cannot open the gate for such a word (a Cline bank's 'site' in five of six
    files), yet a prompt that uses it is about the project, and the entry that speaks of it most
    answers it. The engine asks only when nothing else matched (select.py): it never adds to a
    prompt's other evidence. The entry scores as its body words would (all the prompt's it holds).
    A folder of fewer than SPOKEN_MIN entries has no rarity at all (stop 49: a Claude Code folder of
    two notes, both naming 'kanban' and 'database'): a word every entry holds is its own word, and
    the entry that speaks of it most matches when its body holds two of the prompt's words (not
    quiet), so that one shared word of small talk stays silent. heldout49b targeted 41 -> 43 of 67,
    first 32 -> 33, cross 6 -> 7; a word two of three entries hold (2 too low a floor for any
    folder) lost a small-talk prompt on heldout42 and on heldout49a."""
    n, quiet = index.size(), getattr(qterms, "quiet", ())
    out: dict[str, str] = {}
    for t in sorted(qterms):
        ids = {eid: f for eid, f in (index.body(t) or {}).items() if f != TAIL}
        if not ids or t in quiet or len(ids) + len(index.weights(t) or ()) < max(min(SPOKEN_MIN, n), n / 2):
            continue
        top = max(ids.values())
        most = [eid for eid, f in ids.items() if f == top]
        if len(most) == 1 and (n >= SPOKEN_MIN or _held(index, qterms, most[0], quiet) >= 2):
            out.setdefault(most[0], t)
    points = {eid: sum(tenths(said_weight(BODY_WEIGHT, f), rare[t]) for t in qterms
                       for f in ((index.body(t) or {}).get(eid, TAIL),) if f != TAIL)
              for eid in out}
    return out, points


def _held(index, qterms, eid: str, quiet) -> int:
    """How many of the prompt's terms that are not ``quiet`` the body of ``eid`` holds (read past TAIL)."""
    return sum(1 for t in qterms if t not in quiet and (index.body(t) or {}).get(eid, TAIL) != TAIL)


def seconds(waiting: dict[str, int], matched, paths) -> dict[str, int]:
    """{entry: its body points in tenths} of the entries that go in after those matched
    (``matched``: the entries that matched on their own; ``paths``: maps of the entries a path hit
    or the broad folder holds, which score on their paths already), once the gate is open (either
    is not empty): every entry whose body words did not count alone (``waiting``, keyword_points:
    its body holds a telling word of the prompt)."""
    if not matched and not any(paths):
        return {}
    return {eid: t for eid, t in waiting.items()
            if eid not in matched and not any(eid in held for held in paths)}


def second_keys(second: dict[str, int], tenth: dict[str, int], body: dict, spoken: dict) -> dict[str, tuple]:
    """The rank keys (select.py) of the ``second`` entries: after every entry that matched on its
    own, at most the lowest points (``tenth``) of those, and less evidence than any."""
    if not second:
        return {}
    low = min((sc for eid, sc in tenth.items() if eid not in second), default=0)
    return {eid: (min(tenth[eid], low) / 10, -1, body[eid], spoken[eid]) for eid in second}


def rare_name(t: str, names, rare: dict[str, float], quiet=frozenset()) -> bool:
    """Whether the prompt's term ``t`` is a name (names.py) few entries hold, and not one of its
    ``quiet`` terms: small talk in capitals ('I NEED COFFEE') is still small talk."""
    return t in names and t not in quiet and rare.get(t, 1.0) >= NAME_RARE


def body_weight(t: str, names, rare: dict[str, float], quiet=frozenset()) -> float:
    """A body word's weight: half a description word, or a whole one when it is a rare name
    the prompt writes (an identifier such as 'HiddenWhenEmptyConverter': the note that holds it answers)."""
    return DESCRIPTION_POINTS if rare_name(t, names, rare, quiet) else BODY_WEIGHT


def said_weight(weight: float, focused: int) -> float:
    """A body word's ``weight`` as its body speaks of it (``focus``, in hundredths; ONE_LINE: one
    line of a typical entry, the weight as written): times the square root of the focus over
    ONE_LINE, as a classic tf weighs a count (Lucene's sqrt of the frequency): a note about the word
    counts more than a log that names it once, less than in proportion (the body stays evidence
    below its author's words), never more than a description word. A word past BODY_CHARS, kept
    as TAIL, counts as one line."""
    f = ONE_LINE if focused == TAIL else focused
    return min(DESCRIPTION_POINTS, weight * math.sqrt(f / ONE_LINE))


def body_tenths(t: str, focused: int, names, rare: dict[str, float], quiet=frozenset()) -> int:
    """A body word's points in tenths: its weight (``body_weight``) as its body speaks of it
    (``said_weight``), scaled by its rarity (issue 40, stop 49)."""
    return tenths(said_weight(body_weight(t, names, rare, quiet), focused), rare.get(t, 1.0))


def keyword_reasons(kw: dict[str, int], words: dict[str, str], need: int, rare: dict[str, float],
                    held: dict[str, int], n: int, names=frozenset(), quiet=frozenset(),
                    most: str | None = None, second: bool = False, foci=None) -> list[Reason]:
    """The reasons of an entry's word hits {term: weight}: ``words`` gives the prompt's word for
    a term, ``rare`` its rarity, ``held`` how many of the ``n`` entries hold it; ``most``: the
    folder's own word this entry speaks of most, which matched it alone (``spoken_most``);
    ``second``: it went in beside the matched entries on its body (``seconds``); ``foci``: each
    body word's focus in this entry (``body_tenths``; none given: one line each)."""
    foci = foci or {}
    out = []
    total = 0   # in tenths

    def how(t: str, field: str) -> str:   # (how many hold a word, where that lowered its points)
        df = held.get(t, 0)
        return f"{words.get(t, t)} ({field}, {df} of {n} entries)" if df > 1 else f"{words.get(t, t)} ({field})"

    body = sorted(t for t, w in kw.items() if w == BODY)
    named = False
    for t, w in sorted(kw.items(), key=lambda x: (-x[1] * rare.get(x[0], 1.0), x[0])):
        if w != BODY:
            p = tenths(w, rare.get(t, 1.0))
            out.append(Reason("keyword", how(t, _WEIGHT_NAME.get(w, "description")), p / 10))
            total += p
            named = True
    if most is not None or second or body_counts(len(body), sum(telling(t, rare, quiet) for t in body), need, named,
                                       any(rare_name(t, names, rare, quiet) for t in body)):
        for t in sorted(body, key=lambda t: (-rare.get(t, 1.0), t)):
            p = body_tenths(t, foci.get(t, ONE_LINE), names, rare, quiet)
            field = ("body, a name" if rare_name(t, names, rare, quiet) else
                     "body, the folder's own word: this entry speaks of it most" if t == most else
                     "body: it holds the prompt's words, beside the entries matched" if second else "body")
            out.append(Reason("keyword", how(t, field), p / 10))
            total += p
    if total > KEYWORD_CAP * 10:
        out.append(Reason("cap", f"keyword points capped at {KEYWORD_CAP} ({len(kw)} hits, {total / 10:g} points)",
                          (KEYWORD_CAP * 10 - total) / 10))
    return out


def rarities(index, qterms) -> tuple[dict[str, float], dict[str, int]]:
    """(term → its rarity, term → how many entries hold it): in their name, keywords or
    description, or in their body while few enough bodies do (evidence.BODY_DF_MAX)."""
    n = index.size()
    rare, held = {}, {}
    for t in qterms:
        df = len(index.weights(t) or ()) + sum(1 for f in (index.body(t) or {}).values() if f != TAIL)
        held[t], rare[t] = df, rarity(df, n)
    return rare, held


def focus(lines: int, length: int) -> int:
    """How much of a body of ``length`` lines speaks of a word its ``lines`` lines hold, in
    hundredths, as BM25 weighs a count: saturated (k1 = MENTION_K) and discounted by the body's
    length against a typical entry's (b = MENTION_B, TYPICAL_LINES): one line of a 35-line body
    is 1, two 1.4, three 1.6, never 2.2; one line of a 4-line note is more than two lines of a
    120-line log. The body index keeps this as each body posting's weight (postings.py)."""
    k = MENTION_K * (1 - MENTION_B + MENTION_B * max(1, length) / TYPICAL_LINES)
    return max(1, round(100 * lines * (1 + MENTION_K) / (lines + k)))


def mentions(focused: int, rare: float) -> int:
    """How much an entry's body speaks of one of the prompt's words, in hundredths: the word's
    rarity times its ``focus`` in that body. Only breaks a tie between entries of equal points."""
    return max(1, round(rare * focused))


def keyword_points(index, qterms, need: int, rare: dict[str, float]) -> tuple[dict, dict, dict, dict, dict]:
    """(each matched entry's keyword points in tenths, uncapped: its name, keyword and
    description hits and, where they count, its body's; the part of them not from the body;
    each entry's number of body words hit; how much its body speaks of them, ``mentions``
    summed; the body points of the entries whose body words did not count, though one of them is
    a telling word of the prompt: ``seconds``). Each word's weight is scaled by its rarity."""
    named: dict[str, int] = defaultdict(int)
    for t in qterms:
        w = index.weights(t)
        if w:
            by_weight = {k: tenths(k, rare[t]) for k in set(w.values())}
            for eid, weight in w.items():
                named[eid] += by_weight[weight]
    hits: dict[str, int] = defaultdict(int)
    body_r: dict[str, float] = defaultdict(float)
    body_t: dict[str, int] = defaultdict(int)
    spoken: dict[str, int] = defaultdict(int)
    by_name: set[str] = set()
    tail_r: dict[str, float] = defaultdict(float)
    tail_t: dict[str, int] = defaultdict(int)
    tail_n: dict[str, int] = defaultdict(int)
    names, quiet = getattr(qterms, "names", ()), getattr(qterms, "quiet", ())
    for t in qterms:
        ids = index.body(t)
        if ids:   # (a body term is never also a name or description term of that entry)
            r, p = telling(t, rare, quiet), body_tenths(t, TAIL, names, rare, quiet)
            if rare_name(t, names, rare, quiet):
                by_name.update(ids)
            said: dict[int, int] = {}   # focus → mentions (a few distinct values per word)
            worth: dict[int, int] = {}   # focus → points in tenths (``body_tenths``)
            for eid, focused in ids.items():
                if focused == TAIL:   # past BODY_CHARS: for a place left only (below)
                    tail_r[eid] += r
                    tail_t[eid] += p
                    tail_n[eid] += 1
                    continue
                m = said.get(focused)
                if m is None:
                    m = said[focused] = mentions(focused, rare[t])
                    worth[focused] = body_tenths(t, focused, names, rare, quiet)
                spoken[eid] += m
                hits[eid] += 1
                body_r[eid] += r
                body_t[eid] += worth[focused]
    counts = dict(named)
    waiting = {}
    for eid, n in hits.items():
        if body_counts(n, body_r[eid], need, eid in named, eid in by_name):
            counts[eid] = named.get(eid, 0) + body_t[eid]
        elif body_r[eid] + tail_r.get(eid, 0) > 0:   # (a body holding only small talk's words waits for nothing)
            waiting[eid] = body_t[eid] + tail_t.get(eid, 0)
            hits[eid] += tail_n.pop(eid, 0)
    for eid, n in tail_n.items():   # a long note whose sections past BODY_CHARS hold the prompt's words
        if eid not in hits and eid not in counts and tail_r[eid] > 0:
            waiting[eid] = tail_t[eid]
            hits[eid] = n
            spoken[eid] = 0
    return counts, named, hits, spoken, waiting
