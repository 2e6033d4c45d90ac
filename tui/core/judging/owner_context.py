"""Where a time word is the owner's on purpose (issue 36, stop 37): what ``wording.transient_findings``
should not call a "right now" statement, because its owner would reject the finding.

- a living backlog by design (``backlog.md``, ``roadmap.md``, ``ideas.md``, a file whose headings are
  backlog categories: Done / Next / Later / Ideas): its "not yet", "currently" and "pending" are what
  the file is for — the open items themselves, or the context line of one;
- a backlog category label ("## Not yet started", "### For now") in such a file;
- an open question ("Open question: do we currently bill per seat?", a line under "## Open
  questions", a sentence that ends with "?"): true until someone answers it;
- an instruction about what future notes should contain ("At the end of a session, write what is
  currently in progress to HANDOFF.md"): a rule for later writing, not a statement;
- a frontmatter description that says what the file tracks ("description: tracks what is currently
  deployed"), and a ``name:`` (a label).

The held-out review of stop 36 read each of these as wrong (possible precision 11 of 23).
"""
from __future__ import annotations

import re

from ..textutil import line_span

# a file kept as a backlog by its name (the last part of its id)
# (the name's last word: "project_ideas.md", "backlog.md"; not "idea_generation_framework.md")
_BACKLOG_NAME = re.compile(r"(?i)(?:^|[_-])(?:backlog|roadmap|todos?|to-do|ideas|wishlist|icebox|parking[-_]?lot|"
                           r"someday|pendientes|pend[eê]ncias|pending[-_]?(?:tasks|items|work)|open[-_]?(?:tasks|items)|待办|バックログ|"
                           r"백로그|할[-_ ]?일)\.\w+$")
# the headings of a backlog's categories: two of them make a file a living backlog by design
_CATEGORY = re.compile(r"(?im)^[ \t]{0,3}#{1,6}[ \t]+[*_]{0,2}(?:done|completed?|next(?: up)?|later|ideas?|someday|"
                       r"backlog|icebox|up next|todo|to do|doing|in progress|blocked|won['’]?t do|not yet(?: \w+)?|"
                       r"for now|hecho|pendiente|después|ideas|feito|pendente|depois|erledigt|später|fait|plus tard|"
                       r"已完成|待办|以后|完了|未着手|완료|나중에|할 일)[*_]{0,2}[ \t]*(?:\([^)\n]{0,30}\))?[ \t]*$")
_OPEN_Q_HEADING = re.compile(r"(?i)\b(?:open questions?|questions?|unknowns?|tbd|to decide|undecided|unresolved|"
                             r"preguntas(?: abiertas)?|perguntas(?: em aberto)?|questions ouvertes|offene fragen|"
                             r"domande aperte|открытые вопросы)\b|未决|待定|待決|未解決|미결|열린 질문")
_OPEN_Q_LINE = re.compile(r"(?i)^[ \t>*_-]*(?:\d+[.)][ \t]*)?(?:\*\*)?(?:open question|question|unknown|tbd|to decide|"
                          r"q|pregunta|pergunta|frage|вопрос|问题|問題|질문)\b[^:\n]{0,20}[:：]")
# a rule about what to write later: a note's noun, and a word that makes the line an instruction
_NOTE_NOUN = re.compile(r"(?i)\b(?:to|in|into|inside|en|em|no|na|dans|nel|nella)[ \t]+(?:the[ \t]+|a[ \t]+|your[ \t]+|la[ \t]+|el[ \t]+|o[ \t]+|a[ \t]+)?"
                        r"(?:notes?|logs?|memory|memories|MEMORY\.md|handoff|HANDOFF\.md|summary|journal|"
                        r"changelog|progress\.md|activeContext\.md|status file|session log|nota|notas|registro|"
                        r"bitácora|journal de bord|notizen|заметк\w*)\b|(?:写入|写到|記入|に書|에 적|에 기록)")
_WRITE_VERB = re.compile(r"(?i)\b(?:record|write|note|log|add|update|keep|include|capture|document|put|list|save|"
                         r"anota|registra|escribe|anote|registre|escreva|notiere|schreibe|écris|note)\w{0,3}\b|"
                         r"记录|記録|写入|書く|기록|적어")
