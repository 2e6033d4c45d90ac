"""One setting, two amounts, in any language (issue 37, review): "reembolso completo si cancela 24
horas antes" and "full refund when cancelled at least 12 hours before start" cannot both hold.

The audit's amount pairs (judging/amount_claims) read one language's phrasing of a setting; here
both sides become rule *concepts* (triage_meaning: stems and the multilingual tables), so two
sentences in two languages meet on what they are about. A pair is two entries, each with one
sentence stating an amount in the same kind of unit (a duration, a time of day, a count of tries),
whose sentences share two concepts or more that are not generic verbs — most of the smaller
sentence's concepts, or two that at most three entries' amounts speak of (the setting's own name) —
with values that differ, in two short entries (six lines or fewer: the amount is their point) whose
headlines share a concept. Only the sentence around the amount is compared: an entry about deploys
and one about refunds never meet on "hours". Each side names the other; a person says which holds.
"""
from __future__ import annotations

import re

from ..judging.conflicts import TO_MS, Conflict
from .triage_denial import denied
from .triage_facts import facts_of
from .triage_meaning import GENERIC, meaning, negations

_SENTENCE = re.compile(r"(?<=[.;!?。；！？])\s+|\s+[—–]\s+")
_SECONDS = {unit: ms / 1000 for unit, ms in TO_MS.items()}   # the conflicts' one table of durations
_CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3])[:h]([0-5]\d)(?![\d:])|(?<![\d:])(1[0-2]|0?[1-9])\s*([ap])\.?m\b", re.I)
_SHORT = 6
_WORD_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_NUMBER = re.compile(r"\d|" + "|".join(_WORD_NUMBERS))   # a line that could hold an amount
# a limit on a count: "at most one IN_PROGRESS order", "up to 3 orders", "no more than two devices"
_LIMIT = re.compile(r"(?i)\b(?:at most|up to|no more than|not more than|a maximum of|max(?:imum)?\.?)\s+"
                    r"(\d+|" + "|".join(_WORD_NUMBERS) + r")\b(?!\s*%|[.,:]\d)")
