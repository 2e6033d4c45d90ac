"""Transient and process wording (SPEC §5), in the languages agents write memory in.

``transient``: a "right now" statement — it will not hold next session, and the agent
cannot tell when "now" was. ``process``: a whole session log or status report kept as
memory ("what I did", progress checklists, "current state" sections, "deploy pending as
of …"): the seed's first sorting test says it belongs in the log, with only the durable
fact kept. Words inside code, quotes or a possessive ("today's date") are not statements.
"""
from __future__ import annotations

import bisect
import re

from . import hints
from .findings import Finding
from .textutil import line_of, line_span, without_code

# (language, cheap hint that must be in the lower-cased text, pattern)
TRANSIENT: list[tuple[str, tuple[str, ...], re.Pattern]] = [
    # each alternative below holds one of these phrases (a bare "session" or "now" ran the pattern
    # on most memories for nothing); in text that is not ASCII the pattern always runs, as (?i)
    # also matches "ı" for i and "ſ" for s
    ("en", ("right now", "currently", "the moment", "at present", "as of", "today", "tonight", "this morning",
            "this afternoon", "this evening", "this session", "just now", "for now", "time being",
            "temporarily", "yesterday", "this week", "next session", "not yet"),
     re.compile(r"(?i)(?<!['\"‘“])\b(?:right now|currently|at the moment|at present|as of (?:now|today|this (?:morning|"
                r"week))|today(?!['’]s)|for today['’]s|today['’]s (?=\w+ (?:is|are|was|uses?)\b)|tonight|"
                r"this (?:morning|afternoon|evening|session|week)|just now|for now|next session|not yet|"
                r"for the time being|temporarily|yesterday|earlier today|so far today)\b(?!['\"’”])")),
    ("zh", ("现在", "目前", "刚", "今天", "今晚", "此刻", "眼下", "这会儿", "暂时", "昨天", "本周"),
     re.compile(r"(?:(?<![发出实表体呈显發實體顯])[现現]在|目前|刚才|刚刚|今天|今晚|此刻|眼下|这会儿|暂时|昨天|本周)")),
    ("ja", ("いま", "今", "現在", "本日", "先ほど", "さっき", "現時点", "昨日"),
     re.compile(r"(?:いま(?![だす])|今は|今日|(?<![樣样標标基資资])本日|(?<![出表実實発發呈顕顯体體])現在(?![地位値])|先ほど|さっき|"
                r"今のところ|現時点|昨日)")),
    ("ko", ("현재", "지금", "오늘", "방금", "아까", "어제", "당분간", "요즘"),
     re.compile(r"(?:현재(?! ?값| ?시각| 시간 표시| ?위치| ?상태를 저장)|지금|오늘|방금|아까|어제|당분간|요즘)")),
    ("es", ("ahora", "actualmente", "momento", "hoy", "ayer", "sesión", "todavía no", "aún no"),
     re.compile(r"(?i)\b(?:ahora mismo|actualmente|en este momento|de momento|por ahora|hoy|ayer|próxima sesión|"
                r"todavía no|aún no)\b")),
    # "agora" alone is "now (that it changed)": as English "now", not a statement of the moment
    ("pt", ("agora", "atualmente", "momento", "hoje", "enquanto", "ontem", "ainda não"),
     re.compile(r"(?i)\b(?:agora mesmo|por agora|atualmente|no momento|neste momento|hoje|por enquanto|ontem|"
                r"ainda não)\b")),
    ("it", ("attualmente", "momento", "per ora", "oggi", "ieri", "adesso", "ancora", "sessione"),
     re.compile(r"(?i)\b(?:attualmente|al momento(?! del| della| dello| di| in cui)|in questo momento|per ora|"
                r"per il momento|oggi|ieri|adesso|"
                r"non (?:\w+ )?ancora|prossima sessione)\b")),
    ("fr", ("moment", "actuellement", "aujourd", "instant", "hier", "ce matin", "encore"),
     re.compile(r"(?i)\b(?:en ce moment|actuellement|aujourd['’]hui|pour l['’]instant|pour le moment|"
                r"hier|ce matin|pas encore)\b")),
    ("de", ("moment", "derzeit", "momentan", "zurzeit", "heute", "gestern", "gerade", "vorerst"),
     re.compile(r"(?i)\b(?:im moment|derzeit|momentan|zurzeit|heute|gestern|gerade (?:eben|jetzt)|vorerst)\b")),
    ("vi", ("hiện", "bây giờ", "hôm nay", "hôm qua", "lúc này", "tạm thời"),
     re.compile(r"(?i)(?:hiện tại|hiện nay|bây giờ|hôm nay|hôm qua|lúc này|tạm thời)")),
    ("ru", ("сейчас", "момент", "сегодня", "вчера", "пока", "настоящее", "временно"),
     re.compile(r"(?i)\b(?:сейчас|в данный момент|на данный момент|сегодня|вчера|пока что|в настоящее время|"
                r"временно)\b")),
]


