"""One finding per cause (SPEC §5): what the owner decides once is one finding that lists its places.

The checks report what they see where they see it, a line at a time; this pass, run once on the
whole audit, makes causes of them:

- the paths a session log names that are gone are part of the log's record, not fixes to make:
  they fold into that file's process finding, which says how many; and the log's absence from
  MEMORY.md is where a log belongs, no finding; nor is its missing frontmatter when the log is sure
  (the fix is to move the log out, not to describe it);
- findings of one rule about one file (with the same confidence and the same other side) are one
  finding whose ``places`` list every line, each with what its own finding said;
- the parts of one shared file (a MEMORY.md read section by section, bullet by bullet) are one memory:
  the status its parts keep is one cause, one finding on its first part that lists the others
  (stop 50: a progress figure said again in a later bullet was a second finding, judged a repeat);
- a kind (or a rule: ``FOLDER_WIDE_RULES``, a folder's empty files) whose cause is a habit of the folder
  (``Kind.folder_wide``: files without frontmatter,
  files the index does not list) is one finding for the whole folder, its places the files.

A finding's ``line`` stays its first place's, so a finding keeps its key (file, kind, the first
line) as long as its first place stays.
"""
from __future__ import annotations

import dataclasses
import re

from .findings import FOLDER_WIDE_RULES, KIND, Finding, Place, kind_many

# process findings that say a whole file is a record of work (a layout's log, a file that reads
# as one, a chat transcript saved whole); "durable-rule-in-log" says the opposite of a line in such a file
_LOG_RULES = ("session-log", "process-file", "daily-log", "run-log", "transcript")


def one_per_cause(findings: list[Finding]) -> list[Finding]:
    """The findings with every cause made one finding (order: first places first). A daily log's
    own finding only gathers what the log names: a daily log is where process belongs, and
    nothing in it is the owner's to act on (a held-out review: 'keep it as a log' was no finding)."""
    return [f for f in _grouped(_parts_once(_values_once(_paths_into_logs(_unlisted_once(_said_once(findings))))))
            if not (f.kind == "process" and f.rule == "daily-log")]


def _unlisted_once(findings: list[Finding]) -> list[Finding]:
    """When the files with no frontmatter are exactly the files no index line names, the two are one
    cause (the agent cannot tell what those files hold): the no-frontmatter findings say both, and
    the not-in-index ones go (stop 48: an owner labelled such a pair one want; the second finding was
    judged a repeat). Sets that differ are two causes, each with files of its own."""
    bare = {f.id: f for f in findings if f.kind == "no-frontmatter" and f.id and not f.places}
    unlisted = {f.id for f in findings if f.kind == "index-overflow" and f.rule == "not-in-index" and f.id and not f.places}
    if not bare or set(bare) != unlisted:
        return findings
    said = {id(f): dataclasses.replace(f, message=f"{f.message}; no index line names it either") for f in bare.values()}
    return [said.get(id(f), f) for f in findings
            if not (f.kind == "index-overflow" and f.rule == "not-in-index" and f.id in unlisted)]


def _said_once(findings: list[Finding]) -> list[Finding]:
    """A status file's possible 'it is a record of work' goes when another process finding names
    the same file with its evidence (a next step done, a section of the moment gone stale)."""
    sure = {f.id for f in findings if f.kind == "process" and f.rule != "process-file"}
    if not sure:
        return findings
    # (its places, where the file says the moment, go to the finding that says the status has passed:
    # one cause, the lines the owner rewrites with it; stop 51)
    moments = {f.id: f.places for f in findings if f.rule == "process-file" and f.confidence == "possible"
               and f.id in sure and f.places}
    out = []
    for f in findings:
        if f.rule == "process-file" and f.confidence == "possible" and f.id in sure:
            continue
        if f.kind == "process" and f.id in moments:
            own = f.places or (Place(f.id, f.line, f.message),)
            more = tuple(p for p in moments.pop(f.id) if p.line not in {q.line for q in own})
            f = dataclasses.replace(f, places=own + more) if more else f
        out.append(f)
    return out


def _merged(findings: list[Finding], key, order, merge) -> list[Finding]:
    """The findings grouped by ``key(f)`` (None: in no group): a group that names two files or parts
    or more becomes one finding, ``merge(head, group)`` of its first by ``order``; the others go."""
    by: dict[tuple, list[Finding]] = {}
    for f in findings:
        k = key(f)
        if k is not None:
            by.setdefault(k, []).append(f)
    gone: set[int] = set()
    firsts: dict[int, Finding] = {}
    for group in by.values():
        if len({f.id for f in group}) < 2:
            continue
        group.sort(key=order)
        head = group[0]
        firsts[id(head)] = merge(head, group)
        gone.update(id(f) for f in group[1:])
    if not firsts:
        return findings
    return [firsts.get(id(f), f) for f in findings if id(f) not in gone]


def _values_once(findings: list[Finding]) -> list[Finding]:
    """One value (an address, a home folder: ``Finding.cause``) named in several files is one cause,
    whatever file names it again: the first file's finding lists the places of the others, which go."""
    def merge(head: Finding, group: list[Finding]) -> Finding:
        places = [Place(head.id, head.line, head.message)] + [
            Place(f.id, f.line, f.message if f.id == head.id else f"{f.message}, the same as in {head.id}")
            for f in group[1:]]
        return dataclasses.replace(head, places=tuple(places), message=f"{len(places)} {kind_many(head.kind)}")
    return _merged(findings, lambda f: (f.kind, f.rule, f.confidence, f.cause) if f.cause else None,
                   lambda f: (f.id, f.line if f.line is not None else -1), merge)


