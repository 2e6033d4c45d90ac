"""Test 1 on a whole entry (triage_decide): what says it is a record of work rather than lines
that hold — its headline (a name or description of a session, a handoff, a finished phase, a
rule for today only) and, for a status file by a layout's design (Cline's activeContext.md),
its sections: "## Recent" and "## Next" report the work, "## Decisions" and "## Patterns" hold."""
from __future__ import annotations

import re

from .triage_lines import _DONE_HEADING, _STATE_HEADING, Line, Reading, _strip_marks, quote
from .triage_rules import is_title, record_name
from .triage_shape import DOC_FILE as _DOC_FILE


def for_today(name: str, description: str) -> str | None:
    """The headline, when it bounds itself to today's clock ("no deploys today until 18:00"):
    true for one day, so a status even when it is worded as a rule."""
    head = f"{name}\n{description}"
    return (description or name) if _TODAY_ONLY.search(head) or _TOMORROW.search(head) else None


def waits_for_tomorrow(name: str, description: str) -> bool:
    return bool(_TOMORROW.search(f"{name}\n{description}"))


# a headline that waits for tomorrow ("drafts kept for tomorrow's comparison"): tomorrow is the day
# after it was written, so it held for that day only
_TOMORROW = re.compile(r"(?i)\b(?:tomorrow|amanhã|demain|domani|завтра)\b|明天|明日|내일")


_BACKLOG_HEAD = re.compile(r"(?i)^\W*(?:backlog|roadmap)\b|\b(?:durable|living|permanent|standing) backlog\b|"
                           r"\bbacklog (?:durable|vivo|permanente)\b")


def backlog(entry_id: str, description: str, body: str) -> bool:
    """A backlog by design: by its file name or two category headings (judging/owner_context), or a
    headline that names it one ("Backlog durable de …", "Roadmap: …")."""
    from ..judging.owner_context import living_backlog
    return bool(_BACKLOG_HEAD.search(description or "")) or living_backlog(entry_id, body)


def headline_is_process(entry_id: str, name: str, description: str) -> str:
    """'strong' when the entry's file name or its headline says it records work (a session, a
    handoff, a work log, a status report); 'weak' when its headline only has a word of work
    done or pending ('completed', 'entregue', 'pendientes'); '' otherwise."""
    entry_id, name, description = _unnamed(entry_id, name, description)
    head = f"{name}\n{description}"
    if record_name(entry_id) or _HEADLINE_PROCESS.search(head) or _HEAD_STATE.match(description or "") \
            or _TODAY_ONLY.search(head):
        # "progress and conclusions": its headline says it holds what the work found, which outlives
        # the work — weighed line by line (edit the status out), never archived for its name
        found = _FOUND.search(description or "") and not _SESSIONS.search(f"{entry_id}\n{head}")
        return "" if found else "strong"
    if _HOW_TO.match(description or ""):
        return ""   # "How production is deployed": a procedure, its verb in the passive, no work reported
    return "weak" if _HEADLINE_WORK.search(head) else ""


def _unnamed(entry_id: str, name: str, description: str) -> tuple[str, str, str]:
    """The entry's id, name and description with the words of the documents its description names
    by their files blanked out: a note about HANDOFF.html (its file handoff-vs-official-api.md)
    is about that document, not a handoff of its own."""
    stems = {m.group(1).lower() for m in _DOC_FILE.finditer(description or "")}
    if not stems:
        return entry_id, name, description
    words = re.compile(r"(?i)(?<![a-z0-9])(?:" + "|".join(re.escape(w) for w in sorted(stems, key=len, reverse=True))
                       + r")(?:\.[a-z]{2,5})?(?![a-z0-9])")
    base = entry_id.rsplit("/", 1)[-1]
    return entry_id[:len(entry_id) - len(base)] + words.sub("x", base), words.sub("x", name or ""), \
        words.sub("x", description or "")


# a record of sessions by its name (a log, a handoff): its lessons are the log's, read on the way
_SESSIONS = re.compile(r"(?i)session|handoff|hand-off|work ?log|dev-?log|daily|journal|standup|diary|chronolog|"
                       r"timeline|(?<![a-z])log(?![a-z])|会话|會話|日志|日誌|日报|日報|交接|セッション|세션")
