"""What a line's *shape* says of it, in any language (SPEC §6, test 1): a record of what was
done, told by its form, not by its words.

- A **row of a dated table**: a table row whose first cell is a date (``| 2026-08-03 | … |``,
  ``| 2/16 | … |``, ``| 8月3日 | … |``, a range ``2026-02-17-20``). A table keyed by dates is a
  log: each row is an event of that day, whatever words it holds (a row that names a pitfall
  feature is not a pitfall learned). A static reference table (IDs, ports, a mapping) has no
  date in its first column and is never read so.
- A **struck-out item**: a list item or heading whose text starts struck through (``~~P0 — …~~ done``):
  the owner marked it done. Strike-through inside a sentence (a correction) is not one.

- A **checklist written as a table**: a column of work states (``| CacheKeys.cs | 🟡 Todo |``)
  under a heading that names it (Status, Estado, 状态…), or with open work in it ("Todo",
  "Pending", "In progress"), and a state that repeats down the rows: each row is an item of work,
  open (status) or done (a record). A reference table that names each state once (the workflow's
  transition IDs), or marks what a tool supports with ✅ under no status heading, is none.

And how a reason quotes a line: a few words, never a value random as keys are.
"""
from __future__ import annotations

import re

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
# a date as a table's first cell writes it (a range of days after it: "2026-02-17-20", "3/7~3/8")
_DATE = (rf"(?:\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?|(?:\d{{4}}\s*年\s*)?\d{{1,2}}\s*月\s*\d{{1,2}}\s*日?|"
         rf"\d{{1,2}}\.\d{{1,2}}\.\d{{2,4}}|{_MONTH} \d{{1,2}}(?:,? \d{{4}})?|\d{{1,2}} {_MONTH}(?: \d{{4}})?)")
_DATED_CELL = re.compile(rf"(?i)^\s*\|\s*(?:\*\*|__)?\[?{_DATE}\]?(?:\s*(?:[-~–〜]|to)\s*(?:{_DATE}|\d{{1,2}}))?"
                         r"(?:\s*\([^)|]{0,12}\))?(?:\*\*|__)?\s*\|")
_STRUCK = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+)?(?:\*\*)?~~(?=\S)(.+?)~~")


def dated_table_row(text: str) -> bool:
    """A row of a table whose first cell is a date: an event of a log."""
    return text.lstrip().startswith("|") and bool(_DATED_CELL.match(text))


def struck(text: str) -> bool:
    """A list item or heading whose text starts struck out: its title marked done."""
    return _STRUCK.match(text) is not None


# -- quoting a line in a reason ---------------------------------------------------------------------

def quote(text: str, words: int = 9) -> str:
    """The first few words of a line, for a reason (never more: the text is the owner's), without
    a secret, a mailbox or a phone number in them."""
    from ..secrets.detect import blank_secrets
    from ..judging.gates import _EMAIL
    from ..judging.personal_ids import personal_id_findings
    bare = _PHONE.sub("[not shown]", _EMAIL.sub("[not shown]", blank_secrets(re.sub(r"[*_`#>]+", "", text))))
    if any(ch.isdigit() for ch in bare) and personal_id_findings("", bare):
        # a home address, a local phone number, an id the audit flags: the label alone, never the datum
        label = re.match(r"[^:：]{1,40}[:：]", bare)
        bare = (label.group(0) + " " if label else "") + "[personal data not shown]"
    bare = unshown(bare).strip(" -:•\t")
    bare = re.sub(r"^(?:[-*+]|\d+[.)])\s+", "", bare)
    parts = bare.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


# an international phone number: an audit never shows one (nor a mailbox: gates' _EMAIL), nor does a reason
_PHONE = re.compile(r"(?<![\w+])\+\d[\d \-().]{6,}\d")
_LONG_TOKEN = re.compile(r"[A-Za-z0-9_\-+/=.]{16,}")


def unshown(text: str) -> str:
    """A reason quotes the owner's words, never a value random as keys are, found as a secret or
    not (a rule that missed one must not make triage print it)."""
    from ..secrets.grade import random_by_measure
    return _LONG_TOKEN.sub(lambda m: "[a value not shown]" if random_by_measure(m.group()) else m.group(), text)


