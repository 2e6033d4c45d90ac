"""Status kept as memory, block by block (issue 36 item 2, stop 36): what ``wording.process_findings``
misses when a memory is mostly durable but holds one status block.

- a heading that reports a state at a date or "now": ``Status (updated 2026-04-16)``, ``Estado
  atual``, ``Estado actual de … (2026-03-02)``, ``当前状态``, ``현재 상태``, ``Current (2026-04-01, …)``,
  ``Export — IMPLEMENTED (2026-03-02)``, ``Delivered (2026-02-20)``; the block runs to the next
  heading of its level or higher;
- a ``NEXT:`` label (and "Next steps:", 下一步, 다음 단계, 次のステップ, Próximos pasos …): a plan
  that will be done or dropped by the next session; the block is its paragraph;
- a line that says a thing is done and another is waited for (``重构已完成，等待…``,
  ``구현 완료 / 추가 요청 대기``, "done, waiting for review"); neighbouring lines are one block.
- (stop 50) a state's or a phase's label whose value dates or measures the moment ("Status: schema
  phase complete (2026-05-03)", "フェーズ: テストフェーズ 開始"), a share of the work said done ("about
  40% done"), a process's id with its number, a dated session recap as a label; a status line inside
  a status section is a place of that section's block. The words: judging/status_words.
- (stop 51) a heading of the work at hand or the next step ("Current focus", "当前开发重点", "Đang làm",
  "Next steps", "下一步：…"), outside a living backlog; a plan for tomorrow ("明天她自己再配一版", "tomorrow
  we fire again"; not quoted, listed, defined, nor in a rule); a checklist that mixes done and open
  items (status_tables); "Still open", "BLOCKER"; an open label over a list is the list's block. A
  section with no status line of its own lists the line right under its heading (the line the owner
  rewrites); a memory read whole as a session log lists its blocks on its one finding (``log_places``). The lines:
  judging/status_lines.

All the blocks of one memory are one finding (one cause: the memory keeps status), each block a
place with its range. ``possible``: a block reads as status by its wording, and the owner may
keep it deliberately. Never flagged: a rule to check current information ("always verify the
current price"), a heading that names no state ("Status codes", "Current architecture"),
a retro or changelog (a record by design).

Also here, one sign each, ``possible``: "first time using X" in a user profile (true the week it
was written), and a footer "last updated <date>" older than a section dated above it.
"""
from __future__ import annotations

import re

from .. import hints
from .findings import Finding, Place
from ..textutil import line_of, without_comments
from .owner_context import living_backlog
from .status_tables import progress_lists, progress_tables, under_definitions
from .status_lines import first_said, tomorrow_plans
from .time_context import RETRO
from .status_words import (
    _CLOSED, _DATE, _DONE_THEN_WAIT, _HAS_DATE, _FIRST_TIME, _FOOTER, _HEADING, _IF, _LABEL_LINE, _NEXT, _NOW,
    _OPEN_WORD, _PID, _PROGRESS, _STATE_RULE, _USER_ENTRY, _at_hand, _day, _reports, _session_heading,
    procedure_goes_on,
    _session_label, _settled, _state_value)


def _heading_blocks(scan: str, backlog: bool = False) -> list[tuple[int, int, str]]:
    """(start, end, heading) of each status heading's block (and of each heading of the work at hand
    or the next step, outside a living backlog, whose open work is what it is for)."""
    heads = list(_HEADING.finditer(scan))
    # (a title, '# Session: 2026-04-02', heads a whole file that is the session's record: a log's
    # or a transcript's finding says so, not a block's)
    sessions = [h for h in heads if len(h.group(1)) > 1 and _session_heading(h.group(2).strip(" #*"))]
    out = []
    for k, h in enumerate(heads):
        title = h.group(2).strip(" #*")
        if not _reports(title) and not (len(sessions) == 1 and sessions[0] is h) and (backlog or not _at_hand(title)
                                                                                      or procedure_goes_on(title, scan, h.start())):
            continue
        level = len(h.group(1))
        end = next((n.start() for n in heads[k + 1:] if len(n.group(1)) <= level), len(scan))
        out.append((h.start(), end, title))
    return out