# what work found, named beside its progress in a headline: conclusions, findings, results, lessons
_FOUND = re.compile(r"(?i)\b(?:conclusions?|findings?|results?|lessons?(?: learned)?|learnings?|takeaways?|insights?|"
                    r"conclusiones|hallazgos|resultados|lecciones|li[çc][õo]es|conclus[õo]es|Erkenntnisse|Ergebnisse|"
                    r"r[ée]sultats|le[çc]ons)\b|结论|結論|发现|發現|教训|教訓|结果|結果|知見|결론|교훈")


_HOW_TO = re.compile(r"(?i)^\W*(?:how (?!(?:i|we|they)\b)|c[óo]mo (?:se )?|comment (?:on )?|wie (?:man |wird |werden )|"
                     r"como (?:se |fazer )|где |как )")


# a headline bounded to today's clock ("no deploys today until 18:00"): true for a day, a status
_TODAY_ONLY = re.compile(r"(?i)\b(?:today|tonight|heute|hoy|hoje|aujourd'hui|oggi)\b[^\n]{0,40}?\b(?:until|till|bis|hasta|"
                         r"até|jusqu'à|fino a)\b|\b(?:until|bis|hasta|até)\s+\d{1,2}[:.h]\d{2}\b[^\n]{0,20}?\b(?:today|"
                         r"heute|hoy|hoje)\b|今日[^\n]{0,20}?まで|今天[^\n]{0,20}?(?:之前|为止)|오늘[^\n]{0,20}?까지")
_HEAD_STATE = re.compile(r"(?i)^\W*(?:status|state|estado|statut|stato|статус|状态|状態|상태)\b(?!\s+(?:y|and|e|et|und|и)\s)"
                         r"[^:\n]{0,40}[:：—–-]|^\W*(?:status|estado|statut|stato) (?:of|for|de|del|da|do|du|des)\b")
_HEADLINE_WORK = re.compile(
    r"(?i)\b(?:completed?|done|finished|shipped|implemented|deployed|pending|remaining|todo|progress|status|"
    r"completad[oa]s?|concluíd[oa]s?|entregues?|terminad[oa]s?|pendientes?|pendentes?|en curso|avance|"
    r"terminé|erledigt|fatto|готово|статус|hoàn thành)\b|完成|进度|待办|完了|進捗|완료|진행")


# a finished phase's report: "FASE 2 implantada em …", "Phase 3 complete", "第2阶段完成"
_PHASE_DONE = re.compile(
    r"(?i)\b(?:phase|fase|etapa|sprint|milestone|stage|étape|release|version)\s*\d+\b[^\n]{0,24}?\b(?:conclu[ií]d[oa]s?|completad[oa]s?|"
    r"complete[d]?|done|finished|released|went live|terminad[oa]s?|finalizad[oa]s?|abgeschlossen|termin[ée]e?s?|erledigt|"
    r"implemented|implementad[oa]s?|implantad[oa]s?|entregues?|shipped|delivered|umgesetzt)\b")


# a headline whose last words say the work was finished on a day: "Checkout rewrite — completed
# 2026-06-22", "重构——2026.6.22 完成" (a decision dated so is no report: "decided" is no done word)
_DAY = r"\d{4}[-./]\d{1,2}[-./]\d{1,2}"
_DONE_ON = re.compile(
    rf"(?i)(?:\s[—–-]+\s*|——\s*|[:：，,]\s*)(?:(?:completed?|done|finished|shipped|delivered|merged|terminad[oa]|"
    rf"conclu[ií]d[oa]|finalizad[oa]|abgeschlossen|termin[ée]e?)\s*(?:on|el|em|le|am)?\s*{_DAY}|"
    rf"{_DAY}\s*(?:完成|已完成|完了|완료|completed?|done|finished|shipped))\s*$")


def finished_phase(name: str, description: str) -> str | None:
    """The headline says a numbered phase (sprint, milestone) is done, or the work it names was
    finished on a day: the entry is its report. A *Why* in it tells why the work was done, which
    the code now holds; no reason to load it."""
    head = f"{name}\n{description}"
    return (description or name) if _PHASE_DONE.search(head) or _DONE_ON.search(description or "") else None


