"""An entry read line by line, for triage's per-entry decision (SPEC §6): which lines report
where work stands (test 1), which state a rule (test 2), which tell what was learned, which
give the reason for a rule.

Triage decides per entry, not per line: a whole entry is archived only when process is what it
is mostly about; one status line among durable ones is an *edit* of that line. So every line of
the body gets one kind here, and the caller weighs them:

- ``status``: where work stood — a done/open mark (``- [x]``, ``✅ … DONE``), a ``Status:`` field,
  "next steps", "as of <date>", a dated log row with no decision in it, or any line inside a
  section whose heading names process ("## Current state", "## Next session", "## 进度");
- ``why``: the reason given for a rule (``**Why:**`` and its equivalents). A *Why* that recounts a
  past incident is the durable reason for the rule, never a status, whatever its date says;
- ``learned``: what the agent found out — a phrase that says so ("root cause", "turned out",
  "the fix was", "踩坑"), never one common word ("bug" is a Jira issue type, "regression" a model);
- ``rule``: an imperative rule (always / never / must / do not, in the languages agents write);
- ``heading``, ``code`` (inside a fence), ``plain`` (anything else: a fact, a description).

Only the standard library; words inside backticks are not wording (a flag named `--never`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..textutil import without_code
from .triage_rules import is_rule
from .triage_moment import dated_or_left, told_that_day
from .triage_shape import DOC_FILE, dated_table_row, quote, shown, struck, unshown  # noqa: F401 (quote, shown, unshown: re-exported)
from .triage_learned import _WEAK, _WEAK_STEMS, learned

# -- what a line is ----------------------------------------------------------------------------------

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")

# a heading that names a section of process: what was done (any words may follow), or where work
# stands / what comes next (the heading is just that, maybe with a date or a colon)
_DONE_HEADING = re.compile(
    r"(?i)^(?:completed?|done|finished|what (?:was|got|we) (?:done|did|shipped)|work (?:done|completed|log)|"
    r"implemented in this session|sess(?:ion|ione|ión|ão)(?:\s+(?:\d|summary|log|notes|recap)|\s*[:：(]|$)|"
    r"changelog|change log|fixes applied|what changed|files changed(?: per \w+)?|handoff|sesi[óo]n del?\b.*|sessão d[eo]\b.*|resumo d[oa] (?:dia|sessão)|resumen de (?:la )?sesi[óo]n|세션 ?(?:요약|기록|정리)|오늘 ?(?:작업|한 ?일)|작업 ?(?:요약|기록|일지)|セッション(?:まとめ|記録|ログ)|作業(?:ログ|記録)|本日の作業|"
    r"what (?:was|got|we) (?:fixed|changed|built|deployed|implemented|delivered)|"
    r"(?:fix|correzion[ei]|correcciones|corre[cç][õo]es|cambios|mudanças|modifiche)\w* applicat[ie]|"
    r"(?:fix|change|work|progress)(?:es|s)? (?:applied|made|done)|"
    r"(?!where|how|when|why|what|who)[\w\s/&+-]{0,40}\b(?:created|added|applied(?: to)?|removed|implemented|"
    r"shipped|deployed|delivered|migrated|aplicad[oa]s?|implementad[oa]s?|agregad[oa]s?|añadid[oa]s?|"
    r"adicionad[oa]s?|entregues?|applicat[ie]|implementat[ie]|aggiunt[ie]|appliqu[ée]e?s?|ajout[ée]e?s?|"
    r"umgesetzt|hinzugefügt)\s*(?:\([^)]*\))?\s*:?\s*$)")
_STATE_HEADING = re.compile(
    r"(?i)^(?:where (?:we|i) left off|(?:current (?:state|status|focus|progress|project|task|sprint|phase|milestone)|"
    r"(?:proyecto|projeto|projet|tarea|tarefa|fase) actu(?:al|el)|projeto atual|aktuelles projekt|status(?: update)?|progress|"
    r"next (?:steps?|session|up)|to-?dos?|todo list|pending(?: tasks| items)?|remaining(?: work| tasks| items)?|"
    r"open (?:items|tasks|questions)|backlog|in progress|wip|estado(?: actual)?|pendientes?|próximos pasos|"
    r"progreso|progresso|próximos passos|pendências|état actuel|prochaines étapes|aktueller stand|"
    r"nächste schritte|offene punkte|stato attuale|prossimi passi|текущ\w* (?:состояни|статус)\w*|статус|"
    r"прогресс|следующие шаги|trạng thái|tiến độ|việc tiếp theo|当前(?:状态|进度|阶段)|进度|待办|下一步|已完成|"
    r"完成情况|本次会话|当前(?:项目|任务)|現在の(?:状態|プロジェクト|タスク)|進捗|次回|次のステップ|残タスク|현재 ?(?:상태|프로젝트)|진행 ?상황|다음 ?단계|남은 ?작업|진척)"
    r"\s*(?:[:：(\[—–-].*)?$)")

# a heading that lists what is open at a day ("## Pending items (2026-05-09)", "## 当前待确认项 (2026-05-09)"; not
# "## Current config (2026-05-09)", a state of the setup): the items under it were open that day only
_CURRENT_DATED = re.compile(r"(?i)^(?=.{0,30}(?:\b(?:pending|open|outstanding|unresolved|to-?do|pendientes?|pendentes?|offene?)\b|待|未完成|未解决|未対応|残り))"
                            r"[^()（）]{1,40}[(（]\s*\d{4}-\d{2}-\d{2}\s*[)）]\s*$")
# a line that reports where work stands: a check box, a done mark after an item, an open status
# value, an open-work label ("Next steps:", "TODO:"), a state said of the work, a dated log row
_CHECKBOX = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*\[[ xX✓]\]|^.*?\[[ xX✓]\].*?\[[ xX✓]\]")   # (or two boxes in one line)
_DONE_SUFFIX = re.compile(
    r"(?i)(?:\s[—–-]|:|\*\*|\(|[.;]\s+(?:all|everything)(?: (?:is|was))?)\s*(?:done|completed?|finished|shipped|deployed|merged|fixed|resolved|closed|"
    r"in progress|wip|not started|pending|blocked|hecho|completad[oa]|terminad[oa]|concluíd[oa]|entregue|feito|"
    r"fait|terminé|erledigt|fertig|fatto|completato|готово|сделано|xong|hoàn thành|implemented|delivered|"
    r"完成|已完成|完了|対応済み?|완료|대기|미배포)"
    r"\b\)?\s*(?:(?:on|el|em|le|am|il|at)?\s*\(?\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?\)?|\([^)]{0,40}\))?\W*$")
_DONE_TAIL = re.compile(r"\s(?:✅|☑️?|✔️?)\s*$")
_DONE_PREFIX = re.compile(r"^\s*(?:[-*+]\s*)?(?:\*\*)?(?:DONE|COMPLETED?|FIXED|SHIPPED|MERGED|DEPLOYED)\b")
# what was done in one session, in the languages agents write ("Hoy hicimos …", "오늘 작업:")
_TODAY_DONE = re.compile(
    r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*)?(?:today we|today i|hoy (?:hicimos|hice|terminamos|arreglamos|añadimos|"
    r"implementamos|trabajamos)|hoje (?:fizemos|fiz|terminamos|corrigimos|implementamos|trabalhamos)|"
    r"aujourd'hui (?:nous avons|on a|j'ai)|heute (?:haben wir|habe ich)|오늘 ?(?:작업|한 ?일|진행)|"
    r"오늘(?:은)? [^.\n]{0,40}(?:했다|했음|함|추가|수정)|本日の作業|今日の作業|今日(?:は)?[^。\n]{0,30}(?:した|しました)|"
    r"今天(?:完成|做了|的工作)|"
    r"(?:sesión|sessão|sessione|session|séance|세션|セッション)\s*(?:del?|do|da|of|du)?\s*\d{1,2}(?:\s*de\s+\w+|[/.-]\d{1,2}))")
_FINAL_VALUE = re.compile(
    r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*)?(?:status|estado|statut|stato|статус|状态|状態|상태|"
    r"current (?:state|status|phase|stage)|fase actual|fase atual|phase actuelle|aktuelle phase|当前阶段|現在のフェーズ)"
    # the state as of a day ("Estado a 2026-09-24:", "Status as of 2026-05-01:"): the entry's own state, dated
    r"(?:\s+\(?(?:as of|as at|on|a|al|em|au|am|vom|del|per|zum)?\s*\d{4}-\d{2}-\d{2}\)?)?(?:\*\*)?\s*[:：]")
_DONE_LEAD = re.compile(r"^\s*(?:[-*+]\s*|\d+[.)]\s*)?(?:✅|☑️?|✔️?|🟢|🟡|🔴|⏳|🚧)\s*")
_DATE_LEAD = re.compile(r"^\s*(?:[-*+]\s*)?(?:\*\*)?(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4})")
_DONE_WORD = re.compile(
    r"(?i)\b(?:done|completed?|finished|shipped|deployed|merged|fixed|resolved|implemented|added|applied|migrated|"
    r"released|delivered|hecho|completad[oa]|implementad[oa]|entregue|concluíd[oa]|feito|fait|validé|commité|"
    r"livré|corrigé|ajouté|implémenté|déployé|fusionné|validad[oa]|corregid[oa]|desplegad[oa]|corrigid[oa]|"
    r"implantad[oa]|mergead[oa]|terminad[oa]|"
    r"terminé|erledigt|fatto|готово|сделано|hoàn thành)\b|完成|已完成|完了|완료")
_STATUS_VALUE = re.compile(
    r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*)?(?:status|state|estado|statut|stato|статус|trạng thái|状态|状態|ステータス|상태|"
    r"progress|progreso|progresso)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\W*(?:in progress|wip|pending|blocked|not started|"
    r"to ?do|waiting|ongoing|open|draft|partial|paused|on hold|en curso|en progreso|pendiente|em andamento|"
    r"pendente|en cours|in arbeit|in corso|в работе|đang|进行中|未完成|対応中|진행|\d+\s*/\s*\d+|\d+\s*%)")
_OPEN_LABEL = re.compile(
    r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*)?(?:next(?: steps?| up| session)?|to-?do|pending|remaining|blocked(?: on| by)?|"
    r"waiting (?:for|on)|wip|in progress|open(?: items?)?|follow-?ups?|left to do|pendientes?|próximos? pasos?|"
    r"pendências?|pendente|próximos passos|à faire|prochaines? étapes?|offene punkte|nächste schritte|"
    r"da fare|prossimi passi|осталось|следующ\w* шаг\w*|việc còn lại|tiếp theo|下一步|待办|待完成|残り|次回|"
    r"다음 ?단계|남은 ?작업|현재 ?진행 ?중|현재 ?상황|現在の状況|現在の状態|今の状況|estado actual|situación actual|currently|stand|aktueller stand|en curso|em andamento|in arbeit|現状|現在|進行中|作業中|"
    # what the work is on now, labelled so ("Current focus: …", "当前重点：…"): a status, as the heading is
    r"current (?:focus|task|work)|foco actual|enfoque actual|foco atual|focus actuel|aktueller fokus|"
    r"(?:当前|目前)(?:焦点|重点|任务)|現在の(?:焦点|フォーカス|タスク)|현재 ?(?:초점|포커스|작업)|"
    r"当前|目前|进行中|진행 ?중|현황|현재)(?:\*\*)?"
    r"\s*(?:\(?(?:as of |vom |am |del |au |em )?\d{4}-\d{2}-\d{2}\)?)?\s*[:：]")
# a list item that tells what was done, in the past tense: a changelog's line
_DONE_ITEM = re.compile(
    r"(?i)^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?(?:added|fixed|moved|rewrote|rewritten|removed|implemented|refactored|"
    r"updated|created|deployed|merged|renamed|migrated|wrote|changed|switched|bumped|upgraded|replaced|deleted|"
    r"cleaned|reverted|shipped|wired|ported|tested|documented|añad[ií]|arregl[eé]|migr[eé]|implement[eé]|"
    r"adicionei|corrigi|implementei|ajouté|corrigé|hinzugefügt|behoben|добавил|исправил|已|新增|修复)\b")
# a field whose value is a date only ("Created: 2026-03-05", "Last updated — 2026-11-02"): it dates the note
# itself, it reports no work (a changelog's "Created the importer" has words after the verb)
_STAMP = re.compile(r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*)?(?:created|updated|last (?:updated|modified|reviewed)|added|"
                    r"modified|date|creado|actualizado|criado|atualizado|créé|mis à jour|erstellt|aktualisiert|"
                    r"创建(?:于|时间)?|更新(?:于|时间)?|作成日?|更新日|작성일?|수정일)(?:\*\*)?\s*(?:on|at)?\s*[:：—–-]?\s*"
                    r"(?:\*\*)?\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?(?:\*\*)?\s*$")
_TODO = re.compile(r"^\W*(?:TODO|WIP)\b|\b(?:TODO|WIP)\s*[:：]")   # a label, not the word in a sentence
_STATE = re.compile(
    r"(?i)\b(?:is|are|was|were|still|now|(?:has|have) been)\s+(?:still\s+|currently\s+)?(?:red|green|failing|broken|blocked|pending|"
    r"in progress|in review|waiting|down|paused|on hold|not (?:yet )?(?:done|merged|deployed|fixed|started|finished|"
    r"released|wired|tested|reviewed|verified|configured|enabled|available|working|supported|implemented))\b|\b(?:still open|not (?:deployed|merged|migrated|released|applied|shipped|rolled out) yet|where (?:i|we) left off|left off at|pick up from|(?<!will )(?<!can )(?<!to )(?<!would )resume (?:from|with))\b")
# a dated log row: "2026-11-18: …", "- [2026-11-18] Moved …", "2026-11-18 Migramos …", "Nov 24: …"
_DATED_ROW = re.compile(r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*)?[\[(]?(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|"
                        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2})[\])]?(?:\*\*)?"
                        r"(?:\s*[:：—–-]\s+|\s+(?=[^\W\d]))\S")
_DECISION = re.compile(
    r"(?i)\b(?:decided|decision|chose|chosen|picked|settled on|went with|switched to|adopted|because|so that|"
    r"instead of|rather than|rule|always|never|must|decisi[oó]n|decisão|decid\w*|optamos|optou|elegi\w*|"
    r"escolh\w*|porque|en lugar de|em vez de|au lieu de|entschieden|решил\w*|решение|quyết định)\b|"
    r"决定|选择|因为|決定|採用|理由|결정|선택|이유")

_WHY = re.compile(
    r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*|__)?(?:why|reason|rationale|because|por ?qu[eé]|porque|raz[oó]n|motivo|"
    r"pourquoi|raison|warum|grund|perch[eé]|почему|причина|lý do|tại sao|理由|原因|为什么|なぜ|이유|왜)"
    r"(?:\*\*|__)?\s*(?:\*\*)?\s*[:：]")
_HOW = re.compile(
    r"(?i)^\s*(?:[-*+]\s*)?(?:\*\*|__)?(?:how to apply|how to use|apply|cómo aplicar|como aplicar|comment appliquer|"
    r"anwendung|come applicare|как применять|cách áp dụng|适用|如何应用|適用|적용)(?:\*\*|__)?\s*(?:\*\*)?\s*[:：]")


def _has(stems: tuple[str, ...], low: str) -> bool:
    return any(s in low for s in stems)


@dataclass(frozen=True)
class Line:
    n: int          # line of the file (1-based)
    kind: str       # status | why | how | learned | rule | heading | code | plain
    text: str       # the line, stripped (for a reason: quote at most a few words)
    weak: int = 0   # provisional phrases in it ("for now", "until X is merged")


@dataclass
class Reading:
    """An entry's body, line by line, and what the caller weighs."""

    lines: list[Line] = field(default_factory=list)
    process_section: bool = False    # some heading names a section of process

    @property
    def content(self) -> list[Line]:
        """The lines that say something (headings and fences aside; a code block counts once)."""
        return [ln for ln in self.lines if ln.kind not in ("heading", "cont")]

    def of(self, *kinds: str) -> list[Line]:
        return [ln for ln in self.lines if ln.kind in kinds]

    @property
    def process_share(self) -> float:
        content = self.content
        return len(self.of("status")) / len(content) if content else 0.0