_CJK = re.compile(r"[\u4e00-\u9fff]")
_KANA_OR_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_VI = re.compile(r"hiện|bây giờ|hôm|lúc này|tạm thời")
_NO_SCRIPTS = dict.fromkeys(("zh", "ja", "ko", "ru", "vi"))   # every one of them needs a non-ASCII letter
# every hint once, with its rule: one flat pass of substring tests (a generator per language cost more)
_HINTS = [(h, i) for i, (_, hints, _) in enumerate(TRANSIENT) for h in hints]
_RULES_OF_HINT: dict[str, set[int]] = {}
for _h, _i in _HINTS:
    _RULES_OF_HINT.setdefault(_h, set()).add(_i)
_ASCII_HINTS = frozenset(h for h in _RULES_OF_HINT if h.isascii())
_OTHER_HINTS = sorted(h for h in _RULES_OF_HINT if not h.isascii())
_OTHER_PRESENT = hints.finder(_OTHER_HINTS)
hints.register(_ASCII_HINTS)
_ENGLISH = {i for i, (lang, _, _) in enumerate(TRANSIENT) if lang == "en"}   # its hints gate ASCII text only


def _rules_hinted(low: str, others: bool) -> set[int]:
    """The rules whose hints occur in ``low``: the ASCII ones from the shared pass, the others
    (``others``: only in text that is not ASCII) by substring tests."""
    found = [*(hints.present(low) & _ASCII_HINTS), *(_OTHER_PRESENT(low) if others else ())]
    return {i for h in found for i in _RULES_OF_HINT[h]}


def transient_findings(entry_id: str, text: str, body_line: int = 1, scan: str | None = None) -> list[Finding]:
    """'right now' statements: process, not fact. Checked in the name, description and body."""
    out, seen = [], set()
    scan = without_code(text) if scan is None else scan
    low = scan.lower()
    lines = None
    ctx = _Context(scan)
    if _RETRO.search(entry_id):
        return []   # a retro, changelog or history is a record: its "today" and "this session" are its own day's
    dated_name = _DATE.search(entry_id.rsplit("/", 1)[-1]) is not None
    if scan.isascii():   # most memory: no other script to look for (a C-speed test)
        scripts, wanted = _NO_SCRIPTS, _rules_hinted(low, False)
    else:
        scripts = {"zh": _CJK.search(scan), "ja": _KANA_OR_CJK.search(scan), "ko": _HANGUL.search(scan),
                   "ru": _CYRILLIC.search(scan), "vi": _VI.search(low)}
        wanted = _rules_hinted(low, True) | _ENGLISH
    for i in sorted(wanted):
        lang, _, rx = TRANSIENT[i]
        if scripts.get(lang, True) is None:
            continue
        for m in rx.finditer(scan):
            ln = line_of(text, m.start())
            if ln < body_line:   # of the frontmatter, only the name and description say anything
                lines = lines or text.split("\n")
                if not re.match(r"\s*(?:name|description)\s*:", lines[ln - 1]):
                    continue
            if ln in seen or _quoted(scan, m.start()):
                continue
            why = ctx.not_now(m)
            if why == "line":
                seen.add(ln)   # nothing on this line says now: its other time words are not looked at again
            if why:
                continue
            word = m.group(0)
            if dated_name and _SESSION_DEIXIS.search(word):
                continue   # "this session" in session_2026-03-25.md: the session its name dates
            seen.add(ln)
            dated = ctx.dated_line(m)
            past = not dated and _SESSION_DEIXIS.search(word) is not None and ctx.told_past(m)
            out.append(_time_word(entry_id, ln, word, soft=_soft(word), dated=dated, past=past))
    for ln, word in _open_statuses(scan, low):
        if ln not in seen and ln >= body_line:
            seen.add(ln)
            out.append(_time_word(entry_id, ln, word, soft=True, dated=False))
    return sorted(out, key=lambda f: f.line)


# a status said as one: "**Status:** Not started.", "**Estado en X:** … está vacío", "## Retry job (RUNNING)"
_STATUS_LABEL = re.compile(r"(?im)^[ \t]*(?:[-*][ \t]+)?\*\*(?:status|estado|stato|stand|статус|trạng thái)"
                           r"(?:[ \t][^:*\n]{1,24})?:?\*\*:?[^\n]*")
_STATUS_HINTS = ("status", "estado", "stato", "stand", "статус", "trạng thái")
# ("blocked in/from" says where a gate stops a thing, by design; "blocked by/on" what it waits for)
_OPEN_STATE = re.compile(r"(?i)\b(?:pending|not started|in progress|planning phase|blocked(?! (?:in|from)\b)|on hold|waiting for|"
                         r"vac[ií][oa]|vazi[oa]|vuot[oa]|bloccat[oa]|bloquead[oa]|pendiente|pendente|in attesa|"
                         r"in corso|en curso|em andamento|ausstehend|blockiert|в работе|đang chờ)\b")
