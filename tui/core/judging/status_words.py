"""The words of status (judging/status_blocks reads with them): a state's and a phase's label and
value, a date or a month beside a state, a state closed or still open, a session's date, a share of
the work done, a process's id — the vocabulary, apart from the reading of blocks."""
from __future__ import annotations

import re


_DATE = re.compile(r"(?<!\d)(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)|(?<!\d)(?:19|20)\d{2}年\d{1,2}月\d{1,2}日?")
_HEADING = re.compile(r"(?m)^(#{1,6})[ \t]+([^\n]+)$")
_HAS_DATE = re.compile(r"(?:19|20)\d{2}[-/.年]\d")   # (a cheap test: a year and a digit after it)
_STATE = re.compile(r"(?i)\b(?:status|estado|stato|statut|stand|état|progress|progreso|progresso|fortschritt|avancement|"
                    r"durum|tình trạng|trạng thái|статус|состояние|прогресс)\b|状态|狀態|状態|状況|ステータス|進捗|进度|進度|상태|진행 ?상황")
_NOW = re.compile(r"(?i)\b(?:current|currently|now|atual|actual|actuel|aktuell|attuale|güncel|mevcut|hiện tại|"
                  r"текущ\w*|updated|as of|actualizado|atualizado|mis à jour|aktualisiert)\b|当前|目前|現在|現状|현재|最新")
# a heading that is "Current" and a date: "## Current (2026-04-01, after the move)"
_NOW_DATED = re.compile(r"(?i)^\W*(?:current|now|atual|actual|当前|現在|현재)\W*(?:\(|—|–|-|:|,)")
# a delivery mark in capitals, or a word of one, beside a date: "IMPLEMENTED (2026-03-02)", "Delivered 2026-02-20"
_DELIVERED = re.compile(r"(?:\b(?:IMPLEMENTED|DELIVERED|SHIPPED|DONE|COMPLETED?|MERGED|DEPLOYED|RELEASED|FIXED)\b|"
                        r"\b(?:Implemented|Delivered|Shipped|Completed|Deployed|Released)\b|已完成|已上线|完了|완료|"
                        r"\b(?:Implementado|Entregue|Entregado|Concluído|Terminado|Livré|Geliefert|Tamamlandı)\b)"
                        r"[ \t]*[(\[—–:-]?[ \t]*(?:on[ \t]+)?(?=(?:19|20)\d{2}[-/.]\d)")
# (one step or several: "Next step:" is the same label as "Next steps:", in every language)
_NEXT = re.compile(r"(?m)^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:NEXT(?: UP| STEPS?)?|Next(?: steps?| up)?|下一步|后续计划|"
                   r"다음 단계|다음 할 일|次のステップ|次にやること|Próximos? pasos?|Próximos? passos?|Siguientes? pasos?|"
                   r"Prochaines? étapes?|Nächster? Schritte?|Sıradaki(?:ler)?|Следующи(?:е шаги|й шаг)|"
                   # the same labels in capitals ("СЛЕДУЮЩИЙ ШАГ:", "PRÓXIMOS PASOS:"), as "NEXT:" is read
                   r"PRÓXIMOS? PASOS?|PRÓXIMOS? PASSOS?|SIGUIENTES? PASOS?|PROCHAINES? ÉTAPES?|NÄCHSTER? SCHRITTE?|"
                   r"SIRADAKI(?:LER)?|СЛЕДУЮЩИ(?:Е ШАГИ|Й ШАГ))(?:\*\*)?[ \t]*[:：](?:\*\*)?[ \t]*\S")
_DONE = r"(?:已完成|完成了|已实现|完了|완료|\bdone\b|\bfinished\b|\bterminado\b|\bconcluído\b|\bconcluido\b|\btamamlandı\b)"
_WAIT = r"(?:等待|待定|待确认|(?:(?<![\u4e00-\u9fff])|(?<=[仍还尚正后]))待(?![办辦定遇])(?=[\u4e00-\u9fff])|待ち|대기|\bwaiting (?:for|on)\b|\besperando\b|\baguardando\b|\ben attente\b|\bbekleniyor\b)"
_DONE_THEN_WAIT = re.compile(r"(?im)^[^\n]*" + _DONE + r"[^\n]{0,40}?" + _WAIT + r"[^\n]*$")
# "first time using X" said of the user: true the week it was written
_FIRST_TIME = re.compile(r"(?i)\bfirst time (?:using|with|trying|learning|writing)\b|\bprimera vez (?:usando|con)\b|"
                         r"\bprimeira vez (?:usando|com)\b|初めて(?:使|触|の)|第一次(?:使用|用|接触)|처음 (?:사용|써|접)")
