"""One entry's suggestion, decided on the whole entry (SPEC §6), with reasons a person can check.

In this order of weight:

1. **review** — what must come out whatever else holds: a secret, personal data or a path out
   of the project found with *high* confidence; a file that cannot be read at all.
2. **archive** (test 1) — the entry is mostly process: half its lines or more report where work
   stood, or its name or description say it records work and a good part of it does.
3. **review** — a doubt a person settles: a contradiction (with another entry: a named setting
   with two values, built and not built, a rule a later entry replaced — judging/conflicts; one
   thing given two ports — judging/port_claims; or
   with the project's own files), an anchor that no longer verifies, every file it names gone.
4. **drop** (test 3) — said elsewhere already: an instruction file holds its rule (never
   promoted then), it was promoted, another entry says the same, or every fact it states is in
   the project's files and it says nothing more.
5. **edit** (test 1) — a few lines report where work stood among lines that hold: edit those
   lines out, keep the rest (never archive the whole entry for them).
6. **promote** (test 2) — a rule someone set, as its headline says, not a trap the agent learned.
7. **keep** — it passed all three tests; its first reason names the line that holds.

A ``possible`` finding never decides: it is listed in the reasons as a note. Every reason names
the entry's line and the evidence (the finding, the project line, the instruction line).
"""
from __future__ import annotations

import functools
import os
from dataclasses import replace

from ..judging.anchors import confine
from ..reading.entry import BLANK_FILE, EMPTY_FILE
from ..judging.findings import Finding
from ..judging.amount_claims import tells_change
from ..judging.conflicts import claims_of, find_conflicts
from ..judging.said_pairs import description_line
from ..judging.port_claims import port_conflicts
from .triage_amounts import amount_conflicts, listed, stance_conflicts
from .triage_aside import aside
from .triage_floor import is_floor
from .triage_knowable import Folder, copied, describes_code, knowable, quoted_value, told_by_project
from .triage_settings import named_settings
from .triage_prose import said_in_prose
from .triage_manifest import declared
from .triage_findings import (Decision, all_gone, archived_with, lines_of as _lines_of, moment as _moment, notes_of as _notes,
                             tool_output, why as _why)
from .triage_facts import STRONG, Found, find
from .triage_lines import Line, quote
from .triage_entry import Entry, prepare  # noqa: F401 (prepare: triage.py reads entries through here)
from .triage_process import (backlog, bank_setup, finished_phase, for_today, waits_for_tomorrow, headline_is_process, holding, status_file_parts,
                             status_file_why, stopped_work)
from .triage_meaning import Meanings, held_rules
from .triage_rulebook import RuleBook, instruction_line
from .triage_pointer import circular, mirrored
from .triage_blank import placeholder_only, rule_evidence as _rule_evidence, unwritten
from .triage_keep import _keep, _promote_reasons, _promotes, _rule_lines
from .triage_history import dated_history, day_log, day_record, timeline
from .triage_state import one_line
from .triage_headline import headline_against
from ..judging.blanks import template_only
from .triage_rules import MANDATED_TYPES, about_memory_folder, finished_coursework, headline_rule, undecided, who_set

REMOVE_KINDS, DOUBT_KINDS = ("secret", "sensitive", "traversal"), ("conflict", "anchor-broken")