def read_body(body: str, first_line: int) -> Reading:
    """Each line of ``body`` (which starts at file line ``first_line``) with its kind."""
    out = Reading()
    in_fence = code_counted = False
    section_level = 0          # the level of the process heading we are under (0: none)
    section_kind = "status"    # status: where work stands; final: what was done (a record, unless the entry is one)
    wrapped = 0                # lines joined to the last item so far (WRAP_MAX: a paragraph, not a dump)
    for i, raw in enumerate(raws := body.splitlines()):
        n = first_line + i
        text = raw.strip()
        if text and i and _continues(raws[i - 1], raw) and out.lines and out.lines[-1].n == n - 1 \
                and out.lines[-1].kind not in ("heading", "code") and not in_fence and wrapped < WRAP_MAX:
            _join(out, n, text)   # a wrapped line: one item with the line before, however it is wrapped
            wrapped += 1
            continue
        wrapped = 0
        if _FENCE.match(raw):
            in_fence = not in_fence
            if in_fence:
                code_counted = False
            continue
        if in_fence:
            if not code_counted and text:   # a code block is one unit of content, never process
                out.lines.append(Line(n, "code", text))
                code_counted = True
            continue
        if not text or text.startswith("<!--") or set(text) <= set("-=_*|: "):
            continue
        h = _HEADING.match(raw)
        if h:
            level, title = len(h.group(1)), h.group(2).strip(" #*")
            if section_level and level <= section_level:
                section_level = 0
            head = DOC_FILE.sub("x", _strip_marks(title))   # ("HANDOFF.html vs the reference": a document's name)
            if not re.match(r"(?i)status\s*[:：]", head) and (_STATE_HEADING.match(head) or _DONE_HEADING.match(head)
                                                             or _CURRENT_DATED.match(head)):
                section_level, section_kind = level, "final" if _DONE_HEADING.match(head) and not _STATE_HEADING.match(head) else "status"
                out.process_section = True
            bare = without_code(title)
            is_status = _STATUS_VALUE.match(bare) or _OPEN_LABEL.match(bare) or _TODO.search(bare)
            is_final = _FINAL_VALUE.match(bare) or _DONE_SUFFIX.search(bare) or _DONE_TAIL.search(bare) or _is_status(bare) \
                or struck(bare)
            kind = "status" if is_status else "final" if is_final else "heading"
            out.lines.append(Line(n, "heading" if section_level and kind != "heading" else kind, text))
            continue
        kind = _kind(text, section_level > 0)
        if kind == "status" and section_level and section_kind == "final" and not _live(text):
            kind = "final"
        weak = len(_WEAK.findall(without_code(text))) if _has(_WEAK_STEMS, text.lower()) else 0
        if kind == "plain" and weak >= 2:
            kind = "status"
        out.lines.append(Line(n, kind, text, weak))
    return out


