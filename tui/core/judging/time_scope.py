"""Where a time word is background, a to-do, dated or decided (SPEC §5, transient; stop 50): what
``wording.transient_findings`` leaves unsaid because its owner would not act on it.

A reviewer re-judged every `time-word` of the corpus ledger and the fresh pools with one reading
(/work/m50/recon): the word is worth acting on when it qualifies a present state of something
outside the memory, stated as fact, undated. It is not when it sits

- in a rule's reason or how-to-apply line (or a line that goes on its paragraph: stop 51; a how-to's
  list of steps is not its paragraph, "3. push (currently needs a bypass)" says how things stand), or
  tells the incident behind a rule or a note's reason ("yesterday a refired bowl cracked", "three pots
  were lost this session"): the lesson does not depend on when (a project note's reason that states a
  present state, "currently broken", counts);
- in an item under a backlog, to-do or deferred heading: the list is the to-do, the word adds nothing;
- after a date on its line that stamps it (the line's own stamp or its bold label's, or a date in the
  word's own clause),
  or right before a date in brackets ("now (2026-05-12)"): the date says when (a date later on the
  line, "current stable version 15.4 (released 2025-12-05)", or in a clause before, dates another
  event). A heading's date anchors only as ``TimeContext`` reads it (a day's log, a dated report):
  any dated heading was tried, and lost a status an owner wanted on a fresh folder;
- beside a deliberate decision ("only for now, the owner's decision"): it holds until revisited;
- (stop 51) the day a program compares against ("compares due dates with today"): how it works, any day.
"""
from __future__ import annotations

import re

from ..textutil import line_span
from .owner_context import RULE_ENTRY
from .time_context import _LIST_ITEM, DATE, DAY_WORD, SESSION_DEIXIS, TimeContext

_REASON = re.compile(r"(?i)^[ \t>*_-]*(?:\*\*|__)?(?:why|reason|because|motivo|raz[oó]n|por qu[eé]|porqu[eé]|perch[eé]|"
                     r"pourquoi|warum|grund|почему|причина|lý do|neden|이유|원인|理由|原因|为什么|為什麼)"
                     r"(?:\*\*|__)?[ \t]*[:：]")
_HOW = re.compile(r"(?i)^[ \t>*_-]*(?:\*\*|__)?(?:how to apply|how to use|c[oó]mo aplicar|como aplicar|come applicare|"
                  r"适用方式|適用方法|적용 방법)(?:\*\*|__)?[ \t]*[:：]")
_BACKLOG_HEADING = re.compile(
    r"(?i)\b(?:backlog|to-?dos?|tech(?:nical)? debt|deferred|postponed|later|someday|icebox|wish ?list|next steps?|"
    r"follow-?ups?|open items|pendientes|pr[oó]ximos pasos|pend[eê]ncias|pr[oó]ximos passos|d[ií]vida t[eé]cnica|"
    r"adiad[oa]s?|deferid[oa]s?|diferid[oa]s?|da fare|prossimi passi|rinviat[oi]|à faire|später|offene punkte)\b|待办|待辦|后续|後續|今後|やること|할 일|백로그")
_DECISION = re.compile(r"(?i)\b(?:(?:user|owner|team)['’]?s? (?:decision|choice|call)|decided|by choice|deliberate(?:ly)?|"
                       r"on purpose|per (?:the )?(?:user|owner)|decis[ãi][oó]n? d[eo]l? (?:usu[aá]rio|user|dono)|"
                       r"decisione|entscheidung)\b|决定|決定|결정")