# the work a headline names, stopped: "PAUSED 2026-06-27. …", "… — shelved", "… — 已搁置"
_STOPPED_WORD = (r"(?:paused|on hold|shelved|abandoned|stopped|suspended|cancell?ed|inactive|discontinued|"
                 r"pausad[oa]|suspendid[oa]|abandonad[oa]|cancelad[oa]|en pausa|em pausa|descontinuad[oa]|pausiert|"
                 r"eingestellt|abgebrochen|en pause|abandonn[ée]e?|suspendu|annul[ée]e?|sospes[oa]|приостановлен\w*|"
                 r"остановлен\w*|заброшен\w*|tạm dừng|已?搁置|已?暂停|已停止|已放弃|已取消|中止|休止中?|보류|중단)")
# (possessive \W*+, and only a headline's length is read: a 20k run of "(" took two minutes)
_STOPPED = re.compile(rf"(?i)^\W*+{_STOPPED_WORD}(?:\b|(?=\W))\s*(?:\(?(?:since |on |el |em |le |am )?\d{{4}}[-./]\d{{1,2}}[-./]\d{{1,2}}\)?)?\s*[.:!—–-]|"
                      rf"(?:\s[—–-]+|——|[:：，,(（])\W*+{_STOPPED_WORD}\W*$")


# a headline about the domain's states ("Order lifecycle edge case — cancelled"): the word names a state, not the work's
_OF_STATES = re.compile(r"(?i)\b(?:lifecycle|states?|statuses|edge case|transitions?|workflow)\b|状态机|生命周期|ライフサイクル")


def stopped_work(name: str, description: str, notes: list[str]):
    """Archive (a Decision) when the headline says the work it names was stopped — paused, shelved,
    abandoned — as its first word or its last: a plan on hold, not live work for the agent."""
    from .triage_findings import Decision
    said = next((t for t in (description, name if is_title(name) else "") if t and len(t) <= 400 and _STOPPED.search(t)
                 and not _OF_STATES.search(t)), None)
    return None if said is None else Decision(
        "archive", 1, [f"its headline says the work was stopped: '{quote(said, 10)}'", "a plan on hold is where work "
                       "stood: the log keeps it, the owner takes it back to resume; the agent must not take it up as "
                       "live work"], notes=notes)


