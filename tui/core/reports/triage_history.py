"""Test 1 for a changelog: the dated history of one thing is archive as a whole (SPEC §6).

A file its headline calls a changelog or a change history ("figure-draftsman changelog", 更新履歴,
精进记录, Änderungsprotokoll) whose sections are dated rounds (three or more headings with a date
or a round number) is the record of how the thing came to be. Its lessons read as traps line by
line ("root cause: …", "constraints"), but each is tied to one round: where work stood then. The
code or the instruction file holds what lasted; the history belongs in the log. A bare "history"
is not enough: "full history of the design exploration" (a bare 履歴 or 历史记录) is a decision
record its owner keeps, and so is any entry with a Why line, whatever its headline.
"""
from __future__ import annotations

import datetime as dt
import re

from .triage_findings import Decision
from .triage_lines import quote
from .triage_knowable import _DECIDED

_CHANGELOG = re.compile(
    r"(?i)(?:\bchange[ -]?log|\bchanges? log|\b(?:change|version|update|revision) history\b|\brevision log|\brelease notes|\bdevlog|"
    r"änderungs(?:protokoll|historie|verlauf)|\bhistorial de cambios|\bregistro de cambios|"
    r"\bhist[óo]rico de (?:mudanças|alterações|versões)|\bjournal des modifications|\bhistorique des (?:modifications|versions)|"
    r"(?:更新|変更|改訂|改定|修正|版)履歴|更新(?:日志|记录|記錄)|变更(?:记录|日志)|變更(?:記錄|日誌)|精进记录|迭代记录|修订记录|改进记录|변경 ?(?:이력|기록|로그)|업데이트 ?(?:기록|내역))")
# a section of one round: a date, a round or version number ("第九轮", "Round 3", "v1.2")
_ROUND = re.compile(r"(?i)\d{4}[-/.]\d{1,2}(?:[-/.]\d{1,2})?|第\s*[\d一二三四五六七八九十百]+\s*[轮回輪次版]|"
                    r"\b(?:round|runde|ronda|rodada|tour|iteration|iteración|iteração)\s*\d+|\b\d+(?:st|nd|rd|th) round|"
                    r"\bv\d+(?:\.\d+)+\b|\d+\s*(?:회차|차)\b")


def dated_history(entry_id: str, name: str, description: str, lines) -> Decision | None:
    head = f"{entry_id.rsplit('/', 1)[-1].replace('_', ' ').replace('-', ' ')}\n{name}\n{description}"
    said = _CHANGELOG.search(head)
    if said is None or any(ln.kind == "why" for ln in lines):   # a Why line: a decision record its owner keeps
        return None
    rounds = [ln for ln in lines if ln.kind == "heading" and _ROUND.search(ln.text)]
    if len(rounds) < 3:
        return None
    return Decision("archive", 1, [f"its name or description calls it a history: '{quote(said.group(0), 6)}', "
                                   f"and {len(rounds)} of its sections are dated rounds, from line {rounds[0].n} "
                                   f"'{quote(rounds[0].text, 8)}'",
                                   "each lesson in it is tied to one round: the log keeps the history, "
                                   "the code or an instruction file what lasted"], [ln.n for ln in rounds][:20])


# a file named by its day: "2026-02-22.md", "2026_02_22.md", "20260222.md" (a weekday may follow), or by
# its day and the session's topic ("2026-03-15-login-bug.md", what a session hook saves): that day's record
_DAY_NAME = re.compile(r"^(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})(?:[-_ ](?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|[-_][^/]+)?\.(?:md|txt)$", re.I)


def day_of(entry_id: str) -> dt.date | None:
    """The day a file is named for, when its name is that date and nothing else."""
    m = _DAY_NAME.match(entry_id.rsplit("/", 1)[-1])
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None
    except ValueError:
        return None


def day_log(entry_id: str, now: dt.datetime, rules: list[str]) -> Decision | None:
    """A layout's daily log (OpenClaw's memory/2026-02-22.md) older than yesterday: the agent reads
    only today's and yesterday's at the start of a session; an older day is the record of that day,
    archive it (a durable rule in it goes to the long-term file first: its line is named)."""
    day = day_of(entry_id)
    if day is None or (now.date() - day).days <= 1:
        return None
    why = [f"a day's log: its file is named for {day.isoformat()}, {(now.date() - day).days} days ago; "
           "the agent reads only today's and yesterday's at a session's start"]
    why += [f"{r}: move that rule to the long-term memory file first" for r in rules[:2]]
    return Decision("archive", 1, why + ["what lasted belongs in the long-term file; the day's record in the archive"])


