"""The same fact written twice: a passage of one entry repeated in another, and one file's section
heading written twice under the same parent (one category split in two).

A passage is a paragraph or a list: a run of non-blank lines outside code, cut at each heading.
Its tokens are its words (as ``\\w+`` reads them), and each character of a script written
without spaces (Chinese, Japanese), so a passage in any language is compared the same way: by
the token 3-grams two passages share (Jaccard). Only a long passage counts, and only a high
share: two notes about one subject share words, not most of their 3-grams. Candidates come from each passage's
bottom-k sketch (its k smallest 3-gram hashes): two passages are compared only when they share
two of them, so the work stays near-linear at 10k entries; a sketch hash shared by many passages
is a template's, never a candidate.

A passage found in four or more entries is a banner or template, not a fact stated twice.
One finding per two entries, naming both places; ``possible``: the owner decides which to keep.
"""
from __future__ import annotations

import re
import zlib
from collections import Counter, defaultdict
from itertools import chain, combinations

from .findings import Finding, Place
from ..reading.entry import memo
from ..textutil import without_comments

SKETCH = 8
MIN_TOKENS = 16          # a passage shorter than this says too little to be a fact stated twice
THRESHOLD = 0.6          # Jaccard of token 3-grams
_TOKEN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]|\w+")
_WORDS = re.compile(r"\w+")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$")
_DIGIT = re.compile(r"\d")
_TITLES = re.compile(r"(?m)^[ \t]*#{1,6}[ \t]+(.+?)[ \t#]*$")
# words quoted (the user's own, a message, a title): a citation where it is repeated, not a fact
# stated twice; and a name, not a statement: a code span or a link's target (two notes that cite
# the same spec file share its words, not a fact). A path or an address is dropped word by word.
_SKIPPED = re.compile(r'"[^"\n]{8,}"|“[^”\n]{8,}”|「[^」\n]{8,}」|『[^』\n]{8,}』|«[^»\n]{8,}»|`[^`\n]*`|\]\([^)\n]*\)')
_PATHY = re.compile(r"[/\\]")
_MARKS = re.compile(r'["“「『«`/\\]|\]\(')


def _windows(words: list[str]) -> list[int]:
    """The hash of each 3-gram of ``words``, in order: the crc32 of its three words joined by a
    space (the same in every process, unlike a string's hash(); computed in C, map after map)."""
    return list(map(zlib.crc32, map(str.encode, map(" ".join, zip(words, words[1:], words[2:])))))


def gram_hashes(words: list[str]) -> tuple[int, ...]:
    """The sorted hashes of the 3-grams of ``words`` (see _windows)."""
    return tuple(sorted(set(_windows(words))))


def read(e) -> tuple[tuple[int, ...] | None, tuple[tuple[int, tuple[int, ...]], ...]]:
    """An entry's 3-gram hashes as a whole (None: under four words, never compared) and (file
    line, 3-gram hashes) of each of its long passages, from one reading of its lines. A passage of
    plain lines (its tokens are the body's words, in a row) takes its hashes from the whole's: each
    3-gram is hashed once, and a passage that is the whole body is the whole's tuple itself (one
    object: pickled once). A body too short to hold a passage (most entries of a big folder) is
    read as the whole only, in one pass (its words are its lines' words: no word spans a line)."""
    body = without_comments(e.body or "")
    if len(body) < 2 * MIN_TOKENS or body.isascii() and body.count(" ") < MIN_TOKENS - 1:
        return _whole(body, _WORDS.findall(body.lower()))[0], ()
    whole: list[str] = []
    runs = []   # (file line, its tokens or None when they are the whole's, (first, end) of the whole's words)
    code, start, toks, first, plain, gap = False, 0, [], 0, True, None

    def close():
        if len(toks) >= MIN_TOKENS:
            runs.append((start, None if plain else list(toks), (first, len(whole) - len(words) if cut else len(whole)),
                         gap))

    for k, raw in enumerate(body.splitlines()):
        t = raw.strip()
        if not t:   # a blank line (no words) ends a passage
            words, cut = (), True
            close()
            toks = []
            continue
        words = _WORDS.findall(raw.lower())
        whole += words
        cut = True   # this line is not the passage's: it ends before it
        if t.startswith(("```", "~~~")):
            code = not code
            close()
            toks = []
            continue
        if code or not t.strip("-=*_|: ") or t[0] == "#":
            close()   # a heading, a rule or a table's divider ends a passage
            toks = []
            continue
        cut = False
        if not toks:
            start, first, plain, gap = e.body_line + k, len(whole) - len(words), True, None
        if _MARKS.search(t):
            m = _SKIPPED.search(t) if t.isascii() else None
            if m is not None and _SKIPPED.search(t, m.end()) is None and not _PATHY.search(t, 0, m.start()) \
                    and not _PATHY.search(t, m.end()):
                # one span left out of a plain line (a code span, a quote): its tokens are the line's
                # words but the span's (a span starts and ends at a mark, never inside a word)
                i = len(_WORDS.findall(t, 0, m.start()))
                left = len(_WORDS.findall(t, m.start(), m.end()))
                toks += words[:i]
                toks += words[i + left:]
                # a passage's one gap is known (where in the whole's words, how many): a second is not
                gap = (len(whole) - len(words) + i, left) if plain else False
                plain = False
                continue
            t = _SKIPPED.sub(" ", t)
            if "/" in t or "\\" in t:
                t = " ".join(w for w in t.split() if "/" not in w and "\\" not in w)
            toks += (_WORDS if t.isascii() else _TOKEN).findall(t.lower())   # (ASCII: the two read alike)
            plain, gap = False, False
        elif not t.isascii():
            toks += _TOKEN.findall(t.lower())
            plain, gap = False, False
        else:
            toks += words
    cut = False
    close()
    wt, wh = _whole(body, whole)
    n = len(whole)
    out = tuple((line, (wt if a == 0 and b == n else tuple(sorted(set(wh[a:b - 2])))) if tk is None
                 else _gapped(tk, whole, wh, a, b, gap)) for line, tk, (a, b), gap in runs)
    return wt, out