# what says a part of a file keeps the moment's status (a whole file's log is a cause of its own: no part)
_STATUS_RULES = ("status-block", "session-log", "process-file", "current-section")


def _parts_once(findings: list[Finding]) -> list[Finding]:
    """Status kept in several parts of one shared file ('MEMORY.md#progress', 'MEMORY.md#log-…'): one
    finding, the first part's, whose places are every part's (each with what its own finding said)."""
    def merge(head: Finding, group: list[Finding]) -> Finding:
        places = tuple(p for f in group for p in (f.places or (Place(f.id, f.line, f.message),)))
        more = len(group) - 1
        return dataclasses.replace(
            head, places=places, message=f"{head.message}; and {more} more part{'s' if more > 1 else ''} of "
                                         f"{head.id.split('#', 1)[0]} that keep{'' if more > 1 else 's'} status")
    return _merged(findings, lambda f: (f.id.split("#", 1)[0], f.confidence) if f.kind == "process" and
                   f.rule in _STATUS_RULES and "#" in (f.id or "") else None,
                   lambda f: (f.line if f.line is not None else -1, f.id), merge)


def _logs(findings: list[Finding]) -> dict[str, Finding]:
    """The process findings that call a whole file a record of work, by file."""
    return {f.id: f for f in findings if f.kind == "process" and f.rule in _LOG_RULES and f.id}


def _paths_into_logs(findings: list[Finding]) -> list[Finding]:
    """A log's missing paths are its record; and a log out of MEMORY.md is where it belongs (telling
    the owner to list it there would be advice against the log's own finding)."""
    logs = _logs(findings)
    if not logs:
        return findings
    gone: dict[str, int] = {}
    out = []
    for f in findings:
        if f.kind == "path-missing" and f.id in logs:
            gone[f.id] = gone.get(f.id, 0) + len(f.locations)
        elif not (f.kind == "index-overflow" and f.rule == "not-in-index" and f.id in logs) \
                and not (f.kind == "no-frontmatter" and f.id in logs and (logs[f.id].rule == "run-log" or
                                                                          logs[f.id].sure_by_shape)):
            out.append(f)
    for i, n in gone.items():
        f = logs[i]
        f.message += (f"; the {n} path{'s' if n != 1 else ''} it names that {'are' if n != 1 else 'is'} gone "
                      "belong to that record, not to fixes to make")
    return out


def _grouped(findings: list[Finding]) -> list[Finding]:
    groups: dict[tuple, list[Finding]] = {}
    for f in findings:
        wide = f.rule in FOLDER_WIDE_RULES or (KIND[f.kind].folder_wide if f.kind in KIND else False)
        key = (None if wide else f.id, f.kind, f.rule, f.confidence, f.related)
        groups.setdefault(key, []).append(f)
    out = []
    for members in groups.values():
        out.append(members[0] if len(members) == 1 else _one(members))
    return out


def _one(members: list[Finding]) -> Finding:
    """Several findings of one cause as one, every place listed with what its own finding said.
    Built the same whatever order the checks' workers returned them in (the output is
    byte-identical run after run)."""
    members = sorted(members, key=lambda f: (f.id, f.line if f.line is not None else -1, f.message, f.fix))
    fix = _one_fix([f.fix for f in members])
    places: dict[tuple, Place] = {}
    for f in members:
        # a fix of its own (the moved path's new place) goes with its place; a shared one with the cause
        own = f" — {f.fix}" if fix is None and f.fix else ""
        for p in f.places or (Place(f.id, f.line, f.message + own),):
            places.setdefault((p.id, p.line if p.line is not None else -1, p.note), p)
    ordered = tuple(sorted(places.values(), key=lambda p: (p.id, p.line if p.line is not None else -1, p.note)))
    if len(ordered) == 1:   # the same said twice of one place
        return members[0]
    first, head = ordered[0], members[0]
    one_file = len({p.id for p in ordered}) == 1   # else a folder-wide cause: the folder's, not a file's
    return Finding(first.id if one_file else "", head.kind, head.rule, first.line if one_file else None,
                   f"{len(ordered)} {kind_many(head.kind, head.rule)}", fix or "", head.related, head.confidence, ordered,
                   shape_level=max((f.shape_level for f in members), default=""))


_QUOTED = re.compile(r"'[^']*'")


def _one_fix(fixes: list[str]) -> str | None:
    """The fix of a cause whose findings' fixes differ at most in the words they quote ("drop 'today'",
    "drop 'currently'" -> "drop 'today' / 'currently'"); None when they differ in more (each place
    then keeps its own)."""
    if len(set(fixes)) == 1:
        return fixes[0]
    shapes = {tuple(_QUOTED.split(f)) for f in fixes}
    if len(shapes) != 1:
        return None
    (shape,) = shapes
    slots = [list(dict.fromkeys(q)) for q in zip(*(_QUOTED.findall(f) for f in fixes))]
    out = shape[0]
    for words, rest in zip(slots, shape[1:]):
        out += " / ".join(words) + rest
    return out