# a headline that calls the entry a timeline: the events of one incident or day, in order
_TIMELINE = re.compile(r"(?i)\btime ?line\b|\bchronolog(?:y|ie)\b|\bcronolog[íi]a\b|\bzeit(?:leiste|strahl|verlauf)\b|"
                       r"\bхронологи|时间线|時間線|时间轴|タイムライン|타임라인")
_CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])")


def timeline(name: str, description: str, lines) -> Decision | None:
    """Test 1 for a timeline: its headline calls it one and its lines keep the clock, three or more
    times in order ("14:02 … 14:05 … 14:20 …"): the record of how one incident went, minute by
    minute. The log keeps it; what it taught goes to a rule entry or an instruction file first. A
    schedule ("backups at 02:00, the import at 06:30") is no timeline: its headline does not say so."""
    said = _TIMELINE.search(f"{name}\n{description}")
    if said is None or any(ln.kind == "why" for ln in lines):
        return None
    times = [(ln.n, int(m.group(1)) * 60 + int(m.group(2))) for ln in lines if ln.kind not in ("code", "cont")
             for m in _CLOCK.finditer(ln.text)]
    if len(times) < 3 or any(b[1] < a[1] for a, b in zip(times, times[1:])):
        return None
    timed = {n for n, _ in times}
    learned = [ln for ln in lines if ln.kind == "learned"]
    if learned and learned[0].n in timed:   # the lesson sits in the timeline's own sentence
        why_told = f"line {learned[0].n} tells what it taught beside the times"
    else:
        why_told = None
    why = [f"its name or description calls it a timeline: '{quote(said.group(0), 4)}', and {len(times)} times "
           f"of the clock follow in order, from line {times[0][0]}"]
    if learned:
        why.append((why_told or f"line {learned[0].n} '{quote(learned[0].text, 8)}' is what it taught")
                   + ": move it to a rule entry or the instruction file first if no entry says it")
    return Decision("archive", 1, why + ["how one incident went belongs in the log, not in what the agent loads"],
                    sorted(timed)[:20])


# a headline dated to one day ("Debugging: tasks stuck (25 Nov)", "Notes 2026-11-30") over a body that
# opens with a day ("25/11: tasks stayed PENDING …"): the diary of that day
_DAY_MARK = (r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?|"
             r"\d{1,2}\.? ?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ene|abr|ago|dic|mai|okt|dez)[a-zé]*\.?(?: \d{4})?|"
             r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?(?:,? \d{4})?|"
             r"\d{4}年\d{1,2}月\d{1,2}日|\d{1,2}月\d{1,2}日)")
_HEAD_DAY = re.compile(rf"(?i)(?<![\w/.-]){_DAY_MARK}(?![\w/-])")
_LEAD_DAY = re.compile(rf"(?i)^\W*(?:\w+ )?{_DAY_MARK}\s*[:—–-]")


def day_record(description: str, lines, type_: str | None) -> Decision | None:
    """Test 1 for a day's diary: the headline dates the entry to one day and its first line opens
    with a day — what happened then, told in order ("tried …, turned out …"). Its lesson, if any,
    is where that day's work stood; a Why, a rule or a way to apply would make it a lasting note."""
    content = [ln for ln in lines if ln.kind not in ("heading", "code")]
    head = _HEAD_DAY.search(description or "")
    if head is None or not content or (type_ or "").lower() in ("feedback", "user") \
            or any(ln.kind in ("why", "rule", "how") for ln in lines) or not _LEAD_DAY.match(content[0].text) \
            or any(_DECIDED.search(t) for t in [description] + [ln.text for ln in content]):
        return None   # a dated decision and its reason ("2026-05-12: decided …, because …") is a record its owner keeps
    return Decision("archive", 1, [f"its description dates it to one day, '{quote(head.group(0), 4)}', and line "
                                   f"{content[0].n} opens with a day: '{quote(content[0].text, 8)}'",
                                   "the diary of one day's work belongs in the log; a lasting lesson goes to its own entry"],
                    [content[0].n])