_BYTES = {"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12}
# the measures a setting is given in that the facts' units leave out (a receipt's width, a parcel's weight)
_MEASURES = {"mm": ("length", 1), "cm": ("length", 10), "px": ("pixels", 1), "pt": ("points", 1),
             "g": ("weight", 1), "kg": ("weight", 1000), "lb": ("weight", 453.6), "lbs": ("weight", 453.6)}
_MEASURE = re.compile(r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s?(mm|cm|px|pt|kg|lbs?|g)(?![\w])")
_MAX_SIDES = 40   # a concept stated with an amount by more entries than this is a common word, not a setting


def _amounts(text: str) -> list[tuple[str, float, str]]:
    """(unit kind, value in that kind's unit, as written) of one sentence."""
    out = []
    for f in facts_of(text, 0):
        if f.kind != "number":
            continue
        unit = f.subject.rstrip("s") if f.subject not in ("s", "ms") else f.subject
        try:
            x = float(f.value)
        except ValueError:
            continue
        if unit in _SECONDS:
            out.append(("duration", x * _SECONDS[unit], f.text))
        elif unit in ("retrie", "attempt", "trie", "time"):
            out.append(("tries", x, f.text))
        elif unit in _BYTES:
            out.append(("size", x * _BYTES[unit], f.text))
        elif unit == "%":
            out.append(("percent", x, f.text))
        elif unit and unit.isalpha() and not unit.startswith("per"):   # a count of a thing: workers, connections, rows
            out.append((f"count of {unit}", x, f.text))
    for m in _MEASURE.finditer(text):   # a length, a weight, a screen size: "58 mm", "320px", "2 kg"
        unit = m.group(2).lower()
        kind, factor = _MEASURES[unit]
        out.append((kind, float(m.group(1)) * factor, m.group(0)))
    for m in _CLOCK.finditer(text):
        if m.group(1):
            out.append(("clock", int(m.group(1)) * 60 + int(m.group(2)), m.group(0)))
        else:
            h = int(m.group(3)) % 12 + (12 if m.group(4).lower() == "p" else 0)
            out.append(("clock", h * 60, m.group(0)))
    if not out:   # a bare limit, when no unit says what it counts ("5 retries" is tries already)
        for m in _LIMIT.finditer(text):
            n = m.group(1).lower()
            out.append(("limit", float(_WORD_NUMBERS.get(n, n)), m.group(0)))
    return out


def _rounded(x: str, y: str) -> bool:
    """One value written as the other rounded or cut short ("26.3%" / "26.2%" beside "26.29%"): the same
    amount, less precisely."""
    nx, ny = re.search(r"\d+(?:\.(\d+))?", x), re.search(r"\d+(?:\.(\d+))?", y)
    if not nx or not ny or bool(nx.group(1)) == bool(ny.group(1)) and len(nx.group(1) or "") == len(ny.group(1) or ""):
        return False
    places = min(len(nx.group(1) or ""), len(ny.group(1) or ""))
    return abs(float(nx.group(0)) - float(ny.group(0))) < 10 ** -places - 1e-9


def amount_conflicts(lines_of: dict, heads: dict, summaries: dict | None = None) -> dict[str, list[Conflict]]:
    """entry id → its side of each pair; ``lines_of``: id → its content lines (status lines left out);
    ``heads``: id → its description; ``summaries``: id → its description as a line of its file (the
    summary states the setting as plainly as the body: "Default rest is 60 seconds"). Only a short
    entry (six lines or fewer) is about its amount, and two entries speak of one setting only when
    their headlines share a concept too."""
    said = []   # (entry, line, kind, value, written, concepts)
    topic = {}
    for entry, lines in lines_of.items():
        if len(lines) > _SHORT:
            continue
        topic[entry] = frozenset(t for t in meaning(heads.get(entry) or "") if t not in GENERIC and not t.isdigit())
        for ln in [*(summaries or {}).get(entry, []), *lines]:
            if ln.kind in ("status", "final", "code", "heading") or not _NUMBER.search(ln.text):
                continue
            for sentence in _SENTENCE.split(ln.text):
                got = _amounts(sentence)
                if len({(k, v) for k, v, _ in got}) != 1:
                    continue   # none, or several amounts in one sentence (a table, a range): no single setting
                concepts = frozenset(t for t in meaning(sentence) if t not in GENERIC and not t.isdigit())
                kind, value, written = got[0]
                said.append((entry, ln.n, kind, value, written, concepts))
    by_concept: dict[str, list[int]] = {}
    for k, s in enumerate(said):
        for c in s[5]:
            by_concept.setdefault(c, []).append(k)
    pairs = set()
    for ks in by_concept.values():
        if len({said[k][0] for k in ks}) > _MAX_SIDES:
            continue
        for a in ks:
            for b in ks:
                if a < b and said[a][0] != said[b][0] and said[a][2] == said[b][2] and said[a][3] != said[b][3] \
                        and not _rounded(said[a][4], said[b][4]):
                    pairs.add((a, b))
    out: dict[str, list[Conflict]] = {}
    for a, b in sorted(pairs):
        x, y = said[a], said[b]
        shared = x[5] & y[5]
        if not topic[x[0]] & topic[y[0]]:
            continue
        rare = [c for c in shared if len({said[k][0] for k in by_concept[c]}) <= 3]   # what only these few speak of
        if len(shared) < 2 or len(shared) * 2 < min(len(x[5]), len(y[5])) and len(rare) < 2:
            continue
        for p, q in ((x, y), (y, x)):
            mine = out.setdefault(p[0], [])
            if not any(c.reason.endswith(f"{q[0]}:{q[1]} says {q[4]} — which holds?") for c in mine):
                mine.append(Conflict(p[1], f"line {p[1]} says {p[4]}; {q[0]}:{q[1]} says {q[4]} — which holds?"))
    return out


# -- one subject, two stances (stop 49) ---------------------------------------------------------------

# "not yet", "still not", "never recorded in X": where work stands or where a note lives, not a stance
_FOR_NOW = re.compile(r"(?i)\b(?:yet|still|already|todav[ií]a|a[uú]n|noch|schon|ya)\b|\b(?:claude|agents|gemini)\.md\b")
# a slug's words that name the layout's kind of entry, not its subject ("feedback_deps_ko")
_LAYOUT_WORDS = frozenset("feedback project reference user memory note notes".split())
# families of values a setting takes one of: the language its words are in (messages, codes, docs),
# the clock its times are kept in ("stored in UTC" / "kept as local wall-clock time")
_FAMILIES = {
    "language": frozenset("english spanish german french portuguese italian japanese chinese korean vietnamese russian "
                          "dutch polish turkish arabic hindi hungarian czech swedish ukrainian indonesian".split()),
    "time zone": frozenset({"utc", "gmt", "local"}),
    # a file's separator, a temperature's unit, a switch's position: a setting holds one of them
    "separator": frozenset({"comma", "commas", "semicolon", "semicolons", "pipe", "pipes"}),
    "temperature unit": frozenset({"celsius", "fahrenheit", "kelvin"}),
    "switch position": frozenset({"enabled", "disabled"}),
    # a thing done by hand or by itself, allowed or forbidden, required or left open (stop 51)
    "way it is done": frozenset({"automatic", "automatically", "manual", "manually"}),
    "permission": frozenset({"allowed", "permitted", "forbidden", "prohibited", "disallowed"}),
    "obligation": frozenset({"required", "mandatory", "optional"}),
}
_VALUE = {w: fam for fam, ws in _FAMILIES.items() for w in ws}


def stance_conflicts(readings: dict, entries: dict, listed=None) -> dict[str, list[Conflict]]:
    """entry id → its side of each pair of entries that give one subject two stances. Their
    headlines (name and description) share the subject: two concepts or more, half the smaller
    headline's at least (a slug's kind and its two-letter tags aside: "feedback_deps_ko"); and then
    - one headline says it the other way round, two thirds of the smaller one's concepts shared
      ("patients are never hard-deleted" / "patient delete = hard delete": the parity of their
      negations differs; never a headline that says where work stands, "not yet", "already");
    - or each headline names a different value of one family: a language ("codes in English" /
      "messages in Spanish"), a clock ("times in UTC" / "local clinic time");
    - or each headline names another member of one list the project declares (``listed(a, b)``: an
      enum's members, a choices list, on one line of the project): "only draft claims are editable" /
      "submitted claims stay editable" — the subject shared once the two values are set aside;
    - or one denies what the other states (triage_denial: "credit, not a card refund" / "refunded to the
      card"; "never auto-book" / "booked automatically"), the subject half shared;
    - or the headlines name one thing (every concept of the smaller in the other, three or more) and
      give amounts of one kind that share no value ("3 in 30 days, blocked 7 days" / "2 a month,
      blocked 14 days"): a rule's parameters, compared as a whole (stop 51).
    ``readings``: id → its Reading; ``entries``: id → the entry (its name and description). (Tried and left out: what
    one headline states, the other denies in a clause of its own — "stored in UTC" / "never store
    local times": on real folders it met two entries that both forbid alert() and an archived
    project beside its architecture.)"""
    heads, langs, raw, said = {}, {}, {}, {}
    for i, r in readings.items():
        name, description = getattr(entries[i], "name", "") or "", getattr(entries[i], "description", "") or ""
        raw[i] = f"{name}. {description}"
        # a slug's words ("feedback_deps_ko"); a title written in words is read whole ("No PDF export in v1")
        slug = [w for w in re.split(r"[\W_]+", name or "") if len(w) > 2 and w.lower() not in _LAYOUT_WORDS] \
            if " " not in name.strip() else [name.strip()]
        head = f"{' '.join(slug)}. {description or ''}"
        said[i] = head
        langs[i] = frozenset((_VALUE[w], w) for w in re.findall(r"[a-z]+", head.lower()) if w in _VALUE)
        # the subject without its value: a value named is what two headlines differ on, not share
        bare = re.sub(r"(?i)\b(?:" + "|".join(w for _, w in langs[i]) + r"|lang|languages?)\b", " ", head) \
            if langs[i] else head
        heads[i] = (_concepts(bare), None if _FOR_NOW.search(head) else negations(head) % 2)
    by_concept: dict[str, list[str]] = {}
    for i, (cs, _) in heads.items():
        for c in cs:
            by_concept.setdefault(c, []).append(i)
    shared_of: dict[tuple[str, str], int] = {}
    for c, ids in by_concept.items():
        if len(ids) <= _MAX_SIDES:
            for a in ids:
                for b in ids:
                    if a < b:
                        shared_of[(a, b)] = shared_of.get((a, b), 0) + 1
    out: dict[str, list[Conflict]] = {}
    for (a, b), n in sorted(shared_of.items()):
        (ha, pa), (hb, pb) = heads[a], heads[b]
        member = None
        if n >= 2 and listed is not None:
            member = _members(raw[a], raw[b], listed)
            if member is not None:   # the subject without the two values
                ha, hb = (_concepts(_without(raw[i], member)) for i in (a, b))
                n = len(ha & hb)
        no, denier = None, a
        two_subjects = member is None and _other_leads(said[a], said[b], ha, hb)
        if member is None and n * 2 + 2 >= min(len(ha), len(hb)) and not _FOR_NOW.search(said[a] + said[b]) \
                and not two_subjects:
            no = denied(_rules(said[a], readings[a]), _text(said[b], readings[b]), said[b])
            if not no:   # b's rule denies what a states
                no, denier = denied(_rules(said[b], readings[b]), _text(said[a], readings[a]), said[a]), b
        # what one denies, the other's headline names in one word ("check out" / "checkout"): one more shared
        joined = n + 1 if no and not no & ha & hb else n
        if joined < 2 or joined * 2 < min(len(ha), len(hb)):
            continue
        first = {i: next((ln.n for ln in readings[i].content), 1) for i in (a, b)}
        why = None
        # the side that denies says no, the other yes (each side's reason is its own)
        says = {denier: "no where {other} says yes", (b if denier == a else a): "yes where {other} says no"}
        if joined > n:   # shared only with the word joined: the denial alone can pair them
            why = "says {stance} (to " + _as_written(no, said[a] + " " + said[b]) + ")"
        elif member is not None:
            why = f"names another value ({member[0].upper()} / {member[1].upper()}, listed together in " \
                  f"{member[2]}) than {{other}}"
        elif None not in (pa, pb) and pa != pb and n * 3 >= 2 * min(len(ha), len(hb)) and not two_subjects:
            why = "says the other way round what {other} says of it"
        elif any(_other_value(langs[a], langs[b], fam) for fam in _FAMILIES):
            fam = next(f for f in _FAMILIES if _other_value(langs[a], langs[b], f))
            why = f"gives it another {fam} than {{other}}"
        elif n >= 3 and n == min(len(ha), len(hb)) and (amount := _other_amounts(said[a], said[b])):
            why = f"gives it another amount ({amount[0]} / {amount[1]}) than {{other}}"
        elif no:
            why = "says {stance} (to " + _as_written(no, said[a] + " " + said[b]) + ")"
        elif (titled := _titled_values(getattr(entries[a], "name", "") or "", getattr(entries[b], "name", "") or "")):
            why = f"gives it another value in its title ({titled[0]} / {titled[1]}) than {{other}}"
        if why is None:
            continue
        subject = ", ".join(sorted(ha & hb)[:3])
        for p, q in ((a, b), (b, a)):
            said_p = why.replace("{stance}", says[p]) if no else why
            out.setdefault(p, []).append(Conflict(first[p], f"one subject ({subject}), two stances: it "
                                                  + said_p.format(other=q) + " — which holds?"))
    return out


def _other_amounts(a: str, b: str) -> tuple[str, str] | None:
    """(as ``a`` writes it, as ``b`` does) when both headlines give amounts of one kind and share none of
    them: "3 no-shows in 30 days block booking for 7 days" / "2 a month block it for 14 days". (The
    headlines name one thing: every concept of the smaller is in the other; a sentence of several
    amounts is a rule's parameters, compared as a whole.)"""
    xa, xb = _amounts(a), _amounts(b)
    for kind in dict.fromkeys(k for k, _, _ in xa):
        va, vb = {v for k, v, _ in xa if k == kind}, {v for k, v, _ in xb if k == kind}
        if va and vb and not va & vb:
            return next(w for k, _, w in xa if k == kind), next(w for k, _, w in xb if k == kind)
    return None


# a count written in words or digits before what it counts: "one approval", "a single reviewer", "2 replicas"
_COUNTED = re.compile(r"(?i)\b(?:a\s+)?(single|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+([a-z]{3,})\b")
# a value that is a day: two session notes titled by their dates are two days, not two stances
_DAY = re.compile(r"(?i)\d{4}-\d{2}-\d{2}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|"
                  r"\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b")
_AMOUNT_WORD = re.compile(r"(?i)\d|\b(?:single|one|two|three|four|five|six|seven|eight|nine|ten|twice|once)\b")


def _titled_values(a: str, b: str) -> tuple[str, str] | None:
    """Two titles that name one thing with another value (stop 51): (as ``a`` writes it, as ``b``).
    - "Ordering deadline: the 15th" / "Ordering deadline: two weeks before term": one label of two
      concepts or more before a colon, then each an amount (a number, an ordinal, a count in words) and
      no day (two notes titled by their dates are two days);
    - "Deploy after one approval" / "Deploy needs two approvers": every concept of the smaller title in
      the other, three or more, and each counts one thing (by its meaning: approval, approvers) with
      another number."""
    if not a or not b or _DAY.search(a) or _DAY.search(b):
        return None
    la, _, va = a.partition(":")
    lb, _, vb = b.partition(":")
    if va.strip() and vb.strip():
        ca, cb = _concepts(la), _concepts(lb)
        if len(ca) >= 2 and ca == cb and _AMOUNT_WORD.search(va) and _AMOUNT_WORD.search(vb) \
                and _concepts(va) != _concepts(vb):
            return va.strip(), vb.strip()
        return None
    ca, cb = _concepts(a), _concepts(b)
    if min(len(ca), len(cb)) < 3 or not (ca <= cb or cb <= ca):
        return None

    def counts(t: str) -> dict:
        out = {}
        for m in _COUNTED.finditer(t):
            n = m.group(1).lower()
            value = 1 if n == "single" else _WORD_NUMBERS.get(n, n)
            for c in _concepts(m.group(2)):
                out.setdefault(c, (float(value), m.group(0)))
        return out
    xa, xb = counts(a), counts(b)
    for c in xa.keys() & xb.keys():
        if xa[c][0] != xb[c][0]:
            return xa[c][1], xb[c][1]
    return None


# a clause that tells what follows or why, not the entry's stance: "so a second run does not import them"
_CONSEQUENCE = re.compile(r"(?i)(?:,\s*|\s)(?:so(?: that)?|otherwise|or else|because|since|which|to avoid)\s[^.;:!?]*")


def _rules(head: str, reading) -> str:
    """An entry's headline and, in a short entry (its stance is its point; a long one is a report whose
    negations are details), its lines that state (not a why, none that says where work stands)."""
    if len(reading.content) > _SHORT:
        return head
    lines = (ln.text for ln in reading.content if ln.kind not in ("status", "final", "code", "why") and not _FOR_NOW.search(ln.text))
    return " ".join([head, *(_CONSEQUENCE.sub(".", t) for t in lines)])


def _text(head: str, reading) -> str:
    """An entry's headline and its lines that state (a status line aside), for what it says yes to."""
    return " ".join([head, *(ln.text for ln in reading.content if ln.kind not in ("status", "final", "code"))])


def listed(idx, a: str, b: str) -> str | None:
    """Where the project (``idx``: its index) declares ``a`` and ``b`` (lower case) as members of one list,
    both written as values (in capitals, or quoted) on one line: an enum, a choices list (``file:line``)."""
    for line_id in idx.lines_with(a, b, limit=40):
        pl = idx.line(line_id)
        if all(re.search(rf"(?<![\w.]){re.escape(w.upper())}(?!\w)|['\"]{re.escape(w)}['\"]", pl.text) for w in (a, b)) \
                and re.search(r"[,|]", pl.text):
            return f"{pl.file}:{pl.line}"
    return None


def _members(a: str, b: str, listed) -> tuple[str, str, str] | None:
    """(value of ``a``, value of ``b``, where listed): a word only one headline has and a word only the
    other has that the project declares as members of one list ("in-progress" is IN_PROGRESS)."""
    def values(text: str) -> list[str]:
        low = text.lower()
        out = [w for w in re.findall(r"[a-z]+", low) if len(w) >= 3]
        out += [re.sub(r"[-_ ]", "_", w) for w in re.findall(r"[a-z]+(?:[-_][a-z]+)+|\b[a-z]{2} [a-z]{3,}\b", low)]
        return list(dict.fromkeys(out))   # a word, and words joined into one value ("in-progress", "on hold")
    va, vb = values(a), values(b)
    only_a, only_b = [w for w in va if w not in vb and w not in GENERIC], [w for w in vb if w not in va and w not in GENERIC]
    for x in only_a:
        for y in only_b:
            if x != y and not x.startswith(y) and not y.startswith(x) and (where := listed(x, y)):
                return x, y, where
    return None


def _without(head: str, member: tuple) -> str:
    """The headline without the two values (a joined value in any spelling: in-progress, in progress)."""
    for v in member[:2]:
        head = re.sub(r"(?i)\b" + r"[-_ ]".join(map(re.escape, v.split("_"))) + r"\b", " ", head)
    return head


def _other_value(a: frozenset, b: frozenset, family: str) -> bool:
    """Each side names a value of ``family`` and they share none."""
    va, vb = {w for f, w in a if f == family}, {w for f, w in b if f == family}
    return bool(va and vb and not va & vb)


def _as_written(stems, text: str) -> str:
    """The words of ``text`` that the concepts ``stems`` come from, as written ("automatically", not the
    stem "automa"); a stem no word gives is shown as it is."""
    words = {}
    for w in re.findall(r"\w+", text):
        for c in _concepts(w):
            words.setdefault(c, w.lower())
    return ", ".join(dict.fromkeys(words.get(c, c) for c in sorted(stems)[:3]))


def _other_leads(a: str, b: str, ha: frozenset, hb: frozenset) -> bool:
    """Each headline leads with a concept the other lacks ("Staging deploys run automatically" /
    "Production deploys never run automatically"): two subjects, so a denial pairs nothing."""
    def lead(text: str):
        return next((c for w in re.findall(r"\w+", text)[:6] for c in _concepts(w)), None)
    la, lb = lead(a), lead(b)
    return la is not None and lb is not None and la not in hb and lb not in ha


def _concepts(text: str) -> frozenset:
    """(A hyphenated word is its parts: "hard-deleted" is hard, deleted — not a third concept.)"""
    return frozenset(t for t in meaning(re.sub(r"(?<=\w)-(?=\w)", " ", text)) if t not in GENERIC and not t.isdigit())