def _whole(body: str, whole: list[str]) -> tuple[tuple[int, ...] | None, list[int] | None]:
    """The whole's sorted 3-gram hashes (None: under four words; all of it as one when under three)
    and its 3-gram hashes in order (None when under four words or three tokens)."""
    if len(body.split()) < 4:
        return None, None
    if len(whole) < 3:   # one shingle of what there is
        return ((zlib.crc32(" ".join(whole).encode()),) if whole else ()), []
    wh = _windows(whole)
    return tuple(sorted(set(wh))), wh


def _prefix(a: list, b: list) -> int:
    """How many tokens ``a`` and ``b`` share from the start: a binary search of slices compared in C."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _gapped(toks: list[str], whole: list[str], wh: list[int] | None, first: int, end: int,
            gap: tuple[int, int] | None = None) -> tuple[int, ...]:
    """The sorted 3-gram hashes of a passage whose tokens are not its lines' words as they stand (a
    code span, a quote or a path left out). When they are those words with one run left out (the
    usual case: one code span or path), its 3-grams are the whole's on either side of the gap and
    the two across it: each is hashed once."""
    if wh is None or len(whole) < 3 or end - first < 3:
        return gram_hashes(toks)
    if gap:   # the gap is known (one span left out of one line): (where, how many of the whole's words)
        i, j = gap[0] - first, end - gap[0] - gap[1]
    else:
        seg = whole[first:end]
        i = _prefix(toks, seg)
        j = len(toks) - i   # (the longest prefix leaves the shortest rest: if any split fits, this one does)
        if j > len(seg) - i or j and toks[i:] != seg[len(seg) - j:]:
            return gram_hashes(toks)   # a run of other tokens (another script's, two gaps): hashed anew
    grams = set(wh[first:first + max(i - 2, 0)])
    grams.update(wh[end - j:max(end - 2, end - j)])
    grams.update(_windows(toks[max(i - 2, 0):i + 2]))
    return tuple(sorted(grams))


def passages(e) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(file line, 3-gram hashes) of each long passage of an entry's body."""
    return memo(e, "shingles", lambda: read(e))[1]