class Context:
    """What every entry of one folder is decided against: the project index and the instruction
    files (made on first need), the versions each entry states (to find two that disagree)."""

    def __init__(self, mem, index_of) -> None:
        self.mem = mem
        self._index_of = index_of
        self._idx = None
        self._book = None
        self._meanings = None
        self.folder = Folder(lambda: self.index)   # what test 3 reads of the project once a run
        self.versions: dict[str, dict[str, list[tuple[str, int]]]] = {}   # subject → value → [(entry, line)]
        self._exists: dict[str, bool] = {}
        self.conflicts: dict = {}

    @property
    def index(self):
        if self._idx is None:
            self._idx = self._index_of()
        return self._idx

    @property
    def book(self) -> RuleBook:
        if self._book is None:
            self._book = RuleBook(self.index.rules)
        return self._book

    @property
    def meanings(self) -> Meanings:
        if self._meanings is None:
            self._meanings = Meanings(self.index.rules)
        return self._meanings

    def exists(self, raw: str) -> bool:
        hit = self._exists.get(raw)
        if hit is None:
            c = confine(self.mem.root, raw)
            hit = self._exists[raw] = c.path is not None and os.path.exists(c.path)
        return hit

    def note_conflicts(self, entries: dict, readings: dict) -> None:
        """Entries that cannot both hold (judging/conflicts): id → [Conflict]."""
        content, heads = {i: r.content for i, r in readings.items()}, {i: description_line(entries[i]) for i in readings}
        claims = {i: claims_of(i, heads[i] + content[i]) for i in readings}
        self.conflicts = find_conflicts({i: entries[i] for i in readings}, claims,
                                        lambda i: readings[i].of("rule", "how"))
        for i, cs in port_conflicts(content).items():   # one thing, two ports
            self.conflicts.setdefault(i, []).extend(cs)
        amounts = amount_conflicts(content, {i: getattr(entries[i], "description", "") or "" for i in readings}, heads)
        # (a pair of words is looked up in the project's lists once a run, not once an entry pair)
        in_list = functools.lru_cache(maxsize=None)(lambda a, b: listed(self.index, a, b))
        for found in (amounts, stance_conflicts(readings, entries, in_list)):   # one setting two amounts; one subject two stances
            for i, cs in found.items():
                have = self.conflicts.setdefault(i, [])
                have.extend(c for c in cs if not any(h.line == c.line for h in have))

    def note_versions(self, entry_id: str, facts, reading=None) -> None:
        by_line: dict[tuple[int, str], set] = {}
        # a line that tells a change ("upgraded from SDK 52 to SDK 55") claims only the version it names
        # last, the one it changed to ("since the upgrade … SDK 4" still says SDK 4)
        text = {ln.n: ln.text for ln in reading.lines} if reading is not None else {}   # (a floor: "from 7.0", "18+")
        history = {n for n, t in text.items() if tells_change(t)}
        last = {f.line: f for f in facts if f.kind == "version" and f.line in history}   # (the last one a line names)
        for f in facts:
            if f.kind != "version" or f.line in history and last[f.line] is not f or f.subject == "sdk" or "-" in f.subject or "/" in f.subject \
                    or is_floor(f, text.get(f.line, "")) \
                    or f.text[:3] == "NPM" or "." not in f.value and int(f.value) > 60:
                continue   # a name of the project's own ("paper-trade V11"), a margin (NPM), a status (Fastify 500)
            by_line.setdefault((f.line, f.subject), set()).add(f.value.split(".")[0])
        for (line, subject), majors in by_line.items():
            if len(majors) == 1:   # "from 52 to 55" on one line is an upgrade, not a claim
                self.versions.setdefault(subject, {}).setdefault(next(iter(majors)), []).append((entry_id, line))


