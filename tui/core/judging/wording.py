"""Transient and process wording (SPEC §5), in the languages agents write memory in.

``transient``: a "right now" statement — it will not hold next session, and the agent
cannot tell when "now" was. ``process``: a whole session log or status report kept as
memory ("what I did", progress checklists, "current state" sections, "deploy pending as
of …"): the seed's first sorting test says it belongs in the log, with only the durable
fact kept. Words inside code, quotes or a possessive ("today's date") are not statements.
"""
from __future__ import annotations

import re

from .. import hints
from .findings import Finding
from .day_names import name_ends
from ..textutil import lazy_re, line_of, line_span, without_code, without_comments
from .owner_context import frontmatter_label, in_state_list, living_backlog, on_purpose
from .line_language import BORROWED, FUNCTION_WORDS, reads_as_other
from .time_scope import unsaid
from .time_context import DATE, DAY_WORD, RETRO, SESSION_DEIXIS, TimeContext, quoted

# (language, cheap hint that must be in the lower-cased text, pattern)
TRANSIENT: list[tuple[str, tuple[str, ...], re.Pattern]] = [
    # each alternative below holds one of these phrases (a bare "session" or "now" ran the pattern
    # on most memories for nothing); in text that is not ASCII the pattern always runs, as (?i)
    # also matches "ı" for i and "ſ" for s
    ("en", ("right now", "currently", "the moment", "at present", "as of", "today", "tonight", "this morning",
            "this afternoon", "this evening", "this session", "just now", "for now", "time being",
            "temporarily", "yesterday", "this week", "next session", "not yet", "halfway"),
     re.compile(r"(?i)(?<!['\"‘“/_.-])\b(?:right now|currently|at the moment|at present|as of (?:now|today|this (?:morning|"
                r"week))|today(?!['’]s)|for today['’]s|today['’]s (?=\w+ (?:is|are|was|uses?)\b)|tonight|"
                r"this (?:morning|afternoon|evening|session|week)|just now|for now|next session|not yet|"
                r"for the time being|temporarily|yesterday|earlier today|so far today|(?:i['’]?m|i am|we['’]?re|we are) half-?way through)\b(?!['\"’”]|[-_/.]\w)")),   # (not a name: today-mao)
    ("zh", ("现在", "目前", "刚", "今天", "今晚", "此刻", "眼下", "这会儿", "暂时", "昨天", "本周", "尚未", "还没",
            "還沒", "仍未", "暂未", "暫未", "会话", "对话", "會話", "当前"),
     re.compile(r"(?:(?<![发出实表体呈显發實體顯])[现現]在|目前|刚才|刚刚|今天|今晚|此刻|眼下|这会儿|暂时|昨天|本周|当前(?=[为是仍还处只仅已])|"
                # "not yet" said of something ("支付模块尚未接入"), not of a set ("尚未同步的记录") nor a time ("尚未开始时")
                r"(?:尚未|还没有?|還沒有?|仍未|暂未|暫未)(?![^。；;，,！!？?\n]*(?:的|(?<!及)[时時]))|"
                r"本次会话|这次会话|本次对话|这次对话|本次會話|這次會話)")),
    ("ja", ("いま", "今", "現在", "本日", "先ほど", "さっき", "現時点", "昨日", "まだ", "セッション"),
     re.compile(r"(?:いま(?![だす])|今は|今日|(?<![樣样標标基資资])本日|(?<![出表実實発發呈顕顯体體])現在(?![地位値])|先ほど|さっき|"
                r"今のところ|現時点|昨日|今回のセッション|このセッション|"
                # "not yet" as a statement: まだ and a negation that ends its clause ("まだ実装していない。"),
                # not one that names a set ("まだ同期されていないレコード")
                r"まだ(?=[^。\n]{0,30}?(?:ない|ません|未(?:完了|対応|実装)?)(?:[。、\n）)]|$|です|よう)))")),
    ("ko", ("현재", "지금", "오늘", "방금", "아까", "어제", "당분간", "요즘", "아직", "이번 세션"),
     re.compile(r"(?:현재(?! ?값| ?시각| 시간 표시| ?위치| ?상태를 저장)|지금|오늘|방금|아까|어제|당분간|요즘|이번 세션|"
                # 아직 and a negation ending its clause ("아직 구현 안 됨."), not a set ("아직 … 않은 레코드")
                r"아직(?=[^.\n]{0,30}?(?:않|안 |안됨|못|없|전)[^.,\n\s]{0,6}(?:[.,\n]|$)))")),
    ("es", ("ahora", "actualmente", "momento", "hoy", "ayer", "sesión", "todavía no", "aún no", "esta semana", "a medias"),
     re.compile(r"(?i)\b(?:ahora mismo|actualmente|en este momento|de momento|por ahora|hoy|ayer|próxima sesión|esta semana|"
                r"(?:estoy|estamos) a medias|(?:en )?esta sesión|"
                r"todavía no|aún no)\b")),
    # "agora" alone is "now (that it changed)": as English "now", not a statement of the moment
    ("pt", ("agora", "atualmente", "momento", "hoje", "enquanto", "ontem", "ainda não", "sessão", "esta semana"),
     re.compile(r"(?i)\b(?:agora mesmo|por agora|atualmente|no momento|neste momento|hoje|por enquanto|ontem|n?esta semana|"
                r"nesta sessão|esta sessão|"
                r"ainda não)\b")),
    ("it", ("attualmente", "momento", "per ora", "oggi", "ieri", "adesso", "ancora", "sessione"),
     re.compile(r"(?i)\b(?:attualmente|al momento(?! del| della| dello| di| in cui)|in questo momento|per ora|"
                r"per il momento|oggi|ieri|adesso|"
                r"non (?:\w+ )?ancora|prossima sessione|(?:in )?questa sessione)\b")),
    ("fr", ("moment", "actuellement", "aujourd", "instant", "hier", "ce matin", "encore", "cette session"),
     re.compile(r"(?i)\b(?:en ce moment|actuellement|aujourd['’]hui|pour l['’]instant|pour le moment|cette session|"
                r"hier|ce matin|pas encore)\b")),
    ("de", ("moment", "derzeit", "momentan", "zurzeit", "heute", "gestern", "gerade", "vorerst", "sitzung"),
     re.compile(r"(?i)\b(?:im moment|derzeit|momentan|zurzeit|heute|gestern|gerade (?:eben|jetzt)|vorerst|"
                r"(?:in )?dieser sitzung)\b")),
    ("vi", ("hiện", "bây giờ", "hôm nay", "hôm qua", "lúc này", "tạm thời", "phiên này"),
     re.compile(r"(?i)(?:hiện tại|hiện nay|bây giờ|hôm nay|hôm qua|lúc này|tạm thời|phiên này)")),
    ("ru", ("сейчас", "момент", "сегодня", "вчера", "пока", "настоящее", "временно", "сессии"),
     re.compile(r"(?i)\b(?:сейчас|в данный момент|на данный момент|сегодня|вчера|пока что|в настоящее время|"
                r"временно|в этой сессии)\b")),
    # Turkish: "şu anda" (right now), "şimdilik" (for now), "henüz" (not yet), "bu oturumda" (this session)
    ("tr", ("şu an", "şimdilik", "bugün", "dün", "henüz", "oturum", "geçici"),
     re.compile(r"(?i)(?<!\w)(?:şu an(?:da)?|şimdilik|bugün|dün|henüz|bu oturumda|geçici olarak|şu sıralar)(?!\w)")),
]