_STATUS_MARK = re.compile(r"(?m)^#{1,6}[ \t][^\n]*\(((?:AUTO-)?(?:RUNNING|IN PROGRESS|ONGOING|WIP|PENDING|BLOCKED))\)[ \t]*$")


def _open_statuses(scan: str, low: str):
    """(line, words) of each status label or heading that says a thing is still open: a state
    at the moment of writing, with no time word to say so."""
    if "**" in scan and any(map(low.__contains__, _STATUS_HINTS)):
        for m in _STATUS_LABEL.finditer(scan):
            o = _OPEN_STATE.search(m.group(0))
            if o:
                yield line_of(scan, m.start()), o.group(0)
    if "#" in scan and "(" in scan:
        for m in _STATUS_MARK.finditer(scan):
            yield line_of(scan, m.start()), m.group(1)


def _time_word(entry_id: str, ln: int, word: str, soft: bool, dated: bool, past: bool = False) -> Finding:
    """A possible finding says only what its words show: a provisional statement ("for now",
    "not yet") may still hold, a dated record says when its "now" was, and a past event told
    as "this session" will not go stale but reads as the reader's session — worth a check,
    not a claim that it will be stale."""
    if past:
        return Finding(entry_id, "transient", "time-word", ln,
                       f"a past event told as '{word}': a later session reads it as its own",
                       f"say when it was (a date), or drop '{word}'", confidence="possible")
    if soft:
        return Finding(entry_id, "transient", "time-word", ln,
                       f"a provisional statement ('{word}'): it held when written and may not now",
                       f"check it still holds: if so, drop '{word}' or say since when; if not, "
                       "rewrite or remove it", confidence="possible")
    if dated:
        return Finding(entry_id, "transient", "time-word", ln,
                       f"a dated 'right now' statement ('{word}'): true on its day, maybe not today",
                       "check it still holds, or keep it in the session log rather than memory",
                       confidence="possible")
    return Finding(entry_id, "transient", "time-word", ln,
                   f"a 'right now' statement ('{word}'): it will be stale next session, "
                   "and the agent cannot tell when 'now' was",
                   f"drop '{word}' and rewrite it as a fact that stays true (the cause, the rule, "
                   "the command), or keep it out of memory — it belongs in the session log")


# a decision "for now" or a "temporarily" often still holds: worth a look, not a rejection
_SOFT = {"for now", "for the time being", "temporarily", "not yet", "por ahora", "de momento", "por enquanto",
         "ainda não", "todavía no", "aún no", "pas encore", "next session", "próxima sesión", "prossima sessione",
         "per ora", "per il momento", "pour l'instant", "pour le moment", "vorerst", "暂时", "당분간"}
_SOFT_WORDS = re.compile(r"(?i)ancora|encore|not yet|todavía no|aún no|ainda não|noch nicht")


def _soft(word: str) -> bool:
    w = word.lower().replace("’", "'")
    return w in _SOFT or _SOFT_WORDS.search(w) is not None
_RETRO = re.compile(r"(?i)(?:^|/)retros?[/_-]|(?:^|[/_-])(?:retro|changelog|history)(?:[/_.-]|$)")
_DATE = re.compile(r"(?<!\d)(?:19|20)\d{2}[-_./]\d{1,2}[-_./]\d{1,2}(?!\d)|(?<!\d)\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)\d{2}(?!\d)|"
                   r"(?i:(?<![a-z])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[ _-]?\d{1,2}(?!\d))|"
                   r"\d{4}年\d{1,2}月|\d{1,2}月\d{1,2}日")
_HEADING = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t]+[^\n]*$")
_SESSION_DEIXIS = re.compile(r"(?i)session|sesión|sessione|sessão|세션|セッション|会话")
# a section closed or dated by day and month in its heading: "## Previous state (closed 26/6)"
_HEADING_DAY = re.compile(r"\([^()\n]{0,24}(?<![\d/])\d{1,2}/\d{1,2}(?![\d/])[^()\n]{0,12}\)")
_TITLE = re.compile(r"(?m)^[ \t]{0,3}#[ \t]+[^\n]*$")
_DATED_TITLE = re.compile(r"[ \t]{0,3}#{1,6}[ \t]+[*_]{0,2}[ \t]*(?:\d{4}[-_./]\d{1,2}[-_./]\d{1,2}|"
                          r"(?i:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}))")
_LOG_WORD = re.compile(r"(?i)session|\blog\b|review|recap|report|stand-?up|diary|세션|セッション|会话|sesi[óo]n|sess[ãa]o|sessione")
_CONDITION = re.compile(r"(?i)(?:\b(?:if|when|whenever|unless|si|se|wenn|falls|если|когда|nếu|khi)\b|如果|若|もし|場合|만약|경우)"
                        r"[^.;:,\n]{0,40}$")