def passage_findings(mem, history, skip_pairs: set = frozenset()) -> list[Finding]:
    """Two entries that state the same passage (``skip_pairs``: entry pairs already reported as
    near-identical as a whole). A dated log (``history``: its id reads as one) is history: a fact
    it tells again elsewhere was carried forward, which is how a log is consolidated."""
    readable = [e for e in mem.sorted_entries() if e.readable and not e.id.endswith("MEMORY.md")
                and not history.search(e.id)]
    # passages by number, in entry order (a pair (a, b) has a < b: a is of the first entry)
    owner: list[str] = []
    grams: list[tuple[int, ...]] = []
    lines: list[int] = []
    sketches: dict[int, list[int]] = defaultdict(list)
    for e in readable:
        for line, g in passages(e):
            for h in g[:SKETCH]:
                sketches[h].append(len(owner))
            owner.append(e.id)
            grams.append(g)
            lines.append(line)
    # two passages that share 6 in 10 of their 3-grams share two or more of their sketches' hashes
    # 99 times in 100; two that share one common 3-gram by chance, rarely two
    # (each group lists its passages in order, each once: its pairs are (a, b) with a < b)
    shared = Counter(chain.from_iterable(combinations(group, 2) for group in sketches.values()
                                         if 1 < len(group) <= 12))   # a sketch hash shared that widely is a template's
    same: dict[int, list[int]] = defaultdict(list)   # passage → the passages of other entries it repeats
    sets: dict[int, set] = {}
    for a, b in sorted(k for k, c in shared.items() if c >= 2):
        ga, gb = grams[a], grams[b]
        if owner[a] == owner[b] or len(ga) < THRESHOLD * len(gb) or len(gb) < THRESHOLD * len(ga):
            continue
        sa = sets.get(a)
        if sa is None:
            sa = sets[a] = set(ga)
        inter = len(sa.intersection(gb))
        if inter / (len(ga) + len(gb) - inter) >= THRESHOLD:
            same[a].append(b)
            same[b].append(a)
    by_two: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for a in sorted(same):
        if len({owner[x] for x in same[a]}) >= 3:
            continue   # in four or more entries: a banner or a template
        for b in same[a]:
            if a < b and (owner[a], owner[b]) not in skip_pairs and (owner[b], owner[a]) not in skip_pairs:
                by_two[(owner[a], owner[b])].append((lines[a], lines[b]))
    out = []
    for (ea, eb), where in sorted(by_two.items()):
        la, lb = where[0]
        more = f" (and {len(where) - 1} more passage{'s' * (len(where) > 2)})" if len(where) > 1 else ""
        out.append(Finding(ea, "duplicate", "repeated-passage", la, f"the passage at line {la} is also at {eb} line "
                           f"{lb}{more}", "keep it in one entry; delete it from the other", eb,
                           confidence="possible", places=(Place(ea, la), Place(eb, lb))))
    return out


def heading_findings(e, history) -> list[Finding]:
    """One file's section heading written twice under the same parent heading: one category split
    in two. A title written three or more times is a per-item template (Problem / Fix); a dated
    log (``history``: its id reads as one) repeats its headings day after day."""
    if "#" not in (e.body or "") or history.search(e.id):
        return []   # (no '#': no heading to read, most entries of a big folder; checked first)
    titles = _TITLES.findall(e.body)
    if len(set(titles)) == len(titles):
        return []   # no title written twice (most files): nothing to read line by line
    seen: dict[tuple, list[int]] = defaultdict(list)
    parents: list[tuple[int, str]] = []
    code = False
    for k, raw in enumerate(without_comments(e.body or "").splitlines()):
        t = raw.strip()
        if t.startswith(("```", "~~~")):
            code = not code
            continue
        m = None if code else _HEADING.match(t)
        if not m:
            continue
        level, title = len(m.group(1)), " ".join(m.group(2).strip("*_ ").split()).lower()
        while parents and parents[-1][0] >= level:
            parents.pop()
        if title and not _DIGIT.search(title):
            seen[(tuple(parents), level, title)].append(e.body_line + k)
        parents.append((level, title))
    for (_, _, title), at in seen.items():
        if len(at) == 2:
            return [Finding(e.id, "duplicate", "repeated-heading", at[1], f"the section heading at line {at[1]} is "
                            f"already at line {at[0]}, under the same parent: one category written in two places",
                            "merge the two sections into one", None, confidence="possible",
                            places=(Place(e.id, at[1]), Place(e.id, at[0])))]
    return []


def _passage_end(mem, eid: str, line: int) -> int:
    """The last file line of the passage (a run of non-blank lines, cut at a heading or a fence)
    that starts at ``line`` in entry ``eid``."""
    e = mem.entries.get(eid)
    if e is None or not e.body:
        return line
    lines = e.body.splitlines()
    k = line - e.body_line
    while k + 1 < len(lines) and lines[k + 1].strip() and not lines[k + 1].lstrip().startswith(("#", "```", "~~~")):
        k += 1
    return e.body_line + k


def one_cause_of_two(mem, findings: list[Finding]) -> list[Finding]:
    """A conflict and a duplicate of the same lines of two files are one cause (issue 36 point 6):
    two places that repeat a fact with one value changed disagree, and the value is what the owner
    decides: the conflict stays, the duplicate goes (two whole entries near-identical but for it,
    or the repeated passage that holds the conflict's line). Where two places say the same thing
    there is no conflict, and the duplicate stays."""
    said: dict[frozenset, set[tuple[str, int]]] = defaultdict(set)
    for f in findings:
        if f.kind == "conflict" and f.related:
            said[frozenset((f.id, f.related))].update((p.id, p.line) for p in f.locations if p.line)
    if not said:
        return findings
    out = []
    for f in findings:
        lines = said.get(frozenset((f.id, f.related))) if f.kind == "duplicate" and f.related else None
        if lines is not None:
            if f.rule == "near-identical":
                continue
            if f.rule in ("repeated-passage", "restated-section") and any(
                    eid == p.id and p.line <= at <= _passage_end(mem, p.id, p.line)
                    for p in f.places for eid, at in lines):
                continue
        out.append(f)
    return out