_CJK = re.compile(r"[\u4e00-\u9fff]")
_KANA_OR_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_VI = re.compile(r"hiện|bây giờ|hôm|lúc này|tạm thời")
_NO_SCRIPTS = dict.fromkeys(("zh", "ja", "ko", "ru", "vi"))   # every one of them needs a non-ASCII letter
# every hint once, with its rule: one flat pass of substring tests (a generator per language cost more)
_RULES_OF_HINT: dict[str, set[int]] = {h: {i for i, (_, hs, _) in enumerate(TRANSIENT) if h in hs} for _, hs, _ in TRANSIENT for h in hs}
_ASCII_HINTS = frozenset(h for h in _RULES_OF_HINT if h.isascii())
_OTHER_HINTS = sorted(h for h in _RULES_OF_HINT if not h.isascii())
_OTHER_PRESENT = hints.finder(_OTHER_HINTS)
hints.register(_ASCII_HINTS)
_ENGLISH = {i for i, (lang, _, _) in enumerate(TRANSIENT) if lang == "en"}   # its hints gate ASCII text only
# a word these patterns bound as one each side ('oggi', 'hier'): not inside "logging", "hierarchy" (hints.whole_word)
_WORD_HINTS = frozenset(h for lang, hs, _ in TRANSIENT if lang in ("es", "pt", "it", "fr", "de") for h in hs if h.isalpha())