def decide(ctx: Context, e, st, found: list[Finding], twin: str | None, prepared: Entry) -> Decision:
    high = [f for f in found if f.sure_by_shape]   # (the audit's calibrated level is the audit's, not triage's)
    notes = _notes(e, found)
    remove = [f for f in high if f.kind in REMOVE_KINDS]
    if remove:
        if (rest := decide(ctx, e, st, [f for f in found if f not in remove], twin, prepared)).action == "archive" \
                and len(prepared.reading.content) >= 3:   # a record of work (not a line or two): archived all the same
            return archived_with(rest, remove)
        return Decision("review", None, [_why(f) for f in remove[:3]], _lines_of(remove), notes=notes)
    if e.error in (EMPTY_FILE, BLANK_FILE):   # as a file of frontmatter only (below): what an owner does is delete it
        return Decision("drop", 3, [f"an {e.error}: nothing to keep"], notes=notes)
    if not e.readable and (not e.body.strip() or not e.has_frontmatter and e.text.lstrip().startswith("---")):
        # nothing to read, or frontmatter that never closes (all of it would be taken for the body)
        return Decision("review", None, [f"cannot be read: {e.error}"], notes=notes)
    status_file = e.kind == "process" and st.load == "resident"   # Cline's activeContext.md, progress.md: weighed below
    if e.kind == "process" and not status_file:   # a layout's own log (a daily log): archive once the agent no longer reads it
        rules = [_why(f) for f in found if f.kind == "process" and f.rule == "durable-rule-in-log"]
        return replace(day_log(e.id, ctx.mem.now, rules) or Decision("keep", 1, ["a recent log: the agent reads it at a "
                                                                             "session's start"] + rules), notes=notes)
    r = prepared.reading
    content = r.content
    if not content:
        return Decision("drop", 3, ["it holds nothing but its frontmatter: nothing to remember"], notes=notes)
    if (blank := template_only(e.body)) is not None:
        at = next((ln.n for ln in r.lines if blank in ln.text), None)
        return Decision("drop", 3, [f"a template never filled in: its sections hold only placeholders, "
                                    f"{'line ' + str(at) + ' ' if at else ''}'{quote(blank, 8)}'",
                                    "nothing to remember: the agent reads headings and blanks"],
                        [at] if at else [], notes=notes)
    if (waiting := unwritten(e.body, r, notes)) is not None:
        return waiting
    if (slot := placeholder_only(r, notes)) is not None:
        return slot
    if (logged := tool_output(high, content, notes)) is not None:
        return logged
    texts = [ln.text for ln in content]
    done = finished_coursework(prepared.name, prepared.description, texts)
    if done:
        return Decision("archive", 1, [f"a piece of coursework, handed in: '{quote(done, 10)}'",
                                       "finished work unrelated to the project: keep it in the log, not in what the agent loads"],
                        notes=notes)
    today = for_today(prepared.name, prepared.description)
    if today:
        day = "the day after it was written" if waits_for_tomorrow(prepared.name, prepared.description) else "today only"
        return Decision("archive", 1, [f"its headline holds for {day}: '{quote(today, 10)}'",
                                       "a rule for one day is where work stood: the session log, not what the agent loads"],
                        notes=notes)
    phase = finished_phase(prepared.name, prepared.description)
    if phase and not r.of("rule"):
        return Decision("archive", 1, [f"its name or description says it records work: a finished phase, '{quote(phase, 10)}'",
                                       "the phase's report belongs in the log; the code holds what it built"], notes=notes)
    if not r.of("rule") and (stopped := stopped_work(prepared.name, prepared.description, notes)) is not None:
        return stopped
    if (history := dated_history(e.id, prepared.name, prepared.description, r.lines)
            or timeline(prepared.name, prepared.description, r.lines)
            or day_record(prepared.description, r.lines, prepared.type)) is not None:
        return replace(history, notes=notes)
    guide = about_memory_folder(prepared.name, prepared.description)
    if guide and not r.of("why", "rule"):
        return Decision("drop", None, [f"a guide to the memory folder itself, not a memory of the project: '{quote(guide, 10)}'",
                                       "the agent acts on none of it; keep such notes beside the folder, not in it"], notes=notes)
    # test 1: how much of it is process
    status = {ln.n: ln for ln in r.of("status")}
    by_n = {ln.n: ln for ln in r.lines}
    said = {}   # line → the audit finding that marked it
    moment = [f for f in _moment(e, found, content) if not aside(f, by_n[f.line].text if f.line in by_n else "")]
    for f in high + moment:   # the audit's process and 'right now' findings, where the line is a statement of the moment
        ln = by_n.get(f.line)
        if f.line in status and f.kind in ("process", "transient"):
            said.setdefault(f.line, f)
        if not f.line or f.line in status or f.kind not in ("process", "transient"):
            continue
        if f.line < e.body_line + e.first_line - 1 and f.kind == "transient":   # its description holds for now
            said[f.line] = f
        elif ln is not None and ln.kind not in ("why", "learned", "heading") and (f.kind == "process" or len(content) <= 2):
            status[f.line], said[f.line] = Line(f.line, "status", ln.text), f
    headline = "strong" if status_file else headline_is_process(e.id, prepared.name, prepared.description)
    if any(n < e.body_line + e.first_line - 1 for n in said):
        headline = "strong"   # its description says it holds for now
    planned = not status_file and bool(status) and backlog(e.id, prepared.description, e.body)
    if planned:   # a backlog by design: its open items are what it is for (the audit's owner_context reads it so too)
        status, said, headline = {}, {}, ""   # (and work to do, not a rule to promote)
        notes = ["a backlog by its name or headline: its open items are its content, kept up to date by its owner"] + notes
    live = dict(status)   # what an edit would take out: never a record's last word alone
    final = r.of("final")   # "Status: RESOLVED", "— delivered 2026-05-13": counts beside other signs of process only
    if final and (status or headline or len(final) * 2 >= len(content)):
        status.update((ln.n, ln) for ln in final)
    share = len(status) / len(content)
    durable = [ln for ln in content if ln.n not in status and ln.kind in ("why", "how", "learned", "rule")]
    mostly_told = headline == "strong" and len(durable) < 0.3 * len(content) and (status or len(r.of("learned")) < 3) \
        and (status or not headline_rule(prepared.name, prepared.description))   # "notes: keep handlers small" is a rule
    lasting = len(durable) >= 0.3 * len(content)   # lasting lines among the process: edit those, not archive the whole
    setup = []
    if status_file:   # what its sections report: the work ("## Recent", "## Next") or what holds ("## Decisions")
        work, kept = status_file_parts(r)
        status.update((ln.n, ln) for ln in work if ln.n not in status)
        share = len(status) / len(content)
        durable = [ln for ln in content if ln.n not in status and ln.kind not in ("heading", "final")]
        lasting = len(durable) > len(status) and (kept or not status)
        setup = bank_setup(work)   # the status of the session that set up the memory bank: done once it exists
        mostly_told = not lasting or bool(setup)
    alone = len(status) == 1 and len(content) == 2 and not headline   # one line of work beside one that holds: edit it
    if share >= 0.5 and not alone or headline and share >= 0.15 and not lasting or mostly_told:
        lines = sorted(status)
        why = [f"{len(status)} of its {len(content)} lines report where work stood, from line {lines[0]} "
               f"'{quote(status[lines[0]].text, 7)}'"] if lines else []
        why[1:1] = [_why(f) for f in list(said.values())[:2]]
        if headline and status_file:
            why.insert(0, status_file_why(e.id, content, durable, setup, ctx.mem.entries))
        elif headline:
            why.insert(0, f"its name or description says it records work: '{quote(prepared.description or e.id, 8)}'")
        return Decision("archive", 1, why + ["process belongs in the session log, not in what the agent loads"],
                        lines[:20], notes=notes)
    if status_file:   # lasting lines among the status: bring it up to date rather than archive it
        dated = [f.line for f in found if f.kind == "process" and f.rule == "current-section" and f.line]
        told = sorted(status)
        return Decision("edit", 1, ["a status file the agent reads at every task start as if it were still true: "
                                    "bring its 'current' parts up to date, or empty them when the work is done"]
                        + ([f"{len(told)} of its {len(content)} lines report where work stood, from line {told[0]} "
                            f"'{quote(status[told[0]].text, 7)}'"] if told else [])
                        + [holding(durable, content)],
                        told[:20] or dated or [1], notes=notes)
    if not e.readable and e.text and e.kind != "process":
        # the agent reads neither its type nor its description: a person fixes the frontmatter first
        return Decision("review", None, [f"its frontmatter does not parse ({e.error}): fix it, then triage the entry "
                                         "(the agent reads neither its type nor its description)"],
                        notes=[n for n in notes if not n.startswith("its frontmatter")])
    # doubts a person settles
    clash = ctx.conflicts.get(e.id)
    if clash:   # two entries that cannot both hold: a person says which (neither promoted nor kept silently)
        # the audit's own contradiction quotes both lines: it comes first when it has one here
        told = [f for f in high if f.kind == "conflict"][:1]
        pair = {x for f in told for x in (f.id, f.related) if x and x != e.id}   # the other side it names
        more = [c.reason for c in clash if not any(f"{x} " in c.reason for x in pair)]   # one pair, one reason
        return Decision("review", None, ([_why(f) for f in told] + more)[:2], sorted({c.line for c in clash}),
                        notes=[n for n in notes if ": conflict: " not in n])   # the reason already names it
    doubt = [f for f in high if f.kind in DOUBT_KINDS] or all_gone(e, st, found, prepared.reading, prepared.name, prepared.description, ctx.exists)
    if doubt:
        return Decision("review", None, [_why(f) for f in doubt[:3]], _lines_of(doubt), notes=notes)
    if (open_ := undecided(prepared.description, content)) is not None:
        n, text = open_
        return Decision("review", None, [f"{'line ' + str(n) if n else 'its description'} leaves a decision open: "
                                         f"'{quote(text, 10)}'",
                                         "the owner decides; until then the agent must not act as if either way held"],
                        [n] if n else [], notes=notes)
    if (against := headline_against(prepared.description, content, notes)) is not None:
        return against   # its headline rules out what its body prescribes: the owner says which holds
    looked = _look_up(ctx, e, prepared)
    disagree = _disagreements(ctx, e, prepared, looked)
    if disagree:
        return Decision("review", None, [d[0] for d in disagree[:2]], sorted({d[1] for d in disagree}),
                        [p for d in disagree for p in d[2]][:4], notes=notes)
    # test 3: said already
    said = _said_elsewhere(ctx, e, prepared, found, twin)
    if said is not None:
        return said if not notes else Decision(said.action, said.test, said.reasons, said.lines, said.project, notes)
    in_project = copied(prepared, ctx.index, looked) or knowable(prepared, looked, ctx.folder) or describes_code(prepared, looked) \
        or declared(prepared, ctx.index) or named_settings(prepared, ctx.folder) or said_in_prose(prepared, ctx.folder, looked) \
        or told_by_project(prepared, ctx.folder, looked, live)
    if in_project is not None:
        in_project.notes = notes
        return in_project
    # test 1, partly: edit those lines, keep the rest
    live, notes = one_line(live, r, notes, headline, (prepared.type or "").lower() == "user")   # a lone status line: a note, or the entry's own state
    if live:
        status = {n: ln for n, ln in {**status, **live}.items() if n in live or ln.kind != "final"}
        lines = sorted(status)
        why = [f"line {n} reports where work stood: '{quote(status[n].text, 8)}'" for n in lines[:3]]
        if len(lines) > 3:
            why.append(f"and {len(lines) - 3} more such lines")
        rest = len(content) - len(status)
        why.append(f"the other {rest} lines hold: edit those lines out, keep the rest" if rest != 1 else
                   f"the other line holds: edit line {lines[0]} out, keep the rest" if len(lines) == 1 else
                   "the other line holds: edit those lines out, keep the rest")
        if _promotes(prepared):
            why.append("then it is a rule someone set: promote it")
        return Decision("edit", 1, why, lines, notes=notes)
    if _promotes(prepared) and not planned:
        return Decision("promote", 2, _promote_reasons(prepared), _rule_lines(prepared)[:3], notes=notes)
    return _keep(prepared, looked, notes, getattr(getattr(ctx.mem, "root_files", None), "unchecked", None))


