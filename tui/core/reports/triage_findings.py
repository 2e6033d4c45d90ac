"""What the audit's findings say to triage (SPEC §6): a possible finding is a note, never a
decision alone; several 'right now' signs in one entry agree; how a finding is quoted. And the
shape of one entry's decision (``Decision``), which triage_decide and triage_knowable return."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..judging.findings import Finding

@dataclass
class Decision:
    action: str
    test: int | None
    reasons: list[str]
    lines: list[int] = field(default_factory=list)      # the entry's lines that decided it
    project: list = field(default_factory=list)         # ProjectLine evidence
    notes: list[str] = field(default_factory=list)      # what did not decide, for the person


# what a keep is kept for, by the kind of the line that holds (triage_lines)
WHAT_HOLDS = {"learned": "a trap or finding it learned", "why": "the reason for a rule or a decision",
              "rule": "a convention it follows", "how": "how to apply a rule", "plain": "a fact", "code": "a snippet"}

NOTE_KINDS = ("identifying", "secret", "sensitive", "transient", "process", "conflict")


SENTENCE = 200   # characters: one statement of the moment; a longer line is a joined paragraph


def moment(e, found: list[Finding], content: list) -> list[Finding]:
    """'Right now' words, possible one by one in the audit: in the headline and another line, or
    in every line of the entry's ``content`` (its lines, each one sentence: a word in a joined
    paragraph's parenthesis is not what the paragraph says), they are its own subject (several
    signs agree, or nothing else is said): as sure as a high one."""
    now = [f for f in found if f.kind == "transient" and f.confidence == "possible" and f.rule == "time-word"]
    marked = {f.line for f in now if f.line}
    head = any(n < e.body_line + e.first_line - 1 for n in marked)
    items = [max((ln for ln in content if ln.n <= n), key=lambda ln: ln.n, default=None) for n in marked]
    short = all(ln is None or len(ln.text) <= SENTENCE for ln in items)   # a wrapped line: the item it goes on
    return now if head and len(marked) >= 2 or marked and short and len(marked) >= len(content) else []


def notes_of(e, found: list[Finding]) -> list[str]:
    out = []
    for f in found:
        if not f.sure_by_shape and f.kind in NOTE_KINDS:
            out.append(f"note: {why(f)} (possible: not enough to act on alone)")
        elif f.kind == "identifying":
            out.append(f"before sharing: {why(f)}")
    if not e.readable and e.text.strip():   # (blank lines hold no frontmatter to parse)
        out.append(f"its frontmatter does not parse ({e.error}): fix it so the agent reads its type")
    return list(dict.fromkeys(out))[:4]   # one finding the audit attached to an entry twice is one note


def why(f: Finding) -> str:
    line = f"line {f.line}: " if f.line else ""
    return f"{line}{f.kind}: {f.message}"


def lines_of(findings) -> list[int]:
    return sorted({f.line for f in findings if f.line})


def tool_output(high: list[Finding], content, notes: list[str]) -> Decision | None:
    """A whole file the audit calls a tool's output (judging/run_logs: a run log stamped to the
    second, a report stamped 'Generated:'): not a fact to keep but process — archive it (a log of
    one line too); a generated report with nothing beside its title and stamp, drop it."""
    log = next((f for f in high if f.kind == "process" and f.rule == "run-log"), None)
    if log is None:
        return None
    stamp = [ln for ln in content if ln.n == log.line and "generated" in ln.text.lower()]
    if stamp and not [ln for ln in content if ln.n != log.line and ln.kind != "heading"]:
        return Decision("drop", 1, [why(log), "nothing in it but a tool's title and stamp: nothing to remember"],
                        [log.line] if log.line else [], notes=notes)
    return Decision("archive", 1, [why(log), "a tool's output is process: the log, not what the agent loads"],
                    [log.line] if log.line else [], notes=notes)


_LIBRARY_NAME = re.compile(r"^[A-Za-z][\w-]*\.(?:go|js|io)$")


def all_gone(e, st, found: list[Finding], reading, name: str, description: str, exists) -> list[Finding]:
    """Every file an unanchored entry names is gone (not moved): what it says is about files that
    are no more — when that is its point (it names two or more, or its headline names the file).
    A file is gone only under a top folder the project has: a top folder it lacks (``frontend/``
    beside a backend checkout, a package not there) is a part triage cannot see, not a deletion."""
    files = [p for p in dict.fromkeys(st.mentioned_paths) if "." in p.rsplit("/", 1)[-1]
             and not _LIBRARY_NAME.match(p)]   # nats.go, chart.js, socket.io: a library's name, not a file
    if e.anchors or not files or any(p not in st.missing or p in st.moved for p in files):
        return []
    if any("/" in p.strip("/") and not exists(p.strip("/").split("/", 1)[0]) for p in files):
        return []
    names = [p.rsplit("/", 1)[-1] for p in files]
    if any(ln.kind == "rule" and any(n in ln.text for n in names) for ln in reading.content):
        return []   # a convention about such a file ("no fixtures in conftest.py") holds before one exists
    if all(ln.kind == "status" for ln in reading.content if any(n in ln.text for n in names)) \
            and any(n in ln.text for ln in reading.content for n in names):
        return []   # named only where work stood ("continue from admin.py line ~60"): the edit takes that line out
    head = f"{name} {description}"
    if len(files) < 2 and not any(p.rsplit("/", 1)[-1] in head for p in files) and len(reading.content) > 3:
        return []
    return [f for f in found if f.kind == "path-missing" and f.rule == "mentioned-path-missing"][:2]


def archived_with(rest: Decision, remove: list[Finding]) -> Decision:
    """A record of work (a day's log, a session's notes) holding a secret: archived all the same,
    the secret named first, to take out before (the archive keeps the file's text)."""
    return Decision(rest.action, rest.test, [f"{why(f)}: take it out first, the archive keeps the file's text"
                                             for f in remove[:3]] + rest.reasons,
                    sorted(set(lines_of(remove) + rest.lines)), rest.project, rest.notes)