def _rules_hinted(low: str, others: bool) -> set[int]:
    """The rules whose hints occur in ``low`` (a word hint as a whole word, in ASCII text): the ASCII
    ones from the shared pass, the others (``others``: only in text that is not ASCII) by substring tests."""
    found = [*(hints.present(low) & _ASCII_HINTS), *(_OTHER_PRESENT(low) if others else ())]
    return {i for h in found if others or h not in _WORD_HINTS or hints.whole_word(low, h) for i in _RULES_OF_HINT[h]}


def transient_findings(entry_id: str, text: str, body_line: int = 1, scan: str | None = None) -> list[Finding]:
    """'right now' statements: process, not fact. Checked in the name, description and body."""
    out, seen = [], set()
    scan = without_code(text) if scan is None else scan
    # a comment is a note to people (a last-sync stamp, a banner), not a statement the memory makes
    scan = without_comments(scan)
    low = scan.lower()
    lines = None
    ctx = TimeContext(scan)
    if RETRO.search(entry_id):
        return []   # a retro, changelog or history is a record: its "today" and "this session" are its own day's
    dated_name = DATE.search(entry_id.rsplit("/", 1)[-1]) is not None
    backlog = None   # whether the file is a living backlog: asked at its first time word (most have none)
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
                if not re.match(r"\s*(?:name|description)\s*:", lines[ln - 1]) or frontmatter_label(lines[ln - 1]):
                    continue   # (a name is a label; a description that says what the file tracks, its subject)
            if ln in seen or quoted(scan, m.start()):
                continue
            if lang in FUNCTION_WORDS and lang not in BORROWED and reads_as_other(scan[slice(*line_span(scan, m.start()))], lang, scan):
                continue   # the line is in another language, where the word means something else ("hier")
            if backlog is None:
                backlog = living_backlog(entry_id, scan)
            if backlog and not DAY_WORD.match(m.group(0)) and not SESSION_DEIXIS.search(m.group(0)):
                continue   # a living backlog's "not yet" and "currently": its open items, what the file is for
            if on_purpose(scan, m.start(), ctx.heading_before(m.start())):
                continue   # an open question, a rule for what later notes say: the owner's on purpose
            if unsaid(scan, m, ctx, ctx.heading_before(m.start())):
                continue   # a rule's reason, a backlog item, a dated line or heading, a decision
            why = ctx.not_now(m)
            if why == "line":
                seen.add(ln)   # nothing on this line says now: its other time words are not looked at again
            if why:
                continue
            word = m.group(0)
            if word[:1].isupper() and DAY_WORD.match(word) and name_ends(scan, m.start(), m.end()):
                continue   # "Social Media Today", "Psychology Today": the last word of a name, no day
            if ctx.event_under_dated_heading(m, english=lang == "en"):
                continue   # "SHIPPED tonight" under "## Release 2026-03-14": that evening's history
            if ctx.day_of_document(m, dated_name, english=lang == "en"):
                continue   # "today" in session_2026-05-25.md or under "# Incident 2026-05-25": that day
            if _soft(word) and ctx.open_question(m):
                continue   # "not yet confirmed": an open question, true until someone checks
            if dated_name and SESSION_DEIXIS.search(word):
                continue   # "this session" in session_2026-03-25.md: the session its name dates
            seen.add(ln)
            dated = ctx.dated_line(m)
            day = DAY_WORD.match(word) is not None
            if dated and day:
                continue   # "today (2026-05-15)": the date says which day; an event or a reading of it
            past = not dated and SESSION_DEIXIS.search(word) is not None and ctx.told_past(m)
            # a day's name states what holds when an English sentence says it in the present
            # ("deploys are blocked today"); elsewhere it dates an event as often ("rebuilt today")
            unsure_day = day and not (lang == "en" and ctx.told_present(m))
            out.append(_time_word(entry_id, ln, word, soft=_soft(word), dated=dated, past=past, day=unsure_day))
    for ln, word in _open_statuses(scan, low):
        if backlog is None:
            backlog = living_backlog(entry_id, scan)
        if backlog:
            break   # a backlog's "pending" and "blocked" are its items
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
            if o and not in_state_list(m.group(0), o.start(), o.end()):   # "hecho / pendiente / fuera": categories
                yield line_of(scan, m.start()), o.group(0)
    if "#" in scan and "(" in scan:
        for m in _STATUS_MARK.finditer(scan):
            yield line_of(scan, m.start()), m.group(1)


