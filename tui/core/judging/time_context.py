"""Whether a time word says "now" (SPEC §5, transient): the context around it, worked out once
per text. A time word names, defines or recounts as often as it states the moment — a set ("names
not yet held"), a label, a term of a formula or range, which day's ("il file di oggi"), a recurring
period, a rule of days or a condition, a dated section or row, a past event — and those are no
finding; what is left says the moment. Used by ``wording.transient_findings``.
"""
from __future__ import annotations

import bisect
import re

from ..textutil import line_span

_HANGUL = re.compile(r"[\uac00-\ud7af]")

RETRO = re.compile(r"(?i)(?:^|/)retros?[/_-]|(?:^|[/_-])(?:retro|changelog|history)(?:[/_.-]|$)")
DATE = re.compile(r"(?<!\d)(?:19|20)\d{2}[-_./]\d{1,2}[-_./]\d{1,2}(?!\d)|(?<!\d)\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)\d{2}(?!\d)|"
                   # a month's name or its abbreviation, not a word that starts like one ("Decision-4", "Mark 2")
                   r"(?i:(?<![a-z])(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                   r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?[ _-]?\d{1,2}(?!\d))|"
                   # the day first: 14 March, 14. März, 14 de marzo, 14 mars
                   # (a month's whole name or its abbreviation: "5 decisions" and "3 markers" are no dates)
                   r"(?i:(?<!\d)\d{1,2}(?:st|nd|rd|th|er)?\.?[ ](?:de[ ])?(?:jan(?:uary|vier)?|feb(?:ruary)?|"
                   r"f[ée]v(?:rier)?|mar(?:ch|s)?|m[äa]rz|apr(?:il)?|avr(?:il)?|abr(?:il)?|may|mai|mag(?:gio)?|"
                   r"june?|juin|giu(?:gno)?|july?|juil(?:let)?|lug(?:lio)?|aug(?:ust)?|ao[ûu]t|ago(?:sto)?|"
                   r"sep(?:t(?:ember)?)?|sept(?:embre)?|set(?:tembre)?|oct(?:ober|obre)?|okt(?:ober)?|ott(?:obre)?|"
                   r"nov(?:ember|embre)?|dec(?:ember)?|d[ée]c(?:embre)?|dez(?:ember)?|dic(?:iembre|embre)?|enero|febrero|"
                   r"marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\.?(?![a-zà-ÿ]))|"
                   r"\d{4}年\d{1,2}月|\d{1,2}月\d{1,2}日|"
                   # a month (2026-06) and a stamp's compact day (20260521_0218)
                   r"(?<![\d-])(?:19|20)\d{2}-(?:0[1-9]|1[0-2])(?![\d-])|"
                   r"(?<!\d)20\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?!\d)")
_HEADING = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t]+[^\n]*$")
# a line wholly bold standing as a heading over a day's notes ("**2026-03-14 (evening)**")
# the words that name a day, resolved against a dated document's day ("today" in a file named
# for 2026-05-25 is that day): not "currently", which a document's date does not resolve
_DAY_DEIXIS = re.compile(r"(?i)^(?:today|tonight|yesterday|this (?:morning|afternoon|evening)|earlier today|"
                         r"oggi|ieri|hoy|ayer|hoje|ontem|aujourd['’]hui|hier|heute|gestern|сегодня|вчера|hôm nay|"
                         r"hôm qua|bugün|dün|今日|今天|昨日|昨天|今晚|本日|오늘|어제)$")
# its date right after it: "today (06-09)", "today (3/14)"
# a day's name as a time word (today, yesterday, tonight, this week, hoy, 今天, 오늘 …): the shape that
# dates an event as often as it states a present
DAY_WORD = re.compile(r"(?i)^(?:(?:earlier |so far )?today|tonight|yesterday|this (?:morning|afternoon|evening|week)|"
                      r"oggi|ieri|hoy|ayer|hoje|ontem|aujourd['’]hui|hier|ce matin|heute|gestern|сегодня|вчера|n?esta semana|"
                      r"hôm nay|hôm qua|bugün|dün|今日|今天|昨日|昨天|今晚|本日|本周|오늘|어제)$")
_DATE_AFTER = re.compile(r"[ \t]*\(\d{1,2}[-/.]\d{1,2}\)")
# "not yet" said of what someone must still find out: an open question, true until someone checks
_OPEN_QUESTION = re.compile(r"(?i)[ \t]*(?:[\w-]+[ \t]+){0,2}(?:confirm|validat|verifi|quantif|isolat|known|measur|determin|"
                            r"decided|clear\b|confirmad|validad|verificad|vérifi|bestätig|確認|确认|확인|検証|验证|驗證|"
                            # decided, settled, certain: what is still to be chosen (es, pt, tr, zh, ja, ko)
                            r"decidid|definid|kesin|belli|karar|确定|確定|决定|決定|決ま|未定|결정|미정|정해지)")