def _look_up(ctx: Context, e, prepared: Entry) -> list[Found]:
    facts = [f for f in prepared.facts if f.kind in STRONG or f.kind == "path"]
    if not facts:
        return []
    idx = ctx.index
    return [quoted_value(find(f, idx, ctx.exists), idx) for f in facts]


def _disagreements(ctx: Context, e, prepared: Entry, looked: list[Found]) -> list[tuple[str, int, list]]:
    out = []
    for got in looked:
        f = got.fact
        if f.kind in ("port", "version") and got.against and not got.lines:
            out.append((f"line {f.line} says {f.text}; {got.against[0].cite()} — which holds?", f.line, got.against))
    for f in prepared.facts:
        if f.kind != "version" or f.subject in ("sdk",):
            continue
        values = ctx.versions.get(f.subject, {})
        others = [(v, where) for v, where in values.items() if v != f.value.split(".")[0]
                  and any(i != e.id for i, _ in where)]
        mine = f.value.split(".")[0] in values
        if others and mine and not any(g.fact is f and g.lines for g in looked):
            v, where = others[0]
            i, n = next((i, n) for i, n in where if i != e.id)
            out.append((f"line {f.line} says {f.text}; {i}:{n} says {f.subject} {v} — they cannot both hold", f.line, []))
    return out


