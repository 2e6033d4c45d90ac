"""A choice said against its alternative, and a line that still chooses the alternative (issue 36
point 6, stop 50): "reports are exported as XLSX, not CSV" here, "report export format: CSV"
there; "チケット更新はPATCH（PUTではない）" and a line giving the same update PUT.
conflicts.py pairs them (claims of kind ``choice``).

A choice is "A, not B" / "A (not B)" / "A rather than B" / "A instead of B" / "BではなくA" /
"A（Bではない）" / "A而不是B" / "不是B而是A", where B is a name (capitalised, in code, or an
acronym): "not the", "not yet", "not always" choose nothing. Another line (of another entry, or
the entry's own body against its description) meets it when it gives B as a value (after a label's colon or "is":
"export format: CSV", not "return the raw JSON string"), does not name A, says no
negation and no history of its own, and speaks of the same subject: two content words (their
first four letters) or two CJK character pairs of the choosing line, besides A and B, are on it.
One choice meets one line (the first); a B that meets more than three lines is a word the folder
uses for other things, not a stale choice. The subject is the clause before the choice (its label:
"State source: …"); inside one entry only its description meets its body (two body lines of one
entry are variants it compares: "V2: source X", "V3: Y, not X").
"""
from __future__ import annotations

import re
from typing import NamedTuple

from .history_words import HISTORY

_NAME = r"[`*\"'“]?(?:[A-Z][\w.+#/-]*|[\w.+#/-]*[A-Z0-9][\w.+#/-]*)[`*\"'”]?"
_LATIN = re.compile(r"(?P<a>[\w.+#/`*-]+)[`*\"”]?[ \t]*(?:,[ \t]*|\([ \t]*|[ \t]+[—–][ \t]*)(?:not|rather[ \t]+than|"
                    r"instead[ \t]+of)[ \t]+(?P<b>" + _NAME + r"(?:[ \t]" + _NAME + r"){0,1})[ \t]*(?=[),;.:!?]|$|[ \t][—–])")
_CJK = (re.compile(r"(?P<a>[\w.+#/-]{2,20})[ \t]*[（(][ \t]*(?P<b>[\w.+#/-]{2,20})[ \t]*(?:ではない|ではなく|じゃない)[）)]"),
        re.compile(r"(?P<b>[\w.+#/-]{2,20}?)[ \t]*ではなく[、,]?[ \t]*(?P<a>[\w.+#/-]{2,20})"),
        re.compile(r"(?P<a>[\w.+#/-]{2,20}?)[ \t]*而不是[ \t]*(?P<b>[\w.+#/-]{2,20})"),
        re.compile(r"不是[ \t]*(?P<b>[\w.+#/-]{2,20}?)[ \t]*[，,]?而是[ \t]*(?P<a>[\w.+#/-]{2,20})"))
HINTS = ("not ", "rather than", "instead of", "ではな", "じゃない", "不是")
_NEGATION = re.compile(r"(?i)\b(?:not|no|never|don'?t|doesn'?t|isn'?t|aren'?t|avoid|without|nunca|jamais|nie)\b|"
                       r"ない|なく|禁止|不要|不是|没有|別|别|않|없")
_STOP = frozenset("""user users file files this that with from have will should must always never also only when then
than into each every more some used uses using make need like they them their there here what which were been being
does done default setting settings value values""".split())
# B given as a value: right after a label's colon or "is / are" ("export format: CSV", "the bucket is EU")
_SLOT = re.compile(r"(?i)(?:[:：=]|\b(?:is|are|es|son|é|são|est|sont|ist|sind)|は|为|為|是)[\s*`\"'“]*$")
_SENTENCE = re.compile(r"[.;!?。；！？](?:\s|$)")
_WORD = re.compile(r"[A-Za-z][A-Za-z]{3,}")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]{2,}")


class Choice(NamedTuple):
    chosen: str      # A, lower case
    other: str       # B, lower case, as written (a whole word to find)
    subject: frozenset


def _clean(term: str) -> str:
    return term.strip("`*\"'“”").strip().lower()