_BOLD_LINE = re.compile(r"(?m)^[ \t]{0,3}\*\*[^*\n]{2,80}\*\*:?[ \t]*$")
# what comes before a heading's first word: its marks, emphasis, a weekday ("## Friday, 14 March")
_HEAD_PREFIX = re.compile(r"[ \t]{0,3}(?:#{1,6}[ \t]+|\*\*)[*_]{0,2}[ \t]*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?[ \t]+)?",
                          re.I)
_DAY_MONTH = re.compile(r"\d{1,2}/\d{1,2}(?![\d/])")   # "## 3/14 evening": no year, a day only where it leads
# the words of an event's day, not of a state: a past event under a dated heading is that day's
_EVENT_DAY = re.compile(r"(?i)^(?:tonight|yesterday|this (?:morning|afternoon|evening)|earlier today|just now|"
                        r"今晚|昨天|今朝|昨日|어제|오늘 밤|anoche|ayer|ontem|ieri|hier|gestern|вчера|hôm qua|dün)$")
SESSION_DEIXIS = re.compile(r"(?i)session|sesión|sessione|sessão|sitzung|сесси|oturum|phiên|세션|セッション|会话|对话|會話")
# a "now" negated is a deferral decided, not a state: "not now", "暂不扩展", "WONTFIX hoje",
# "không wire … bây giờ" — it holds until someone revisits it
_DEFERRAL = re.compile(r"(?i)\bnot (?:right )?now\b|\bnot for now\b|\bno\b[^.\n]{0,40}\bfor now\b|\bwon['’]?t fix\b|\bwontfix\b|不是现在|不是現在|"
                       r"暂不|暫不|暂时不|暫時不|今は(?:しない|やらない)|지금은 (?:안|하지)|\bahora no\b|\bagora não\b|"
                       r"\bpas maintenant\b|\bnicht jetzt\b|\bkhông\b[^.\n]{0,60}\bbây giờ\b|\bşimdi değil\b")
# a section closed or dated by day and month in its heading: "## Previous state (closed 26/6)"
_HEADING_DAY = re.compile(r"\([^()\n]{0,24}(?<![\d/])\d{1,2}/\d{1,2}(?![\d/])[^()\n]{0,12}\)")
_TITLE = re.compile(r"(?m)^[ \t]{0,3}#[ \t]+[^\n]*$")
_LOG_WORD = re.compile(r"(?i)session|\blog\b|review|recap|report|stand-?up|diary|세션|セッション|会话|sesi[óo]n|sess[ãa]o|sessione|"
                       # a heading that reports an event of its day: "## BUILT: … (2026-05-31)", "# 2 bugs fixed (…)"
                       r"\b(?:built|shipped|fixed|deployed|released|merged|closed|completed|done|delivered|launched|"
                       r"entregue|entregado|implantado|desplegado|livré|déployé|erledigt|behoben|rilasciat[oa]|"
                       r"выпущен|исправлен)\b|完成|已修复|上线了|完了|修正済|リリース済|완료|배포됨")
_CONDITION = re.compile(r"(?i)(?:\b(?:if|when|whenever|unless|si|se|wenn|falls|если|когда|nếu|khi)\b|如果|若|もし|場合|만약|경우)"
                        r"[^.;:,\n]{0,40}$")
_RELATIVE_DAY = re.compile(r"(?i)\b(?:today|yesterday|tomorrow|later|hoy|ayer|mañana|hoje|ontem|amanhã|depois|oggi|ieri|"
                           r"hôm nay|hôm qua|hôm kia|ngày mai|phiên sau|T[+-]\d|domani|aujourd['’]hui|hier|demain|heute|gestern|morgen|сегодня|вчера|завтра)\b|"
                           r"今日|今天|昨日|昨天|明日|明天|前一日|當日|当日|翌日|次日|오늘|어제|내일|近\s*(?:N|\d+)\s*日|每日")