_STAMP_BEFORE = re.compile(r"[ \t>*_#|(\[-]*(?:\d{1,2}[.)][ \t]*)?[*_(\[]*")
# a line's leading bold label: "**Revised stance (2026-05-29, user pushback):** …" (a date in it stamps the line)
_LABEL = re.compile(r"[ \t>*-]*\*\*[^*\n]{1,100}\*\*")
# a plain label opening a line ("Status: …", "Next step: …"): a statement of its own, not the reason's
_PLAIN_LABEL = re.compile(r"[ \t>*-]*[^\W\d_][^:：\n]{0,30}[:：](?:[ \t]|$)")
# the day a program compares against ("compares due dates with today", "comparando datas com hoje",
# "与今天比较"): a behaviour, true every day (stop 51: two such 'hoje' judged wrong on a fresh folder)
_COMPARED = re.compile(r"(?i)(?:\bcompar\w*|\bvergleich\w*|\bconfront\w*|\bсравн\w*|\bso sánh|karşılaştır\w*)"
                       r"[^.;:!?。；\n]{0,30}$")
_COMPARED_AFTER = re.compile(r"[^。；.;\n]{0,4}(?:比较|比較|对比|対比|비교)")
_CLAUSE_END = re.compile(r"[,;，；、。!?！？]|\.(?:\s|$)")
_BRACKET_DATE = re.compile(r"[ \t]*[(（][^()（）\n]{0,6}")


_PARAGRAPH_LINES = 12


def _paragraph_label(scan: str, start: int) -> str | None:
    """"why" or "how" when the line at ``start`` is a reason's or a how-to's line, or one of the lines
    that go on its paragraph ("**Why:** the slip thins;\nyesterday a board slumped."); None when a
    blank line, a heading, a list's item or another label comes first (a how-to's steps, "3. push
    (currently needs a hook bypass)", say how things stand: a reviewer judged two such right)."""
    for _ in range(_PARAGRAPH_LINES):   # (a reason's paragraph is a few lines: the walk stays short)
        line = scan[start:scan.find("\n", start) if scan.find("\n", start) >= 0 else len(scan)]
        if _REASON.match(line):
            return "why"
        if _HOW.match(line):
            return "how"
        if start == 0 or not line.strip() or line.lstrip().startswith("#") or _LABEL.match(line) \
                or _PLAIN_LABEL.match(line) or _LIST_ITEM.match(line):
            return None
        prev = scan.rfind("\n", 0, start - 1) + 1
        if not scan[prev:start - 1].strip():
            return None   # a blank line before: a paragraph of its own
        start = prev
    return None


def unsaid(scan: str, m: re.Match, ctx: TimeContext, heading: str | None) -> str | None:
    """Why the time word ``m`` of ``scan`` is no finding (see the module's doc), or None."""
    start, end = line_span(scan, m.start())
    line = scan[start:end]
    word = m.group(0)
    rule_entry = RULE_ENTRY.search(scan, 0, 800) is not None
    incident = DAY_WORD.match(word) is not None or SESSION_DEIXIS.search(word) is not None
    said = _paragraph_label(scan, start) if rule_entry or incident else None   # (only these two ask it)
    if rule_entry and said is not None:
        return "a rule's reason"
    if incident and (said == "why" or rule_entry and ctx.told_past(m)):
        return "the story behind a rule"   # (a project note's reason that states a present state still counts)
    stamps = list(DATE.finditer(scan, start, m.start()))
    label = _LABEL.match(scan, start, end)
    if stamps and (_STAMP_BEFORE.fullmatch(scan, start, stamps[0].start())
                   or label is not None and stamps[0].end() <= label.end()
                   or not _CLAUSE_END.search(scan, stamps[-1].end(), m.start())):
        return "a dated line"   # a day's stamp, or a date in the word's own clause (a date in a clause
        # before, "discontinued in June 2026, only red is left now", dates another event)
    after = _BRACKET_DATE.match(scan, m.end(), end)
    if after is not None and DATE.match(scan, after.end()):
        return "a dated line"
    if _LIST_ITEM.match(line) and heading is not None and _BACKLOG_HEADING.search(heading):
        return "a backlog item"
    if _DECISION.search(line):
        return "a decision"
    if DAY_WORD.match(word) and (_COMPARED.search(scan[max(start, m.start() - 40):m.start()])
                                 or _COMPARED_AFTER.match(scan, m.end(), end)):
        return "a program's reference day"   # "compares due dates with today": how it works, any day
    return None