def _paragraph_end(scan: str, pos: int) -> int:
    end = scan.find("\n\n", pos)
    return len(scan) if end < 0 else end


# cheap tests before the patterns (a case-blind pattern tried at every place of a text costs ~1 s
# over the 4 MB corpus): the words each needs, looked for in the lower-cased text
_NOT_YET_HINTS = ("尚未", "还没", "還沒", "仍未", "まだ", "아직", "not yet", "todavía no", "todavia no", "aún no", "aun no",
                  "ainda não", "ainda nao", "noch nicht", "pas encore", "henüz", "henuz", "chưa", "ещё не", "еще не")
_STATE_HINTS = ("status", "estado", "stato", "statut", "stand", "état", "progres", "fortschritt", "avancement", "durum",
                "trạng thái", "tình trạng", "статус", "состояние", "прогресс", "状态", "狀態", "状態", "状況", "ステータス", "進捗", "进度",
                "進度", "상태", "진행")
_NEXT_HINTS = ("next", "下一步", "后续计划", "다음", "次の", "次に", "próximo", "prochaine", "nächste", "sıradaki",
               "следующ", "siguiente")
# the next step said in a sentence of its own, not as a label: "… 2026-03-27. Próximo passo é a Ana escrever …",
# "Next step is the billing import", "下一步是联调" (a rule's "if it fails, the next step is …" says how to work)
_NEXT_SAID = re.compile(r"(?i)(?:^[ \t]*(?:[-*+][ \t]+)?|[.。;；!！][ \t]*|\*\*[ \t]*)(?:the[ \t]+|o[ \t]+|el[ \t]+)?"
                        r"(?:next step|próximo passo|próximo paso|siguiente paso|nächster schritt|prochaine étape|"
                        r"下一步|次のステップ|다음 단계)[ \t]*(?:(?:is|é|es|ist|est|será|sera)\b|是|は|는|은)")
# a recipe's next step is a command to run, not work left: "The next step is `make seed`", "… is to run the seeds"
_A_COMMAND = re.compile(r"(?i)`|(?:to[ \t]+)?run\b|ejecutar\b|executar\b|lancer\b|ausführen\b|运行|実行|실행")
# the last commit named by its hash: "## Last commit" over "`f64a526` – …", "Letzter Commit: 9be41d7 (2026-04-11)"
_LAST_COMMIT = re.compile(r"(?i)\b(?:last|latest|most recent|letzte[rn]?|neueste[rn]?|[úu]ltimo|dernier|son)[ \t]+commit\b|"
                          r"最后(?:一次)?提交|最新提交|最終コミット|最新コミット|마지막 커밋|최근 커밋|последний коммит")
_HASH = re.compile(r"(?<![\w/.-])(?=[0-9a-f]{0,39}[a-f])(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}(?![\w/.-])")
_WAIT_HINTS = ("等待", "待", "待ち", "대기", "waiting", "esperando", "aguardando", "en attente", "bekleniyor")
_PHASE_HINTS = ("phase", "fase", "étape", "aşama", "giai đoạn", "этап", "フェーズ", "阶段", "階段", "段階", "단계")
_SESSION_HINTS = ("session", "sesión", "sesion", "sessão", "sitzung", "セッション", "세션", "会话", "會話", "сесси")
_DONE_HINTS = frozenset(("done", "implemented", "delivered", "shipped", "complete", "merged", "deployed", "released",
                         "fixed"))
_TOMORROW_HINTS = ("tomorrow", "明天", "明日", "내일", "mañana", "amanhã", "domani", "demain", "morgen", "завтра", "ngày mai",
                   "yarın", "即将")
_ASCII_HINTS = _DONE_HINTS | frozenset(w for w in _STATE_HINTS + _NEXT_HINTS + _WAIT_HINTS + _PHASE_HINTS
                                       + _SESSION_HINTS + _TOMORROW_HINTS if w.isascii())