WRAP_MAX = 12   # lines one item is read over
_ITEM_START = re.compile(r"^\s*(?:[-*+>|]|\d+[.)]|#|\*\*[^*]+\*\*\s*[:：]|[\w /-]{1,30}[:：](?:\s|$))")


def _continues(before: str, raw: str) -> bool:
    """``raw`` goes on with the line before's sentence: no item, heading, table or label; that line unended."""
    return bool(before.strip()) and not _ITEM_START.match(raw) and not _FENCE.match(raw) \
        and not _HEADING.match(before) and not re.search(r"[.!?。！？:：|]\s*$", before) \
        and (raw[:1] in " \t" or not _BULLET.match(before)) and not (raw[:4] == before[:4] == "    ")   # (code)


def _join(out: Reading, n: int, text: str) -> None:
    """Add line ``n`` to the item it continues, read again whole when plain (a trap may sit on its second line)."""
    head = out.lines[first := next(k for k in range(len(out.lines) - 1, -1, -1) if out.lines[k].kind != "cont")]
    whole = f"{head.text} {text}"
    out.lines[first] = Line(head.n, _kind(whole, False) if head.kind == "plain" else head.kind, whole, head.weak)
    out.lines.append(Line(n, "cont", text))


def _live(text: str) -> bool:
    """A line that says work is open (a box to tick, a pending label, a state of the work)."""
    bare = without_code(text)
    return bool(_CHECKBOX.match(bare) and not re.match(r"^\s*(?:[-*+]|\d+[.)])?\s*\[[xX✓]\]", bare)
                or _STATUS_VALUE.match(bare) or _OPEN_LABEL.match(bare) or _TODO.search(bare) or _STATE.search(bare))


