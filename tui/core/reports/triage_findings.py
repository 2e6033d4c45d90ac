"""What the audit's findings say to triage (SPEC §6): a possible finding is a note, never a
decision alone; several 'right now' signs in one entry agree; how a finding is quoted. And the
shape of one entry's decision (``Decision``), which triage_decide and triage_knowable return."""
from __future__ import annotations

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


def moment(e, found: list[Finding], lines: int) -> list[Finding]:
    """'Right now' words, possible one by one in the audit: in the headline and another line, or
    in every line of an entry of ``lines`` lines, they are its own subject (several signs
    agree, or nothing else is said): as sure as a high one."""
    now = [f for f in found if f.kind == "transient" and f.confidence == "possible" and f.rule == "time-word"]
    marked = {f.line for f in now if f.line}
    head = any(n < e.body_line + e.first_line - 1 for n in marked)
    return now if head and len(marked) >= 2 or marked and len(marked) >= lines else []


def notes_of(e, found: list[Finding]) -> list[str]:
    out = []
    for f in found:
        if f.confidence == "possible" and f.kind in NOTE_KINDS:
            out.append(f"note: {why(f)} (possible: not enough to act on alone)")
        elif f.kind == "identifying":
            out.append(f"before sharing: {why(f)}")
    if not e.readable and e.text:
        out.append(f"its frontmatter does not parse ({e.error}): fix it so the agent reads its type")
    return out[:4]


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