hints.register(_ASCII_HINTS)   # one shared pass over a text's words finds them (judging/hints)
_OTHER_HINTS = hints.finder(sorted({w for w in _STATE_HINTS + _NEXT_HINTS + _WAIT_HINTS + _NOT_YET_HINTS
                                    + _PHASE_HINTS + _SESSION_HINTS + _TOMORROW_HINTS
                                    if not w.isascii()}))


_OPEN_IN = re.compile(r"(?i)(?<![\w-])" + _OPEN_WORD + r"(?![\w-])")
_BOLD = re.compile(r"\*\*(?=\S)([^*\n]{1,100}?)\*\*")
_OPEN_MARK = re.compile(r"(?i)^#{1,6}[^\n]*[(（][ \t]*" + _OPEN_WORD + r"[ \t]*[)）]|"
                        # a heading or an item that is the open state alone: "## Still pending", "- Pendiente: 1 test …"
                        r"^(?:#{1,6}|[ \t]*[-*+])[ \t]+(?:[^\w\s]+[ \t]*)?(?:(?:still|todav[ií]a|a[uú]n|ainda|noch)[ \t]+)?"
                        + _OPEN_WORD + r"[ \t]*(?:[:：][ \t]*\S[^\n]*|[:：]?[ \t]*$)|"
                        # the same label opening a plain line, said to be still open: "Still pending: the PDF export"
                        # (a bare "Pending: the order exists but is not paid" defines a state)
                        r"^[ \t]*(?:still|todav[ií]a|a[uú]n|ainda|noch)[ \t]+" + _OPEN_WORD + r"[ \t]*[:：][ \t]*\S|"
                        r"^[ \t]*(?:[-*+][ \t]+|\d+\.[ \t]+)?(?:\*\*)?[^:：\n|*]{1,40}(?:\*\*)?[:：][ \t]*(?:\*\*)?"
                        + _OPEN_WORD + r"(?![\w-])(?![ \t]+\w)|"   # the label's value, not "pending entries"
                        r"(?-i:(?<![\w-])(?:IN PROGRESS|IN-PROGRESS|PENDING|BLOCKED|BLOCKER|ON HOLD|PENDIENTE|PENDENTE|EN CURSO)(?![\w-]))")
_OPEN_HINTS = ("pending", "pendiente", "pendente", "progress", "en curso", "en progreso", "andamento", "paused", "blocker",
               "still open",
               "pausad", "blocked", "bloquead", "on hold", "en espera", "em espera", "尚未", "进行中", "進行中",
               "진행", "未着手", "対応中", "保留中")
_OPEN_ASCII = frozenset(h for h in _OPEN_HINTS if h.isascii())   # (found in the shared pass over a text's words)
_OPEN_OTHER = tuple(h for h in _OPEN_HINTS if not h.isascii())
hints.register(_OPEN_ASCII)

_FIELD = re.compile(r"^(?:name|description|type|title)[ \t]*:")   # the frontmatter says what the file is


def _open_mark(line: str) -> bool:
    """The line marks something as still open (see _OPEN_WORD)."""
    if line.lstrip().startswith("|") or _FIELD.match(line) or _STATE_RULE.search(line) or _CLOSED.search(line):
        return False
    for b in _BOLD.finditer(line) if "**" in line else ():
        m = _OPEN_IN.search(b.group(1))
        if m and (m.start() == 0 or not b.group(1)[m.end():].strip(" ") or b.group(1)[m.end()] in ",.:;—–-)"):
            return True
    return _OPEN_MARK.search(line) is not None


def _lines_with(scan: str, low: str, words, present=None) -> list[tuple[int, int]]:
    """(start, end) of each line of ``scan`` holding one of ``words`` (in ``low``; of them, only
    those in ``present``, the words the text was found to hold)."""
    out = set()
    for w in (words if present is None else present.intersection(words)):
        i = low.find(w)
        while i >= 0:
            a = low.rfind("\n", 0, i) + 1
            b = low.find("\n", i)
            b = len(low) if b < 0 else b
            out.add((a, b))
            i = low.find(w, b)
    return sorted(out)


