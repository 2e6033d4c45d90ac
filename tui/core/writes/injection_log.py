"""The injection log: where the hook records each decision, and how a reader follows it.

One JSON object per line in ``$XDG_STATE_HOME/memtui/injections.jsonl`` (never in the
memory folder, which may be shared). The hook appends with one O_APPEND write per
record, so concurrent hooks never interleave; a reader (the TUI) keeps an offset and
reads only what was appended, starting over when the file was rotated.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..config import state_dir
from ..fsutil import dumps_json

LOG_NAME = "injections.jsonl"
LOG_MAX = 5_000_000     # bytes; then the log is rotated to injections.jsonl.1


def log_path() -> Path:
    return state_dir() / LOG_NAME


def append_record(record: dict, path: Path | None = None) -> None:
    """Append one record; raises OSError for the caller to report (the hook says it on stderr)."""
    path = path or log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size > LOG_MAX:
        os.replace(path, path.with_suffix(".jsonl.1"))
    line = dumps_json(record, indent=None) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line.encode("utf-8"))
    finally:
        os.close(fd)


class LogReader:
    """Follows the log: each ``poll()`` returns the records appended since the last one."""

    def __init__(self, path: Path, keep: int = 200) -> None:
        self.path, self.keep = Path(path), keep
        self.offset = 0

    def poll(self) -> list[dict]:
        try:
            with open(self.path, "rb") as f:
                size = f.seek(0, 2)
                if size < self.offset:   # rotated
                    self.offset = 0
                f.seek(self.offset)
                data = f.read()
        except OSError:
            return []
        end = data.rfind(b"\n") + 1    # a line still being written waits for the next poll
        self.offset += end
        return parse_lines(data[:end].splitlines()[-self.keep:])


def parse_lines(lines: list[bytes]) -> list[dict]:
    """The records of these log lines; a line that is not a JSON object is skipped."""
    records = []
    for line in lines:
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            records.append(rec)
    return records


def read_all(path: Path | None = None) -> list[dict]:
    """Every record of the log, oldest first (the rotated part, then the current file); lines
    that are not JSON objects are skipped. For the usage picture; the live tab follows with
    ``LogReader``."""
    path = Path(path) if path is not None else log_path()
    records: list[dict] = []
    for part in (path.with_suffix(".jsonl.1"), path):
        try:
            records += parse_lines(part.read_bytes().splitlines())
        except OSError:
            continue
    return records


SAMPLE_LOG = "sample-injections.jsonl"   # beside the bundled sample's memory/: its example log


def sample_records(mem_dir: Path, now) -> list[dict]:
    """The bundled sample's example log, made current: its ``@MEMORY@`` dirs become ``mem_dir``
    and its times are moved so the newest record is a day before ``now`` (the demo never ages,
    and a fixed ``now`` gives fixed records)."""
    import datetime as dt
    records = read_all(Path(mem_dir).parent / SAMPLE_LOG) if (Path(mem_dir).parent / SAMPLE_LOG).is_file() else []
    times = []
    for rec in records:
        try:
            times.append(dt.datetime.fromisoformat(str(rec.get("time", "")).replace("Z", "+00:00")))
        except ValueError:
            times.append(None)
    newest = max((t for t in times if t is not None), default=None)
    if newest is None:
        return []
    shift = (now - dt.timedelta(days=1)) - newest
    out = []
    for rec, t in zip(records, times):
        if t is None:
            continue
        when = (t + shift).isoformat(timespec="seconds").replace("+00:00", "Z")
        out.append({**rec, "dir": str(mem_dir) if rec.get("dir") == "@MEMORY@" else rec.get("dir"), "time": when})
    return out


def denied_writes(directory: Path, since: str, path: Path | None = None) -> dict[str, int]:
    """How many times the hook denied the agent a write into ``directory`` since ``since``
    (an ISO time as the records carry it), by finding kind: what the audit reports beside its
    findings ("the agent tried to store a secret here twice this week"). Reads the log and its
    rotated predecessor; a missing or unreadable log counts nothing."""
    path = path or log_path()
    where = os.path.realpath(directory)
    counts: dict[str, int] = {}
    for p in (path.with_suffix(".jsonl.1"), path):
        try:
            data = p.read_bytes()
        except OSError:
            continue
        for line in data.splitlines():
            if b'"denied"' not in line:   # most lines are injections: not parsed at all
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if not isinstance(rec, dict) or rec.get("kind") != "write" or rec.get("decision") != "denied" \
                    or str(rec.get("time", "")) < since or not isinstance(rec.get("dir"), str) \
                    or os.path.realpath(rec["dir"]) != where:
                continue
            for kind in dict.fromkeys(str(f.get("kind")) for f in rec.get("why") or [] if isinstance(f, dict)):
                counts[kind] = counts.get(kind, 0) + 1
    return counts


def attempts_note(counts: dict[str, int], days: int) -> str | None:
    """One line a person reads: 'in the last 7 days the agent tried to store here a secret twice'."""
    if not counts:
        return None
    times = {1: "once", 2: "twice"}
    from ..judging.findings import kind_noun
    parts = [f"{kind_noun(kind)} {times.get(n, f'{n} times')}"
             for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return (f"in the last {days} days the agent tried to store here {', '.join(parts)} "
            "(denied by the write gate; the injection log has each attempt)")
