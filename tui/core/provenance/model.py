"""What is known of a memory folder from its agent's record: acts (a write, an edit or a read of
one of its files), each a pointer into the record with a few facts — never the text itself. The
text stays in the record (a transcript), read again when a version's diff is asked for, so what
memtui keeps holds nothing a secret could be in."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass(slots=True)
class Act:
    kind: str          # write | edit | read
    tool: str          # the tool as the record names it (Write, Edit, MultiEdit, Read, write, …)
    tool_id: str
    target: str        # the entry file's id in the memory folder
    session: str
    at: str            # ISO time, as the record has it
    file: str          # the record file the call is in
    offset: int        # where its line starts
    side: bool = False         # a subagent's call
    prompt: int = -1           # where the person's message before it starts (-1: none found)
    stated: str = ""           # stated.judge's code ("" : the model's)
    result: int = -1           # where its result's line starts (-1: not seen yet)
    failed: bool = False       # the tool reported an error: nothing changed

    @property
    def when(self) -> dt.datetime | None:
        return parse_time(self.at)

    def row(self) -> tuple:
        return (self.file, self.offset, self.kind, self.tool, self.tool_id, self.target, self.session, self.at,
                int(self.side), self.prompt, self.stated, self.result, int(self.failed))

    @classmethod
    def from_row(cls, row) -> "Act":
        file, offset, kind, tool, tool_id, target, session, at, side, prompt, stated, result, failed = row
        return cls(kind, tool, tool_id, target, session, at, file, offset, bool(side), prompt, stated, result,
                   bool(failed))


@dataclass
class Record:
    """What the scan of one memory folder's record found."""

    kind: str = ""
    label: str = ""
    folders: list[str] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)   # each call once (by tool id), in time order
    files: int = 0
    size: int = 0        # bytes of record files
    read_now: int = 0    # bytes this scan read
    bad: int = 0         # lines naming the folder that could not be decoded
    gone: int = 0        # record files kept in memory that are no longer on disk
    note: str = ""       # why there is no record ("" when there is one)
    dialect: str = ""

    @property
    def exists(self) -> bool:
        return not self.note

    def of(self, target: str, kinds: tuple[str, ...] = ("write", "edit")) -> list["Act"]:
        """The acts on one file that happened (failed calls left out), oldest first."""
        return [a for a in self.acts if a.target == target and a.kind in kinds and not a.failed]


def parse_time(value) -> dt.datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)
