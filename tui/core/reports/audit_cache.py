"""The last audit of a folder, and the last `list --json`, kept whole beside the parse cache (SPEC §8).

An audit's findings are made from the memory folder, from what its checks asked of the project
(does this file exist, what does this path resolve to, is this file as it was when read, what
names does this folder hold), from the instruction files, from the day (an entry's age) and from
git. The first three are kept with the findings as they were seen: every file and folder of the
memory folder by signature, each question asked of the project with its answer. The next audit
of the same folder asks the questions again — stats and path resolutions, no file is read — and
when every answer is the same, the findings are the same; only what changes by itself is made
again: the age findings (from each entry's date) and git's. Anything else is audited in full: a
symlink in the memory folder (its target can change unseen), another agent's layout, a file
changed within the last seconds (a second write in the same clock tick would not show).

`list --json` prints what an audit judges (every entry's status, masked) and nothing else of
the project: it is kept and checked the same way, and what changes by itself (each entry's
age, and the flag that comes with it) is made again (``KeptListing``). Signatures, the
folder's listing and the kept file are cache/kept's.
"""
from __future__ import annotations

import datetime as dt
import os
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

from ..instructions import INSTRUCTION_FILES
from ..project_marks import unchecked_root
from ..judging.findings import STALE_DAYS, AuditReport, Finding, stale_finding
from ..judging.status import may_age
from ..cache.kept import KeptFile, folder_listing, full_signature, racy, same_folders

NOTE = "audit"
LIST_NOTE = "list"
OLD = "old-unverifiable"   # the one flag that comes with age alone (status.assess)


def instruction_files(root: Path) -> list[tuple]:
    """What the cross-file checks may read of the project's instruction files."""
    out = []
    for name in INSTRUCTION_FILES:
        p = os.path.join(root, name)
        try:
            st = os.stat(p)
            out.append((name, os.path.realpath(p), *full_signature(st)))
        except OSError as e:
            out.append((name, e.errno))
    return out


@dataclass
class Kept:
    """What is kept of one command's run over the folder: what it was made from, and what it made."""

    dir: str
    root: str
    layout: str
    listing: list[tuple]
    instructions: list[tuple]
    asked: dict                  # the anchor checker's questions and answers
    folders: list | None         # the project folders listed to find a moved file (None: none were)
    made: object                 # the audit's KeptAudit, or list's KeptListing


@dataclass
class KeptAudit:
    findings: list[Finding]      # all but the age and git findings
    dated: list[tuple[str, dt.datetime]]   # (entry, date) of each entry an age finding may be about
    entries: int
    unchecked: str = ""   # why no path was checked under the root: a root that becomes a project is asked again


def _kept(layout_name: str) -> bool:
    """Whether an audit of this layout's folder is kept: one file, one entry, no findings of the
    layout's own (the registry's ``file_per_entry``)."""
    from ..layouts import get
    return get(layout_name).file_per_entry


