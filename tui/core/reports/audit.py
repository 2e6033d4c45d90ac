"""Audit a memory directory before sharing it: every gate per entry, plus the checks
that need the whole directory (conflicts, duplicates, the index, git)."""
from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

from .. import forking
from .audit_cache import sort_key
from ..judging.calibration import calibrated
from ..judging.owner_mail import spare_own
from ..judging.causes import one_per_cause
from ..judging.crossfile import conflict_findings, duplicate_findings
from ..judging.passages import one_cause_of_two
from ..judging.path_judging import beside_its_siblings
from ..judging.manifest_claims import manifest_conflicts
from ..judging.index_audit import index_findings, not_a_memory, skill_resource, wiki_link_findings, workspace_file
from ..judging.findings import AuditReport, Finding, age_finding, fail_kinds, safe_message  # noqa: F401 (their old home)
from ..judging.gitcheck import tracked_in_git
from ..judging.steps_done import done_step_findings
from ..judging.gates import entry_gates, identifying_findings, line_of, secret_findings
from ..judging.transcripts import transcript_findings
from ..judging.wording import is_template
from ..reading.entry import BLANK_FILE, EMPTY_FILE
from ..reading.index import INDEX_NAME
from ..snapshots.memory import Memory
from ..secrets.detect import known, might_hold_secret, scrub, secret_pieces


def entry_findings(mem: Memory, entry_id: str) -> list[Finding]:
    """Every finding about one entry (the gates plus its status); lines are the file's."""
    out = _entry_findings(mem, entry_id)
    shift = mem.entries[entry_id].first_line - 1
    if shift:   # a part of a shared file: its lines counted from the top of the file, its places' too
        for f in out:
            if f.line is not None:
                f.line += shift
            if f.places:
                f.places = tuple(dataclasses.replace(p, line=p.line + shift if p.line is not None else None,
                                                     end=p.end + shift if p.end else p.end)
                                 if p.id == f.id else p for p in f.places)
            if f.rule == "status-block":   # its message names its blocks' lines
                f.message = _LINES_SAID.sub(lambda m: _shifted(m, shift), f.message)
    return out


_LINES_SAID = re.compile(r"\(line (\d+)(?:–(\d+))?\)")


def _shifted(m: re.Match, shift: int) -> str:
    a, b = m.group(1), m.group(2)
    return f"(line {int(a) + shift}" + (f"–{int(b) + shift}" if b else "") + ")"


