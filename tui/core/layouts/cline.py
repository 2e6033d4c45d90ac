"""Cline's memory bank and its variants (Roo, Kilo Code, cursor-memory-bank): a folder of
plain Markdown files, every one read at the start of every task."""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from ..reading.discover import MEMORY_BANKS
from ..reading.entry import MemoryEntry
from ..judging.blanks import unfilled
from ..judging.findings import Finding
from .base import ENTRY, Layout, Reading, Role, listing
from .markdown import headings, split_lines


CLINE = {"projectbrief.md", "productcontext.md", "systempatterns.md", "techcontext.md", "activecontext.md",
         "progress.md"}
KILO = {"brief.md", "product.md", "context.md", "architecture.md", "tech.md"}
VARIANTS = {"decisionlog.md", "tasks.md", "style-guide.md"}
PROCESS = {"activecontext.md", "progress.md", "tasks.md", "context.md"}   # "where we are now", by design
PROCESS_DIRS = {"journal"}
ON_DEMAND_DIRS = {"archive"}
SUBFOLDERS = MEMORY_BANKS   # (reading/discover opens the same folders when no DIR is given)
CURRENT = re.compile(r"(?i)\b(current|recent|right now|next steps?|in progress|status|what'?s left)\b|当前|最近|下一步")
STALE_AFTER = 7   # days: a 'current' section older than a week describes a moment that has passed


def _names(folder: Path) -> set[str]:
    return {name.lower() for name, regular in listing(folder) if regular}


class Cline(Layout):
    name = "cline"
    detect_rank = 5
    agent = "Cline"
    no_record = ("Cline keeps its task history in the editor's own storage, which memtui does not read: "
                 "dates come from the files")
    aliases = ("memory-bank", "roo", "kilo")
    status_by_design = True   # activeContext.md, progress.md: where the work stands, by design
    # "why this project exists, the problems it solves" (docs.cline.bot), and Kilo Code's brief and product
    foundation = frozenset(("projectbrief.md", "productcontext.md", "brief.md", "product.md"))
    remember_advice = "edit the memory bank's files (or ask the agent to 'update memory bank')"
    archive_advice = ("Cline keeps process in activeContext.md and progress.md by design: ask the agent to "
                      "'update memory bank' so it rewrites them")
    followed = ("Cline Memory Bank (docs.cline.bot, 2025: six core files), Roo Code and "
                "cursor-memory-bank variants, Kilo Code memory bank (brief/product/context/architecture/tech)")

    def detect(self, folder: Path) -> Path | None:
        names = _names(folder)
        if "projectbrief.md" in names or len(CLINE & names) >= 2:
            return folder
        if folder.name.lower() in ("memory-bank", ".memory-bank") and any(n.endswith(".md") for n in names):
            return folder   # a memory bank by its name, even with only tasks.md in it yet
        for sub in SUBFOLDERS:
            if (folder / sub).is_dir() and self.detect(folder / sub) == folder / sub:
                return folder / sub
        return None

    def role(self, file_id: str) -> Role:
        if file_id.lower().endswith((".md", ".mdc", ".markdown")):
            return ENTRY
        return Role("other", "not Markdown: the memory bank is Markdown files only")

    def settle(self, e: MemoryEntry, now: dt.datetime) -> None:
        parts = e.id.lower().split("/")
        e.load = "on-demand" if parts[0] in ON_DEMAND_DIRS else "resident"
        if parts[-1] in PROCESS or parts[0] in PROCESS_DIRS:
            e.kind = "process"
            # where the work stands, read by Cline at every task start: a prompt about the work is
            # answered there (its known issues, its next steps), so it is matched like any entry;
            # a journal of past days is not (issue 40, stop 40)
            e.current = parts[-1] in PROCESS and parts[0] not in PROCESS_DIRS

    def findings(self, mem: Reading) -> list[Finding]:
        """activeContext.md and progress.md are status by design: Cline reads them at every task start
        to know where the work is (docs.cline.bot). Being what they are is only `possible` (reviewers
        found such files stale 6 times in 7, but a held-out review rightly said "no evidence it is
        stale" of one at high); a section of the moment in a file untouched for a week is high, and
        is then the one finding for the file (a next step already done: audit's steps_done)."""
        out = []
        for e in mem.sorted_entries():
            if e.kind != "process" or not e.readable or unfilled(e.text):
                continue   # (a template never filled records no work: nothing in it can have passed)
            age = mem.status[e.id].age_days
            stale = age is not None and age >= STALE_AFTER
            passed = [Finding(e.id, "process", "current-section", n + 1,
                              f"'{title[:60]}' describes a moment, and the file was last changed {age} days ago: "
                              "it has likely passed", "rewrite it for the work at hand, or clear it")
                      for n, level, title in (headings(split_lines(e.text)) if stale else ())
                      if level > 1 and CURRENT.search(title)]
            since = f"last changed {age} days ago" if age is not None else "its age is unknown"
            out += passed or [Finding(e.id, "process", "process-file", None,
                                      f"a record of work in progress ({since}): the agent reads it at every task "
                                      "start as if it were still true; check it still is",
                                      "bring it up to date or empty its 'current' parts when the work is done; "
                                      "move lasting decisions to systemPatterns.md or techContext.md",
                                      confidence="possible", places=_moments(e))]
        return out


def _moments(e: MemoryEntry) -> tuple:
    """Where a status file says a moment (a status block, an open mark, a 'right now' word): the places
    the owner checks first, listed on the file's one finding (issue 36, stop 49)."""
    from ..judging.findings import Place
    from ..judging.status_blocks import status_block_findings
    from ..textutil import without_code
    from ..judging.wording import transient_findings
    words = transient_findings(e.id, e.text, e.body_line)
    found = words + [f for f in status_block_findings(e.id, e.text, without_code(e.text), {f.line for f in words})
                     if f.rule == "status-block"]
    said = {p.line: p.note for f in found for p in (f.places or (Place(f.id, f.line, f.message),)) if p.line}
    return tuple(Place(e.id, n, said[n]) for n in sorted(said)[:8])
