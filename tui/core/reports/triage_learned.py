"""The phrases triage reads as a lesson learned and the provisional wording of a status (SPEC §6):
kept apart from triage_lines, which reads an entry line by line with them."""
from __future__ import annotations

import re

# what the agent found out: phrases, never a single common word
_LEARNED = re.compile(
    r"(?i)\b(?:root[- ]cause|turned out|turns out|it turns out|found (?:out )?that|the fix (?:was|is)|fixed by|"
    r"caused by|(?:this|that|it) (?:caused|causes|was causing)\b|we hit|i hit|bit us|gotcha|pitfall|footgun|trap\b|lesson(?:s)? learned|learned the hard way|"
    r"workaround|work around|symptoms?\s*[:：]|silently (?:\w+ ){0,3}(?:fail|drop|truncat|ignor|skip|lose|cap|break)\w*|"
    r"(?:does not|doesn't|did not|didn't|won't|will not) work|fails? (?:when|if|because|with|on)|"
    r"failed (?:when|because|with|on|in)|breaks? (?:when|if|because)|broke (?:when|because|after)|"
    r"causa ra[ií]z|la causa (?:fue|era|es)|se descubrió|resultó que|la soluci[oó]n (?:fue|es)|trampa|lecci[oó]n aprendida|falla (?:cuando|si|con)|"
    r"causa raiz|descobri\w*|descubri\w*|armadilha|li[cç][aã]o|piège|cause racine|leçon|ursache|falle|stolperstein|"
    r"trappola|causa principale|lezione (?:imparata|appresa)|причина (?:была|в том)|ловушк|оказалось|урок[:：]|nguyên nhân (?:là|do)|bài học|bẫy)\b|"
    r"坑|踩|根因|原因是|教训|绕过|原来|ハマ|罠|原因は|判明|教訓|回避策|함정|원인은|원인:|교훈|알고 보니|우회")


# provisional wording: one alone is a possible sign (the audit says as much), two on a line a status
_WEAK = re.compile(
    r"(?i)\b(?:for now|for the time being|temporarily|at this point|at the moment|until (?:\w+ ){0,5}"
    r"(?:is|are|gets?|has been) (?:\w+ )?(?:done|wired|merged|fixed|deployed|ready|released|shipped|approved|"
    r"finished|migrated|back)|(?:turn|switch|flip) it (?:on|off|back)|once (?:\w+ ){0,4}(?:lands|ships|is merged)|"
    r"por ahora|de momento|por enquanto|pour l'instant|vorerst|per ora|пока что|tạm thời)\b|"
    r"暂时|目前先|当面|とりあえず|暫定|일단|당분간")

# every match of _LEARNED / _WEAK holds one of these (lower-cased): the big patterns run only then
_LEARNED_STEMS = ("root", "turned out", "turns out", "found", "the fix", "fixed by", "caused",  "we hit", "i hit",
                  "bit us", "gotcha", "pitfall", "footgun", "trap", "lesson", "learned the hard", "work around",
                  "workaround", "symptom", "silently", "n't work", "not work", "won't work", "will not work", "fail",
                  "break", "broke", "causa", "descubri", "resultó", "soluci", "trampa", "lecci", "falla", "descobri",
                  "armadilha", "liç", "piège", "cause racine", "leçon", "ursache", "falle", "stolperstein", "trappola",
                  "lezione", "причин", "ловушк", "оказалось", "урок", "nguyên nhân", "bài học", "bẫy", "坑", "踩",
                  "根因", "原因", "教训", "绕过", "原来", "ハマ", "罠", "判明", "教訓", "回避策", "함정", "원인", "교훈",
                  "알고 보니", "우회")
_WEAK_STEMS = ("for now", "time being", "temporarily", "at this point", "at the moment", "until", " it on", " it off",
               " it back", "once ", "por ahora", "de momento", "por enquanto", "pour l", "vorerst", "per ora",
               "пока", "tạm thời", "暂时", "目前先", "当面", "とりあえず", "暫定", "일단", "당분간")


def learned(bare: str) -> bool:
    """The line says what the agent found out (the stems first: the big pattern runs only then)."""
    low = bare.lower()
    return any(t in low for t in _LEARNED_STEMS) and bool(_LEARNED.search(bare))