_USER_ENTRY = re.compile(r"(?i)\A---[ \t]*\n(?:(?!---)[^\n]*\n)*?[ \t]*type:[ \t]*[\"']?user\b")
_FOOTER = re.compile(r"(?i)(?<!\w)(?:last updated|last update|updated|última actualización|última atualização|dernière mise à jour|"
                     r"zuletzt aktualisiert|stand|最終更新|最后更新|更新于|更新日|마지막 업데이트|последнее обновление)"
                     r"[^\d\n]{0,6}((?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2})")


def _day(date: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.split(r"[-/.年月日]", date) if p)


# (possessive blanks: a line of 10k spaces and tabs made the plain pattern backtrack for 30 s)
_LABEL_LINE = re.compile(r"(?m)^[ \t]*+(?:[-*+][ \t]++)?(?:\*\*)?([^\n:：*]{2,50}?)(?:\*\*)?[ \t]*+[:：](?:\*\*)?[ \t]*\S")


# a state closed at its date, or held since a date, or re-checked and still valid: a record that stays
# true ("Status: RESOLVED (2026-04-17)", "DONE (2026-05-28): …", "Estado atual (desde 2026-05-04)",
# "Estado pós-2026-05-11", "상태(2026-07-08 재확인, 여전히 유효)"); nothing for the owner to move (stop 37:
# 13 of the 25 tune findings of this rule were such records, none acted on)
_CLOSED = re.compile(r"(?i)\b(?:complete[d]?|resolved|done|fixed|closed|deployed|shipped|merged|released|delivered|"
                     r"dropped|abandoned|discarded|descartad[oa]|"
                     r"implemented|finished|verified|cerrad[ao]|resuelt[ao]|conclu[ií]d[ao]|terminad[ao]|completad[ao]|"
                     r"completat[oa]|risolt[oa]|chius[oa]|fermée?|termin[ée]e?|erledigt|abgeschlossen|behoben|"
                     r"tamamlandı|çözüldü|завершен[оа]?|решен[оа]?|still valid|re-?(?:verified|confirmed|checked))\b|"
                     r"已完成|已解决|已解決|已修复|完成|完了|解決済|解决|완료|해결|여전히 유효|재확인|仍然有效|仍有效|再確認")
# what keeps a closed word from closing the block: something still open in the same words
_OPEN = re.compile(r"(?i)\b(?:deferred|pending|in progress|wip|waiting|blocked|partial(?:ly)?|remaining|todo|next|"
                   r"pendiente|pendente|in attesa|en curso|em andamento|ausstehend)\b|待|未完|진행 ?중|대기|進行中|保留")
_SINCE = re.compile(r"(?i)(?:\b(?:since|desde|seit|depuis|dal|pós|post|after|após|nach|dopo|après)[ \t-]*"
                    r"(?:(?:the|el|o|a|le|la|dem|il)[ \t]+)?(?:19|20)\d{2}[-/.]\d)|(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}"
                    r"[ \t]*(?:以来|から|부터)")


def _settled(words: str) -> bool:
    """The words say the state is closed, held since a date, or re-checked: a record, not a status."""
    return (_CLOSED.search(words) is not None and _OPEN.search(words) is None) or _SINCE.search(words) is not None


