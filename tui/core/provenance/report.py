"""The agent's record of a memory folder, and one entry's history from it (SPEC §7, §9).

``record_of`` reads the record the folder's layout names (``Layout.record``: a key of
``READERS``, or git, or none with ``Layout.no_record`` saying why); ``entry_history`` makes the
`memtui history` answer for one entry. The command line, the app's History view and the list
all ask these; the hook never does (it must stay fast, and it reads no transcript).
"""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from typing import TYPE_CHECKING

from . import places
from .dating import Dated, as_json, dates, written_by_hook
from .gitlog import first_and_last, in_git
from .model import Record
from .scan import read_record

if TYPE_CHECKING:
    from .history import Version

# record kind → (where it is, the dialect of its lines)
READERS = {places.CLAUDE: (places.claude_place, "claude"), places.OPENCLAW: (places.openclaw_place, "pi")}
NO_RECORD = "this agent keeps no record on disk that memtui can read"


def record_kind(layout) -> str:
    return getattr(layout, "record", places.CLAUDE) if layout is not None else places.CLAUDE


def record_of(memory_dir: Path, root: Path | None, layout=None, progress=None, scan: bool = True) -> Record:
    """What the agent's record says of ``memory_dir`` (read incrementally: see scan; with
    ``scan=False``, only what the last read kept)."""
    kind = record_kind(layout)
    if kind in READERS:
        where, dialect = READERS[kind]
        return read_record(where(Path(memory_dir), root), Path(memory_dir), dialect, progress, scan)
    if kind == places.CODEX:
        from .codex import codex_record
        return codex_record(Path(memory_dir))
    if kind == places.GIT:
        git = in_git(Path(memory_dir))
        return Record(kind, places.LABEL[kind], note="" if git else "the folder is not in a git repository")
    note = getattr(layout, "no_record", "") or NO_RECORD
    return Record("", "", note=note)


def overlay(mem, record: Record | None, log_path: Path | None = None, every: bool = True) -> dict[str, Dated]:
    """Every entry's Dated (see dating): from the record (git's, for a layout whose record is its
    git history), the frontmatter, the injection log, the mtime — the first that knows. Without
    ``every``: only the entries dated by more than their own file (dating.dates)."""
    git = first_and_last(Path(mem.dir)) if record is not None and record.kind == places.GIT else {}
    return dates(mem.entries.values(), record, git, written_by_hook(Path(mem.dir), log_path), every)


def overlay_key(memory_dir: Path, record: Record, log_path: Path | None = None) -> str:
    """What ``overlay`` is made from beyond the folder's files (which a kept listing is checked
    against already): the record's writes, git's dates where git is the record, the injection
    log's signature. The same key: the same overlay."""
    import hashlib
    from ..writes.injection_log import log_path as default_log
    h = hashlib.sha1(f"{record.kind}\0{record.note}\n".encode())
    for a in record.acts:
        if a.kind != "read":
            h.update(f"{a.target}\0{a.at}\0{a.session}\0{a.stated}\0{a.failed}\n".encode())
    if record.kind == places.GIT:
        h.update(repr(sorted(first_and_last(Path(memory_dir)).items())).encode())
    path = Path(log_path) if log_path is not None else default_log()
    for p in (path.with_suffix(".jsonl.1"), path):
        try:
            st = os.stat(p)
            h.update(f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}\n".encode())
        except OSError:
            h.update(b"-\n")
    return h.hexdigest()


class _One:
    """One entry of a reading, as ``overlay`` asks a reading."""

    def __init__(self, mem, e) -> None:
        self.dir, self.entries = mem.dir, {e.id: e}


def record_json(record: Record) -> dict:
    return {"kind": record.kind or None, "label": record.label or None, "folders": record.folders,
            "files": record.files, "bytes": record.size, "unreadable_lines": record.bad,
            "gone_files": record.gone, "note": record.note or None}


def entry_history(mem, entry_id: str, record: Record, log_path: Path | None = None,
                  git: bool = True) -> tuple[dict, list["Version"]]:
    """(`memtui history --json`'s object, the versions with their texts for a restore)."""
    from .history import assemble, reads   # (diffs and masking: only when a history is asked for)
    e = mem.entries[entry_id]
    # the record's acts name a file, or (Codex: the task group that cites a session) the entry itself
    target = e.id if any(a.target == e.id for a in record.acts) else e.file_id
    path = Path(mem.dir) / e.file_id
    try:
        current = path.read_bytes().decode("utf-8")
        mtime = dt.datetime.fromtimestamp(os.stat(path).st_mtime, tz=dt.timezone.utc)
    except (OSError, UnicodeDecodeError):
        current, mtime = None, None
    shown, notes = assemble(record, target, current, mtime, Path(mem.dir), git=git)
    status = mem.status.get(entry_id)
    resident = status is not None and status.load == "resident"
    read = reads(record, target, resident) if record.exists else []
    dated = overlay(_One(mem, e), record, log_path)[e.id]
    if e.file is not None and target != e.id:
        notes.insert(0, f"{target} holds this entry among others: these are the versions of the whole file")
    if not record.exists:
        notes.insert(0, record.note)
    written_at, written_by = as_json(dated)
    out = {"id": entry_id, "file": target, "record": record_json(record), "written_at": written_at,
           "written_by": written_by, "evidence": dated.evidence or None,
           "versions": [v.as_json() for v in shown], "reads": [r.as_json() for r in read],
           "notes": [n for n in notes if n]}
    return out, shown


def reads_by_entry(mem, record: Record | None) -> dict[str, list[dt.datetime]] | None:
    """Entry id → the times a session read it (its file, or MEMORY.md when the entry is in its
    loaded part), oldest first; None when there is no record to tell."""
    if record is None or not record.exists:
        return None
    by_target: dict[str, list[dt.datetime]] = {}
    for a in record.acts:
        if a.kind == "read" and not a.failed and a.when is not None:
            by_target.setdefault(a.target, []).append(a.when)
    index = by_target.get("MEMORY.md", [])
    out = {}
    for i, e in mem.entries.items():
        st = mem.status.get(i)
        times = list(by_target.get(e.file_id, []))
        if index and st is not None and st.load == "resident" and e.file_id != "MEMORY.md":
            times += index
        out[i] = sorted(times)
    return out