# "not yet" said of a thing, its clause ending there (订单导出尚未接入，/ 出力はまだ。/ 아직 없음.), then on the
# same line a plan for later (下一步, 次回…予定, 다음에…예정, next step): a status report's statement. Not
# "not yet" as a modifier (尚未登录的用户, まだ保存されていない下書き: a rule's subject) or in a condition
_NOT_YET = re.compile(r"(?i)(?:尚未|还没有?|還沒有?|仍未)[^，。；,;.!?！？\n]{0,10}[，。；,;.!?！？]|まだ[^。、,.!?！？\n]{0,8}[。、,.!?！？]|"
                      r"아직[^.,;!?\n]{0,12}[.,;!?]|(?:\bnot yet|\btodav[ií]a no|\ba[uú]n no|\bainda n[aã]o|\bnoch nicht|"
                      r"\bpas encore|\bhen[uü]z|\bch[ưu]a|\bещ[её] не)\b[^.,;!?\n]{0,30}[.,;!?]")
_PLAN = re.compile(r"(?i)下一步|接下来|下次|后续|後續|次回|次は|次に|今後|予定|다음에|다음 단계|다음으로|예정|추후|"
                   r"\b(?:next(?: steps?| session| time| up)\b|pr[oó]ximo pas[os]o?|siguiente paso|s[ıi]radaki|"
                   r"n[aä]chste[rn]? schritt|prochaine [ée]tape|следующ\w*|ti[eế]p theo)")


def _not_yet_plans(scan: str, low: str, present) -> list[tuple[int, int, str]]:
    """(start, end, words) of each line that says a thing is not yet done and what comes next
    (``present``: the not-yet words the text holds)."""
    out = []
    for a, b in _lines_with(scan, low, present):
        line = scan[a:b]
        if line.lstrip().startswith(("#", "|")) or _IF.search(line):
            continue
        m = _NOT_YET.search(line)
        if m is not None and _PLAN.search(line, m.end()) is not None:
            out.append((a, b, line.strip(" -*+")))
    return out