_HEADLINE_PROCESS = re.compile(
    r"(?i)\b(?:session (?:log|summary|notes|recap)|sessions? \d|status (?:after|report|update|as of)|"
    r"(?:development|dev|work|change|session|build) log|work history|history of (?:work|sessions)|"
    r"next session|for continuation|continue (?:in|next)|"
    r"chronolog\w*|timeline of (?:work|sessions)|resume from here|building queue|work queue|to build next|"
    r"история работ|хронолог\w*|"
    r"(?:implementation|current) status|progress(?: tracker| log| report)?|to-?do list|"
    r"(?:kept|conserva\w*|guardad[oa]) (?:for|por|para) (?:the record|trazabilidad|rastreabilidade|histor)\w*|"
    r"trazabilidad histórica|for historical (?:reference|traceability)|"
    r"pending (?:tasks|items|work)|what'?s pending|work log|worklog|handoff|handover|stage tracker|"
    # a list of what to do this week, today, this sprint: done by next time
    r"(?:pending|open items|pendientes?|pendentes?|pendências|offene punkte|en attente|à faire)\b[^\n]{0,12}?"
    r"\b(?:(?:for |of )?(?:this|next) (?:week|sprint|session)|today|(?:de |para )?(?:esta|la próxima|a próxima) (?:semana|sesión|sessão)|"
    r"(?:de |para )?(?:hoy|hoje)|(?:de |pour )?(?:cette|la) semaine|(?:für )?(?:diese|nächste) woche|heute)|"
    r"(?:this|next) (?:week|sprint|session|month)'?s? (?:to-?dos?|tasks|plan)|to-?dos? (?:for )?(?:this|next) (?:week|sprint|session)|"
    r"(?:today|this week)'?s? (?:to-?dos?|tasks)|tasks for (?:today|this week)|tareas (?:de|para) (?:hoy|esta semana)|"
    r"tarefas (?:de|para) (?:hoje|esta semana)|tâches (?:du jour|de la semaine)|aufgaben (?:für )?(?:heute|diese woche)|"
    r"completed?\b.{0,40}\b(?:tasks|sessions?|batch(?:es)?)|\d+ ?/ ?\d+ tasks|tasks? done|all (?:done|complete)|"
    r"état d'avancement|stand der arbeit|прогресс|tiến độ)\b|进度|进展|完成情况|進捗|残タスク|진행 ?상황|진척|완료 현황|"
    r"本周(?:待办|任务)|今天的?(?:待办|任务)|今週の(?:タスク|TODO|やること)|今日の(?:タスク|TODO|やること)|이번 ?주 ?(?:할 ?일|작업)|오늘 ?할 ?일|"
    r"\b(?:sesión del?|sessão d[eo]|resumo (?:do dia|da sessão)|resumen de (?:la )?sesión)\b|세션 ?(?:요약|기록)|작업 ?(?:정리|기록|일지)|"
    r"作業(?:ログ|記録|メモ)|セッション(?:記録|まとめ)|(?:会话|會話|对话|對話|交互|开发|開發|工作)(?:记录|記錄|日志|日誌)|"
    # the record of one event: a session's end, a meeting's notes ("Passation", "Notes de fin de session", 議事録)
    r"\b(?:fin de (?:la )?session|notes? de (?:la )?session|passation|où j'en suis|meeting (?:notes|minutes)|minutes of|"
    r"notes (?:from|of) (?:the |a |our )?[^\n]{0,30}?(?:meeting|call)|acta de (?:la )?reunión|ata da reunião|"
    r"besprechungs(?:notizen|protokoll))\b|会议纪要|会议记录|議事録|회의록|"
    # a finished phase's report, a handoff (where it stopped, where to pick it up)
    r"(?i:" + _PHASE_DONE.pattern[4:] + r"|"
    r"en qu[ée] punto qued[óo]|por d[óo]nde se retoma|d[óo]nde lo dejamos|onde (?:parou|paramos)|de onde retomar|"
    r"where (?:we|it|I) left off|pick(?:ing)? (?:it )?up where)|第?\d+\s*阶段.{0,10}完成|フェーズ\s*\d+.{0,10}完了|"
    # a week's log, a handover to a stand-in, a sprint's goals, the history of how a thing came to be
    r"(?i:\b(?:arbeitsprotokoll|wochenbericht|wochenprotokoll|übergabe(?:notiz\w*|protokoll\w*| an| für)|hand-?over (?:notes|to|for)|traspaso|passagem de turno|"
    r"weekly (?:log|report|update|summary)|informe semanal|resumen semanal|relatório semanal|resumo semanal|"
    r"(?:sprint|iteration|iteración|iteração)\s*\d+\s*(?:goals?|plan|scope|objectives?)|"
    r"(?:goals?|plan|objectives?|objetivos|ziele) (?:for|del|de|do|für)(?: el| o| la)? (?:sprint|iteration)\s*\d*|"
    r"(?:historial|histórico|history) (?:de |of )?(?:cómo|como|how) )\b)|周报|日报|週報|日報|주간 ?보고|업무 ?일지|"
    # a matter its headline says is closed ("RESUELTA.", "Closed:")
    r"(?im:^\W*(?:resolved|closed|resuelt[oa]|cerrad[oa]|resolvid[oa]|fechad[oa]|erledigt|geschlossen|résolue?|clôturée?)"
    r"\s*[.:!—–])|(?m:^\W*(?:已解决|已关闭|解決済み?|해결됨))")


# -- a status file's sections (Cline's activeContext.md: "## Decisions" beside "## Recent") ------------

# a heading over what the work did or is doing now: the lines under it are process
_WORK_HEADING = re.compile(
    r"(?i)^(?:recent(?:ly)?(?: changes| work| updates)?|latest(?: changes)?|last session|current(?: work)?(?: focus| task)?|"
    r"active (?:work|task)|next|what works|what'?s left(?: to build)?|known issues|"
    r"недавн\w*(?: изменения)?|текущ\w*(?: \w+)?(?: фокус\w*)?|следующ\w*|что работает|что осталось|"
    r"cambios recientes|foco actual|trabajo actual|mudanças recentes|foco atual|"
    r"最近(?:的)?(?:变更|更改|改动|工作)?|当前(?:工作|任务|焦点)?|最近の変更|現在(?:の作業|のフォーカス)?|"
    r"최근 ?(?:변경|작업)?|현재 ?(?:작업|초점)?|thay đổi gần đây|công việc hiện tại|"
    r"mevcut (?:odak|durum|iş)\w*|tamamlan\w*|sırada\w*|sonraki adım\w*|son değişiklik\w*|yapılacak\w*)\b.*$")