_INSTRUCTION = re.compile(r"(?i)(?:^[ \t>*_-]*(?:\d+[.)][ \t]*)?(?:\*\*)?(?:always|never|must|should|remember to|make sure|"
                          r"record|write|note down|log|update|keep|include|capture|document|add|put|list|at the end of|"
                          r"before (?:ending|closing|you stop)|after each|siempre|nunca|anota|registra|escribe|sempre|"
                          r"anote|registre|immer|notiere|toujours|note)\b|\b(?:should|must|always|needs? to|has to|"
                          r"remember to|make sure to|at the end of (?:each|every|the) session|before ending)\b|"
                          r"必须|務必|务必|하세요|してください)")
_DESCRIBES = re.compile(r"(?i)\b(?:tracks?|tracking|how to|how we|rules? for|when to|log of|list of|record of|overview of|notes on|status of|"
                        r"what (?:is|are|was)|which|where|registro de|lista de|seguimiento|acompanhamento|suivi)\b|"
                        r"記録|一覧|记录|列表|목록|기록")
_FIELD = re.compile(r"[ \t]*(name|description)[ \t]*:")


def living_backlog(entry_id: str, scan: str) -> bool:
    """A file that is a backlog by design: by its name, or by two backlog category headings."""
    if _BACKLOG_NAME.search(entry_id.rsplit("/", 1)[-1]):
        return True
    if "#" not in scan:
        return False
    return len(_CATEGORY.findall(scan)) >= 2


def frontmatter_label(line: str) -> bool:
    """A ``name:`` line, or a ``description:`` that says what the file tracks or lists."""
    m = _FIELD.match(line)
    return m is not None and (m.group(1) == "name" or _DESCRIBES.search(line, m.end()) is not None)


# an item of a list of states written with slashes or bars: "hecho / pendiente / descartado",
# "done | in progress | blocked". Three items or more name the categories of a file or a board; two
# ("pending / blocked by the bank") may still say what holds now. Bounded (16 items of words of
# 40 letters at most): unbounded, a long line of slashes was tried from every letter to its end
_ITEM = r"[^\W\d_][^\W\d_ ]{0,39}(?:[ ][^\W\d_]{1,40}){0,2}"
_STATE_LIST = re.compile(r"(?:" + _ITEM + r"[ \t]*[/|][ \t]*){2,15}" + _ITEM + r"(?![\w/|])")


def in_state_list(line: str, start: int, end: int) -> bool:
    """The words at ``start:end`` of ``line`` are one item of a list of three states or more."""
    return any(m.start() <= start and end <= m.end() for m in _STATE_LIST.finditer(line)
               if "/" in m.group(0) or "|" in m.group(0))


# a rule entry (Claude Code writes a rule, its **Why:** and how to apply it as `type: feedback`): its
# reason and how-to lines tell why the rule was made, not a state the memory claims (time_scope)
RULE_ENTRY = re.compile(r"(?im)^[ \t]*type[ \t]*:[ \t]*[\"']?feedback\b")


def on_purpose(scan: str, pos: int, heading: str | None) -> str | None:
    """Why the time word at ``pos`` is the owner's on purpose (an open question, an instruction
    about notes), or None (a rule's reason: ``time_scope.unsaid``). ``heading`` is the last heading
    above it."""
    start, end = line_span(scan, pos)
    line = scan[start:end]
    if _OPEN_Q_LINE.match(line) or heading is not None and _OPEN_Q_HEADING.search(heading):
        return "an open question"
    stop = re.compile(r"[.!?。！？](?:\s|$)").search(line, pos - start)
    if stop is not None and stop.group(0)[0] in "?？":
        return "an open question"
    if _NOTE_NOUN.search(line) and _WRITE_VERB.search(line) and _INSTRUCTION.search(line):
        return "a rule for later notes"
    if ("/" in line or "|" in line) and not line.lstrip().startswith("|"):
        word = re.match(r"[^\W_]+(?:[ ][^\W\d_]+)?", scan[pos:end])
        if word is not None and in_state_list(line, pos - start, pos - start + len(word.group(0))):
            return "a list of states"
    return None