def _line_blocks(scan: str, raw: str = "") -> tuple[list[tuple[int, int, str]], list[tuple[int, int, str]]]:
    """The status lines and labels' blocks, and (apart) the not-yet-and-a-plan statements (``raw``: the
    text before its code was blanked, where a hash in backticks is still to be read)."""
    out: list[tuple[int, int, str]] = []
    raw = raw if len(raw) == len(scan) else scan   # (positions in one are positions in the other)
    low = scan.lower()
    if len(low) != len(scan):   # lower() changed lengths (İ): positions must not drift
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in scan)
    present = (hints.present(low) & _ASCII_HINTS).union(_OTHER_HINTS(low) if not scan.isascii() else ())
    yet = [w for w in _NOT_YET_HINTS if w in present or w.isascii() and w in low] if not scan.isascii() or \
        "not yet" in low else ()
    plans = _not_yet_plans(scan, low, yet) if yet else []
    # "- Status (updated 2026-03-10): staging is waiting", "ESTADO (2026-07-13): …"
    labels = _lines_with(scan, low, _STATE_HINTS, present)
    if present & _DONE_HINTS:
        labels = sorted(set(labels) | set(_lines_with(scan, scan, ("DONE", "IMPLEMENTED", "DELIVERED", "SHIPPED",
                                                                  "COMPLETE", "MERGED", "DEPLOYED", "RELEASED", "FIXED"))))
    if present.intersection(_PHASE_HINTS):   # a phase's label: "Phase: tests started, ~30%"
        labels = sorted(set(labels) | set(_lines_with(scan, low, _PHASE_HINTS, present)))
    if present.intersection(_SESSION_HINTS) and _HAS_DATE.search(scan):   # "Session summary 2026-03-17: …"
        labels = sorted(set(labels) | {(a, b) for a, b in _lines_with(scan, low, _SESSION_HINTS, present)
                                       if _HAS_DATE.search(scan, a, b)})
    for a, b in labels:
        m = _LABEL_LINE.match(scan, a, b)
        if m is not None and not scan.startswith("#", a) and (_reports(m.group(1)) and not _settled(
                scan[m.end(1):min(b, m.end(1) + 48)])   # "ESTADO (2026-07-13): CERRADA."
                or _state_value(m.group(1), scan[m.end(1):b]) or _session_label(m.group(1))):
            bullet = scan[a:a + 3].lstrip()[:1] in ("-", "*", "+")
            out.append((a, b if bullet else _paragraph_end(scan, a), m.group(1).strip()))
    # a share of the work said done ("about 30% done", "完成度 60%") or a process's id ("PID 42927"):
    # true of one moment, whatever the line's label
    for rx, hint in ((_PROGRESS, "%"), (_PID, "pid")):
        for m in (rx.finditer(scan) if hint in low else ()):   # (a scan of the text, then its lines)
            a = scan.rfind("\n", 0, m.start()) + 1
            b = scan.find("\n", m.end())
            line = scan[a:len(scan) if b < 0 else b]
            if not line.lstrip().startswith(("|", "#")) and _IF.search(line) is None and _STATE_RULE.search(line) is None:
                out.append((a, a + len(line), line.strip(" -*+")[:60]))
    for a, b in _lines_with(scan, low, _NEXT_HINTS, present):
        m = _NEXT.match(scan, a, b)
        if m is not None:
            out.append((a, _paragraph_end(scan, a), m.group(0).strip(" -*+")))
            continue
        m = _NEXT_SAID.search(scan, a, b)
        told = raw[m.end():b].lstrip() if m is not None else ""
        if m is not None and not scan.startswith(("#", "|"), a) and _IF.search(scan, a, b) is None \
                and _STATE_RULE.search(scan[a:m.start()]) is None and not _A_COMMAND.match(told):
            out.append((a, b, scan[m.start():b].strip(" -*+.。;；!！")[:60]))
    for a, b in (_lines_with(scan, low, ("commit", "提交", "コミット", "커밋", "коммит")) if "commit" in low
                 or not scan.isascii() else ()):
        m = _LAST_COMMIT.search(scan, a, b)
        if m is None or _IF.search(scan, a, b) is not None:
            continue
        nxt = scan.find("\n", b + 1)
        near = raw[a:len(raw) if nxt < 0 else nxt]   # the line and the next: the hash under its heading
        if _HASH.search(near) is not None:
            heading = scan.startswith("#", a)
            out.append((a, _paragraph_end(scan, b + 1) if heading else b, scan[a:b].strip(" -*+#")[:60]))
    if present.intersection(_TOMORROW_HINTS):   # "tomorrow we fire again", "明天她自己再配一版", "即将进入"
        out += tomorrow_plans(scan, out[-1][0] if out else -1)
    for a, b in _lines_with(scan, low, _WAIT_HINTS, present):
        m = _DONE_THEN_WAIT.match(scan, a, b)
        if m is None:
            continue
        if out and scan.count("\n", out[-1][1], a) <= 1 and not out[-1][2].startswith(("NEXT", "Next")):
            out[-1] = (out[-1][0], b, out[-1][2])   # the next line of the same report: one block
        else:
            out.append((a, b, m.group(0).strip(" -*+")))
    return sorted(out), plans


def _open_blocks(scan: str) -> list[tuple[int, int, str]]:
    """Each line that marks something as still open (_open_mark)."""
    low = scan.lower()
    if len(low) != len(scan) or hints.present(low).isdisjoint(_OPEN_ASCII) and (
            low.isascii() or not any(map(low.__contains__, _OPEN_OTHER))):
        return []
    return [(a, b, scan[a:b].replace("**", "").strip(" -*+#")[:60]) for a, b in _lines_with(scan, low, _OPEN_HINTS)
            if _open_mark(scan[a:b]) and not (scan.startswith("#", a) and _LINKED.match(scan, b + 1))
            and not (not scan.startswith("#", a) and under_definitions(scan, a))]


# an index's line pointing at a memory file: a heading over such lines names a group of files
_LINKED = re.compile(r"\s*[-*+][ \t]+\[[^\]\n]*\]\([^)\n]+\.md\)")