def _time_word(entry_id: str, ln: int, word: str, soft: bool, dated: bool, past: bool = False,
               day: bool = False) -> Finding:
    """A possible finding says only what its words show: a provisional statement ("for now",
    "not yet") may still hold, a dated record says when its "now" was, and a past event told
    as "this session" will not go stale but reads as the reader's session — worth a check,
    not a claim that it will be stale."""
    if past:
        return Finding(entry_id, "transient", "time-word", ln,
                       f"a past event told as '{word}': a later session reads it as its own",
                       f"say when it was (a date), or drop '{word}'", confidence="possible")
    if day and not soft and not dated:
        # a day's name dates an event as often as it states what holds ("rebuilt today", "the order
        # placed today"): measured on the tune part, half of them were worth acting on
        return Finding(entry_id, "transient", "time-word", ln,
                       f"a day named as '{word}': if it tells what holds, it will not hold next session",
                       f"if it states what holds, drop '{word}' and rewrite it as what stays true; if it "
                       "dates an event, write the date", confidence="possible")
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
_SOFT_WORDS = re.compile(r"(?i)ancora|encore|not yet|todavía no|aún no|ainda não|noch nicht|尚未|还没|還沒|仍未|暂未|暫未|"
                         r"まだ|아직|henüz|şimdilik|geçici")


def _soft(word: str) -> bool:
    w = word.lower().replace("’", "'")
    return w in _SOFT or _SOFT_WORDS.search(w) is not None
# -- process: session logs and status reports -----------------------------------------------------

_STATUS_HEADING = re.compile(
    r"(?im)^[ \t]{0,3}(?:#{1,6}[ \t]*|\*\*)[ \t]*(?:[\w-]+\s+)?(?:session (?:log|summary|notes?|recap)|work ?log|progress|"
    r"status(?: update| report)?|current (?:state|status)|what (?:i|we) did|done today|next steps|handoff|"
    r"changelog of (?:this|the) session|진행 ?상황|현재 ?상태|작업 ?로그|세션 ?요약|進捗|作業ログ|現在の状態|进度|"
    r"工作日志|当前状态|会话记录|trạng thái hiện tại|tiến độ|estado actual|progreso|estado atual|progresso|"
    r"état actuel|avancement|aktueller stand|fortschritt|текущее состояние|прогресс)\b")
_CHECKBOX = re.compile(r"(?m)^\s*[-*+]\s+\[([ xX✓])\][ \t]*(~~)?")
# "**Status**: Ready for deployment" — a field naming the state of the entry's subject, as specs and
# decision records carry it; a status section, a dated status or a status update is still a report
_STATUS_FIELD = re.compile(r"[ \t]*(?:\*\*:|:\*\*)[ \t]*[^\s(]")
# the entry's own frontmatter says it is a rule the user gave (Claude Code's `type: feedback`)
_FEEDBACK = re.compile(r"\A---[ \t]*\n(?:(?!---)[^\n]*\n)*?[ \t]*type:[ \t]*[\"']?feedback\b", re.I)
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
# a report's two halves, each a label of its own (a heading, a bold label, a line "Label:"): what was done
# and what comes next, in the languages agents write in ("## YAPILDI" … "## Sıradaki", "已完成：" … "下一步：")
_DONE_WORDS = ("done", "completed", "finished", "shipped", "yapıldı", "yapildi", "yapılanlar", "yapilanlar", "tamamlandı",
               "tamamlandi", "tamamlananlar", "已完成", "今日完成", "今天完成", "本日完成", "今日の作業", "오늘 한 일",
               "完成事项", "已做", "完了", "完了したこと", "完了した作業", "やったこと", "완료", "완료된 작업", "한 일", "hecho",
               "hecho hoy", "completado", "feito", "concluído", "fait", "terminé", "erledigt", "fertig", "сделано",
               "выполнено", "đã xong", "đã làm", "hoàn thành", "fatto", "completato")
