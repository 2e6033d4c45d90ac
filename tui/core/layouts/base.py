"""What a memory layout is to the rest of memtui: one small interface per agent.

A layout says, for each file of the folder, what it is before it is read (an entry, a
shared file holding several entries, the index, or not memory at all and never opened);
turns a shared file into its entries (``parts``: the same function reads for the list and
finds the lines to cut for a delete, so the two cannot disagree); sets each entry's load
state; and adds the audit findings only it knows about.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Protocol

from ..reading.entry import MemoryEntry
from ..judging.findings import Finding
from .markdown import Block, bullets, split_lines

if TYPE_CHECKING:
    from ..judging.status import EntryStatus


class Reading(Protocol):
    """What a layout's own findings read of a reading of its folder (``memory.Snapshot`` is one):
    a layout is read by the reader, and never needs the reader itself."""

    entries: Mapping[str, MemoryEntry]
    status: Mapping[str, "EntryStatus"]

    def sorted_entries(self) -> list[MemoryEntry]: ...


@dataclass(frozen=True)
class Role:
    role: str          # entry | shared | index | other
    note: str = ""     # for `other`: why it is not memory (shown in the file list)


ENTRY, SHARED, INDEX = Role("entry"), Role("shared"), Role("index")


@dataclass
class Part:
    """One entry inside a shared file: its slug, its lines and what the layout knows of it."""

    block: Block
    name: str
    fields: dict = field(default_factory=dict)   # MemoryEntry fields to set (load, kind, source, …)


class Layout:
    name = "claude-code"
    agent = "Claude Code"
    followed = ""      # which documented version of the agent's layout this reader follows
    max_count = 0      # the preview's limits for this agent (0: memtui's own, from flags and config)
    max_chars = 0
    whole_when_no_parts = False   # a shared file with text but no parts is one entry (else: not memory)
    file_per_entry = False        # every file is one entry as read, nothing to split or settle
    aliases: tuple[str, ...] = ()  # other names --layout takes for it
    detect_rank = 0                # detection tries layouts by rank, most specific first
    wires_hook = False             # the app offers to wire memtui's prompt hook for this agent (Claude Code's)

    # -- what memtui may write here: the behaviour of this entry of the registry (writes, the
    # trash, archive and audit ask these; none of them branches on a layout's name)
    appends_to: tuple[str, ...] = ()   # `remember` adds a bullet to the first of these files that
                                       # exists (else the first); () : it refuses, saying remember_advice
    append_heading = ""                # the section a bullet goes under, added when missing ("": the file)
    remember_advice = ""               # what to do instead of `remember`, when it refuses
    archives = False                   # `archive` moves text out of what the agent loads (else archive_advice)
    archive_advice = ""
    exports = False                    # its shared files are a service's export: never changed; a delete
                                       # writes a filtered copy to the trash instead
    git_by_design = False              # the folder is a git repository on purpose (no tracked-in-git finding)
    status_by_design = False           # its process files are the agent's status, read at every task start
    # files whose subject is why the project exists and the problem it answers (Cline's projectbrief.md,
    # productContext.md): their "now" is the problem's, as "users currently check by hand" says, and the
    # layout keeps where the work stands in files of its own (status_by_design)
    foundation: frozenset[str] = frozenset()
    # files the agent loads every session that hold who the user is (OpenClaw's USER.md): not read
    # as entries, but the owner still asks triage what to do with them (keep: the profile's place)
    profiles: tuple[str, ...] = ()
    instructions: tuple[str, ...] = ()   # its instruction files read whole at every session start (no entries)
    # -- the agent's own record of its writes and reads (core/provenance reads it; SPEC §9)
    record = ""                        # a kind of record (core/provenance/places.LABEL), "" for none
    no_record = ""                     # when there is none: why, as the history says it

    # -- before reading ------------------------------------------------------
    def detect(self, folder: Path) -> Path | None:
        """The folder to read when ``folder`` holds this layout (it may be a subfolder), else None."""
        return None

    def role(self, file_id: str) -> Role:
        return ENTRY

    def folder_label(self, folder, entries: int) -> str | None:
        """What to call the folder instead of the agent's name, when that would mislead (None: the
        agent's name)."""
        return None

    def prune(self, folder_id: str) -> str | None:
        """A reason not to walk into this subfolder (it is listed as one item), or None."""
        return None

    def size_limit(self, file_id: str) -> int:
        """The largest file read (bigger ones are listed unreadable, with the reason)."""
        from ..reading.entry import MAX_BYTES
        return MAX_BYTES

    def walk_dot(self, name: str) -> bool:
        """Whether to walk into this dot-folder (the trash and .git never are)."""
        return False

    def prepare(self, folder: Path) -> None:
        """Called before each walk of the folder: what ``role`` needs besides a file's name."""

    def begin(self, folder: Path) -> None:
        """Called before each reading's ``settle`` calls (a git log, a settings file)."""

    # -- after reading -------------------------------------------------------
    def parts(self, file_id: str, text: str) -> list[Part]:
        """The entries of a shared file, from its text (line endings kept or not)."""
        return []

    def shared_note(self, file_id: str) -> str:
        return ""

    def empty_note(self, file_id: str) -> str:
        return "holds no memory entries"

    def settle(self, e: MemoryEntry, now: dt.datetime) -> None:
        """Set a whole-file entry's load state and kind."""

    def expand(self, e: MemoryEntry, now: dt.datetime) -> list[MemoryEntry]:
        if not e.readable:
            return [e]
        lines = split_lines(e.text)
        out = []
        for p in self.parts(e.id, e.text):
            sub = part_entry(e, p.block.slug, name=p.name, first_line=p.block.start + 1,
                             body=p.block.text(lines).rstrip("\n") + "\n", text=p.block.text(lines))
            for k, v in p.fields.items():
                setattr(sub, k, v)
            if not sub.description:
                sub.description = _one_line(sub.body)
            out.append(sub)
        if not out and self.whole_when_no_parts and e.text.strip():
            self.settle(e, now)   # e is the store's copy: settling it touches no earlier snapshot
            return [e]
        return out

    def findings(self, mem: Reading) -> list[Finding]:
        return []

    def reading_state(self):
        """What this layout learned from a reading beyond its entries (a record it skipped), so two
        readings with the same entries can still be told apart: the app audits again when it moves."""
        return None

    # -- writing -------------------------------------------------------------
    def bullet_at(self, lines: list[str]) -> int | None:
        """The line a new bullet goes at (after the last bullet of the file, else at its end);
        None when the section the bullets belong under (``append_heading``) is missing."""
        items = bullets(lines, 0, len(lines))
        return items[-1].end if items else len(lines)