def _entry_findings(mem: Memory, entry_id: str) -> list[Finding]:
    e, st = mem.entries[entry_id], mem.status[entry_id]
    out: list[Finding] = []
    if not e.readable:
        if (e.error or "").startswith("bad YAML"):   # the text is read and shown; its fields are lost
            out.append(Finding(e.id, "unreadable", "unreadable", None,
                               f"its frontmatter does not parse ({e.error}): its name, description and type are "
                               "lost, and memtui never injects it",
                               "put the value at that line in quotes: YAML reads ': ', a leading quote, [ or { as "
                               "its own syntax"))
        elif e.error in (EMPTY_FILE, BLANK_FILE):
            # nothing to read, not a file that fails: the folder's empty files are one cause (judging/
            # causes groups them), worth a look, not a failure (stop 50: one pool's three folders gave 20)
            out.append(Finding(e.id, "unreadable", "empty-file", None, f"an {e.error}: nothing in it for the agent",
                               "delete, or write the memory that was meant to go there", confidence="possible"))
        else:
            out.append(Finding(e.id, "unreadable", "unreadable", None, f"cannot be read: {e.error}",
                               "fix or remove the file; it is listed but never injected"))
        text = e.text or _raw_text(e.path)
        if text:   # a file that does not parse can still leak
            out += secret_findings(e.id, text) + identifying_findings(e.id, text)
        return out
    # without HTML comments the mentions are the status's own; with them, read them again
    gates = entry_gates(e, mem.checker, None if "<!--" in e.body else st.mentioned_paths)
    if e.kind == "process":   # the layout's own log or status file: process belongs there (its
        # 'current' headings are the layout's; the layout's finding says what to do with the file)
        gates = [f for f in gates if f.kind not in ("process", "transient")]
        if mem.layout is not None and mem.layout.status_by_design:   # status by design: said once it has passed
            gates += done_step_findings(e.id, e.text, lambda name: _exists(mem, name))
    elif mem.layout is not None and e.id.lower() in mem.layout.foundation:
        # the layout's foundation (why the project exists): its "currently" and "not yet" state the
        # problem the project answers or a decision still open, while the layout's status files say
        # where the work stands
        gates = [f for f in gates if f.kind != "transient"]
    elif workspace_file(e.id, mem.entries, bootstrap_only=True):
        # an OpenClaw workspace's instructions, persona or day log, kept in a folder read another way:
        # its day words are its instructions' ("read today's and yesterday's log") or its day's record
        gates = [f for f in gates if f.kind not in ("process", "transient")]
    elif any(f.kind == "process" and f.rule != "status-block" for f in gates):
        # a log's time words are its record: one cause, the log (a status block is one part of
        # a memory, and skips a block that holds a 'right now' finding: the rest still counts)
        gates = [f for f in gates if f.kind != "transient"]
    if not any(f.kind == "process" for f in gates):   # (a log's own finding already says it is a record)
        gates += transcript_findings(e.id, e.text)
    out += gates
    if st.anchor == "broken":
        out.append(Finding(e.id, "anchor-broken", "anchor-broken", _anchor_line(e), st.anchor_detail,
                           "check whether the file was renamed and update the anchor; the entry is "
                           "not injected until it verifies (it is never deleted automatically)"))
    for p in st.missing:
        to = st.moved.get(p)
        if to is not None:
            out.append(Finding(e.id, "path-missing", "mentioned-path-moved", _find_line(e.text, p),
                               f"mentions {p}, which is not there any more; a file of that name is at {to}",
                               f"if it is the same file, write {to}"))
        elif beside_its_siblings(mem.root_files, mem.dir, mem.root, mem.entries, p):
            # possible: a path named and not found is as often another repository's, a server's, a
            # convention's placeholder (2 of 10 right on fresh folders) as a stale one; "moved" is sure
            out.append(Finding(e.id, "path-missing", "mentioned-path-missing", _find_line(e.text, p),
                               f"mentions {p}, which does not exist under the project root",
                               "if it is this project's file, update the path or drop the sentence; if it is "
                               "another repository's or a server's, nothing to do", confidence="possible"))
    for p, count in st.past_end.items():
        out.append(Finding(e.id, "path-missing", "line-past-end", _find_line(e.text, p),
                           f"mentions {p}, but that file has only {count} lines now",
                           "the code moved: find the place again and update the line number, or drop it"))
    if "old-unverifiable" in st.flags and not any(f.kind == "process" for f in gates):
        out.append(age_finding(e.id, st.age_days))   # (a log's age is the log's cause: one finding)
    # (a "lenient-yaml" warning is no finding: memtui, and the agent that wrote the file, read the
    # unquoted ': ' as it was meant — nothing for the owner to do)
    for w in e.warnings:
        if w.kind == "yaml-truncated":
            out.append(Finding(e.id, "yaml-truncated", "hash-comment", w.line, w.detail or w.message,
                               "quote the value: key: \"text # more\""))
        elif w.kind == "yaml-type":
            out.append(Finding(e.id, "yaml-truncated", "not-a-string", _find_line(e.text, "description:"),
                               w.detail or w.message, "quote the value: description: \"…\""))
        elif w.kind == "bare-frontmatter":
            out.append(Finding(e.id, "no-frontmatter", "keys-without-fences", 1, w.message,
                               "put a '---' line before and after the keys"))
    if not e.has_frontmatter and not e.meta and _wants_frontmatter(mem, e.id):
        out.append(Finding(e.id, "no-frontmatter", "no-frontmatter", 1,
                           "no frontmatter: no name, description or type for the agent to go by",
                           "add ---, name:, description: and type: lines at the top"))
    out += wiki_link_findings(e, mem)
    return out


def _wants_frontmatter(mem: Memory, entry_id: str) -> bool:
    """Whether a memory file is one that should carry frontmatter (a form to copy, a workspace's
    file, a skill's material describe nothing)."""
    return entry_id.endswith(".md") and mem.index.exists and not not_a_memory(entry_id) \
        and not skill_resource(entry_id, mem) and not is_template(entry_id) and not workspace_file(entry_id, mem.entries)