def _strip_marks(title: str) -> str:
    """A heading's name without its marks and number ("**1. Current focus**"): a number names no section."""
    title = re.sub(r"^\d{1,2}(?:\.\d{1,2})*(?:[.)]\s*|\s+[—–-]\s+)(?=\D)", "", title.strip(" *_")) or title
    return re.sub(r"^[\W\d_]+", "", title) if title[:1] and not title[:1].isalnum() else title


def _kind(text: str, in_process: bool) -> str:
    if _WHY.match(text):
        return "why"
    if _HOW.match(text):
        return "how"
    bare = without_code(text)
    if _STAMP.match(bare):
        return "plain"   # the note's own date, no record of work
    if struck(bare) or dated_table_row(bare) and not _DECISION.search(bare):
        return "final"   # its shape: an item struck out as done, a row of a table keyed by dates (a log)
    if told_that_day(bare):
        return "status"   # "yesterday's incident was fixed by the 14:10 deploy": that day's news, not a lesson
    if learned(bare):
        return "learned"
    if _CHECKBOX.match(bare) or _DONE_SUFFIX.search(bare) or _STATUS_VALUE.match(bare) or _OPEN_LABEL.match(bare):
        return "status"
    if _TODAY_DONE.match(bare) and _now(bare):
        return "status"   # "Today I'm testing …": work going on, not done
    if _DONE_PREFIX.match(bare) or _done_record(bare) or _TODAY_DONE.match(bare):
        return "final"   # "DONE (2026-05-28): …", "✅ shipped …", "2026-04-10: …": what happened, a record
    if _DONE_ITEM.match(bare) and not _DECISION.search(bare):
        return "final"   # "- Fixed the importer": what was done, process beside other signs of it
    if _FINAL_VALUE.match(bare):   # "Status: RESOLVED": a record's last word, a status only beside others
        return "status" if _is_status(bare) or _live(text) else "final"
    if is_rule(text) and not dated_or_left(bare):   # "half-way through X: do not apply it yet" holds until X is done
        return "rule"
    if in_process or _TODO.search(bare) or _is_status(bare):
        return "status"
    return "plain"


