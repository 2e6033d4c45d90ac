"""Whether a thing is built: the state claims of conflicts.py's "built and not built" pair, in the
two forms agents write them.

- a sentence: "X is not built yet" / "X is built and verified" (and their Spanish, Portuguese,
  Korean, Japanese and Chinese forms): the thing is the clause before the state;
- a label: a heading or bold lead that names a thing and stamps it done in capitals
  ("**Recipient portal `/r/<id>` — BUILT (2026-09-03).**"), and a "Not built yet:" list whose
  items (split at ";") are each a thing not built.

Inside one entry the two sides pair only when "not built" comes *below* "built": an entry is
written top to bottom, so "not built" above "built" is the history of the work (a log that later
says it was done), while a "Not built yet" list left below the section that says the thing was
built is the state the entry forgot to update (stop 39: heldout35's owners named this shape).
"""
from __future__ import annotations

import re

NOT_BUILT = re.compile(r"(?i)\b(?:is|are)\s+not\s+(?:yet\s+)?(?:built|implemented|done|available|wired)|"
                       r"\b(?:isn't|aren't|hasn't been|has not been|was never)\s+(?:yet\s+)?(?:built|implemented)|"
                       r"\bno (?:está|están) (?:construid|implementad|hech)\w*|\bnão (?:está|foi) (?:construíd|implementad)\w*|"
                       r"미구현|구현되지 않|만들어지지 않|未実装|実装されていない|未实现|尚未实现")
ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]{1,4}\b")   # CSV, PDF, API: a name too short for qualifiers
# ("built with Chart.js", "built on Vite" say what a thing is made of, not that it is done)
BUILT = re.compile(r"(?i)\b(?:is|are|was|has been)\s+(?:now\s+)?(?:built|implemented|shipped)(?:\s+and\s+(?:verified|tested))?"
                   r"\b(?!\s+(?:with|on|using|from|in|by|around|into)\b)|"
                   r"\b(?:built|implemented) and (?:verified|tested)|\b(?:está|están) (?:construid|implementad)\w*|"
                   r"\bfoi (?:construíd|implementad)\w*|구현 완료|구현되었|実装済み|実装された|已实现")
# a label stamps the thing before it: "Recipient portal — BUILT (date)" (capitals: a stamp, not prose)
_STAMP = re.compile(r"^[#*\s-]*(?P<thing>[^—–:]{3,80}?)\s*(?:—|–|:|\s-)\s*\**\s*"
                    r"(?:BUILT|IMPLEMENTED|SHIPPED)(?:\s*(?:AND|\+|&)\s*(?:VERIFIED|TESTED))?\b")
# "**Not built yet:** a; b; the recipient portal": each item is a thing not built
_NOT_YET_LIST = re.compile(r"(?i)^[#*\s-]*(?:not\s+(?:yet\s+)?(?:built|implemented)(?:\s+yet)?|still\s+to\s+build|"
                           r"a[uú]n\s+no\s+(?:construid|implementad)\w*|ainda\s+não\s+(?:construíd|implementad)\w*)"
                           r"\s*:\**\s*(?P<items>.+)")
STATE_HINTS = ("built", "implement", "shipped", "not done", "not yet done", "not available", "not yet available",
               "not wired", "not yet wired", "construid", "construíd", "hech", "구현", "만들어지지", "実装", "实现")


def states(text: str) -> list[tuple[str, str]]:
    """Each ("built" | "not built", the thing's words) one line says, in order (a "not built" is
    never read as built too)."""
    listed = _NOT_YET_LIST.match(text)
    if listed:
        return [("not built", item) for item in re.split(r";|\s\+\s", listed.group("items")) if item.strip()]
    stamp = _STAMP.match(text)
    if stamp:
        return [("built", stamp.group("thing"))]
    nots = list(NOT_BUILT.finditer(text))
    done = [m for m in BUILT.finditer(text) if not any(n.start() <= m.start() < n.end() for n in nots)]
    # the thing is named in the clause that says its state: "PDF invoices are not built yet; the
    # PDF viewer is built" says two things of two things
    return [("not built" if m.re is NOT_BUILT else "built", text[max(text.rfind(c, 0, m.start()) for c in ";,.") + 1:m.start()])
            for m in sorted(nots + done, key=lambda m: m.start())]


def same_entry_stale(a, b) -> bool:
    """Two state claims of one entry conflict when "not built" is the later line (see above)."""
    built, not_built = (a, b) if a.key == "built" else (b, a)
    return not_built.line > built.line