_RELATIVE_DAY = re.compile(r"(?i)\b(?:today|yesterday|tomorrow|later|hoy|ayer|mañana|hoje|ontem|amanhã|depois|oggi|ieri|"
                           r"hôm nay|hôm qua|hôm kia|ngày mai|phiên sau|T[+-]\d|domani|aujourd['’]hui|hier|demain|heute|gestern|morgen|сегодня|вчера|завтра)\b|"
                           r"今日|今天|昨日|昨天|明日|明天|前一日|當日|当日|翌日|次日|오늘|어제|내일|近\s*(?:N|\d+)\s*日|每日")
# two relative days make a rule about days only with a "later" (a maxim) or a trading day's words (a definition)
_DAY_RULE = re.compile(r"(?i)\b(?:later|después|depois|più tardi|plus tard|später|позже)\b|前一日|當日|当日|翌日|次日|昨成本|"
                       r"hôm qua|phiên sau|\[t[-+]?\d?\]|\bT\+\d\b|近\s*(?:N|\d+)\s*日|每日|"
                       r"(?:today|hoje|hoy|oggi|heute)\s?[-+]\s?(?:\d+|N)\b")
_ATTRIBUTIVE = re.compile(r"(?i)(?:\b(?:the|a|an|all|any|of|for|shows?|lists?|only|its|their|each)|\*\*[ \t]*[—–:-])\s+$")
_AFTER_FIX = re.compile(r"(?i)[ \t]{1,2}(?:(?:e|and|y|et|ya|già)[ \t]+)?(?:resolv|fixed|solved|resuelto|risolt|résolu|behoben)|"
                        r"已修|修正済|해결")
_CLOCK = re.compile(r"(?i)datetime|date\.today|today\(\)|now\(\)|<today>|\{today\}|"
                    r"(?:\bafter|\bbefore|\buntil|\bpast|以後|以后|之後|之后|前|後|[<>≤≥])\s*\d{1,2}:\d{2}")
_PAST = re.compile(r"(?i)\b(?:was|were|had|wasn't|weren't|hadn't|era|erano|eravamo|était|étaient|war|waren|"
                   r"estaba|estaban|estava|estavam|была|были|был)\s+$")
_PAST_IN = re.compile(r"(?i)\b(?:era|erano|eravamo|était|étaient|war|waren|estaba|estaban|estava|estavam)\b")
_EVERY = re.compile(r"(?i)\b(?:every|each|any|cada|ogni|chaque|jede[rsn]?)\s+(?:[\w-]+\s+){0,2}"
                    r"(?:session|sesión|sessione|sessão|séance|sitzung)")
_FORMULA = re.compile(r"[\w\u3040-\u9fff]{0,10}[ \t]*[=＝×]")
# a term of a formula or a range: "cap today-1", "hoje+N", "收盤>昨日", "as start moves closer to today"
_TERM_AFTER = re.compile(r"\s?[-+]\s?(?:\d+|N)\b")
_TERM_BEFORE = re.compile(r"(?:[<>≤≥=\[]\s?|(?i:\b(?:closer?|nearer|up|back) to )|(?i:\bbetween )|[到至])$")
# one of a list of names or alternatives: "hoy/mañana", "deltaDecay/TODAY", "Hero / Now listening / Chart"
_LISTED_AFTER = re.compile(r" ?/(?!/)")
_LISTED_BEFORE = re.compile(r"(?<!/)/ ?$")
# a label in a list of labels: "(Balance, Today Spend, Budget)", "…, VIX, Today P&L"
_LABEL_BEFORE = re.compile(r"(?:,|\()[ \t]*$")
_LABEL_AFTER = re.compile(r"[ \t]+[A-Z][\w&+/-]*[ \t]*(?:[,)]|$)", re.M)
# which day's, not what holds: "il file di oggi", "la fecha de hoy", "今天的执行", "今日の"
_OF_DAY = re.compile(r"(?i)(?:\b(?:di|de|von|du)\s+|\bd['’])$")
_DAY_WORDS = re.compile(r"(?i)^(?:today|tonight|yesterday|this week|oggi|ieri|hoy|ayer|hoje|ontem|aujourd['’]hui|hier|"
                        r"heute|gestern|сегодня|вчера|hôm nay|hôm qua|今日|今天|昨日|昨天|오늘|어제)$")
_POSSESSIVE_AFTER = re.compile(r"[的の의]")
# 今日 in a compound noun, the written form's "today's X" (今日成本, 今日機會, 今日 Top N): one longer word;
# before a particle, punctuation or an adverb/verb of state it says when (今日は, 今日、, 今日已…)
_COMPOUND_AFTER = re.compile(r"[ \t]?[A-Za-z$]|(?![已仍还還再又也都就才先刚剛不沒没未是有在要会會起開开为為中])[\u4e00-\u9fff]")
# a period that recurs: "Weekly ranking by energy produced this week", "EOD summary: trades today"
_RECURRING = re.compile(r"(?i)\b(?:weekly|daily|every (?:week|day)|each (?:week|day)|per (?:week|day)|EOD|"
                        r"end[- ]of[- ]day)\b|每日|每天|每週|每周|毎日|매일|매주|hàng ngày|hằng ngày|hàng tuần")