def _done_record(bare: str) -> bool:
    """A line that records what was done (a done mark or a date, and a done word; a dated row
    that decides nothing): process beside other signs of it, not an open status alone."""
    if (_DONE_LEAD.match(bare) or _DATE_LEAD.match(bare)) and _DONE_WORD.search(bare):
        return True
    return bool(_DATED_ROW.match(bare) and not _DECISION.search(bare))


def _is_status(bare: str) -> bool:
    """A line that says where work stands, in words (its marks are _kind's), or records it."""
    return _done_record(bare) or _unconditioned_state(bare) \
        and (not _CAUSE.search(bare) or bool(_NOW_WORD.search(bare))) \
        or len(bare) <= 200 and _now(bare)   # a statement of the moment is one sentence, not a joined paragraph


def _unconditioned_state(bare: str) -> bool:
    """A state word not inside a condition's clause; the clause is read over the 300 characters
    before the word, for the first 8 words (linear in the line: a joined paragraph can be huge)."""
    for i, m in enumerate(_STATE.finditer(bare)):
        if i == 8:
            return False
        if not _IF.search(bare[max(0, m.start() - 300):m.start()]):
            return True
    return False


# a state in a condition or a definition ("RETRY means their backend is down"): no status
_IF = re.compile(r"(?i)\b(?:means?|meaning|when|whenever|if|unless|once|while)\b[^.;:!?]*$")


