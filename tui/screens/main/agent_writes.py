"""Which changes the agent made: new and rewritten entries since launch, minus our own writes.

A file this app wrote (an edit, a restore, a promotion mark) is recognised by its
signature (mtime_ns, size) right after the write, whichever dialog or command wrote it;
when the next snapshot shows that same signature, the change is ours, not the agent's. An
entry our delete, archive or promotion takes away is noted before the write runs, so its
removal is not reported as the agent's.
A write the hook saw land (a PostToolUse record in the injection log) is the agent's
whatever its `source` says, and carries the session that wrote it.
"""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from ...core.reading.index import INDEX_NAME
from ...core.snapshots.memory import Snapshot


class AgentWrites:
    def __init__(self, directory: Path, parts: dict[str, Path] | None = None) -> None:
        self.directory = Path(directory)
        self.parts = parts or {}   # several agents: label → folder (ids are `label:id`)
        self.new: set[str] = set()
        self.reviewed: set[str] = set()
        self.own: dict[str, tuple[int, int]] = {}
        self.removing: set[str] = set()   # entries our own delete, archive or promotion takes away
        self.sessions: dict[str, str] = {}   # id → the agent session that wrote it (from the hook's log)
        # records older than the app are not "since launch" (the log keeps earlier sessions)
        self.since = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")

    def note_logged(self, record: dict) -> str | None:
        """A landed write from the hook's log: its entry becomes new (and is reviewed again);
        returns the entry's id here, or None when the record is of another folder or older."""
        entry_id, folder = record.get("id"), record.get("dir")
        if not isinstance(entry_id, str) or not isinstance(folder, str) or str(record.get("time", "")) < self.since:
            return None
        if entry_id == INDEX_NAME:
            return None   # the index is no entry (its lines' entries are written on their own)
        where = os.path.realpath(folder)
        if where == os.path.realpath(self.directory):
            i = entry_id
        else:
            labels = [k for k, d in self.parts.items() if os.path.realpath(d) == where]
            if not labels:
                return None
            i = f"{labels[0]}:{entry_id}"
        self.new.add(i)
        self.reviewed.discard(i)
        if record.get("session_id"):
            self.sessions[i] = str(record["session_id"])
        return i

    def note_written(self, ids) -> None:
        for i in ids:
            label, sep, local = i.partition(":")
            folder = self.parts.get(label) if sep else None
            base = folder if folder is not None else self.directory
            name = local if folder is not None else i
            if "#" in name and not (base / name).exists():
                name = name.rpartition("#")[0]   # a bullet: its file's signature
            file = f"{label}:{name}" if folder is not None else name
            try:
                st = (base / name).stat()
            except OSError:
                continue
            self.own[file] = (st.st_mtime_ns, st.st_size)

    def note_removing(self, ids) -> None:
        """Entries a write of ours is about to take out of the folder (noted before it runs: the
        reading that sees them gone may come before the write's own callback)."""
        self.removing.update(ids)

    def forget_removing(self, ids) -> None:
        """The write did not take these after all (refused, cancelled, vanished before)."""
        self.removing.difference_update(ids)

    def classify(self, snap: Snapshot) -> set[str]:
        """Fold one snapshot's changes in: model-written entries created or rewritten by the agent
        are new. Returns the entries it shows added, changed or removed that our own writes made so
        (the screen says those changes only through the flow that wrote them)."""
        ours, files = set(), set()
        for i in snap.added + snap.changed:
            e = snap.entries[i]
            if self.own.get(e.file_id) == (e.mtime_ns, e.size):
                ours.add(i)
                files.add(e.file_id)
            elif e.source == "model":
                self.new.add(i)
                self.reviewed.discard(i)
        for f in files:
            del self.own[f]
        for i in snap.removed:
            self.new.discard(i)
        mine = self.removing & set(snap.removed)
        self.removing -= mine
        return ours | mine

    def pending(self) -> list[str]:
        return sorted(self.new - self.reviewed)