# a set named by what has not happened to it yet, not a state: "to whitelist names not yet held",
# "a helper not yet shared", "per domini non ancora collegati", "chi non ha ancora", "any rows that currently hide"
_NOT_YET = re.compile(r"(?i)^(?:not yet|non (?:\w+ )?ancora|todavía no|aún no|ainda não|pas encore|noch nicht)")
_SET_BEFORE = re.compile(
    r"(?i)(?:\b(?:to|for|of|with|on|from|into|about|all|any|every|each|only|some|no|a|an|per|di|dei|degli|delle|ai|"
    r"agli|alle|con|su|un|una|ogni|para|los|las|unos|unas|en|dos|das|os|um|uma|pour|des|aux|une|für|alle)\s+"
    r"(?:(?!(?:the|il|la|lo|el|le|o|a|der|die|das)\s)[\w-]+\s+)?"
    r"(?!(?:is|are|was|were|be|been|has|have|had|it|they|this|that|still|and|but|or|so|è|sono|es|son|está|están|"
    r"é|são|está|estão|est|sont|ist|sind)\s)[\w-]+\s+|\b(?:chi|whoever|quien|quienes|quem|wer)\s+)$")
_SET_THAT = re.compile(r"(?i)\b(?:any|all|every|each|only|those)\s+(?:[\w-]+\s+){1,2}(?:that|which|who)\s+$")
# the next session as any next one: "if the session dies, next session picks it up", "what the next session must know"
_CONDITION_IN = re.compile(r"(?i)\b(?:if|unless|without|in case|whenever)\b")
_THE_BEFORE = re.compile(r"(?i)\bthe\s+$")
_MUST_AFTER = re.compile(r"(?i)\s+(?:must|needs? to|has to|won['’]t|will)\b")
# "temporarily" as a step of a procedure: "needs Railway temporarily disabled", "to temporarily pause"
_STEP_BEFORE = re.compile(r"(?i)\b(?:to|needs?|requires?|must|should)\s+(?:[\w-]+\s+){0,3}$")
# a bare "now" on a line that says what held back then: the state since a change
_BARE_NOW = re.compile(r"(?i)^(?:지금|bây giờ|adesso|ahora)$")
_THEN = re.compile(r"(?i)당시|그때|한때|\b(?:back then|at the time|allora|a quel tempo|en ese momento|entonces)\b|lúc đó|hồi đó|trước đây")
# a definition's noun phrase: "**Label** — <what it holds>", the word in its first clause, no verb of state
_DEFINED = re.compile(r"(?i)\*\*[^*\n]+\*\*:?[^—–\n]{0,60}[ \t][—–][ \t](?:(?!\b(?:is|are|was|were|has|have|è|sono|é|são|"
                      r"está|es|son|ist|sind)\b)[^.;:!?\n])*$")
_TODAY = re.compile(r"(?i)^(?:today|oggi|hoy|hoje|aujourd['’]hui|heute|сегодня|hôm nay)$")
_FROM_BEFORE = re.compile(r"(?i)(?:\b(?:from|starting|beginning|da|desde|ab|с)|\ba partir)[ \t]$")
# a threshold before it in its sentence: "GO (score ≥ 60): buy at close today" is a rule's day
_THRESHOLD = re.compile(r"[≥≤]\s?-?\d|[<>]=?\s?-?\d")
# a status its writer marks as history: "**Status (2026-05-21, historical)**: … not yet built"
_MARKED_PAST = re.compile(r"(?i)\((?:[^()\n]*[,;]\s*)?(?:historical|superseded|obsolete|outdated|storico|histórico|"
                          r"historique|veraltet|устарело)\)")
# Korean "현재 + noun" in an instruction is "the current X" ("현재 코드와 대조한 뒤 사용하세요")
_KO_NOUN_AFTER = re.compile(r"[ \t][\uac00-\ud7af]")
_KO_IMPERATIVE = re.compile(r"(?:세요|십시오|하라|할 것|말 것|해라)[.!]?\s*$")
# a past tense in English ("caught", "were", "generated"), and a present beside it ("is", "has", "needs")
_PAST_VERB = re.compile(r"(?i)\b(?:was|were|had|did|ran|caught|found|made|took|got|went|saw|said|wrote|broke|came|"
                        r"lost|built|sent|spent|told|\w{3,}ed)\b")
_PRESENT_AUX = re.compile(r"(?i)\b(?:is|are|am|isn['’]t|aren['’]t|has|have|hasn['’]t|haven['’]t|remains?|stays?|"
                          r"needs?|must|should|will)\b")
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")
# Vietnamese "hiện tại"/"tạm thời" after a noun is the adjective "current"/"temporary" ("NAV hiện tại": the
# current NAV, a definition, as English "current" is not a time word); before a verb or a colon it says now
_VI_ATTRIBUTIVE = re.compile(r"(?i)^(?:hiện tại|tạm thời)$")
_VI_NOUN_BEFORE = re.compile(r"[\w)\]%]\s$")
_VI_PREDICATE_AFTER = re.compile(r"(?i)\s*(?::|\b(?:đang|đã|vẫn|chưa|là|có|không(?!\s*\?)|bị|được|sẽ|chỉ|cũng|đều|mới|"
                                 r"còn)\b)")