def status_block_findings(entry_id: str, text: str, scan: str, taken: set[int] = frozenset()) -> list[Finding]:
    """The status blocks of one memory as one finding, and the two single signs; ``taken`` are
    lines another finding already names (a block holding one is that finding's cause)."""
    if RETRO.search(entry_id):
        return []
    scan = without_comments(scan)
    blocks = []
    # (a backlog by design lists what is open on purpose: its marks are its content)
    backlog = living_backlog(entry_id, scan)
    opened = [] if backlog else _open_blocks(scan)
    # an open mark that is a label over a list ("**Pending (Todo.md):**" and its items): the list is its block
    lists = [(a, _paragraph_end(scan, a), t) for a, b, t in opened if scan[a:b].rstrip(" \t*_").endswith((":", "："))]
    opened = [o for o in opened if o[0] not in {a for a, _, _ in lists}] + lists
    heads = _heading_blocks(scan, backlog)
    headed = {b[0] for b in heads if _NOW.search(b[2]) or _at_hand(b[2])}   # says it is the state now
    lined, plans = _line_blocks(scan, text)
    headed |= {a for a, _, _ in plans}   # a status statement: its 'not yet' is its symptom
    # (a checklist in a dated file, "retrospective_2026-05.md", is that day's record: its date anchors it)
    dated_name = _HAS_DATE.search(entry_id.rsplit("/", 1)[-1]) is not None
    tables = [] if not opened and backlog else progress_tables(scan) + ([] if dated_name else progress_lists(scan))
    heading_starts = {b[0] for b in heads} | {a for a, _, _ in lists}
    sections: dict[int, tuple[int, int]] = {}   # a heading's block: its first line → its span
    at, at_line = 0, 1   # lines counted on from the block before (sorted), not from the top for each
    inner: dict[int, list[tuple[int, str]]] = {}   # a block's first line → the status lines inside it
    for start, end, title in sorted(heads + lined + opened + plans + tables):
        end = start + len(scan[start:end].rstrip())   # the block's last line holds text
        first = at_line = at_line + scan.count("\n", at, start)
        at, last = start, first + scan.count("\n", start, max(start, end - 1))
        if blocks and first <= blocks[-1][1]:
            # inside the block before: the same report, its line a place of it (the line the owner
            # rewrites: "- Phase: tests started" under "## Current status")
            if first > blocks[-1][0] and len(inner.setdefault(blocks[-1][0], [])) < 3:
                inner[blocks[-1][0]].append((first, title))
            continue
        blocks.append((first, last, title, start in headed))
        if start in heading_starts:
            sections[first] = (start, end)
    # a block holding another finding's line is that finding's cause — unless a heading names the
    # block the state now ("当前状态", "Current state (2026-09-25)"): then the section is the cause and the
    # 'now' words inside it are its symptoms (the caller drops them: ``absorbed``)
    blocks = [b[:3] for b in blocks if b[3] or not any(b[0] <= ln <= b[1] for ln in taken)]
    out = []
    if blocks:
        _dated_labels(scan, blocks, inner)
        for a, (start, end) in sections.items():
            said = None if inner.get(a) else first_said(scan, start, end)
            if said is not None:   # a section with no status line of its own: the line right under its
                # heading is where it says the status (the line the owner rewrites)
                inner[a] = [(a + scan.count("\n", start, said[0]), said[1])]
        places = tuple(p for a, b, t in blocks for p in (Place(entry_id, a, t[:60], end=b if b > a else None),
                                                          *(Place(entry_id, n, u[:60]) for n, u in inner.get(a, ()))))
        what = "; ".join(f"'{t[:40]}' (line {a}{f'–{b}' if b > a else ''})" for a, b, t in blocks[:3])
        out.append(Finding(entry_id, "process", "status-block", blocks[0][0],
                           f"a status kept as memory: {what}" + (f" and {len(blocks) - 3} more" if len(blocks) > 3 else ""),
                           "move the status to the session log or a HANDOFF file; keep only what stays true "
                           "(the decision, the rule, where a thing lives)", confidence="possible",
                           places=places if len(places) > 1 or places[0].end else ()))
    if _USER_ENTRY.match(text):
        m = _FIRST_TIME.search(scan)
        if m is not None and line_of(scan, m.start()) not in taken:
            out.append(Finding(entry_id, "transient", "user-state", line_of(scan, m.start()),
                               f"a state of the user ('{m.group(0)}'): true the week it was written",
                               "say what stays true (their level, what they want explained), or drop it",
                               confidence="possible"))
    out += _stale_footer(entry_id, scan)
    return out