# a day and the day after it in one line, told in no past ("buy today, confirm tomorrow", "hoy entra, mañana
# sale", "今天下单，明天发货"): a schedule any day follows; a report says what was done or what holds
# ("fixed today, deploy tomorrow", "the build is broken today": a past tense, a done word, a state)
_DAY_AFTER = re.compile(r"(?i)\b(?:tomorrow|mañana|amanhã|domani|demain|morgen|завтра|ngày mai)\b|明日|明天|翌日|次日|내일")
_SAME_DAY = re.compile(r"(?i)\b(?:today|hoy|hoje|oggi|aujourd['’]hui|heute|сегодня|hôm nay)\b|今日|今天|当日|當日|오늘")
_TOLD_PAST = re.compile(r"(?i)\b(?:is|are|was|were|still|did|had|fixed|added|made|finished|done|completed|shipped|merged|deployed|"
                        r"hice|hicimos|fue|terminé|fiz|feito|ho fatto|j'ai|habe|сделал|đã)\b|\w+ed\b(?! by)|了|完成|已|했|했다|완료")
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
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]")
_TEMPLATE_HEADING = re.compile(r"(?i)\b(?:templates?|formats?|spec|schema|layout)\b|规范|規範|格式|模板|范本|範本|铁律|鐵律|"
                               r"テンプレート|書式|형식|양식|템플릿|plantilla|formato|modello|vorlage|шаблон|mẫu")
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
                        r"lost|built|sent|spent|told|(?<![\w.-])[A-Za-z]{3,}ed(?![\w.-]))\b|"
                        # a Spanish or Portuguese preterite by its ending (migró, arreglaron, corrigiu, migraram); not
                        # one of a state that stays ("quedó roto", "ficou travado": left broken, and still so)
                        r"(?i:(?<![\w-])(?!qued|sigui|continu|permaneci|estuv)[a-záéíñ]{3,}(?:ó|aron|ieron)(?![\w-])|"
                        r"(?<![\w-])(?!fic|continu|permanec|estiv)[a-zãçé]{4,}(?:ou|iu|aram|eram|iram)(?![\w-])|"
                        r"\b(?:fue|fueron|foi|foram)\b)")
_PAST_FORM = re.compile(r"(?i)\b(?:was|were|had|did|ran|caught|took|went|saw|wrote|broke|came)\b")
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


