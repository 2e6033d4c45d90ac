"""When each entry was written, by whom, and where that is known from (SPEC §9): the list's
``written_at`` / ``written_by``, the age every row shows, and the letter that says its source.

In order, the first that knows: the agent's record (its first and last write of the file; for
Letta, whose record is its MemFS's git history, the first and last commit), the frontmatter's
dates (``created``/``date``, ``updated``/``modified``, ``metadata.originSessionId``), the
injection log (the hook saw the agent's write land), the file's mtime (which a clone, a sync or
a restore sets to "today"). The age counts from the last
write the source knows (SPEC §3: days since ``updated``); ``written_at`` is the first.
"""
from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass
from pathlib import Path

from .model import Record, parse_time

TRANSCRIPT, SESSION_LOG, GIT, FRONTMATTER, LOG, MTIME = ("transcript", "session-log", "git", "frontmatter",
                                                          "injection-log", "mtime")
ROLLOUT = "rollout"
MARK = {TRANSCRIPT: "T", SESSION_LOG: "T", ROLLOUT: "T", GIT: "G", FRONTMATTER: "F", LOG: "L", MTIME: "?"}
SAID = {TRANSCRIPT: "the agent's transcripts", SESSION_LOG: "the agent's session logs",
        ROLLOUT: "the sessions Codex made it from", GIT: "git history",
        FRONTMATTER: "the frontmatter's dates", LOG: "the injection log (the hook saw the write)",
        MTIME: "the file's mtime (a clone or a sync resets it)"}
_DATE_KEYS = ("created", "date", "updated", "modified")


@dataclass(frozen=True, slots=True)
class Dated:
    written_at: dt.datetime | None
    updated: dt.datetime | None      # what the age counts from
    session: str | None
    by: str | None                   # user | model | None (not known)
    user_stated: bool | None
    source: str                      # where this is known from (a key of MARK)
    evidence: str = ""

    @property
    def mark(self) -> str:
        return MARK[self.source]

    def written_by(self) -> dict:
        return {"session": self.session, "by": self.by, "user_stated": self.user_stated, "source": self.source}


def _iso(t: dt.datetime | None) -> str | None:
    return t.isoformat().replace("+00:00", "Z") if t else None


def _keys(e) -> tuple[set, object]:
    """The frontmatter's keys (top level and under ``metadata``), and its originSessionId."""
    meta = e.meta
    if not meta:
        return set(), None
    nested = meta.get("metadata")
    keys = set(meta)
    if isinstance(nested, dict):
        keys |= set(nested)
        return keys, meta.get("originSessionId", nested.get("originSessionId"))
    return keys, meta.get("originSessionId")


def file_mark(e) -> str:
    """The letter of what the entry's own file dates it by (F its frontmatter, ? its mtime): the
    row of an entry the agent's record does not date (cheap: asked per cell drawn)."""
    return MARK[FRONTMATTER] if e.meta and not _keys(e)[0].isdisjoint(_DATE_KEYS) else MARK[MTIME]


def from_file(e) -> Dated:
    """What the entry's own file says (no record read): its frontmatter's dates, else its mtime."""
    keys, session = _keys(e)
    session = str(session) if isinstance(session, (str, int)) and str(session).strip() else None
    if not keys.isdisjoint(_DATE_KEYS):
        by = e.source if "source" in e.meta else None
        # with no created/date, what it says of the write is its updated/modified (created is the mtime)
        first = e.created if ("created" in keys or "date" in keys) else e.updated
        return Dated(first, e.updated, session, by, None, FRONTMATTER)
    return Dated(e.created, e.updated, session, None, None, MTIME)


def dates(entries, record: Record | None, git: dict | None = None, log: dict | None = None,
          every: bool = True) -> dict[str, Dated]:
    """Entry id → Dated, for ``entries`` (MemoryEntry objects); ``git``: gitlog.first_and_last;
    ``log``: written_by_hook's answer. Without ``every``, only the entries something beyond their
    own file dates (the app: 50k Dated objects for what ``file_mark`` says per row drawn took
    seconds); ``from_file`` answers for the others when asked."""
    from .stated import evidence
    acts: dict[str, list] = {}
    if record is not None:
        for a in record.acts:
            if a.kind in ("write", "edit") and not a.failed:
                acts.setdefault(a.target, []).append(a)
    source = {"pi": SESSION_LOG, "rollout": ROLLOUT}.get(record.dialect if record is not None else "", TRANSCRIPT)
    out = {}
    for e in entries:
        target = e.file_id
        mine = acts.get(e.id) or acts.get(target)   # (Codex: a task group's own sessions)
        if not (every or mine or (git and target in git) or (log and target in log)):
            continue
        own = from_file(e)
        if mine:
            first, last = mine[0], mine[-1]
            updated = last.when
            if own.source == FRONTMATTER and own.updated and updated and own.updated > updated:
                updated = own.updated   # a date set after the last recorded write
            out[e.id] = Dated(first.when, updated, first.session or None, "user" if first.stated else "model",
                              bool(first.stated), source, evidence(first.stated))
        elif git and target in git:
            last, first, author = git[target]
            out[e.id] = Dated(first, last, own.session, None, None, GIT, f"first committed by {author}")
        elif own.source == FRONTMATTER:
            out[e.id] = own
        elif log and target in log:
            first, last, session = log[target]
            out[e.id] = Dated(first, last, session, "model", None, LOG)
        else:
            out[e.id] = own
    return out


def written_by_hook(memory_dir: Path, log_path: Path | None = None) -> dict[str, tuple]:
    """Entry file id → (first, last write time, first session) of the agent's writes the hook
    recorded landing in ``memory_dir`` (the injection log's ``decision: written`` records)."""
    from ..writes.injection_log import log_path as default_log
    path = Path(log_path) if log_path is not None else default_log()
    where = os.path.realpath(memory_dir)
    out: dict[str, tuple] = {}
    for part in (path.with_suffix(".jsonl.1"), path):
        try:
            data = part.read_bytes()
        except OSError:
            continue
        for line in data.splitlines():
            if b'"written"' not in line:   # most records are injections: never decoded
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if not isinstance(rec, dict) or rec.get("decision") != "written" or not isinstance(rec.get("id"), str) \
                    or not isinstance(rec.get("dir"), str) or os.path.realpath(rec["dir"]) != where:
                continue
            when = parse_time(rec.get("time"))
            if when is None:
                continue
            known = out.get(rec["id"])
            out[rec["id"]] = (min(known[0], when), max(known[1], when), known[2]) if known else \
                (when, when, rec.get("session_id") if isinstance(rec.get("session_id"), str) else None)
    return out


def as_json(d: Dated | None) -> tuple[str | None, dict | None]:
    """(written_at, written_by) as `list --json` prints them."""
    if d is None:
        return None, None
    return _iso(d.written_at), d.written_by()
