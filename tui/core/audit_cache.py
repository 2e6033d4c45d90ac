"""The last audit of a folder, kept whole beside the parse cache (SPEC §8).

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
"""
from __future__ import annotations

import datetime as dt
import os
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

from .findings import AuditReport, Finding, stale_finding
from .walk import SYMLINK, UNLISTABLE, UNSTATABLE, walk

NOTE = "audit"
RACY_NS = 2_000_000_000                    # a signature this close to the run's start is not trusted
_INSTRUCTION_FILES = ("CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md",
                      "CLAUDE.local.md")   # crossfile.INSTRUCTION_FILES (checked equal by a test)


def folder_listing(directory: Path) -> list[tuple] | None:
    """Every entry the one walk (core.walk) lists under ``directory``, with its (mode, mtime_ns,
    size, inode, ctime_ns), in a fixed order; None when a symlink is met. (The layouts cached
    here walk no dot-folder: what changes inside one is never read by their audit.)"""
    out: list[tuple] = []
    for entry_id, _, item, kind, st, note in walk(str(directory), ordered=True):
        if kind == SYMLINK:
            return None
        if kind == UNLISTABLE:
            out.append((entry_id, "unlistable", note.errno))
            continue
        if st is None and kind != UNSTATABLE:   # a dot-entry: listed with its own signature
            try:
                st = item.stat(follow_symlinks=False)
            except OSError as e:
                note, kind = e, UNSTATABLE
        if kind == UNSTATABLE:
            out.append((entry_id, "unstatable", note.errno))
            continue
        out.append((entry_id, st.st_mode, st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns))
    return out


def instruction_files(root: Path) -> list[tuple]:
    """What the cross-file checks may read of the project's instruction files."""
    out = []
    for name in _INSTRUCTION_FILES:
        p = os.path.join(root, name)
        try:
            st = os.stat(p)
            out.append((name, os.path.realpath(p), st.st_mode, st.st_mtime_ns, st.st_size, st.st_ino,
                        st.st_ctime_ns))
        except OSError as e:
            out.append((name, e.errno))
    return out


@dataclass
class Kept:
    """What is kept of one audit."""

    dir: str
    root: str
    layout: str
    listing: list[tuple]
    instructions: list[tuple]
    asked: dict                  # the anchor checker's questions and answers
    folders: list | None         # the project folders listed to find a moved file (None: none were)
    findings: list[Finding]      # all but the age and git findings
    dated: list[tuple[str, dt.datetime]]   # (entry, date) of each entry an age finding may be about
    entries: int


def _kept(layout_name: str) -> bool:
    """Whether an audit of this layout's folder is kept: one file, one entry, no findings of the
    layout's own (the registry's ``file_per_entry``)."""
    from .layouts import get
    return get(layout_name).file_per_entry


class Probe:
    """One audit's look at the kept one: made before anything is read (what it lists is what the
    audit that follows will have read, or older)."""

    def __init__(self, directory: Path, root: Path, layout_name: str) -> None:
        from .cache import ParseCache
        self.started = time.time_ns()
        self.dir, self.root, self.layout = str(directory), str(root), layout_name
        self.cache = ParseCache(directory, eager=False)
        self.listing = folder_listing(directory) if _kept(layout_name) and self.cache.enabled else None
        self.instructions = instruction_files(root) if self.listing is not None else []

    @property
    def usable(self) -> bool:
        return self.listing is not None

    def report(self, now: dt.datetime, git: bool = True) -> AuditReport | None:
        """The kept audit brought to today, when it still holds; else None."""
        if not self.usable:
            return None
        data = self.cache.note(NOTE)
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
        from .anchors import AnchorChecker
        from .status import RootFiles
        if not RootFiles(Path(self.root)).same_folders(kept.folders):
            return None
        if not AnchorChecker(Path(self.root)).answers_again(kept.asked):
            return None
        findings = list(kept.findings)
        for entry_id, date in kept.dated:
            f = stale_finding(entry_id, date, now)
            if f is not None:
                findings.append(f)
        if git:
            from .gitcheck import tracked_in_git
            findings += tracked_in_git(Path(self.dir))
        findings.sort(key=sort_key)
        return AuditReport(findings, kept.entries, kept.dir, kept.root)

    def keep(self, mem, report: AuditReport) -> None:
        """Keep this audit for the next one (a one-shot command, after its output)."""
        if not self.usable or mem.layout_name != self.layout or len(mem.parts):
            return
        checker, folders = mem.checker, mem.root_files.folders
        if self._racy(checker.seen, folders):
            return
        dated = []
        for i, e in mem.entries.items():
            st = mem.status[i]
            if e.readable and st.anchor == "none" and e.updated is not None and e.kind != "process":
                dated.append((i, e.updated))
        findings = [f for f in report.findings if not _made_again(f)]
        kept = Kept(self.dir, self.root, self.layout, self.listing, self.instructions, dict(checker.seen),
                    list(folders) if folders is not None else None, findings, dated, report.entries)
        try:
            data = pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            return
        self.cache.keep_note(NOTE, data)

    def _racy(self, asked: dict, folders: list | None) -> bool:
        """Whether any file or folder seen was modified too recently to be trusted (its ctime is
        in the signature too: a file given an older mtime after a write still shows)."""
        edge = self.started - RACY_NS
        if any(len(row) > 2 and row[2] >= edge for row in self.listing or ()):
            return True
        if any(len(row) > 2 and row[3] >= edge for row in self.instructions):
            return True
        for (question, _), answer in asked.items():
            if question == "read" and answer[0] is not None and answer[0][0] >= edge:
                return True
        return any(sig is not None and sig[0] >= edge for _, sig in folders or ())


def sort_key(f: Finding) -> tuple:
    """The order the audit puts its findings in before the report's own (by kind)."""
    return (f.id, f.line or 0, f.kind, f.rule, f.message, f.related or "")


def _made_again(f: Finding) -> bool:
    return (f.kind == "stale" and f.rule == "old-unverifiable") or f.kind == "tracked-in-git"