def _now(bare: str) -> bool:
    low = bare.lower()
    return any(s in low for s in _NOW_STEMS) and bool(_NOW_WORK.search(bare)) or dated_or_left(bare)


# the work going on now, or taken up again next time: "Today still testing the new unit, will update
# this note tomorrow", "Currently debugging the callback on branch fix/…" — true for this session only
_NOW_WORK = re.compile(
    r"(?i)\b(?:today|currently|right now|at the moment|this (?:session|week|morning|afternoon|evening)|tonight)\b"
    r"[^.;\n]{0,40}?\b(?:still\s+)?(?:testing|debugging|working on|investigating|looking (?:into|at)|trying out|"
    r"fixing|migrating|waiting (?:for|on)|refactoring|evaluating)\b|"
    r"\b(?:still|currently) (?:testing|debugging|investigating|working on|looking into|trying out|fixing|migrating)\b|"
    r"\b(?:will|to) (?:look|check|update|continue|finish|come back|revisit|retry|test)\b[^.;\n]{0,40}?"
    r"\b(?:tomorrow|next (?:session|week)|later today|tonight)\b|"
    # the speaker's own plan for the next hours ("I'll resume it tonight"), an event of the coming days
    # ("the next playtest is this Friday"): true until that day only
    r"\b(?:I'll|I will|we'll|we will|I'm going to|we're going to)\b[^.;\n]{0,40}?"
    r"\b(?:tomorrow|tonight|later today|this (?:afternoon|evening)|next session)\b|"
    r"\b(?:this|next|coming|before|by|until) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"\b(?:hoy|actualmente|ahora mismo) (?:\w+ )?(?:probando|depurando|trabajando en|investigando)\b|"
    r"\b(?:hoje|atualmente) (?:\w+ )?(?:testando|depurando|trabalhando em|investigando)\b|"
    r"\b(?:aujourd'hui|actuellement) (?:\w+ )?en train de\b|\b(?:heute|gerade|momentan) (?:noch )?(?:am )?(?:testen|debuggen)\b|"
    # a part of today ("this morning", "after lunch"): what happened or happens then holds for today only
    r"\b(?:this morning|earlier today|after lunch|(?:before|after) the (?:standup|stand-up)|esta mañana|esta manhã|"
    r"ce matin|heute (?:morgen|früh|vormittag|nachmittag)|stamattina|сегодня утром|sáng nay|chiều nay)\b|"
    r"今天(?:早上|上午|下午)|今朝|午前中に|오늘 ?(?:아침|오전|오후)|"
    # the work is about to begin, enter a phase, ship ("about to start next week", "即将进入审核阶段")
    r"\babout to (?:start|begin|enter|ship|launch|go live|move (?:in)?to)\b|"
    r"即将(?:进入|开始|上线|发布|启动|完成)|まもなく(?:開始|リリース)|곧 (?:시작|출시)|"
    r"(?:今天|目前|现在)(?:还在|正在)|正在(?:调试|测试|排查)|明天(?:再|继续)|(?:今日|現在)[^。]{0,20}(?:テスト中|調査中|デバッグ中)|"
    r"明日(?:また|再)|(?:오늘|현재)[^.]{0,20}(?:테스트|디버깅|조사) ?중|내일 다시|"
    # the activity, then its time ("Debugging the double deduction now", "Working on the tax report this week")
    r"\b(?:working on|debugging|testing|fixing|migrating|rewriting|investigating)\b[^.;\n]{0,50}\b(?:now|this week|today|tonight)\s*[.!]?$|"
    # the work left unfinished: "half done", "haven't finished …", "still need to test …", "in the middle of …"
    r"\b(?:in the middle of|half[- ](?:done|finished|migrated)|not finished yet|"
    r"still (?:need|have) to (?:test|finish|check|wire|write|translate|fix|migrate|ask))\b|"
    r"(?:^\W*|\b(?:I|we) )(?:haven'?t|have not) (?:yet )?finished\b|"
    r"^\W*blocked (?:on|by)\b|\b(?:this|last) (?:sprint|week|session),? (?:we|I) (?:are|am|'re|'m|started|began)\b|"
    r"\b(?:todav[ií]a|ahora) (?:estoy|estamos) \w+(?:ando|iendo)\b|\b(?:qued[óo]|est[áa]) a medias\b|"
    r"\bainda (?:estou|estamos) \w+(?:ando|endo|indo)\b|\bficou pela metade\b|\bje suis en train de\b|"
    r"\bgerade dabei\b|\bnoch nicht fertig\b|"
    r"(?:実装|作業|対応|検証|調査|開発|修正|移行|デバッグ)中(?:です|だ)?[。.]?\s*$|"
    r"(?:작업|구현|개발|수정|테스트|디버깅|조사) ?중(?:입니다|이다|임)?[.。]?\s*$|"
    r"\bđang (?:thử|làm|sửa|kiểm tra|viết|phát triển|dịch)\b|\bсейчас (?:\w+ )?(?:отлажива|тестиру|переписыва|исправля|дела|пиш)\w*(?:ю|ем)\b")
