"""mem0 / OpenMemory exports: JSON (a list, or {"results": […]}) or JSON lines of records
with `id`, `memory`, `hash`, `created_at`, `updated_at`, `metadata`, `categories`, …
Read-only: a service owns these memories; memtui never changes the export."""
from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

from ..reading.entry import MemoryEntry, to_datetime
from ..judging.findings import Finding
from .base import SHARED, Layout, Role, head, listing, part_entry
from .markdown import slugify, title_of

SUFFIXES = (".json", ".jsonl", ".ndjson")


def _looks_like_export(path: Path) -> bool:
    start = head(path)
    # a record's text and a field only memory services write (a Kubernetes manifest has "memory": "512Mi"
    # and a created_at, but no hash, user or categories)
    return (('"memory"' in start or '"content"' in start)
            and any(k in start for k in ('"hash"', '"user_id"', '"agent_id"', '"app_id"', '"categories"')))


def records(text: str) -> tuple[list[tuple[int, dict]], str | None]:
    """(line, record) pairs, or an error saying why the text is not an export."""
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        return [], "empty export"
    try:
        data = json.loads(stripped)
    except ValueError as e:
        data, first_error = None, e
    else:
        first_error = None
    if data is None:   # JSON lines
        out, bad = [], 0
        for n, line in enumerate(text.split("\n"), 1):
            if line.strip():
                try:
                    rec = json.loads(line)
                except ValueError:
                    bad += 1
                    continue
                if isinstance(rec, dict):
                    out.append((n, rec))
        if not out:
            return [], f"not valid JSON: {first_error}"
        return out, (f"{bad} line(s) are not valid JSON" if bad else None)
    if isinstance(data, dict):
        for key in ("results", "memories", "data", "items"):
            if isinstance(data.get(key), list):
                data = data[key]
                break
        else:
            data = [data] if memory_text(data) is not None else []
    if not isinstance(data, list):
        return [], "not a list of memory records"
    out = []
    at, line = 0, 1   # records appear in file order: one forward pass finds each one's line
    for rec in data:
        if isinstance(rec, dict):
            rid = rec.get("id")
            found = text.find(json.dumps(rid) if isinstance(rid, str) else str(rid), at) \
                if isinstance(rid, (str, int)) else -1
            if found >= 0:
                line += text.count("\n", at, found)
                at = found
            out.append((line, rec))
    return out, None


def memory_text(rec: dict) -> str | None:
    """mem0 calls the text `memory`; OpenMemory's own records call it `content`."""
    for key in ("memory", "content", "text"):
        if isinstance(rec.get(key), str) and rec[key].strip():
            return rec[key]
    return None


def slugs(recs: list[tuple[int, dict]]) -> list[str | None]:
    """Each record's slug (its id made safe, unique in the file); None for a record with no text."""
    out, seen = [], set()
    for line, rec in recs:
        memory = memory_text(rec)
        if memory is None:
            out.append(None)
            continue
        rid = str(rec.get("id") or rec.get("hash") or line)
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", rid).strip("-")[:64] or slugify(memory)
        while slug in seen:
            slug += "-2"
        seen.add(slug)
        out.append(slug)
    return out


class Mem0(Layout):
    name = "mem0"
    detect_rank = 1
    agent = "mem0"
    no_record = "an export of a service: its own created_at / updated_at are all the record there is"
    aliases = ("openmemory",)
    exports = True
    remember_advice = "add memories through mem0 itself; memtui never changes an export"
    archive_advice = "memtui never changes a mem0 export: delete the memory in mem0 itself"
    followed = "mem0 / OpenMemory export (get_all / export JSON, platform v1.1 and OSS 0.1.x record fields)"

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.problems: dict[str, str] = {}   # export → what could not be read in it

    def detect(self, folder: Path) -> Path | None:
        self.folder = folder
        items = [folder / n for n, regular in listing(folder) if regular and n.lower().endswith(SUFFIXES)]
        return folder if any(_looks_like_export(p) for p in items[:20]) else None

    def size_limit(self, file_id: str) -> int:
        return 64_000_000   # an export holds every memory of a user: megabytes are normal

    def begin(self, folder: Path) -> None:
        self.folder = folder
        self.problems = {}

    def role(self, file_id: str) -> Role:
        if file_id.lower().endswith(SUFFIXES):
            if self.folder is None or _looks_like_export(self.folder / file_id):
                return SHARED
            return Role("other", "JSON, but not a memory export (no memory records)")
        return Role("other", "not a mem0 export (JSON or JSON lines)")

    def expand(self, e: MemoryEntry, now: dt.datetime) -> list[MemoryEntry]:
        if not e.readable:
            return [e]
        recs, err = records(e.text)
        if err and recs:
            self.problems[e.id] = err
        if not recs:
            e.error = err or "no memory records"
            return [e]
        out = []
        for (line, rec), slug in zip(recs, slugs(recs)):
            memory = memory_text(rec)
            if slug is None or memory is None:
                continue
            meta = rec.get("metadata") if isinstance(rec.get("metadata"), dict) else {}
            cats = rec.get("categories") if isinstance(rec.get("categories"), list) else []
            source = meta.get("source") if meta.get("source") in ("user", "model", "tool") else "model"
            out.append(part_entry(
                e, slug, name=title_of(memory, 60), description=" ".join(memory.split())[:300],
                body=memory.strip() + "\n", text=memory, first_line=line,
                meta={k: v for k, v in rec.items() if k not in ("memory", "content", "text")},
                keywords=[str(c) for c in cats if isinstance(c, (str, int))], source=source,
                created=to_datetime(rec.get("created_at")) or e.created,
                updated=to_datetime(rec.get("updated_at")) or to_datetime(rec.get("created_at")) or e.updated,
                read_only=True, load="on-demand"))
        if not out:
            e.error = "no records with a 'memory' text"
            return [e]
        return out

    def reading_state(self):
        return tuple(sorted(self.problems.items()))

    def findings(self, mem) -> list[Finding]:
        return [Finding(file, "layout", "mem0-bad-record", None, f"part of this export was skipped: {why}",
                        "export again from mem0; memtui never edits an export") for file, why in
                sorted(self.problems.items())]
