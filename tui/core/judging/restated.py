"""One rule in other words: two sections of two entries whose words are mostly the same.

A passage repeated word for word is found in passages.py; a fact told again in other words is not:
the same done list in a status file and a progress file, a pitfall written once as a rule and once
as its fix. Those share most of their words, not their 3-grams. A section (a heading and what
follows it up to the next heading; the text before the first heading is one too) is read as the set
of its words: words of four letters or more, a word with a digit in it (an error code, a version),
each pair of characters of a script written without spaces; never a bare number (a date, a time), a
path or an address (two notes that cite one spec share its path, not a fact). Two sections of two
entries restate one another when they share RESTATED of those words (Jaccard) and each holds
RESTATED_MIN or more: a short section shares its few words by chance.
"""
from __future__ import annotations

import re
import zlib
from collections import Counter, defaultdict
from itertools import chain, combinations

from .findings import Finding, Place
from .passages import _HEADING   # (one heading pattern for both readings of sections)
from ..reading.entry import memo
from ..textutil import without_comments

RESTATED = 0.45
RESTATED_MIN = 12
RESTATED_SKETCH = 16
_FEATURE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+|[^\W\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


_PATH_WORD = re.compile(r"(?<!\S)[^\s/\\]*+[/\\]\S*")
# in ASCII text: a whole word (a run of \w) of four characters or more, or with a digit or '_' in it,
# never all digits
_KEPT = re.compile(r"\b(?!\d+\b)(?:\w{4,}|\w*[\d_]\w*)")


# what tells two like sections apart: an address, a host, a path, a number of three digits or more (a port,
# an id). Two sections that each name some and share none are about two things (staging and production)
_MARK = re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b|(?<!\S)[^\s/\\]*+[/\\]\S*|\b\d{3,}\b")


def _marks(text: str) -> frozenset:
    return frozenset(zlib.crc32(m.encode()) for m in _MARK.findall(text.lower()))


def _section_words(text: str) -> frozenset:
    """A section's words as RESTATED compares them (see above), hashed (crc32: the same in every process)."""
    if "/" in text or "\\" in text:   # a path, an address: left out word by word
        text = _PATH_WORD.sub(" ", text)
    if text.isascii():
        out = set(_KEPT.findall(text.lower()))
    else:
        found = set(_FEATURE.findall(text.lower()))
        out = {w for w in found if len(w) >= 4 and not w.isdigit() or 2 <= len(w) < 4 and not w.isalpha()
               and not w.isdigit()}
        for w in found:   # a script written without spaces: each pair of its characters
            if _CJK_RUN.match(w):
                out.discard(w)
                out.update(w[i:i + 2] for i in range(len(w) - 1))
    return frozenset(map(zlib.crc32, map(str.encode, out)))


def sections(e) -> tuple[tuple[int, frozenset], ...]:
    """(file line, word hashes, its text: marks are read only for a pair found alike) of each section of an entry's body with RESTATED_MIN words or more:
    a heading and its lines up to the next heading outside code (the text before the first heading
    is one too; a fence's lines count, its marks do not)."""
    body = without_comments(e.body or "")
    if len(body) < 4 * RESTATED_MIN:
        return ()
    if "#" not in body and "```" not in body and "~~~" not in body:   # one section (most entries)
        words = _section_words(body)
        if len(words) < RESTATED_MIN:
            return ()
        first = len(body) - len(body.lstrip())
        return ((e.body_line + body.count("\n", 0, first), words, body),)
    out = []
    start, lines, code = None, [], False

    def close():
        if start is not None and lines:
            words = _section_words(" ".join(lines))
            if len(words) >= RESTATED_MIN:
                out.append((start, words, " ".join(lines)))

    for k, raw in enumerate(body.splitlines()):
        t = raw.strip()
        if t.startswith(("```", "~~~")):
            code = not code
            continue
        if not code and t.startswith("#") and _HEADING.match(t):
            close()
            start, lines = e.body_line + k, [t.lstrip("#")]
            continue
        if t:
            if start is None:
                start = e.body_line + k
            lines.append(t)
    close()
    return tuple(out)


def restated_findings(mem, history, skip_pairs: set = frozenset()) -> list[Finding]:
    """Two entries with a section each that says much the same in other words (``skip_pairs``: entry
    pairs already reported as near-identical or as a repeated passage; ``history``: a dated log's id,
    whose facts are carried forward elsewhere by design). One finding per two entries, at their most
    alike sections; ``possible``: the owner decides which to keep. A section like those of three or
    more other entries is a template's."""
    owner: list[str] = []
    words: list[frozenset] = []
    lines: list[int] = []
    texts: list[str] = []
    sketches: dict[int, list[int]] = defaultdict(list)
    for e in mem.sorted_entries():
        if not e.readable or e.id.endswith("MEMORY.md") or history.search(e.id):
            continue
        for line, w, tx in memo(e, "restated", lambda e=e: sections(e)):
            for h in sorted(w)[:RESTATED_SKETCH]:
                sketches[h].append(len(owner))
            owner.append(e.id)
            words.append(w)
            lines.append(line)
            texts.append(tx)
    shared = Counter(chain.from_iterable(combinations(group, 2) for group in sketches.values()
                                         if 1 < len(group) <= 12))
    alike: dict[int, set[str]] = defaultdict(set)
    best: dict[tuple[str, str], tuple[float, int, int]] = {}
    for a, b in sorted(k for k, c in shared.items() if c >= 2):
        if owner[a] == owner[b]:
            continue
        wa, wb = words[a], words[b]
        if len(wa) < RESTATED * len(wb) or len(wb) < RESTATED * len(wa):
            continue
        inter = len(wa & wb)
        j = inter / (len(wa) + len(wb) - inter)
        if j < RESTATED:
            continue
        ma, mb = _marks(texts[a]), _marks(texts[b])
        if ma and mb and not ma & mb:
            continue   # (each names its own address, host, path or number: two things told alike)
        alike[a].add(owner[b])
        alike[b].add(owner[a])
        pair = (owner[a], owner[b])
        if pair in skip_pairs or (owner[b], owner[a]) in skip_pairs:
            continue
        if pair not in best or j > best[pair][0]:
            best[pair] = (j, a, b)
    out = []
    for (ea, eb), (j, a, b) in sorted(best.items()):
        if len(alike[a]) >= 3 or len(alike[b]) >= 3:
            continue   # like sections of four or more entries: a template
        la, lb = lines[a], lines[b]
        out.append(Finding(ea, "duplicate", "restated-section", la, f"the section at line {la} says much the same as "
                           f"{eb} line {lb}, in other words ({j:.0%} of their words shared)",
                           "keep it in one entry; delete it from the other, or point to it", eb,
                           confidence="possible", places=(Place(ea, la), Place(eb, lb))))
    return out
