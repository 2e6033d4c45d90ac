"""The JSON shapes of SPEC §7 (fields may be added, never renamed)."""
from __future__ import annotations

import datetime as dt

from .entry import MemoryEntry
from .secrets import might_hold_secret, redact
from .status import EntryStatus


def iso(value: dt.datetime | None) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def entry_json(e: MemoryEntry, s: EntryStatus) -> dict:
    shown = [e.name, e.description, *e.keywords, *map(str, e.warnings)]
    clean = (lambda x: x) if not might_hold_secret("\n".join(shown)) else redact
    return {
        "id": e.id,
        "name": clean(e.name),
        "description": clean(e.description),   # a description can hold a secret too
        "type": e.type,
        "source": e.source,
        "created": iso(e.created),
        "updated": iso(e.updated),
        "age_days": s.age_days,
        "anchor": s.anchor,
        "anchor_detail": s.anchor_detail,
        "anchors": [{"file": r.file, "quote": r.quote, "status": r.status, "detail": r.detail, "line": r.line}
                    for r in s.anchor_results],
        "load": s.load,
        "chars": e.chars,
        "paths": e.paths,
        "keywords": [clean(k) for k in e.keywords],
        "mentioned": {"total": len(s.mentioned), "missing": s.missing},
        "flags": s.flags,
        "warnings": [clean(str(w)) for w in e.warnings],
        "promoted_to": e.promoted_to,
        "superseded_by": e.superseded_by,
        "error": e.error,
    }