class Probe:
    """One audit's look at the kept one: made before anything is read (what it lists is what the
    audit that follows will have read, or older)."""

    def __init__(self, directory: Path, root: Path, layout_name: str) -> None:
        self.started = time.time_ns()
        self.dir, self.root, self.layout = str(directory), str(root), layout_name
        self.cache = KeptFile(directory)
        self.listing = folder_listing(directory) if _kept(layout_name) and self.cache.enabled else None
        self.instructions = instruction_files(root) if self.listing is not None else []

    @property
    def usable(self) -> bool:
        return self.listing is not None

    def _held(self, key: str):
        """What the run kept under ``key`` made, when everything it was made from is as it was;
        else None."""
        if not self.usable:
            return None
        data = self.cache.note(key)
        if data is None:
            return None
        try:
            kept = pickle.loads(data)
        except Exception:
            return None
        if not isinstance(kept, Kept) or (kept.dir, kept.root, kept.layout) != (self.dir, self.root, self.layout):
            return None
        if kept.listing != self.listing or kept.instructions != self.instructions:
            return None
        if not same_folders(kept.folders):
            return None
        from ..judging.anchors import AnchorChecker
        if not AnchorChecker(Path(self.root)).answers_again(kept.asked):
            return None
        return kept.made

    def report(self, now: dt.datetime, git: bool = True) -> AuditReport | None:
        """The kept audit brought to today, when it still holds; else None."""
        kept = self._held(NOTE)
        unchecked = unchecked_root(Path(self.root), Path(self.dir)) or ""
        if not isinstance(kept, KeptAudit) or getattr(kept, "unchecked", "") != unchecked:
            return None
        findings = list(kept.findings)
        for entry_id, date in kept.dated:
            f = stale_finding(entry_id, date, now)
            if f is not None:
                findings.append(f)
        if git:
            from ..judging.gitcheck import tracked_in_git
            findings += tracked_in_git(Path(self.dir))
        findings.sort(key=sort_key)
        return AuditReport(findings, kept.entries, self.dir, self.root, unchecked=unchecked)

    def listing_json(self, now: dt.datetime, key: str | None = None) -> str | None:
        """`list --json`'s compact text at ``now``, from the kept one when it still holds (and was
        made from the same agent record: ``key``, provenance.report.overlay_key); else None."""
        kept = self._held(LIST_NOTE)
        if not isinstance(kept, KeptListing) or getattr(kept, "key", None) != key:
            return None
        return kept.render(now)

    def keep(self, mem, report: AuditReport) -> None:
        """Keep this audit for the next one (a one-shot command, after its output)."""
        logs = {f.id for f in report.findings if f.kind == "process"}   # (a log's age is the log's cause)
        dated = [(i, e.updated) for i, e in mem.entries.items()
                 if e.updated is not None and _ages(e, mem.status[i]) and i not in logs]
        findings = [f for f in report.findings if not _made_again(f)]
        self._keep(NOTE, mem, lambda: KeptAudit(findings, dated, report.entries, report.unchecked))

    def keep_listing(self, mem, listing: dict, first=None, updated: dict | None = None, key: str | None = None) -> None:
        """Keep what `list --json` printed (``listing``, as made from ``mem``) for the next one.
        ``first``: the command's other write (its judgements), done once the note is made and
        right before it is written: the kept file is never quiet while the note is still to
        come (a next run that waits for the writer would start before it)."""
        from ..fsutil import dumps_json

        def made():   # (a text that needed ASCII escapes, a name that is not UTF-8, is not kept: see make)
            text = dumps_json(listing, indent=None)
            # each entry's age counts from ``updated`` (the agent's record's date, when it has one)
            dates = [((updated or {}).get(d["id"], mem.entries[d["id"]].updated),
                      _ages(mem.entries[d["id"]], mem.status[d["id"]])) for d in listing["entries"]]
            kept = KeptListing.make(listing, text, dates, mem.now)
            if kept is not None:
                kept.key = key
            return kept
        data = self._made(mem, made)
        if first is not None:
            first()
        if data is not None:
            self.cache.keep_note(LIST_NOTE, data)

    def _keep(self, key: str, mem, made) -> None:
        data = self._made(mem, made)
        if data is not None:
            self.cache.keep_note(key, data)

    def _made(self, mem, made) -> bytes | None:
        """What to keep, pickled with what it was made from; None when it may not be kept."""
        if not self.usable or mem.layout_name != self.layout or len(mem.parts):
            return None
        checker, folders = mem.checker, mem.root_files.folders
        if self._racy(checker.seen, folders):
            return None
        what = made()
        if what is None:
            return None
        kept = Kept(self.dir, self.root, self.layout, self.listing, self.instructions, dict(checker.seen),
                    list(folders) if folders is not None else None, what)
        try:
            return pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            return None

    def _racy(self, asked: dict, folders: list | None) -> bool:
        """Whether any file or folder seen was modified too recently to be trusted (its ctime is
        in the signature too: a file given an older mtime after a write still shows)."""
        reads = (answer[0][0] for (question, _), answer in asked.items()
                 if question == "read" and answer[0] is not None)
        return racy(self.started, (*(row[2] for row in self.listing or () if len(row) > 2),
                                   *(row[3] for row in self.instructions if len(row) > 2),
                                   *reads, *(sig[0] for _, sig in folders or () if sig is not None)))


