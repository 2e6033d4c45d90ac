"""Two shapes of a line of work in an owner's words (test 1): a statement of the moment that dates
itself to a day, and work left at a point to be taken up again. triage_lines counts either as status."""
from __future__ import annotations

import re

# a statement of the moment that dates itself to a day ("Right now (28 Nov) the cert is stuck", "As of
# 3/12 the import is paused"): true on that day, a status whatever it says
_DAY = (r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|\d{1,2}\.? ?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
        r"ene|abr|ago|dic|mai|okt|dez|janv|févr|avr|juil|déc)[a-zé]*\.?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2})")
_DATED_NOW = re.compile(rf"(?i)\b(?:right now|currently|at the moment|ahora(?: mismo)?|actualmente|en este momento|agora|"
                        rf"atualmente|en ce moment|actuellement|derzeit|aktuell|gerade)\s*[(,]?\s*(?:on |el |le |am |em )?{_DAY}(?![\d/])|"
                        # "Status (2 Dec): waiting on review"; "As of Dec 2 the build is stuck" (not "as of <day>:" over a list)
                        rf"^\W*(?:status|estado|stand|statut)\s*\(?(?:on |as of )?{_DAY}\)?\s*[:—–-]|"
                        rf"(?:^\W*|[,;(]\s*)as of {_DAY}(?![\d/])(?!\s*:\s*$)")
# the work left at a point to be taken up again: "halfway through adding …; continue from admin.py line ~60"
_RESUME = re.compile(r"(?i)\b(?:half[- ]?way through|partway through|a medio (?:hacer|terminar)|a mitad de|"
                     r"à moitié|halb fertig|(?:currently|still|now) blocked (?:on|by)|not (?:done|ready|merged|shipped|finished) yet|"
                     # a change waiting on a person: "PR #212 is still open, waiting for Jonas to review"
                     r"\bnot (?:\w+ )?(?:written|built|wired|started|merged|deployed|migrated|implemented|tested|released) yet\b|"
                     r"(?:is|are) still (?:open|pending|unmerged|in review)\b[^.;\n]{0,30}?\bwaiting (?:for|on))\b|"
                     r"\b(?:continue|resume|pick (?:it )?up|carry on|sigue|seguir|retomar|continuar)"
                     r" (?:from|at|en|desde|a partir de|em)\b[^.;\n]{0,40}?(?:\bline\b|\blínea\b|\blinha\b|\.\w{1,5}\b|~\d)")

# an event told by the day it was written, in the past: "Yesterday's incident … was fixed by the 14:10
# deploy", "last night the import was rolled back" — next time "yesterday" is another day
_DAY_BEFORE = re.compile(r"(?i)\b(?:yesterday|last (?:night|week)|this (?:morning|week)|earlier today)(?:['’]s)?\b")
_TOLD = re.compile(r"(?i)\b(?:is|are) over\b|\b(?:has|have) (?:drained|recovered|cleared|come back)\b|"
                   r"\b(?:was|were|got|has been|have been)\s+(?:\w+\s+)?(?:fixed|rolled back|reverted|resolved|"
                   r"deployed|restored|patched|closed|merged|released)\b|\b(?:fixed|rolled back|reverted|resolved|"
                   r"deployed|restored|patched|merged|released)\s+(?:it|this|that|by|in|with|at)\b")

# a rule bounded by the writer's absence ("do not merge … while I am away"): it holds until they are back
_AWAY = re.compile(r"(?i)\b(?:while|until) (?:i|we)(?:['’]m| am| are|['’]re)? (?:away|off|out|back|on (?:leave|holiday|vacation))\b|"
                   r"\b(?:during|for) (?:my|our) (?:leave|vacation|holiday|absence|time off)\b")


def dated_or_left(bare: str) -> bool:
    """Whether the line says where work stood on a day, or where it was left off, or holds only while its
    writer is away."""
    return bool(_DATED_NOW.search(bare) or _RESUME.search(bare) or told_that_day(bare) or _AWAY.search(bare))


def told_that_day(bare: str) -> bool:
    """An event the line dates by the day it was written and tells as done (fixed, rolled back, deployed)."""
    return bool(_DAY_BEFORE.search(bare) and _TOLD.search(bare))