# a month and its year dates a state as well as a day does ("Estado Marzo 2026", "Status — March 2026",
# "状态（2026年3月）", "Stand 2026-03")
_MONTH_YEAR = re.compile(r"(?i)(?<![\w-])(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|"
                         r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
                         r"septiembre|octubre|noviembre|diciembre|janeiro|fevereiro|março|maio|junho|julho|setembro|"
                         r"outubro|novembro|dezembro|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|"
                         r"novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember)\.?,?[ \t]+(?:de[ \t]+)?"
                         r"(?:19|20)\d{2}(?!\d)|(?<![\d-])(?:19|20)\d{2}-(?:0[1-9]|1[0-2])(?![\d-])|(?:19|20)\d{2}年\d{1,2}月")

_GAP = re.compile(r"(?i)[ \t:：—–\-(（,]*(?:(?:as of|as at|at|in|en|em|im|au|zum|per)[ \t]+)?")


def _month_of_state(title: str) -> bool:
    """A month and its year right after a state's word ("Estado Marzo 2026", "Status as of March 2026"), not
    a date further on ("status codes (RFC 9110, June 2022)") nor a start ("Status page (since March 2025)")."""
    return any(_MONTH_YEAR.match(title, _GAP.match(title, m.end()).end()) for m in _STATE.finditer(title))


def _reports(title: str) -> bool:
    """A heading's or a label's words report a state at a date or now (not one closed or settled)."""
    dated = _DATE.search(title) is not None or _month_of_state(title)
    reports = _STATE.search(title) is not None and (dated or _NOW.search(title) is not None) or \
        dated and _NOW_DATED.match(title) is not None or _DELIVERED.search(title) is not None
    return reports and not _settled(title)


# a heading that dates a session: "Work done (last session — 2026-05-16)", "Sesión 2026-03-02". One such
# section in a memory is the record of that session kept as memory (stop 48: a want missed on
# heldout43b); several are a log of sessions, a file of its own kind (the session-log finding's)
# (the word and the date side by side: "Session handling (2026-04-11 rewrite)" is about sessions)
_SESSION_WORD = r"(?:\b(?:session|sesión|sesion|sessão|sessione|sitzung)\b|セッション|세션|会话|會話|сесси[яи])"
_DAY = r"(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)"
_SESSION = re.compile(rf"(?i){_SESSION_WORD}[ \t]*[—–:(,-]?[ \t]*{_DAY}|(?<!\d){_DAY}[ \t]*[)—–:,-]?[ \t]*{_SESSION_WORD}")


def _session_heading(title: str) -> bool:
    return _SESSION.search(title) is not None and not _settled(title)


# an open state written as a mark (stop 38): the word in bold — first in the bold, or closing a
# phrase there ("**Pending: promote**", "**Pilot pending, not started**", "**Live blocked**") —, in
# capitals, in a heading's parentheses, or as a label's value ("Run 2: in progress", "3단계: 진행 중").
# Not an open word inside a phrase ("**check pending migrations before merging**": a rule), in a
# list of states ("pending|sent|failed"), in a name (cancel-in-progress), or beside a closing word
_OPEN_WORD = (r"(?:pending|pendiente|pendente|in[ -]progress|en curso|en progreso|em andamento|paused|pausad[oa]|"
              r"blocked|bloquead[oa]|on hold|en espera|em espera|still open|todav[ií]a abiert[oa]s?|a[uú]n abiert[oa]s?|ainda abert[oa]s?|noch offen|尚未[^\s，。,.]{0,6}|进行中|進行中|진행 ?중|未着手|対応中|保留中)")


# a line that tells how to use the states, or lists them, or closes them, is no status
_STATE_RULE = re.compile(r"(?i)\b(?:mark|set|when|whenever|if|unless|must|should|never|always|states?|statuses|values?|"
                         r"enum|column|field|flag|label|marca|marcar|cuando|quando|si|dropped|abandoned|discarded|"
                         r"descartad[oa]|cancel(?:l?ed)?)\b|→|->|\bfrom\b[^\n]{0,30}\bto\b|" + _OPEN_WORD +
                         r"[ \t]*[|/][ \t]*\w|\w[ \t]*[|/][ \t]*" + _OPEN_WORD + r"|如果|当|时|場合|とき|경우|때")


_IF = re.compile(r"(?i)\b(?:if|when|whenever|unless|once|until|si|cuando|quando|wenn|falls|lorsque)\b|如果|若|的话|場合|とき|なら|"
                 r"경우|으면|하면|되면|없으면")