_NEXT_WORDS = ("next", "next up", "up next", "next step", "next steps", "todo", "to do", "remaining", "sıradaki",
               "sıradakiler", "siradaki", "siradakiler", "sonraki adımlar", "yapılacaklar", "下一步", "待办", "待辦", "待开发", "待開發", "待完成", "后续", "後續", "次にやること",
               "次のステップ", "残り", "残タスク", "다음", "다음 단계", "다음 할 일", "남은 작업", "siguiente", "siguientes pasos",
               "próximos pasos", "pendientes", "próximos passos", "pendente", "prochaines étapes", "à faire",
               "nächste schritte", "offen", "дальше", "следующие шаги", "bước tiếp theo", "việc tiếp theo",
               "prossimi passi", "da fare")
# (tried on the lower-cased text, the words as one trie: a label is looked for at every line's start)
_LABEL = r"(?m)^[ \t]{0,3}(?:#{1,6}[ \t]*|[-*+][ \t]+)?(?:\*\*)?[ \t]*(?:[✅☑️✔🔜⏭️➡️📌]+[ \t]*)?(?:%s)[ \t]*(?:\([^)\n]{0,20}\))?[ \t]*(?:\*\*)?[ \t]*(?:[:：]|$)"
_DONE_LABEL = lazy_re(lambda: _LABEL % hints.trie_pattern(_DONE_WORDS))
# the done words, looked for first (in the shared pass of hint words): most texts hold none
_DONE_ASCII = frozenset(w for w in _DONE_WORDS if w.isascii())
hints.register(_DONE_ASCII)
_DONE_OTHER = hints.finder(sorted(w for w in _DONE_WORDS if not w.isascii()))
_NEXT_LABEL = lazy_re(lambda: _LABEL % hints.trie_pattern(_NEXT_WORDS))
_NAME_WORD = re.compile(r"(?i)(?:^|[/_-])(?:session|progress|progreso|progresso|sprint|status|handoff|worklog|work-log|todo|"
                        r"daily-log)(?:[_.-]|$)|进度|進度|进展|進捗|工作日志|开发日志|開発ログ|作業ログ|진행\s?상황|작업\s?일지")   # (no word breaks in CJK names)
_NAME_HINT = re.compile(_NAME_WORD.pattern + r"|\d{4}-\d{2}-\d{2}")


_TEMPLATE = re.compile(r"(?i)(?:^|[/_.-])templates?(?:[/_.-]|$)")


def is_template(entry_id: str) -> bool:
    """A form to fill by its name: what it holds are blanks, not a status."""
    return _TEMPLATE.search(entry_id) is not None


def _status_section(scan: str) -> re.Match | None:
    """The first status heading that reports rather than labels: a bare `**Status**: value` field
    (an ADR's or a spec's) is passed over."""
    for m in _STATUS_HEADING.finditer(scan):
        head = m.group(0).lower()
        if not (head.lstrip().startswith("**") and head.endswith("status") and "current" not in head
                and _STATUS_FIELD.match(scan, m.end())):
            return m
    return None


def _dates_the_same(said: re.Match, status: re.Match | None, scan: str) -> bool:
    """True when an "as of <date>" stands in the paragraph a status heading opens ("## Status" then
    "Not started as of 2026-05-17"): it dates that status, one statement and so one sign."""
    if status is None or "as of" not in said.group(0).lower() or said.start() < status.start():
        return False
    par = scan.find("\n", status.end())
    if par < 0:
        return True
    while scan.startswith("\n", par) or scan.startswith(" ", par):
        par += 1
    end = scan.find("\n\n", par)
    return said.start() < (len(scan) if end < 0 else end)