# a condition said after its words, as Korean does: "지금 안 모으면" (if not collected now)
_KO_IF_AFTER = re.compile(r"[ \t]?[^\s.,;:]*[ \t]?[^\s.,;:]*(?:으면|하면|되면|않으면|없으면|있으면|라면|다면)(?=[\s,.)]|$)")
# a line that states a condition: "**Condition:** yesterday was the confirmed low"
_CONDITION_LABEL = re.compile(r"(?i)^[ \t>*_-]*(?:\d+\.[ \t]*)?(?:\*\*)?(?:conditions?|điều kiện|condici[óo]n(?:es)?|"
                              r"condizion[ei]|bedingung(?:en)?|услови[ея]|条件|조건)(?:\*\*)?[ \t]*[:：]")
_STRUCK = "~~"


class _Context:
    """What decides whether a time word says "now", worked out once per text: each line's own
    verdict (a rule about days, code's today), the headings, the title. Per match only a short
    window is looked at, so a long line of time words stays linear."""

    def __init__(self, scan: str) -> None:
        self.scan = scan
        self._lines: dict[int, bool] = {}
        self._headings: list[re.Match] | None = None
        self._heading_starts: list[int] = []
        self._title: re.Match | None | bool = False

    def _span(self, m: re.Match) -> tuple[int, int]:
        return line_span(self.scan, m.start(), m.end())

    def not_now(self, m: re.Match) -> str | None:
        """'line' when nothing on the line says now, 'here' when this word does not, else None."""
        scan = self.scan
        start, end = self._span(m)
        if start not in self._lines:
            line = scan[start:end]
            rule_of_days = len(_RELATIVE_DAY.findall(line)) >= 2 and _DAY_RULE.search(line) is not None
            self._lines[start] = rule_of_days or _CLOCK.search(line) is not None or self._dated_section(start) \
                or _CONDITION_LABEL.match(line) is not None
        if self._lines[start]:
            return "line"   # "fast today, costly later", 前一日 vs 今日, "today after 15:00", a dated section, a condition
        if _CONDITION.search(scan, max(start, m.start() - 60), m.start()) or _FORMULA.match(scan, m.end()):
            return "here"   # "if the user currently holds …", "今日成本 = …"
        if _HANGUL.match(scan, m.start()) and _KO_IF_AFTER.match(scan, m.end(), min(end, m.end() + 16)):
            return "here"   # "지금 안 모으면 …": if not now, then …: a rule
        if _AFTER_FIX.match(scan, m.end(), min(end, m.end() + 20)):
            return "here"   # "hoje resolvido", "today fixed": what holds since the fix
        if _PAST.search(scan, max(start, m.start() - 14), m.start()) or _PAST_IN.search(m.group(0)):
            return "here"   # "was not yet", "non era ancora": the cause of what happened, not what holds
        if _SESSION_DEIXIS.search(m.group(0)) and _EVERY.search(scan, start, end):
            return "here"   # "every session must leave what the next session must know": a rule
        if m.group(0).lower() == "currently" and _ATTRIBUTIVE.search(scan, max(start, m.start() - 24), m.start()):
            return "here"   # "shows the currently open positions": which ones, not what holds now
        return self._not_a_statement(m, start, end)

    def _not_a_statement(self, m: re.Match, start: int, end: int) -> str | None:
        """The shapes in which a time word names, defines or recounts rather than states the moment."""
        scan, word = self.scan, m.group(0)
        before = scan[max(start, m.start() - 80):m.start()]
        if scan.count(_STRUCK, start, m.start()) % 2:
            return "here"   # "~~today it downloads~~ DONE": struck out by its writer
        if _LISTED_AFTER.match(scan, m.end(), end) or _LISTED_BEFORE.search(before) \
                or _TERM_AFTER.match(scan, m.end(), end) or _TERM_BEFORE.search(before):
            return "here"   # one of a list of names, a term of a formula or a range
        if word[:1].isupper() and _LABEL_BEFORE.search(before) and _LABEL_AFTER.match(scan, m.end(), end):
            return "here"   # a label in a list of labels
        if _DAY_WORDS.match(word):
            if _OF_DAY.search(before) or _POSSESSIVE_AFTER.match(scan, m.end(), end) \
                    or (word == "今日" and _COMPOUND_AFTER.match(scan, m.end(), end)):
                return "here"   # "the file of today", "今天的", "今日機會": which day's
            if _DEFINED.search(scan, max(start, m.start() - 160), m.start()):
                return "here"   # "**Watchlist** — stocks passing filters today": what a view shows, each day
            if _RECURRING.search(self._sentence(m, start, end)):
                return "here"   # a period that recurs: its "today" is every day's
            if _dated_row(scan[start:end]):
                return "here"   # a log's row dated in its first cell: its "today" is that day's
        if _MARKED_PAST.search(scan, start, m.start()):
            return "here"   # its writer marked it as history
        if _DAY_WORDS.match(word) and _FROM_BEFORE.search(before) and _TODAY.match(word):
            return "here"   # "from today", "a partir de hoy": what holds from then on, as "now" after a change
        if _THRESHOLD.search(before[_last_end(before):]):
            return "here"   # a threshold's rule: its day is any day the threshold is met
        if word == "현재" and _KO_NOUN_AFTER.match(scan, m.end()) and _KO_IMPERATIVE.search(self._sentence(m, start, end)):
            return "here"   # "the current X" in an instruction
        if (_NOT_YET.match(word) and _SET_BEFORE.search(before)) or _SET_THAT.search(before):
            return "here"   # a set named by what has not happened to it yet
        low = word.lower()
        if low == "next session":
            if _CONDITION_IN.search(self._sentence(m, start, end)) \
                    or (_THE_BEFORE.search(before) and _MUST_AFTER.match(scan, m.end(), end)):
                return "here"   # any next session: a rule about handing over, not a plan for one
        elif low == "temporarily" and _STEP_BEFORE.search(before):
            return "here"   # a step of a procedure, not a state
        elif _BARE_NOW.match(word) and _THEN.search(scan, start, end):
            return "here"   # "back then X; now Y is gone": what holds since a change, as English "now"
        elif _VI_ATTRIBUTIVE.match(word) and _VI_NOUN_BEFORE.search(before) \
                and not _VI_PREDICATE_AFTER.match(scan, m.end(), end):
            return "here"   # "NAV hiện tại": the current NAV (an adjective), not "currently"
        return None

    def _sentence(self, m: re.Match, start: int, end: int) -> str:
        """The sentence around a match (within 200 characters each side, on its line)."""
        before = self.scan[max(start, m.start() - 200):m.start()]
        stop = _SENTENCE_END.search(self.scan, m.end(), min(end, m.end() + 200))
        return before[_last_end(before):] + self.scan[m.start():stop.start() if stop else min(end, m.end() + 200)]

    def _dated_section(self, start: int) -> bool:
        """In a dated record: a section titled by its date ("## 2026-03-28 — deploy"), or a
        document titled as one session's log ("# Copilot Session 3 — Mar 27"): it says when."""
        if self._headings is None:
            self._headings = list(_HEADING.finditer(self.scan))
            self._heading_starts = [h.start() for h in self._headings]
        i = bisect.bisect_left(self._heading_starts, start) - 1
        if i >= 0 and (_DATED_TITLE.match(self._headings[i].group(0)) or _HEADING_DAY.search(self._headings[i].group(0))):
            return True
        if self._title is False:
            self._title = _TITLE.search(self.scan)
        t = self._title
        return t is not None and t.start() < start and _DATE.search(t.group(0)) is not None \
            and _LOG_WORD.search(t.group(0)) is not None

    def told_past(self, m: re.Match) -> bool:
        """The sentence around it tells what happened, in the past ("the DB caught three bugs this
        session"), with no present state beside it."""
        sentence = self._sentence(m, *self._span(m))
        return _PAST_VERB.search(sentence) is not None and _PRESENT_AUX.search(sentence) is None

    def dated_line(self, m: re.Match) -> bool:
        return _DATE.search(self.scan, *self._span(m)) is not None