def subject(text: str, skip: tuple[str, ...] = ()) -> frozenset:
    """A line's content words (first four letters) and CJK character pairs, without ``skip``'s."""
    low = text.lower()
    for s in skip:
        low = low.replace(s, " ")
    out = {w[:4] for w in (m.group(0) for m in _WORD.finditer(low)) if w not in _STOP}
    for m in _CJK_RUN.finditer(low):
        run = m.group(0)
        out |= {run[k:k + 2] for k in range(len(run) - 1)}
    return frozenset(out)


def choices(text: str) -> list[Choice]:
    """The choices one line says against their alternatives (none unless a hint is in it)."""
    low = text.lower()
    if not any(h in low for h in HINTS) or HISTORY.search(text):
        return []
    out = []
    found = [m for m in _LATIN.finditer(text)] if ("not " in low or "than" in low or "instead" in low) else []
    for rx in (_CJK if not text.isascii() else ()):
        found += list(rx.finditer(text))
    for m in found:
        a, b = _clean(m.group("a")), _clean(m.group("b"))
        if not a or not b or a == b or len(b) < 2 or not re.search(r"[A-Za-z]", b):
            continue
        # the subject is what the clause says before its choice ("report export format: …", "saved to …")
        left = text[:m.start("a")]
        left = left[max((k.end() for k in _SENTENCE.finditer(left)), default=0):]
        out.append(Choice(a, b, subject(left, (a, b))))
    return out


def _summary(e, line: int) -> bool:
    """The line is the entry's description (above its body), the entry's own summary of itself."""
    first = getattr(e, "body_line", None)
    return first is not None and line < first


def choice_pairs(claims: list, entries: dict, lines_of, Claim, Pair) -> list:
    """``claims``: conflicts.Claim of kind "choice" (``said`` a Choice). Each meets the first line
    of the folder that still chooses its alternative (see above)."""
    if not claims:
        return []
    terms = sorted({c.said.other for c in claims}, key=len, reverse=True)
    rx = re.compile(r"(?i)(?<![\w.-])(?:" + "|".join(re.escape(t) for t in terms) + r")(?![\w-])")
    where: dict[str, list] = {}   # term → [(entry, line)]
    for eid, e in entries.items():
        text = "\n".join(filter(None, (getattr(e, "description", "") or "", getattr(e, "body", "") or "")))
        if not text or not rx.search(text):
            continue
        for ln in lines_of(eid):
            # (what no claim can meet, read once a line: a table's row, a line that negates or tells history)
            if ln.kind != "plain" or ln.text.lstrip().startswith("|") or not rx.search(ln.text) \
                    or _NEGATION.search(ln.text) or HISTORY.search(ln.text):
                continue
            for m in rx.finditer(ln.text):
                if _SLOT.search(ln.text[max(0, m.start() - 12):m.start()]):   # "format: CSV", "is CSV"
                    where.setdefault(m.group(0).lower(), []).append((eid, ln))
    out, met = [], set()   # a line still giving B is one cause, however many lines choose against it
    for c in claims:
        ch = c.said
        hits = []
        for eid, ln in where.get(ch.other, ()):
            if (eid, ln.n) == (c.entry, c.line):
                continue
            if eid == c.entry and not _summary(entries[eid], c.line):
                continue   # two lines of one body: variants or steps the entry compares, not a stale choice
            t = ln.text
            if re.search(rf"(?i)(?<![\w.-]){re.escape(ch.chosen)}(?![\w-])", t):
                continue
            if len(ch.subject & subject(t, (ch.chosen, ch.other))) >= 2 and all(x[1].n != ln.n or x[0] != eid for x in hits):
                hits.append((eid, ln))
        if not hits or len(hits) > 3:
            continue
        eid, ln = hits[0]
        if (eid, ln.n) in met:
            continue
        met.add((eid, ln.n))
        b = Claim(eid, ln.n, "choice", ch.other)
        why_a = f"line {c.line} chooses {ch.chosen}, not {ch.other}; {eid}:{ln.n} still gives {ch.other} — which holds?"
        why_b = f"line {ln.n} gives {ch.other}; {c.entry}:{c.line} chooses {ch.chosen}, not {ch.other} — which holds?"
        out.append(Pair(c, b, why_a, why_b))
    return out