def _without_unadopted_frontmatter(mem: Memory, findings: list[Finding]) -> list[Finding]:
    """The files without frontmatter are a finding only where frontmatter is the folder's convention:
    two in three of its memory files or more carry it, and these break it (the agent loses their name,
    description and type). A folder that never adopted it (none or a minority of its files, the index
    saying what each holds) is kept that way on purpose: its owner would not add it (stop 50: the
    corpus's three folders at 0 % and the pools' at 0/5, 0/2, 1/4 and 3/5 judged wrong; the folders
    judged right hold 67-99 %)."""
    if not any(f.kind == "no-frontmatter" and f.rule == "no-frontmatter" for f in findings):
        return findings
    # (an unreadable or empty file has no convention to break or keep: counted, it hid a real finding)
    eligible = [e for i, e in mem.entries.items() if e.readable and _wants_frontmatter(mem, i)]
    held = sum(1 for e in eligible if e.has_frontmatter or e.meta)
    if 3 * held >= 2 * len(eligible):
        return findings
    return [f for f in findings if not (f.kind == "no-frontmatter" and f.rule == "no-frontmatter")]


_FORKED: Memory | None = None   # the memory a forked worker inherited
# a work item of its own beside the entries (no file name holds a NUL): the near-duplicate pairs,
# the costliest check of the whole folder, done by a worker while this process does the others
_DUPLICATES = "\0duplicates"


def _findings_of(mem: Memory, item: str) -> list[Finding]:
    return duplicate_findings(mem) if item == _DUPLICATES else entry_findings(mem, item)


def _chunk(ids: list[str]) -> tuple[list[Finding], dict[str, tuple]]:
    """A worker's share: the findings, what it judged (sent back so the parent's parse cache
    can keep it: a forked worker's memory dies with it) and what it asked of the project."""
    assert _FORKED is not None
    asked = len(_FORKED.checker.seen)
    found = [f for i in ids for f in _findings_of(_FORKED, i)]
    judged = {}
    for i in ids:
        e = _FORKED.entries.get(i)
        if e is not None and e.judged is not None:
            judged[i] = (e.judged, e.secret_hits if e.secret_hits is not None else known(e.text))
    # what this worker asked of the project (a kept audit is checked against every question)
    seen = list(_FORKED.checker.seen.items())[asked:]
    return found, judged, seen


def audit(mem: Memory, git: bool = True, jobs: int | None = None) -> AuditReport:
    """Audit every entry and the directory. ``jobs`` > 1 forks workers for the near-duplicate
    check and the per-entry gates (only from a process with no other threads: forking a
    threaded process is unsafe)."""
    global _FORKED
    ids = sorted(mem.entries)
    if jobs is None:
        jobs = forking.jobs()
    out: list[Finding] = []

    def directory_checks() -> None:   # (all but the duplicates)
        out.extend(index_findings(mem))
        out.extend(conflict_findings(mem) + manifest_conflicts(mem))
        if mem.layout is not None:
            out.extend(mem.layout.findings(mem))
        if git and not (mem.layout is not None and mem.layout.git_by_design):   # (Letta's MemFS)
            out.extend(tracked_in_git(mem.dir))

    def here(chunk: list[str]) -> None:
        for i in chunk:
            out.extend(_findings_of(mem, i))

    # The entries' content rules ran where they were read (on every core) or came from the parse
    # cache; what is left is worth a worker at this size: the duplicates (first, on the worker),
    # then the entries' other gates, shared from both ends while this process runs the rest
    items = [_DUPLICATES, *ids]
    if jobs > 1 and forking.can_fork(len(ids)):
        _FORKED = mem
        def take(share: tuple) -> None:   # a worker's findings, and what it judged
            found, judged, seen = share
            out.extend(found)
            for question, answer in seen:
                mem.checker.seen.setdefault(question, answer)
            for i, (content, hits) in judged.items():
                e = mem.entries[i]
                e.judged = content
                if hits is not None and e.secret_hits is None:
                    e.secret_hits = hits

        try:
            forking.shared_out(_chunk, items, jobs, here, take, before=directory_checks)
        finally:
            _FORKED = None
    else:
        directory_checks()
        here(items)
    out = _without_unadopted_frontmatter(mem, out)
    out = one_per_cause(_root_sanity(mem, spare_own(calibrated(one_cause_of_two(mem, out)), mem.dir, mem.root,
                                                    lambda i: _text_of(mem, i))))
    out.sort(key=sort_key)
    return AuditReport(_scrubbed(mem, out), len(mem.entries), str(mem.dir), str(mem.root),
                       unchecked=mem.root_files.unchecked or "")


