"""The JSON shapes of SPEC §7 (fields may be added, never renamed)."""
from __future__ import annotations

import datetime as dt

from ..reading.entry import MemoryEntry
from ..secrets.detect import might_hold_secret, redact, scrub, secret_pieces
from ..judging.status import EntryStatus


def iso(value: dt.datetime | None) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def entry_json(e: MemoryEntry, s: EntryStatus) -> dict:
    # redaction masks what reads as a secret; scrubbing masks any other text that shares a
    # piece with one of this file's secrets (a cut-off value in a warning, an anchor quote)
    pieces = secret_pieces(e.text) if e.text and might_hold_secret(e.text) else set()

    def clean(x: str | None) -> str | None:
        return x if x is None else scrub(redact(x), pieces)

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
        "anchor_detail": clean(s.anchor_detail),
        "anchors": [{"file": clean(r.file), "quote": clean(r.quote), "status": r.status, "detail": clean(r.detail),
                     "line": r.line} for r in s.anchor_results],
        "load": s.load,
        "chars": e.chars,
        "paths": [clean(p) for p in e.paths],
        "keywords": [clean(k) for k in e.keywords],
        "mentioned": {"total": len(s.mentioned), "missing": [clean(p) for p in s.missing],
                      "moved": {clean(p): clean(to) for p, to in sorted(s.moved.items())},
                      "past_end": {clean(p): n for p, n in sorted(s.past_end.items())}},
        "flags": s.flags,
        "warnings": [clean(str(w)) for w in e.warnings],
        "promoted_to": e.promoted_to,
        "superseded_by": e.superseded_by,
        "error": clean(e.error),
        "file": e.file_id,
        "line": e.first_line,
        "kind": e.kind,
        "read_only": e.read_only,
        "author": clean(e.author),
    }