def _dated_row(line: str) -> bool:
    """A table row whose first cell is a date ("| Mar 23 | … today … |"): a log's row, its day's."""
    cells = line.split("|", 2) if line.lstrip().startswith("|") else ()
    return len(cells) == 3 and _DATE.fullmatch(cells[1].strip().strip("*_")) is not None


def _last_end(before: str) -> int:
    """Where the last sentence in ``before`` ends (0: none)."""
    last = 0
    for e in _SENTENCE_END.finditer(before):
        last = e.end()
    return last


def _quoted(text: str, pos: int) -> bool:
    """Inside quotation marks on its line: dialogue or a word being discussed, not a statement."""
    start = max(text.rfind("\n", 0, pos) + 1, pos - 400)   # (a window: a long line stays linear)
    before = text[start:pos]
    return (before.count('"') % 2 == 1 or before.count("“") > before.count("”")
            or before.count("「") > before.count("」") or len(re.findall(r"(?<!\w)'", before)) % 2 == 1)


# -- process: session logs and status reports -----------------------------------------------------

_STATUS_HEADING = re.compile(
    r"(?im)^[ \t]{0,3}(?:#{1,6}[ \t]*|\*\*)[ \t]*(?:[\w-]+\s+)?(?:session (?:log|summary|notes?|recap)|work ?log|progress|"
    r"status(?: update| report)?|current (?:state|status)|what (?:i|we) did|done today|next steps|handoff|"
    r"changelog of (?:this|the) session|진행 ?상황|현재 ?상태|작업 ?로그|세션 ?요약|進捗|作業ログ|現在の状態|进度|"
    r"工作日志|当前状态|会话记录|trạng thái hiện tại|tiến độ|estado actual|progreso|estado atual|progresso|"
    r"état actuel|avancement|aktueller stand|fortschritt|текущее состояние|прогресс)\b")
