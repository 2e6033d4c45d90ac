"""A summary's count that its entry contradicts (issue 36 item 5, stop 50): MEMORY.md's line says
"the four subsystems", the entry it links to says "5 subsystems"; the description says "3 report
types", the body lists "4 report types". The summary is what the agent reads first (the index at
every session), so the count the agent believes is the wrong one.

Same subject, same scope by construction: a summary and the entry it summarises, never two
entries (two entries' counts may be of two scopes or two dates). A count is a whole number from 2
(digits, or a number word in the languages agents write, or a CJK numeral with its classifier)
before a noun; two counts are of one thing when one's noun is among the other's next words
("4 subsystems" / "5 independent subsystems", "四个子系统" / "5个相对独立的子系统"). The entry's
side must give one count of that noun only (several counts of one noun are parts of it: "2 of the 5
services"); a line that tells a change, a range or a bound is no count, nor one whose counts give
several numbers (a breakdown, "6 facial metrics + 4 body ones", or a session's tally, "43 commits, 169
contacts"), nor a number that ends a name ("Pillar 3 partners"), nor one above twelve (a tally of a
moment, not a thing's parts). ``possible``: the owner
checks which holds.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from ..hints import trie_pattern
from .amount_claims import tells_change
from .findings import Finding, Place
from .said_pairs import description_at

if TYPE_CHECKING:
    from ..snapshots.memory import Memory

# number words (those that are not also a common word of another language: "once", "due", "sei", "elf", "sept")
_WORDS = {w: n for n, ws in {
    2: "two dos dois duas deux zwei", 3: "three tres três trois drei", 4: "four cuatro quatro quatre vier",
    5: "five cinco cinq fünf", 6: "six seis sechs", 7: "seven siete sete sieben", 8: "eight ocho oito huit",
    9: "nine nueve nove neuf neun", 10: "ten diez dez zehn", 11: "eleven", 12: "twelve doce doze douze zwölf",
}.items() for w in ws.split()}
_CJK_NUM = {"二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_NUM_WORD = "|".join(sorted(_WORDS, key=len, reverse=True))
_L = "A-Za-z\u00C0-\u024F\u1E00-\u1EFF"   # Latin letters (Vietnamese's too): a CJK word after a space is the CJK reading's
_LATIN = re.compile(rf"(?i)(?<![\w.,/:#+-])(\d{{1,2}}|{_NUM_WORD})(?![\w.,:/%+-])[ \t]+((?:[{_L}][{_L}'-]*[ \t]+){{0,2}}[{_L}][{_L}'-]*)")
# a number that ends a name is no count: "Pillar 3 collaborators", "Phase 4 entry" (a capitalised word
# before it, inside a sentence), "v2", "#3"
_NAMED = re.compile(r"(?<=[\w,;:)])[ \t]+[A-Z][\w-]*[ \t]+$|^[ \t]*[A-Z][\w-]*[ \t]+$")
_MOST = 12   # a summary counts a few parts: larger numbers are tallies of a moment (169 contacts, 750 tools)
_CJK = re.compile(r"(?<![\d二两兩三四五六七八九十百千万])(\d{1,3}|[二两兩三四五六七八九十])[ \t]*(?:个|個|种|種|项|項|条|條|类|類|大|つの|つ|種類の?)"
                  r"([^\s，。、；：,.;:()（）\[\]【】「」《》\d]{2,12})")
# not a thing counted: units and the words a count leans on
_NOT_NOUN = frozenset("""of de du des del of the a an and or to in on at for by per times veces vezes fois mal x
ms s sec secs second seconds min mins minute minutes h hour hours day days week weeks month months year years
kb mb gb tb px pt em rem mm cm km kg g line lines char chars characters word words byte bytes percent more less
other others than about more most least segundos minutos horas dias días semanas meses años anos ans jours heures
minuten stunden tage wochen monate jahre năm tháng ngày giờ phút giây tuần quý lần""".split())
_BOUND = re.compile(r"(?i)(?:\b(?:about|around|approx\w*|roughly|nearly|almost|over|under|at least|at most|up to|"
                    r"more than|less than|fewer than|unos|unas|cerca de|más de|menos de|hasta|mais de|menos de|"
                    r"environ|plus de|moins de|etwa|über|bis zu)|~|≈|约|約|近|超过|以上|以下|最多|至少)[ \t]*$")
_RANGE_AFTER = re.compile(r"(?i)[ \t]*(?:-|–|to|a|à|bis|or|o|ou|oder|~|/)[ \t]*\d")
_RANGE_BEFORE = re.compile(r"(?i)\d[ \t]*(?:-|–|to|a|à|bis|or|o|ou|oder|~|/|of|de|von|sur)[ \t]*$")


# a text that may hold a count: a digit, a CJK numeral, a number word (one scan, before the patterns)
# (on the lower-cased text; a trie of the words, not an alternation tried word after word; a digit inside
# a name, "api-auth-1802.md", is no count)
# (three patterns, each opening with a set of characters that re skips to in C, not one alternation
# tried at every place: a digit after no word, dot or dash, or a text's first; a CJK numeral and its
# classifier, only in text that is not ASCII; a number word)
_MAYBE_DIGIT = re.compile(r"[^\w.-]\d")
_FIRST_DIGIT = re.compile(r"\d")
_MAYBE_CJK = re.compile(r"[\d二两兩三四五六七八九十][ \t]*[个個种種项項条條类類大つ]")
_MAYBE_WORD = re.compile(trie_pattern(_WORDS))


def _maybe(low: str) -> bool:
    """``low`` (a lower-cased text) may hold a count."""
    return _MAYBE_WORD.search(low) is not None or _MAYBE_DIGIT.search(low) is not None or \
        _FIRST_DIGIT.match(low) is not None or not low.isascii() and _MAYBE_CJK.search(low) is not None


def _maybe_at(low: str):
    """Where in ``low`` a count may start (each place a line of it may hold one: see _maybe)."""
    yield from (m.start() for m in _MAYBE_WORD.finditer(low))
    yield from (m.end() - 1 for m in _MAYBE_DIGIT.finditer(low))
    if _FIRST_DIGIT.match(low):
        yield 0
    if not low.isascii():
        yield from (m.start() for m in _MAYBE_CJK.finditer(low))


def _norm(w: str) -> str:
    w = w.lower().strip("'-")
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def counts(text: str) -> list[tuple[int, tuple[str, ...], int]]:
    """(number, the noun's words, position) of each count a text gives."""
    out = []
    for m in _LATIN.finditer(text):
        raw = m.group(1).lower()
        n = int(raw) if raw.isdigit() else _WORDS.get(raw, 0)
        words = tuple(_norm(w) for w in m.group(2).split())
        if not 2 <= n <= _MOST or not words or words[0] in _NOT_NOUN or _bounded(text, m.start(), m.end(1)) \
                or _NAMED.search(text, max(0, m.start() - 40), m.start()) is not None:
            continue
        out.append((n, words, m.start()))
    for m in _CJK.finditer(text):
        raw = m.group(1)
        n = int(raw) if raw.isdigit() else _CJK_NUM[raw]
        if not 2 <= n <= _MOST or _bounded(text, m.start(), m.end(1)):
            continue
        out.append((n, (m.group(2),), m.start()))
    return out


def _bounded(text: str, start: int, end: int) -> bool:
    """The count is a bound, an estimate or one end of a range, not the number of the thing."""
    before = text[max(0, start - 20):start]
    return _BOUND.search(before) is not None or _RANGE_AFTER.match(text, end) is not None or \
        _RANGE_BEFORE.search(before) is not None


def _cjk(w: str) -> bool:
    return "\u3040" <= w[:1] <= "\u9fff"


def _head(w: str, k: int) -> str:
    """A CJK noun's first ``k`` characters before its 的/之/の (the thing itself, not what qualifies it)."""
    return re.split(r"[的之の]", w, maxsplit=1)[0][:k]


# (stop 50, a second reader) a line that places its count among others counts a part of the thing, not
# the thing: "2 regions first as a canary, then the rest", "2 at a time", "2 out of", "only 2"
_A_PART = re.compile(r"(?i)\b(?:first|then|the rest|the others|remaining|at a time|out of|of the|only|"
                     r"primeiro|depois|o resto|os demais|apenas|somente|primero|luego|el resto|los dem[aá]s|s[oó]lo|"
                     r"d'abord|puis|le reste|les autres|seulement|zuerst|dann|der rest|die [uü]brigen|nur)\b|"
                     r"首先|先在|然后|其余|其他|只有|仅|まず|残り|のみ|だけ|먼저|나머지|만\b")


def same_thing(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two counts' nouns name one thing: one's noun among the other's next words ("subsystem" /
    "independent subsystem"); in CJK, one's first characters (its noun before 的/の) inside the other's."""
    if _cjk(a[0]) or _cjk(b[0]):
        if not (_cjk(a[0]) and _cjk(b[0])):
            return False
        ha, hb = (_head(x[0], 3) for x in (a, b))
        return len(ha) >= 2 and ha in b[0] or len(hb) >= 2 and hb in a[0]
    return a[0] in b or b[0] in a


def _one_number(cs: list) -> bool:
    """The counts of a line give one number (a breakdown or a tally gives several)."""
    return len({c[0] for c in cs}) == 1


def _told(line: str) -> bool:
    return tells_change(line) or "→" in line or "->" in line


def summary_count_findings(mem: "Memory") -> list[Finding]:
    """One finding per entry whose summary (its description, MEMORY.md's lines linking to it) gives a
    count its body contradicts (see the module's doc)."""
    said: dict[str, list[tuple[str, int, str]]] = {}   # entry id → (file, line, text) of each summary
    idx = getattr(mem, "index", None)
    lines = idx.lines if idx is not None and idx.exists else []
    joined = "\n".join(ln.text for ln in lines)
    low = joined.lower()   # (one scan of the index, then the lines it found)
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln.text) + 1)
    hit = {bisect_right(starts, at) - 1 for at in _maybe_at(low)} if len(low) == len(joined) else \
        {k for k, ln in enumerate(lines) if _maybe(ln.text.lower())}   # (lower() changed lengths: İ)
    for k in sorted(hit):
        ln = lines[k]
        for i in dict.fromkeys(ln.ids):
            if i in mem.entries:
                said.setdefault(i, []).append(("MEMORY.md", ln.file_line or ln.number, ln.text))
    out = []
    for e in mem.sorted_entries():
        if not e.readable or not e.body:
            continue
        sides = list(said.get(e.id, ()))
        desc = description_at(e, lambda d: _maybe(d.lower()))
        if desc is not None:
            sides.append((e.id, *desc))
        # (a line of several counts is a breakdown, "6 facial metrics + 4 body ones", or a tally of a
        # session, "43 commits, 169 contacts": none of its counts is the thing's number alone)
        sides = [(f, n, t, cs[0]) for f, n, t in sides for cs in [counts(t)] if cs and _one_number(cs) and not _told(t)]
        if not sides:
            continue
        body = e.body.splitlines()
        low = [ln.lower() for ln in body]
        found = []
        first = e.body_line
        for f, n, t, (num, noun, _) in sides:
            theirs = []
            head = noun[0] if not _cjk(noun[0]) else _head(noun[0], 2)
            stem = head[:max(4, len(head) - 2)] if not _cjk(head) else head
            for k, line in enumerate(body):
                if stem not in low[k] or line.lstrip().startswith("```") or _told(line) or _A_PART.search(line):
                    continue   # (only the lines that name the noun are read for their counts; not a part of it)
                cs = counts(line)
                theirs += [(first + k, v) for v, w, _ in cs if same_thing(noun, w)] if _one_number(cs) else []
            values = {v for _, v in theirs}
            if len(values) == 1 and num not in values:
                (m_line, m_val), = theirs[:1]
                found.append((f, n, num, m_line, m_val, noun))
        if not found:
            continue
        f, n, num, m_line, m_val, noun = found[0]
        what = _head(noun[0], 4) if _cjk(noun[0]) else noun[0]
        where = "MEMORY.md's line" if f == "MEMORY.md" else "its description"
        places = tuple(dict.fromkeys([Place(f, n)] + [Place(x[0], x[1]) for x in found[1:]] + [Place(e.id, m_line)]))
        out.append(Finding(f, "conflict", "summary-count", n,
                           f"{where} counts {num} ({what}); {e.id} line {m_line} counts {m_val} — which holds?",
                           "correct the count in the summary or in the entry, whichever is wrong", e.id,
                           confidence="possible", places=places))
    return out