def process_findings(entry_id: str, text: str, body_line: int = 1, scan: str | None = None) -> list[Finding]:
    """One finding when the entry reads as a session log or a status report (two signs or more)."""
    if is_template(entry_id):
        return []   # a form to copy (PROGRESS_TEMPLATE.md, templates/x.md): its sections are blanks
    scan = without_code(text) if scan is None else scan
    signs: list[tuple[str, int]] = []
    status = m = _status_section(scan) if ("#" in scan or "**" in scan) else None
    if m:
        signs.append((f"a '{m.group(0).strip(' #*')[:40]}' section", m.start()))
    boxes = _CHECKBOX.findall(scan) if any(map(scan.__contains__, _BOXES)) else []
    # every box ticked or struck out: a closed list of what was settled (tested → rejected), no work in
    # progress; one open box makes it a to-do or progress list
    if len(boxes) >= 3 and any(mark == " " and not struck for mark, struck in boxes):
        signs.append((f"a checklist of {len(boxes)} items", _CHECKBOX.search(scan).start()))
    if "**" in scan:
        records = _CHANGE_RECORD.findall(scan)
        if len(records) >= 2:
            signs.append((f"{len(records)} change records ('{records[0]}: …')",
                          _CHANGE_RECORD.search(scan).start()))
    low = scan.lower()
    if len(low) != len(scan):   # lower() changed lengths (İ): positions must not drift
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in scan)
    said = hints.present(low) & _DONE_ASCII or not scan.isascii() and _DONE_OTHER(low)
    done = _DONE_LABEL.search(low) if said else None
    nxt = _NEXT_LABEL.search(low) if done else None
    if done and nxt:   # what was done and what comes next: a report of a session, in two signs
        signs += [(f"a '{done.group(0).strip(' #*:：-')[:20]}' list", done.start()),
                  (f"a '{nxt.group(0).strip(' #*:：-')[:20]}' list", nxt.start())]
    m = _COMMIT_HEADING.search(scan) if "#" in scan else None
    if m:
        signs.append((f"a commit-message heading ('{m.group(0).strip(' #')[:30]}')", m.start()))
    later: list[tuple[str, int]] = []
    dated = list(_DATED_STATUS.finditer(scan)) if "-" in scan and (
        not scan.isascii() or any(map(low.__contains__, _STATUS_WORDS))) else []
    if len(dated) >= 2:
        later.append((f"{len(dated)} dated status lines", dated[0].start()))
    name = entry_id.rsplit("/", 1)[-1]
    named = _NAME_HINT.search(name) is not None
    # "this session" alone is one sign, never two: the costliest scan runs only when another sign is there
    m = _SESSION.search(scan) if (signs or later or named) and any(map(low.__contains__, _SESSION_HINTS)) else None
    if m and not _dates_the_same(m, status, scan):
        signs.append((f"'{m.group(0)[:40]}'", m.start()))
        # "state as of 2026-03-15" in "…_2026-03-15.md": one date said twice is one sign
        if named and "as of" in m.group(0).lower() and not _NAME_WORD.search(name):
            named = m.group(0)[-10:] not in name.replace("_", "-")
    if named:
        later.append((f"its name ({entry_id})", -1))
    signs += later
    # a rule by its author's word (feedback): its session words or dated name say when the rule
    # applies, so it takes a third sign to read as a log
    if len(signs) < 2 or (len(signs) == 2 and _FEEDBACK.match(text)):
        return []
    first = min((pos for _, pos in signs if pos >= 0), default=-1)
    line = line_of(text, first) if first >= 0 else None
    return [Finding(entry_id, "process", "session-log", line,
                    "reads like a session log or status report, not a memory: " + ", ".join(s for s, _ in signs),
                    "move it to the session log (or a HANDOFF file); keep only the durable fact — the rule, "
                    "the decision, the cause — as a memory")]

