"""One name spelled two ways: an environment variable's name written ``HEALTHCARE_DB_PATH`` in one
place and ``HEALTHCORE_DB_PATH`` in another. One of the two is wrong, and the agent would set
or read whichever it read last.

A name is an upper-case identifier of two or more parts joined by ``_`` (the shape of an
environment variable or a constant). Two names are one name spelled two ways when they have the
same parts but one, and that part is a word of five or more letters in both, of one length, that
differs in one letter (two from ten letters): ``API_URL``/``APP_URL`` (short parts),
``SERVICE_V1``/``SERVICE_V2`` (digits) and ``READER_ROLE``/``WRITER_ROLE`` (two letters of six) are
different names. A spelling written three or more times is deliberate: only when one of the two
is written at most twice. One finding per two spellings, ``possible``.
"""
from __future__ import annotations

import re
from collections import defaultdict

from .findings import Finding, Place
from ..textutil import without_comments

_NAME = re.compile(r"(?<![\w$.-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w-])")


def _close(a: str, b: str) -> bool:
    if len(a) != len(b) or len(a) < 5 or not (a.isalpha() and b.isalpha()):
        return False
    diff = sum(x != y for x, y in zip(a, b))
    return 1 <= diff <= (2 if len(a) >= 10 else 1)


def spelling_findings(mem) -> list[Finding]:
    first: dict[str, dict[str, int]] = defaultdict(dict)   # name → entry → its first line there
    count: dict[str, int] = defaultdict(int)
    for e in mem.sorted_entries():
        if not e.readable or "_" not in (e.body or ""):
            continue
        body = without_comments(e.body)
        at, line = 0, e.body_line   # lines counted on from the name before, not from the top for each
        for m in _NAME.finditer(body):
            name = m.group(0)
            count[name] += 1
            if e.id not in first[name]:
                at, line = m.start(), line + body.count("\n", at, m.start())
                first[name][e.id] = line
    buckets: dict[tuple, set[str]] = defaultdict(set)
    for name in first:
        parts = name.split("_")
        for i, p in enumerate(parts):
            if len(p) >= 5 and p.isalpha():
                buckets[(tuple(parts[:i]), tuple(parts[i + 1:]), len(p))].add(name)
    out, seen = [], set()
    for key in sorted(buckets):
        names = sorted(buckets[key])
        if not 1 < len(names) <= 4:
            continue   # many names of one pattern (FOO_READER_ID, FOO_WRITER_ID …): a family, not a typo
        i = len(key[0])
        for x, a in enumerate(names):
            for b in names[x + 1:]:
                if (a, b) in seen or min(count[a], count[b]) > 2 or not _close(a.split("_")[i], b.split("_")[i]):
                    continue
                seen.add((a, b))
                # where one entry holds both, that entry's two lines; else each one's first place
                both = sorted(set(first[a]) & set(first[b]))
                where = [(both[0], first[a][both[0]]), (both[0], first[b][both[0]])] if both else \
                    [min(first[a].items()), min(first[b].items())]
                (ea, la), (eb, lb) = sorted(where)
                out.append(Finding(ea, "conflict", "spelled-two-ways", la, f"{a} here, {b} at "
                                   f"{'line ' if ea == eb else eb + ' line '}{lb}: one name spelled two ways",
                                   "write the name as the code spells it, in both places", eb if eb != ea else None,
                                   confidence="possible", places=(Place(ea, la), Place(eb, lb))))
    return out
