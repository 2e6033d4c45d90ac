"""The owner's own word on a triage suggestion: "I decided: keep it" (the triage pass's ``k``).

Kept per memory folder in the user's state directory, beside the injection log
(``$XDG_STATE_HOME/memtui/decisions/<folder's hash>.json``, mode 0600), never in the memory
folder (it may be shared). A decision holds for the content it was made on: each is kept with a
digest of the entry's text, and an entry whose text changed since counts again. The app reads
them; ``memtui triage`` (SPEC §7) is not changed by them: a suggestion is still what the
triage says, a decision is the person's, shown beside it.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from pathlib import Path

from .config import state_dir

FOLDER = "decisions"


def path_for(folder: Path) -> Path:
    real = os.path.realpath(folder)
    name = hashlib.sha1(real.encode("utf-8", "surrogatepass")).hexdigest()[:20]
    return state_dir() / FOLDER / f"{name}.json"


def digest(entry) -> str:
    """What a decision holds for: the entry's text (its body and frontmatter when no whole text)."""
    text = entry.text or f"{entry.meta!r}\n{entry.body}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class Decisions:
    """The decisions of every folder asked about (one file each, read once)."""

    def __init__(self) -> None:
        self._by_folder: dict[str, dict] = {}

    def _of(self, folder: Path) -> dict:
        key = os.path.realpath(folder)
        if key not in self._by_folder:
            try:
                data = json.loads(path_for(folder).read_text(encoding="utf-8"))
                kept = data.get("entries") if isinstance(data, dict) and data.get("dir") == key else None
                self._by_folder[key] = kept if isinstance(kept, dict) else {}
            except (OSError, ValueError):
                self._by_folder[key] = {}   # none yet, or unreadable: nothing decided
        return self._by_folder[key]

    def kept(self, snapshot, ids) -> set[str]:
        """The ids among ``ids`` the owner decided to keep, on the text they have now."""
        out = set()
        for i in ids:
            part, local = snapshot.locate(i)
            e = part.entries.get(local)
            d = self._of(part.dir).get(local) if e is not None else None
            if isinstance(d, dict) and d.get("decided") == "keep" and d.get("digest") == digest(e):
                out.add(i)
        return out

    def keep(self, snapshot, entry_id: str, suggested: str, now: dt.datetime | None = None) -> None:
        """Record "keep it" for the entry's current text (raises OSError when it cannot be written)."""
        from .fsutil import atomic_write
        part, local = snapshot.locate(entry_id)
        entries = self._of(part.dir)
        when = (now or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds").replace("+00:00", "Z")
        entries[local] = {"decided": "keep", "suggested": suggested, "digest": digest(part.entries[local]),
                          "at": when}
        path = path_for(part.dir)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(path, json.dumps({"dir": os.path.realpath(part.dir), "entries": entries},
                                      ensure_ascii=False, indent=1) + "\n", mode=0o600)