# a phase of the work (the label's or the value's word): "Phase: testing", "フェーズ: テスト開始", "阶段：设计完成"
_PHASE = re.compile(r"(?i)\b(?:phase|fase|étape|aşama|giai đoạn|этап\w*)\b|フェーズ|阶段|階段|段階|단계")
# a start said as the state: "testing started", "Fase de pruebas iniciada", "テストフェーズ 開始"
_STARTED = re.compile(r"(?i)\b(?:started|starting|begun|kicked off|iniciad[ao]|comenzad[ao]|empezad[ao]|commencée?|"
                      r"begonnen|başladı|начат[ао]?|bắt đầu)\b|開始|开始|着手|시작")
# a share of the work done: "30% done", "about 30% complete", "progress: 30%", "90% completo", "完成度 60%", "진행률 40%"
_DONE_SHARE = (r"(?:\b(?:done|complete|completed|finished|implemented|progress|hecho|completad[oa]|terminad[oa]|"
               r"complet[oa]|conclu[ií]d[oa]|fertig|erledigt|terminée?|tamamlandı|готов\w*|выполнен\w*|hoàn thành)\b|"
               r"完成度?|完了|已完成|进度|進捗|진행률|완료)")
# (not a percentage that closes a range, "5–95% progress", "10~90%": a band a thing is in while it is used,
# a feature's behaviour, never where the work stands, which is one number at a time)
_RANGE_BEFORE = r"(?<!\d[–—~〜-])(?<!\d[ \t][–—~〜-][ \t])(?<!\d%[–—~〜-])(?<!\d[ \t]%[ \t][–—~〜-][ \t])(?<!\d%[ \t][–—~〜-][ \t])"
_PROGRESS = re.compile(rf"(?i)(?<![\d.,]){_RANGE_BEFORE}\d{{1,3}}(?:[.,]\d)?[ \t]*%[ \t]*(?:\)[ \t]*)?{_DONE_SHARE}|"
                       rf"{_DONE_SHARE}[^\n\d%]{{0,8}}(?<![\d.,])\d{{1,3}}(?:[.,]\d)?[ \t]*%")
# a process's id with its number: meaningful only while that process lives ("PID 1", a container's first, is no moment)
_PID = re.compile(r"(?i)(?<![\w-])pid[ \t:#=]*\d{3,7}(?!\d)")
# a session's summary under its date, as a label: "Session summary 2026-03-17:", "Resumen de sesión (2026-03-17):"
_RECAP = (r"(?:summary|recap|notes|log|report|resumen|resumo|résumé|bilan|zusammenfassung|protokoll|"
          r"总结|總結|まとめ|요약|итоги)")
_SESSION_LABEL = re.compile(rf"(?i){_SESSION_WORD}[ \t]+{_RECAP}\b[ \t]*[—–:(,-]?[ \t]*{_DAY}|"
                            rf"\b{_RECAP}[ \t]+(?:de[ \t]+(?:la[ \t]+)?|da[ \t]+|of[ \t]+(?:the[ \t]+)?)?{_SESSION_WORD}"
                            rf"[ \t]*[—–:(,-]?[ \t]*{_DAY}")


def _state_value(title: str, value: str) -> bool:
    """A state's or a phase's label whose value dates or measures the moment: "Status: design phase
    complete (2026-04-12)" (a phase ended at a date says which one is current: never a closed record),
    "Phase: testing started", "Progress: about 30% done", "Status: waiting for the bank (2026-03-10)"; not a
    label that defines states ("Status values: …") nor a state closed or decided at a date ("Status:
    RESOLVED (2026-04-17)", "Estado: decidido (2026-03-02)": a record)."""
    if len(title) > 30 or not (_STATE.search(title) or _PHASE.search(title)) or _STATE_RULE.search(title):
        return False
    v = value[:120]
    if _STATE_RULE.search(v) or _IF.search(v):
        return False
    if _PROGRESS.search(v) or _STARTED.search(v):
        return True
    return _DATE.search(v) is not None and (_PHASE.search(title + v) is not None or _OPEN.search(v) is not None)