def _said_elsewhere(ctx: Context, e, prepared: Entry, found: list[Finding], twin: str | None) -> Decision | None:
    said = [f for f in found if f.kind == "duplicate" and f.rule == "in-instructions"]
    if said:   # (the instruction line as evidence: the drop shows where it is said)
        return Decision("drop", 3, [_why(said[0]) + ": the instruction file says it every session"], _lines_of(said),
                        instruction_line(ctx.index.rules, said[0], prepared.reading))
    mandated = (prepared.type or "").lower() in MANDATED_TYPES   # guidance: its headline worded as one, not a topic
    guidance = mandated and (headline_rule(prepared.name, prepared.description) or who_set([prepared.description]))
    held = held_rules(ctx.index.rules and ctx.book, ctx.index.rules and ctx.meanings, prepared.reading,
                      prepared.description, mandated or len(prepared.reading.content) <= 3, bool(guidance))
    if held:
        n, rule = held[0]
        where = f"line {n}" if n else "its description"
        return Decision("drop", 3, [f"{where} restates {rule.file}:{rule.line} {quote(rule.text, 14)}",
                                    "an instruction file already says it every session: never promote it again"],
                        [k for k, _ in held if k], _rule_evidence(held))
    if (loop := circular(prepared, os.path.splitext(os.path.basename(e.id))[0], ctx.exists)) is not None:
        return loop
    if (copy := mirrored(prepared, os.path.splitext(os.path.basename(e.id))[0], ctx.exists)) is not None:
        return copy
    if e.promoted_to:
        return Decision("drop", 3, [f"already promoted to {e.promoted_to}: the instruction file says it every session"])
    if twin is not None:
        return Decision("drop", 3, [f"says what {twin} says (keep that one)"])
    return None