def _dated_labels(scan: str, blocks: list, inner: dict) -> None:
    """Inside a status section, a label dated to the day ("**Results (2026-03-31):**") is where the
    status says its moment: a place of the block (up to 3 a block), no finding of its own."""
    lines = None
    for a, b, _ in blocks:
        if b <= a or len(inner.get(a, ())) >= 3:
            continue
        lines = scan.split("\n") if lines is None else lines
        for n in range(a + 1, min(b, len(lines)) + 1):
            line = lines[n - 1]
            if (":" not in line and "：" not in line) or not _DATE.search(line):   # (most lines: no label)
                continue
            m = _LABEL_LINE.match(line)
            if m is not None and _DATE.search(m.group(1)) and all(n != k for k, _ in inner.get(a, ())):
                inner.setdefault(a, []).append((n, m.group(1).strip()))
                inner[a].sort()
                if len(inner[a]) >= 3:
                    break


def _stale_footer(entry_id: str, scan: str) -> list[Finding]:
    """A footer "last updated D" under a section dated after D: the footer no longer says when."""
    body = scan.rstrip()
    pos = body.rfind("\n") + 1
    last = body[pos:]   # the footer is the last line: a short one holding a date
    m = _FOOTER.search(last) if len(last) <= 120 and _HAS_DATE.search(last) else None
    if m is None:
        return []
    pos += m.start()
    said = _day(m.group(1))
    later = [d for h in _HEADING.finditer(scan, 0, pos) for d in _DATE.findall(h.group(2)) if _day(d) > said]
    if not later:
        return []
    return [Finding(entry_id, "stale", "footer-date", line_of(scan, pos),
                    f"the footer says last updated {m.group(1)}, but a section above is dated {max(later, key=_day)}",
                    "update the footer's date or drop it: the file's history says when it changed",
                    confidence="possible")]


def log_places(entry_id: str, text: str, scan: str, line: int | None) -> tuple:
    """The places of a memory read whole as a session log (its first sign at ``line``): where it
    says the moment (its status blocks, up to 8), so its one finding lists the lines the owner
    moves out (stop 51: "## Doing now" under a session summary was a want met by no line)."""
    found = status_block_findings(entry_id, text, scan)
    said = {p.line: p for f in found if f.rule == "status-block" for p in (f.places or (Place(f.id, f.line, f.message),))}
    # (after stop 51) a heading below the title dated to the day, the date anywhere in it ("Session changes —
    # relay (2026-05-06)", "Was heute (2026-06-22) gemacht wurde"): in a log, one session's record
    for h in _HEADING.finditer(scan) if "#" in scan else ():
        if len(h.group(1)) > 1 and _DATE.search(h.group(2)) is not None:
            n = line_of(scan, h.start())
            said.setdefault(n, Place(entry_id, n, h.group(2).strip(" #*")[:60]))
    if not said or set(said) == {line}:
        return ()
    head = () if line is None or line in said else (Place(entry_id, line, "reads like a session log"),)
    return head + tuple(said[n] for n in sorted(said)[:8])


def absorbed(found: list, blocks: list) -> list:
    """``found`` without the transient findings a status block's range holds (one cause)."""
    spans = [(p.line, p.end or p.line) for f in blocks if f.rule == "status-block"
             for p in (f.places or (Place(f.id, f.line),))]
    return [f for f in found if f.kind != "transient" or not any(a <= (f.line or 0) <= b for a, b in spans)]