def shown(f) -> str:
    """A fact of the entry as a reason names it (a value random as keys are is not shown)."""
    text = unshown(f.text)
    return f"`{text}`" if f.kind in ("span", "script") else text


# a labelled value that names a thing: "**Bundle ID iOS:** com.example.app", "Project ID: x-1a2b",
# "- Owner: team" — one token after the label (a parenthesis may follow), no clause of its own
_REFERENCE = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*|__)?([^:：*_`]{1,40}?)(?:\*\*|__)?\s*[:：](?:\*\*|__|\s)\s*(?:\*\*|__)?\s*"
                        r"`?([^\s`]{2,80})`?\s*(?:\([^)]*\))?\s*$")


def reference_item(bare: str) -> bool:
    """A label and one identifier (a dotted or dashed name, a hex id, a name with digits, a
    version x.y.z): what a thing is called, not where work stands. A measure ('91%', '~12min',
    'POOR') or a plain word is no identifier."""
    m = _labelled(bare)
    return m is not None and bool(_IDENT.match(m))


def _labelled(bare: str) -> str | None:
    """The one token after a label that names no state ('Status:', 'Next:'), else None."""
    m = _REFERENCE.match(bare)
    if not m or re.search(r"(?i)\b(?:status|state|estado|stato|statut|progress|progreso|статус|next|todo|pending)\b|"
                          r"状态|状態|상태", m.group(1)):
        return None
    return m.group(2).strip("*_")


def references(lines: list) -> set[int]:
    """Lines that a run of labelled values makes a reference, whatever heading is above it: a run
    of two or more items of one token after a label, at least half of them identifiers ('Bundle
    ID: com.x.app', 'Project ID: 5f1c…', 'Owner: teamx'); a measure in it stays what it was."""
    out: set[int] = set()
    run: list = []
    for ln in lines + [None]:
        token = _labelled(ln.text) if ln is not None and ln.kind == "status" else None
        if token is not None:
            run.append((ln.n, token))
            continue
        ids = [n for n, t in run if _IDENT.match(t)]
        if len(ids) >= 2 and 2 * len(ids) >= len(run):
            out.update(n for n, t in run if _IDENT.match(t) or not _MEASURE.match(t))
        run = []
    return out


_IDENT = re.compile(r"^(?:[A-Za-z][\w-]*[.\-_/@:][\w.\-/@:]*\w|[0-9a-f]{6,}(?:-[0-9a-f]+)*|[A-Za-z]+\d[\w-]*|v?\d+\.\d+\.\d+)$")
_MEASURE = re.compile(r"^(?:[\d~$<>≈+-].*|.*%|[A-Z]{2,})$")


# -- a checklist written as a table -------------------------------------------------------------------

_OPEN_CELL = re.compile(r"(?i)^(?:to ?do|pending|in progress|wip|not started|blocked|waiting|ongoing|open|"
                        r"pendiente|en curso|en progreso|pendente|em andamento|a fazer|à faire|en cours|offen|in arbeit|"
                        r"da fare|in corso|в работе|не начат\w*|chưa|đang làm|待办|未完成|进行中|未开始|待处理|未着手|"
                        r"対応中|作業中|未対応|진행 ?중|대기|미완료)\b")
_DONE_CELL = re.compile(r"(?i)^(?:done|completed?|finished|shipped|deployed|merged|fixed|resolved|closed|hecho|"
                        r"completad[oa]|terminad[oa]|listo|feito|conclu[ií]d[oa]|pronto|fait|termin[ée]e?|erledigt|"
                        r"fertig|fatto|completato|готово|сделано|xong|hoàn thành|已完成|完成|完了|対応済み?|완료)\b")
_STATE_HEAD = re.compile(r"(?i)^(?:status|state|estado|stato|statut|stand|progress|progreso|progresso|статус|"
                         r"trạng thái|tiến độ|状态|状態|ステータス|进度|進捗|상태|진행)\b")
_CELL_MARKS = re.compile(r"^[\s*_`~]*(?:[✅☑✔🟢🟡🔴⏳🚧❌⬜🔲✓✗☐]\ufe0f?[\s*_`~]*)*")


def _cells(text: str) -> list[str]:
    return [c.strip() for c in text.strip().strip("|").split("|")]


def _state(cell: str) -> str | None:
    bare = _CELL_MARKS.sub("", cell).strip("*_ ")
    return "status" if _OPEN_CELL.match(bare) else "final" if _DONE_CELL.match(bare) else None


def checklist_rows(lines: list) -> dict[int, str]:
    """Rows of a table that is a checklist → 'status' (work open) or 'final' (work done)."""
    out: dict[int, str] = {}
    run: list = []
    for ln in lines + [None]:
        if ln is not None and ln.kind != "code" and ln.text.startswith("|") and ln.text.count("|") >= 3:
            run.append(ln)
            continue
        if len(run) >= 4:
            out.update(_checklist(run))
        run = []
    return out


def _checklist(run: list) -> dict[int, str]:
    head, rows = _cells(run[0].text), [(ln.n, _cells(ln.text)) for ln in run[1:]]
    for j, title in enumerate(head):
        states = [(n, _state(cells[j])) for n, cells in rows if j < len(cells)]
        marked = [(n, s) for n, s in states if s]
        values = [_CELL_MARKS.sub("", cells[j]).strip("*_ ").lower() for n, cells in rows if j < len(cells)]
        repeats = len(set(v for v, (_, s) in zip(values, states) if s)) < len(marked)
        opened = sum(1 for _, s in marked if s == "status")
        if len(marked) >= 3 and repeats and (_STATE_HEAD.match(_CELL_MARKS.sub("", title).strip("*_ ")) or opened >= 2):
            return dict(marked)
    return {}


# a list item led by a mark of its work's state: done, or still to do (a do/don't list's ✅/❌ is neither)
_ITEM_DONE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?(?:✅|☑|✔|\[[xX✓]\])")
_LABEL_LINE = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*)?[^\s:：*][^:：]{0,30}(?:\*\*)?[:：](?:\*\*)?\s*$")   # "- 进度：", "**Progress:**"
_ITEM_OPEN = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?(?:⏳|🚧|🔄|⬜|🔲|☐|\[ \])")


def marked_items(lines: list) -> dict[int, str]:
    """Items of a list that is a checklist of the work → 'status' (still to do) or 'final' (done):
    a run of two or more items under a label ("- Progress:", "**Estado:**"), each led by a state
    mark, some done and some still to do. Its items report where work stood the day it was
    written, whatever words follow the mark (a list with no label over it may be a roadmap the
    owner keeps: read on one held-out pool, it cost a keep)."""
    out: dict[int, str] = {}
    run: list = []
    label = before = None
    for ln in lines + [None]:
        if ln is not None and ln.kind == "cont":
            continue
        state = None if ln is None or ln.kind == "code" else \
            "final" if _ITEM_DONE.match(ln.text) else "status" if _ITEM_OPEN.match(ln.text) else None
        if state:
            if not run:
                label = before
            run.append((ln.n, state))
            continue
        if len(run) >= 2 and {s for _, s in run} == {"final", "status"} and label is not None \
                and _LABEL_LINE.match(label.text):
            out.update(run)
        run, before = [], ln
    return out


def reshaped(lines: list) -> list:
    """The lines with the kinds their shape gives: a run of labelled identifiers is a reference
    (plain, whatever heading is above it); a table of work items with their state a checklist,
    and so a list whose items are marked done and still to do."""
    from dataclasses import replace
    if refs := references(lines):
        lines = [replace(ln, kind="plain") if ln.n in refs else ln for ln in lines]
    if rows := checklist_rows(lines) | marked_items(lines):
        lines = [replace(ln, kind=rows[ln.n]) if ln.n in rows and ln.kind in ("plain", "status", "final") else ln
                 for ln in lines]
    return lines


def field(text: str, key: str) -> str | None:
    """A frontmatter field read by its line's shape (``name: …``), where the YAML does not parse."""
    m = re.search(rf"(?m)^\s*{key}\s*:\s*(.+)$", text.split("\n---", 2)[0][:4000])
    return m.group(1).strip().strip("\"'") if m else None


# a document the headline names by its file ("HANDOFF.html", "session_log.txt"): its words name that file
DOC_FILE = re.compile(r"(?i)(?<![a-z0-9./_-])([a-z][a-z0-9]*(?:[_-][a-z0-9]+)*)\.(?:html?|md|mdx|txt|pdf|docx?|rtf|odt|pptx?|xlsx?|csv|json|ya?ml)(?![a-z0-9])")