class KeptListing:
    """`memtui list --json`'s text, kept for the next run: each entry's JSON
    cut around the two values that change by themselves with the day, its ``age_days`` and its
    ``flags`` (which begin with ``old-unverifiable`` once an entry with no anchor is old
    enough), so a warm run joins strings instead of judging, masking and encoding 10,000
    entries again. Made only when what it renders is the printed text, byte for byte."""

    def __init__(self, head: str, rows: list[tuple], tail: str) -> None:
        self.head, self.rows, self.tail = head, rows, tail
        self.key: str | None = None   # the agent record it was made with (provenance.report.overlay_key)

    @classmethod
    def make(cls, listing: dict, text: str, dates: list[tuple], now: dt.datetime) -> "KeptListing | None":
        """From the object printed as ``text`` (compact JSON) at ``now``; ``dates``: each entry's
        (updated, whether it may turn old), in the order of ``listing["entries"]``."""
        import json
        enc = json.JSONEncoder(ensure_ascii=False).encode   # dumps_json's compact form
        keys = list(listing)
        at = keys.index("entries")
        head = enc({k: listing[k] for k in keys[:at]})
        head = (head[:-1] + ", " if len(head) > 2 else "{") + '"entries": ['
        tail = "]" + "".join(f", {enc(k)}: {enc(listing[k])}" for k in keys[at + 1:]) + "}"
        rows = []
        for d, (updated, may_age) in zip(listing["entries"], dates):
            # cut at the keys: the first '"age_days": ' (only scalars before it) and the last
            # '"flags": ' (a path in "moved" may be called flags; nothing after holds a key);
            # inside a JSON string every '"' is escaped, so neither is met in a value
            whole = enc(d)
            a = whole.index('"age_days": ') + len('"age_days": ')
            f = whole.rindex('"flags": ') + len('"flags": ')
            flags = tuple(d["flags"])
            rest = f + len(enc(d["flags"]))
            if may_age and flags[:1] == (OLD,):
                flags = flags[1:]
            rows.append((whole[:a], whole[a + len(enc(d["age_days"])):f], whole[rest:], updated, may_age, flags))
        kept = cls(head, rows, tail)
        return kept if kept.render(now) == text else None

    def render(self, now: dt.datetime) -> str:
        """The compact JSON ``list --json`` prints at ``now`` (status.assess's age and flag)."""
        import json
        enc = json.JSONEncoder(ensure_ascii=False).encode
        flag_text: dict[tuple, str] = {}
        parts = []
        for before, between, after, updated, may_age, flags in self.rows:
            age = max(0, (now - updated).days) if updated is not None else None
            if may_age and age is not None and age > STALE_DAYS:
                flags = (OLD, *flags)
            shown = flag_text.get(flags)
            if shown is None:
                shown = flag_text[flags] = enc(list(flags))
            parts.append(f"{before}{'null' if age is None else age}{between}{shown}{after}")
        return self.head + ", ".join(parts) + self.tail


def sort_key(f: Finding) -> tuple:
    """The order the audit puts its findings in before the report's own (by kind)."""
    return (f.id, f.line or 0, f.kind, f.rule, f.message, f.related or "")


def _ages(entry, status) -> bool:
    """Whether the entry's age alone may make it old-unverifiable (status.assess's rule: read,
    no anchor, not a record of work, not a goal, no path of the project named)."""
    return entry.readable and may_age(entry, status)


def _made_again(f: Finding) -> bool:
    return (f.kind == "stale" and f.rule == "old-unverifiable") or f.kind == "tracked-in-git"