_CHECKBOX = re.compile(r"(?m)^\s*[-*+]\s+\[([ xX✓])\]")
_BOXES = ("[ ]", "[x]", "[X]", "[✓]")
_SESSION = re.compile(r"(?i)\b(?:last|this|previous|next) session\b|\bsession[_ -]?\d{4}-\d{2}-\d{2}|"
                      r"\b(?:as of|pending as of|status as of)\s+\d{4}-\d{2}-\d{2}|(?:세션|セッション|会话)\s*\d|"
                      r"지난 세션|이번 세션|前回のセッション|上次会话")
_SESSION_HINTS = ("session", "세션", "セッション", "会话", "as of")
_DATED_STATUS = re.compile(r"(?i)(?:\(\d{4}-\d{2}-\d{2}\)|\b\d{4}-\d{2}-\d{2}\b)[^\n]{0,40}\b(?:done|merged|deployed|"
                           r"pending|blocked|wip|완료|머지|배포|대기|完了|完成|已合并)")
_STATUS_WORDS = ("done", "merged", "deployed", "pending", "blocked", "wip", "완료", "머지", "배포", "대기", "完了",
                 "完成", "已合并")   # one must follow the date: a quick test before the scan (ASCII text)
# a change record: "- **Files**: …", "- **Action**: Performed …" — what was done, entry by entry
_CHANGE_RECORD = re.compile(r"(?im)^[ \t]*[-*][ \t]+\*\*(files?|objects?|actions?|changes|affected files|"
                            r"files changed|changed files|work done)\*\*[ \t]*:")
# a heading written as a commit message: "## feat: expose skills to gemini"
_COMMIT_HEADING = re.compile(r"(?im)^#{1,6}[ \t]*(?:feat|fix|chore|refactor|docs|perf|test|build|ci)(?:\([^)\n]*\))?!?:[ \t]")
_NAME_HINT = re.compile(r"(?i)(?:^|[/_-])(?:session|progress|status|handoff|worklog|work-log|todo|daily-log)(?:[_.-]|$)|"
                        r"\d{4}-\d{2}-\d{2}")


def process_findings(entry_id: str, text: str, body_line: int = 1, scan: str | None = None) -> list[Finding]:
    """One finding when the entry reads as a session log or a status report (two signs or more)."""
    scan = without_code(text) if scan is None else scan
    signs: list[tuple[str, int]] = []
    m = _STATUS_HEADING.search(scan) if ("#" in scan or "**" in scan) else None
    if m:
        signs.append((f"a '{m.group(0).strip(' #*')[:40]}' section", m.start()))
    boxes = _CHECKBOX.findall(scan) if any(map(scan.__contains__, _BOXES)) else []
    if len(boxes) >= 3:
        signs.append((f"a checklist of {len(boxes)} items", _CHECKBOX.search(scan).start()))
    if "**" in scan:
        records = _CHANGE_RECORD.findall(scan)
        if len(records) >= 2:
            signs.append((f"{len(records)} change records ('{records[0]}: …')",
                          _CHANGE_RECORD.search(scan).start()))
    m = _COMMIT_HEADING.search(scan) if "#" in scan else None
    if m:
        signs.append((f"a commit-message heading ('{m.group(0).strip(' #')[:30]}')", m.start()))
    low = scan.lower()
    later: list[tuple[str, int]] = []
    dated = list(_DATED_STATUS.finditer(scan)) if "-" in scan and (
        not scan.isascii() or any(map(low.__contains__, _STATUS_WORDS))) else []
    if len(dated) >= 2:
        later.append((f"{len(dated)} dated status lines", dated[0].start()))
    if _NAME_HINT.search(entry_id.rsplit("/", 1)[-1]):
        later.append((f"its name ({entry_id})", -1))
    # "this session" alone is one sign, never two: the costliest scan runs only when another sign is there
    m = _SESSION.search(scan) if (signs or later) and any(map(low.__contains__, _SESSION_HINTS)) else None
    if m:
        signs.append((f"'{m.group(0)[:40]}'", m.start()))
    signs += later
    if len(signs) < 2:
        return []
    first = min((pos for _, pos in signs if pos >= 0), default=-1)
    line = line_of(text, first) if first >= 0 else None
    return [Finding(entry_id, "process", "session-log", line,
                    "reads like a session log or status report, not a memory: " + ", ".join(s for s, _ in signs),
                    "move it to the session log (or a HANDOFF file); keep only the durable fact — the rule, "
                    "the decision, the cause — as a memory")]