def _session_label(title: str) -> bool:
    return _SESSION_LABEL.search(title) is not None


# (stop 51) a heading that names the work at hand or the next step, alone or with its date or its
# subject after a colon: "## Current focus", "## 当前开发重点", "## Đang làm", "## Next steps",
# "## 下一步：应用到其他场地". Not a heading that goes on to a subject of its own ("Current
# architecture", "Next steps for a new contributor": how things are, how to start)
_AT_HAND = re.compile(
    r"(?i)^[^\w]*(?:\d+[.)][ \t]*)?(?:(?:current(?:ly)?|active)[ \t]+(?:focus|work|tasks?|priorit(?:y|ies)|sprint|step|"
    r"working on|objective)|working on|doing(?: now)?|(?:work )?in progress|next[ \t]+(?:steps?|up|actions?|tasks?)|what['’]?s next|"
    r"what['’]?s left|foco atual|foco actual|trabajo actual|tareas? actual(?:es)?|en curso|em andamento|en cours|in corso|"
    r"in arbeit|aktueller fokus|devam eden(?:ler)?|şu anki (?:odak|iş)|đang làm|đang thực hiện|việc tiếp theo|"
    r"bước tiếp theo|próximos? pasos?|próximos? passos?|siguientes? pasos?|prochaines? étapes?|nächste schritte|"
    r"prossimi passi|sıradaki(?:ler)?|следующие шаги|текущ\w+[ \t]+(?:задач\w*|работ\w*|фокус)|в работе)"
    r"(?=[ \t]*(?:$|[:：(（—–,-]|\*))|"
    r"^[^\w]*(?:\d+[.)][ \t]*)?(?:当前(?:开发|開發|工作)?(?:重点|重點|任务|任務|焦点|焦點|进展|進展|工作)|目前(?:进展|进度|任务)|"
    r"正在进行|下一步|后续计划|後續計畫|現在の(?:作業|フォーカス|焦点|タスク)[^\n]{0,4}|次のステップ|"
    r"현재 (?:작업|진행|포커스)|다음 단계|진행 중인 작업)(?:计划|計畫|安排|予定)?(?=[ \t]*(?:$|[:：(（—–,*-]))")


def _at_hand(title: str) -> bool:
    return _AT_HAND.search(title) is not None


# a how-to's procedure before a "Next steps" heading: numbered steps, or a heading that names them; its
# next steps go on with the procedure, every time it is followed (the second reader's case)
_PROCEDURE = re.compile(r"(?im)^[ \t]*1[.)][ \t].*\n(?:.*\n){0,3}?[ \t]*2[.)][ \t]|^#{1,6}[ \t]+(?:steps|how to|setup|"
                        r"usage|procedure|instructions|pasos|passos|étapes|schritte|步骤|手順|단계)\b")
_NEXT_TITLE = re.compile(r"(?i)\bnext\b|pr[oó]xim|siguiente|prochaine|nächste|prossimi|sıradaki|следующ|下一步|"
                         r"次のステップ|다음 단계|tiếp theo")


def procedure_goes_on(title: str, scan: str, at: int) -> bool:
    """A "Next steps" heading at ``at`` after a how-to's procedure: the procedure's next steps."""
    return _NEXT_TITLE.search(title) is not None and _PROCEDURE.search(scan, 0, at) is not None


# (stop 51) a plan for tomorrow, or a thing "about to" happen (即将): stale the day after it was written
_TOMORROW = re.compile(r"(?<![\w'’-])(?:[Tt]omorrow|TOMORROW)(?!['’]s)(?![\w-])|明天|(?<![\u3040-\u30ff])明日(?!香)|내일|"
                       r"(?<![Ll]a )(?<![Ee]sta )(?<![Dd]e )(?<!\w)[Mm]añana(?!\w)|(?<!\w)[Aa]manhã(?!\w)|\b[Dd]omani\b|"
                       r"\b[Dd]emain\b|\bmorgen\b|(?<!\w)[Зз]автра(?!\w)|[Nn]gày mai|(?<!\w)[Yy]arın(?!\w)|即将")