def _text_of(mem: Memory, entry_id: str) -> str | None:
    """The text a finding's file holds: its entry's, the index's, else the file's beside the entries
    (an OpenClaw workspace's USER.md: its findings' addresses are looked up in it, not in the index)."""
    e = mem.entries.get(entry_id)
    if e is not None:
        return e.text or e.body
    if entry_id == INDEX_NAME or not entry_id:
        return mem.index_text
    from ..layouts.base import head
    return head(Path(mem.dir) / entry_id, 262144)


def _root_sanity(mem: Memory, findings: list[Finding]) -> list[Finding]:
    """When not one of many mentioned paths exists under the root, the root is not this memory's
    project (a folder audited away from its repository): one finding says so, not hundreds."""
    total = sum(len(s.mentioned_paths) for s in mem.status.values())
    missing = [f for f in findings if f.kind == "path-missing" and f.rule == "mentioned-path-missing"]
    found = total - sum(len(s.missing) for s in mem.status.values())
    if total < 10 or found > 0 or len(missing) < 10:
        return findings
    rest = [f for f in findings if f not in missing]
    rest.append(Finding("", "path-missing", "root-mismatch", None,
                        f"none of the {total} paths the entries mention exists under {mem.root}: "
                        "is this the project these memories are about?",
                        "run memtui with --root set to the project's folder to check the paths"))
    return rest


def _scrubbed(mem: Memory, findings: list[Finding]) -> list[Finding]:
    """No finding quotes text that overlaps a secret of the file it is about, or of the file
    it relates to (a conflict's other side): a last pass over every message."""
    cache: dict[str, set[str]] = {}
    holders = {f.id for f in findings if f.kind == "secret"}   # only files that hold a secret can leak one

    def pieces(entry_id: str | None) -> set[str]:
        if not entry_id or entry_id not in holders:
            return set()
        if entry_id not in cache:
            e = mem.entries.get(entry_id)
            text = mem.index_text if entry_id == INDEX_NAME else (e.text if e is not None else "")
            cache[entry_id] = secret_pieces(text) if text and might_hold_secret(text) else set()
        return cache[entry_id]

    for f in findings:
        bad = pieces(f.id) | pieces(f.related)
        if bad:
            f.message = scrub(f.message, bad)
        if f.places and (bad or any(pieces(p.id) for p in f.places)):
            f.places = tuple(dataclasses.replace(p, note=scrub(p.note, bad | pieces(p.id))) for p in f.places)
    return findings


def audit_dir(directory: str, root: str, now_iso: str | None = None, git: bool = True,
              layout: str | None = None) -> AuditReport:
    """Load and audit a folder in this process: what the TUI runs in a separate process for
    large folders, so the audit's CPU never competes with the UI thread for the GIL."""
    import datetime as dt
    from ..layouts import get
    now = dt.datetime.fromisoformat(now_iso) if now_iso else None
    return audit(Memory.load(Path(directory), Path(root), now=now, layout=get(layout) if layout else None), git=git)


def _raw_text(path: Path) -> str:
    """The bytes of an unreadable entry, for the secret scan only. Never follows a symlink
    (it may point out of the folder) and never opens a pipe or device (it would block)."""
    import stat as stat_mod
    try:
        st = os.lstat(path)
        if not stat_mod.S_ISREG(st.st_mode) or st.st_size > 1_000_000:
            return ""
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        try:
            return os.read(fd, 1_000_000).decode("latin-1")
        finally:
            os.close(fd)
    except OSError:
        return ""


def _exists(mem: Memory, name: str) -> bool:
    """A file a status names: in the memory folder, at that path under the root, or (a bare name)
    anywhere in the project."""
    if ".." in name.split("/") or name.startswith("/"):
        return False
    if name in mem.entries or name.rsplit("/", 1)[-1] in mem.entries:
        return True
    if "/" not in name and mem.root_files.has(name):
        return True
    return mem.checker.exists(name)[0] is True


def _find_line(text: str, needle: str) -> int | None:
    pos = text.find(needle)
    if pos < 0:   # a mention's suffix may be written another way (#L12 for :12): find the path
        pos = text.find(re.split(r"::|:\d", needle, maxsplit=1)[0])
    return line_of(text, pos) if pos >= 0 else None


def _anchor_line(e) -> int | None:
    m = re.search(r"^anchors?\s*:", e.text, re.M)
    return line_of(e.text, m.start()) if m else None