# a heading over what holds: the lines under it are kept when the rest is brought up to date
_KEPT_HEADING = re.compile(
    r"(?i)\b(?:decisions?|patterns?|preferences?|conventions?|learnings?|lessons?|insights?|constraints?|rules?|"
    r"principles?|gotchas?|pitfalls?|invariants?|architecture|guidelines?|"
    r"решени\w*|паттерн\w*|предпочтени\w*|правил\w*|ограничени\w*|"
    r"decisiones|patrones|reglas|convenciones|decisões|padrões|regras|décisions|règles|entscheidungen|regeln|"
    r"quyết định|quy tắc|kararlar?|kurallar?|tercihler|prensipler)\b|决策|决定|约定|规范|规则|模式|偏好|決定|規約|ルール|方針|결정|규칙|패턴|원칙")


def status_file_parts(reading: Reading) -> tuple[list[Line], list[Line]]:
    """A status file's content in two parts by what its sections are about: the lines that report
    the work (status lines, and any line under a heading of recent, current or next work) and the
    lines under a heading of what holds (decisions, patterns, rules, learnings). A line under no
    such heading is in neither."""
    work, kept = [], []
    under = ""   # the kind of the section we are in: "work", "kept" or ""
    for ln in reading.lines:
        if ln.kind == "heading":
            title = _strip_marks(ln.text.lstrip("#").strip(" *"))
            if not ln.text.startswith("##"):   # the file's title ("# Progress") restates its name: no section
                under = ""
                continue
            under = "work" if _WORK_HEADING.match(title) or _STATE_HEADING.match(title) or _DONE_HEADING.match(title) \
                else "kept" if _KEPT_HEADING.search(title) else ""
            continue
        if ln.kind in ("why", "how", "learned", "rule"):   # a rule, a reason, a lesson holds wherever it stands
            kept.append(ln)
        elif ln.kind in ("status", "final") or under == "work":
            work.append(ln)
        elif under == "kept":
            kept.append(ln)
    return work, kept


# the memory bank itself: its name, its folder, the core files Cline's memory bank is made of
_BANK = re.compile(r"(?i)memory[ _-]?bank|банк\w* памяти|banco de memoria|banque de mémoire|"
                   r"\b(?:projectbrief|productContext|activeContext|systemPatterns|techContext|progress)\.md\b")


def bank_setup(work: list[Line]) -> list[Line]:
    """The lines of work that are about setting up the memory bank itself ("initialize the Memory
    Bank", "created projectbrief.md, techContext.md", "next: create progress.md"), when they are at
    least half of the work a status file reports (and more than one line): the file is the status
    of the session that made the bank, done once the bank exists. [] otherwise."""
    about = [ln for ln in work if _BANK.search(ln.text)]
    return about if len(about) >= 2 and 2 * len(about) >= len(work) else []


def bank_files(lines: list[Line]) -> list[str]:
    """The core files the lines name ('progress.md')."""
    return list(dict.fromkeys(m.group(0) for ln in lines for m in re.finditer(
        r"\b(?:projectbrief|productContext|activeContext|systemPatterns|techContext|progress)\.md\b", ln.text)))


def holding(durable: list, content: list) -> str:
    """What of a status file holds, counted as it is: a rule, a reason or a lesson apart from a
    plain statement of the project (a line that is no status is not thereby a rule)."""
    ruled = [ln for ln in durable if ln.kind in ("why", "how", "learned", "rule")]
    first = (ruled or durable or [None])[0]
    said = f"{len(ruled)} of its {len(content)} lines hold a rule, a reason or a lesson"
    if len(durable) > len(ruled):
        said += f", {len(durable) - len(ruled)} more describe the project"
    return said + (f": from line {first.n} '{quote(first.text, 7)}'" if first is not None else "")


def status_file_why(entry_id: str, content: list, durable: list, setup: list, entries) -> str:
    if setup:
        files = [f for f in bank_files(setup) if f in entries and f != entry_id]
        return (f"a status file by the layout's design ({entry_id}) whose work is setting up the memory bank itself: "
                f"{len(setup)} of its lines of work, from line {setup[0].n} '{quote(setup[0].text, 7)}'"
                + (f"; {', '.join(files[:3])} {'is' if len(files) == 1 else 'are'} in the folder now" if files else "")
                + " — that session is over")
    return f"a status file by the layout's design ({entry_id}), and " + holding(durable, content)