class TimeContext:
    """What decides whether a time word says "now", worked out once per text: each line's own
    verdict (a rule about days, code's today), the headings, the title. Per match only a short
    window is looked at, so a long line of time words stays linear."""

    def __init__(self, scan: str) -> None:
        self.scan = scan
        self._lines: dict[int, bool] = {}
        self._headings: list[re.Match] | None = None
        self._heading_starts: list[int] = []
        self._title: re.Match | None | bool = False
        self._bolds: list[re.Match] | None = None
        self._bold_starts: list[int] = []

    def _span(self, m: re.Match) -> tuple[int, int]:
        return line_span(self.scan, m.start(), m.end())

    def not_now(self, m: re.Match) -> str | None:
        """'line' when nothing on the line says now, 'here' when this word does not, else None."""
        scan = self.scan
        start, end = self._span(m)
        if start not in self._lines:
            line = scan[start:end]
            days = _RELATIVE_DAY.findall(line)
            rule_of_days = len(days) >= 2 and (_DAY_RULE.search(line) is not None or _DAY_AFTER.search(line) is not None
                                               and _SAME_DAY.search(line) is not None and _TOLD_PAST.search(line) is None)
            self._lines[start] = rule_of_days or _CLOCK.search(line) is not None or self._dated_section(start) \
                or _DEFERRAL.search(line) is not None \
                or _CONDITION_LABEL.match(line) is not None or self._template_field(start, line)
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
        if SESSION_DEIXIS.search(m.group(0)) and _EVERY.search(scan, start, end):
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
            if _TODAY.match(word) and _FROM_BEFORE.search(before):
                return "here"   # "from today", "a partir de hoy": what holds from then on, as "now" after a change
        if _MARKED_PAST.search(scan, start, m.start()):
            return "here"   # its writer marked it as history
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

    def heading_before(self, start: int) -> str | None:
        return self._heading_before(start)

    def _heading_before(self, start: int) -> str | None:
        if self._headings is None:
            self._headings = list(_HEADING.finditer(self.scan))
            self._heading_starts = [h.start() for h in self._headings]
        i = bisect.bisect_left(self._heading_starts, start) - 1
        return self._headings[i].group(0) if i >= 0 else None

    def _template_field(self, start: int, line: str) -> bool:
        """A list item under a heading that names a template or format ("## Daily report format",
        "## 日报格式"): it names a field of every future report, its "today" is theirs."""
        if not _LIST_ITEM.match(line):
            return False
        heading = self._heading_before(start)
        return heading is not None and _TEMPLATE_HEADING.search(heading) is not None

    def _dated_section(self, start: int) -> bool:
        """In a dated record: a section titled by its date ("## 2026-03-28 — deploy"), or a
        document titled as one session's log ("# Copilot Session 3 — Mar 27"): it says when."""
        heading = self._heading_before(start)
        if heading is not None and (_HEADING_DAY.search(heading) or _leading_date(heading)
                                    or DATE.search(heading) and _LOG_WORD.search(heading)):
            return True   # a day's entry, or a heading that reports that day's event and dates it
        bold = self._bold_before(start)
        if bold is not None and _leading_date(bold):
            return True
        if self._title is False:
            self._title = _TITLE.search(self.scan)
        t = self._title
        return t is not None and t.start() < start and DATE.search(t.group(0)) is not None \
            and _LOG_WORD.search(t.group(0)) is not None

    def _bold_before(self, start: int) -> str | None:
        """The last wholly bold line above ``start`` in its section (None when none)."""
        if self._bolds is None:
            self._bolds = list(_BOLD_LINE.finditer(self.scan)) if "**" in self.scan else []
            self._bold_starts = [b.start() for b in self._bolds]
        i = bisect.bisect_left(self._bold_starts, start) - 1
        if i < 0:
            return None
        self._heading_before(start)
        h = bisect.bisect_left(self._heading_starts, start) - 1
        if h >= 0 and self._heading_starts[h] > self._bold_starts[i]:
            return None   # a heading stands between: the bold line is another section's
        return self._bolds[i].group(0)

    def event_under_dated_heading(self, m: re.Match, english: bool) -> bool:
        """A past event under a heading that holds a date anywhere ("## Release 2026-03-14 — evening",
        then "SHIPPED tonight"): history of that day, not a "now". A present state under such a
        heading ("## Estado em prod (deploy 2026-05-05)" over "not configured yet") still says now."""
        start = self._span(m)[0]
        heading = self._heading_before(start)
        if heading is None or DATE.search(heading) is None:
            return False
        # (a past tense is read in English only: elsewhere "deferred" or a name_used is no verb of the sentence)
        return _EVENT_DAY.match(m.group(0)) is not None or english and self.told_past(m)

    def told_past(self, m: re.Match) -> bool:
        """The sentence around it tells what happened, in the past ("the DB caught three bugs this
        session"), with no present state beside it."""
        sentence = self._sentence(m, *self._span(m))
        return _PAST_VERB.search(sentence) is not None and _PRESENT_AUX.search(sentence) is None

    def told_present(self, m: re.Match) -> bool:
        """The sentence around it says what holds, in the present ("deploys are blocked today")."""
        sentence = self._sentence(m, *self._span(m))
        # ("are blocked": a participle after a present verb is a state, so only a past verb that is
        # no participle counts against it)
        return _PRESENT_AUX.search(sentence) is not None and _PAST_FORM.search(sentence) is None

    def dated_line(self, m: re.Match) -> bool:
        return DATE.search(self.scan, *self._span(m)) is not None or _DATE_AFTER.match(self.scan, m.end()) is not None

    def open_question(self, m: re.Match) -> bool:
        """'not yet confirmed', '尚未確認': what is still to be found out, not a state that will change."""
        return _OPEN_QUESTION.match(self.scan, m.end()) is not None

    def day_of_document(self, m: re.Match, dated_name: bool, english: bool) -> bool:
        """A past event told by a day word ("the refresh ran yesterday", "fixed today") in a document
        dated by its name or its title: that day's history. A present state there ("hoje só texto":
        only text for now) still says now."""
        if _DAY_DEIXIS.match(m.group(0)) is None:
            return False
        if not dated_name:
            if self._title is False:
                self._title = _TITLE.search(self.scan)
            t = self._title
            if t is None or t.start() > m.start() or DATE.search(t.group(0)) is None:
                return False
        return _EVENT_DAY.match(m.group(0)) is not None or english and self.told_past(m)


def _leading_date(heading: str) -> bool:
    """A heading (or a bold line) that starts with its day: a log's entry for that day."""
    m = _HEAD_PREFIX.match(heading)
    return m is not None and (DATE.match(heading, m.end()) is not None or _DAY_MONTH.match(heading, m.end()) is not None)


def _dated_row(line: str) -> bool:
    """A table row whose first cell is a date ("| Mar 23 | … today … |"): a log's row, its day's."""
    cells = line.split("|", 2) if line.lstrip().startswith("|") else ()
    return len(cells) == 3 and DATE.fullmatch(cells[1].strip().strip("*_")) is not None


def _last_end(before: str) -> int:
    """Where the last sentence in ``before`` ends (0: none)."""
    last = 0
    for e in _SENTENCE_END.finditer(before):
        last = e.end()
    return last


def quoted(text: str, pos: int) -> bool:
    """Inside quotation marks on its line: dialogue or a word being discussed, not a statement."""
    start = max(text.rfind("\n", 0, pos) + 1, pos - 400)   # (a window: a long line stays linear)
    before = text[start:pos]
    return (before.count('"') % 2 == 1 or before.count("“") > before.count("”")
            or before.count("「") > before.count("」") or len(re.findall(r"(?<!\w)'", before)) % 2 == 1)