_LISTINGS: dict[str, list[tuple[str, bool]]] = {}
_SCANS: dict[str, list[os.DirEntry]] = {}   # the scandir behind each listing


def listing(folder: Path) -> list[tuple[str, bool]]:
    """(name, is a regular file) of a folder's entries, read once per detection (every layout
    looks at the same names; at 10k files one scandir is ~10 ms)."""
    key = str(folder)
    if key not in _LISTINGS:
        try:
            with os.scandir(folder) as it:
                items = list(it)
        except OSError:
            items = []
        _SCANS[key] = items
        _LISTINGS[key] = [(d.name, d.is_file(follow_symlinks=False)) for d in items]
    return _LISTINGS[key]


def forget_listings() -> None:
    _LISTINGS.clear()
    _SCANS.clear()


def scan_of(folder: Path) -> list[os.DirEntry] | None:
    """The DirEntries behind ``listing(folder)`` in this detection, if it listed that folder."""
    return _SCANS.get(str(folder))


def part_entry(e: MemoryEntry, slug: str, **fields) -> MemoryEntry:
    """An entry inside the shared file ``e``: its id ``FILE#slug``, nothing of the file's own
    frontmatter, memos or judgements carried over, then ``fields``."""
    blank = dict(file=e.id, body_line=1, has_frontmatter=False, meta={}, warnings=[], paths=[], keywords=[],
                 anchors=[], anchor_errors=[], description="", memo={}, judged=None, secret_hits=None)
    return dataclasses.replace(e, id=f"{e.id}#{slug}", **{**blank, **fields})


def head(path: Path, size: int = 65536) -> str:
    """The first bytes of a regular file, as text; '' for anything else. Detection sniffs files
    before the scan vets them: a FIFO must not hang it, a symlink must not lead out of the folder."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return ""
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            return os.read(fd, size).decode("utf-8", errors="replace")
        finally:
            os.close(fd)
    except OSError:
        return ""


def _one_line(body: str) -> str:
    for line in body.split("\n"):
        line = line.strip().lstrip("#").strip().lstrip("-*+").strip()
        if line:
            return line[:160]
    return ""