_NOW_STEMS = ("today", "current", "right now", "at the moment", "this ", "tonight", "still", "tomorrow", "next ", "day",
              "hoy", "actualmente", "ahora", "hoje", "atualmente", "aujourd", "actuellement", "heute", "gerade",
              "momentan", "今天", "目前", "现在", "正在", "明天", "今日", "現在", "明日", "오늘", "현재", "내일",
              "working on", "debugging", "testing", "fixing", "migrating", "rewriting", "investigating", "middle of",
              "half", "finished", "need to", "have to", "blocked", "sprint", "session", "todav", "medias", "ainda",
              "metade", "en train", "dabei", "fertig", "中", "중", "đang", "сейчас", "morning", "lunch", "mañana",
              "manhã", "matin", "stamattina", "утром", "nay", "今天", "今朝", "午前", "오늘", "about to", "即将",
              "まもなく", "곧")

# a state said of this moment ("CI is red at the moment because of …"): its cause does not make it a lesson
_NOW_WORD = re.compile(r"(?i)\b(?:at the moment|right now|currently|today|this week)\b")
# "were failing … because they inherited the gateway's deadline": a cause told, what was learned
_CAUSE = re.compile(r"(?i)\b(?:because|due to|caused by|root cause|weil|porque|debido a|parce que|à cause d)\b|"
                    r"因为|由于|原因|ので|せいで|때문")
