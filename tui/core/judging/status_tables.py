"""A progress table kept as memory (issue 36, stop 49): a Markdown table with a status column whose
rows are some done and some still open ("| CacheKeys.cs | 🟡 Todo |" under "| Domain entities | ✅ Done |")
is where the work stood the day it was written; the next session reads its open rows as still open.

Only a table with both kinds of rows: all done is a record of what was delivered, all open is a plan
(or a backlog, which ``owner_context.living_backlog`` keeps by design). The place is its first open
row, the line the owner checks first.
"""
from __future__ import annotations

import re

_ROW = re.compile(r"(?m)^[ \t]{0,3}\|[^\n]*\|[ \t]*$")
_ANY_RULE_ROW = re.compile(r"\|[ \t:]*---")
_RULE_ROW = re.compile(r"^[ \t]*\|[ \t:|-]*-[ \t:|-]*\|?[ \t]*$")
_STATUS_HEAD = re.compile(r"(?i)^\W*(?:status|state|estado|stato|statut|stand|durum|trạng thái|tình trạng|статус|"
                          r"состояние|progress|progreso|progresso)\W*$|^\W*(?:状态|狀態|状況|ステータス|進捗|进度|상태|진행)\W*$")
_DONE = re.compile(r"(?i)✅|✔|☑|\b(?:done|completed?|finished|merged|shipped|deployed|hecho|completad[oa]|conclu[ií]d[oa]|"
                   r"feito|termin[ée]|erledigt|fertig|xong|hoàn thành|готово|выполнено|tamamlandı)\b|已完成|完成|完了|완료")
_OPEN = re.compile(r"(?i)🟡|⏳|🚧|⬜|🔲|🔄|\b(?:todo|to do|pending|in progress|wip|not started|pendiente|pendente|en curso|"
                   r"em andamento|in corso|offen|ausstehend|bekliyor|в работе)\b|进行中|未开始|未完成|待(?!遇)[\u4e00-\u9fff]|"
                   r"未着手|対応中|進行中|진행 ?중|대기|đang làm|chưa")


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def progress_tables(scan: str) -> list[tuple[int, int, str]]:
    """(start, end, first open row's text) of each table whose status column mixes done and open."""
    if "|" not in scan or _ANY_RULE_ROW.search(scan) is None:   # (no table's rule row: no table)
        return []
    out = []
    rows = list(_ROW.finditer(scan))
    k = 0
    while k < len(rows):
        j = k   # the table: rows one right under the other
        while j + 1 < len(rows) and rows[j + 1].start() == rows[j].end() + 1:
            j += 1
        table, k = rows[k:j + 1], j + 1
        if len(table) < 4 or not _RULE_ROW.match(table[1].group(0)):
            continue
        col = next((i for i, c in enumerate(_cells(table[0].group(0))) if _STATUS_HEAD.match(c)), None)
        if not col:
            continue   # (a status first is the row's key: a table of what each state means)
        marks = []
        for r in table[2:]:
            cells = _cells(r.group(0))
            cell = cells[col] if col < len(cells) else ""
            marks.append((r, _OPEN.search(cell) is not None, _DONE.search(cell) is not None))
        opened = [r for r, o, d in marks if o and not d]
        if opened and any(d and not o for _, o, d in marks):
            first = opened[0]
            out.append((first.start(), table[-1].end(), " | ".join(c for c in _cells(first.group(0)) if c)[:60]))
    return out


# a heading over a list of states' meanings ("## Order states", "Legend"): its items define, never report
_DEFINED = re.compile(r"(?i)\b(?:states|statuses|lifecycle|legend|glossary|enum|meanings?)\b|状态说明|状態一覧|ステータス一覧|상태 설명")
_HEADING = re.compile(r"(?m)^#{1,6}[ \t]+(.*)$")


def under_definitions(text: str, at: int) -> bool:
    """The line at ``at`` sits under a heading that names states' meanings (the nearest heading above,
    within 60 lines back: a list of meanings is short, and a long file is not read again per line)."""
    i, steps = at, 0
    while i > 0 and (steps := steps + 1) <= 60:
        i = text.rfind("\n", 0, i - 1) + 1   # the start of the line before
        m = _HEADING.match(text, i)
        if m is not None:
            return _DEFINED.search(m.group(1)) is not None
    return False


# (stop 51) a checklist whose items are some done and some open, one under the other ("- ✅ Stage 1",
# "- ⏳ Stage 3"; "- [x] walls", "- [ ] lid hinge"): where the work stood, as a progress table is. All
# done is a record, all open a plan; ❌ is no open mark (a do-and-don't list writes it)
_ITEM = re.compile(r"(?m)^[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?:\[([ xX✓])\]|(✅|✔️?|☑️?|⏳|🚧|⬜|🔲|🔄|🕐|🟡))[^\n]*$")
_OPEN_MARKS = frozenset(" ⏳🚧⬜🔲🔄🕐🟡")
_LIST_HINTS = ("[x]", "[X]", "[ ]", "✅", "✔", "☑", "⏳", "🚧", "⬜", "🔲", "🔄", "🕐", "🟡")


def progress_lists(scan: str) -> list[tuple[int, int, str]]:
    """(start, end, first open item's text) of each run of checklist items that mixes done and open."""
    if not any(map(scan.__contains__, _LIST_HINTS)):
        return []
    out = []
    run: list[tuple[re.Match, bool]] = []
    for m in [*_ITEM.finditer(scan), None]:
        if m is not None and run and scan.count("\n", run[-1][0].end(), m.start()) <= 1:
            run.append((m, (m.group(1) or m.group(2))[:1] in _OPEN_MARKS))
            continue
        opened = [x for x, o in run if o]
        if opened and len(opened) < len(run):
            first = opened[0]
            out.append((first.start(), run[-1][0].end(), first.group(0).strip(" \t-*+")[:60]))
        run = [] if m is None else [(m, (m.group(1) or m.group(2))[:1] in _OPEN_MARKS)]
    return out
