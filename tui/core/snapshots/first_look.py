"""The first files of a large folder, read and judged before the whole: a cold start's first screen.

Read cold (nothing kept from an earlier run), a 50k-file folder takes seconds before its first
row can show: every file is read and judged first. When the folder's top holds many files,
the reading's worker first reads the first COUNT of them by name and judges them as the
reading will (the same index, checker and day); the app shows them until the reading is done
and replaces them. Nothing is acted on from these rows (the keys that write wait for the
reading) and nothing of them is kept.
"""
from __future__ import annotations

import datetime as dt
import heapq
import os
import re
from pathlib import Path

from ..reading.entry import MemoryEntry
from ..reading.index import _COMMENT, _LINK, MAX_BYTES, MAX_LINES, MemoryIndex, normalise_target, parse_index
from ..judging.status import EntryStatus, assess
from ..reading.load import _load, _read_index

FROM = 2000    # files at the folder's top from which a look is worth it (2k files read cold: ~0.3 s)
COUNT = 150    # a tall terminal's screenful (firstview.ROWS)
_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)")   # what index._LINK's target is, without its slow text part


def first_look(store, now: dt.datetime, count: int | None = None) -> tuple[dict[str, MemoryEntry], dict[str, EntryStatus]] | None:
    """(entries, their statuses) of the first ``count`` files at the top of ``store``'s folder by
    name, or None when the folder is small (its reading is quick), not one file per entry, or
    several folders."""
    layout = getattr(store, "layout", None)
    if layout is None or not layout.file_per_entry or hasattr(store, "stores"):
        return None
    try:
        with os.scandir(store.dir) as it:
            items = [d for d in it if d.name[0] != "." and d.is_file(follow_symlinks=False)]
    except OSError:
        return None
    if len(items) < FROM:
        return None
    index_file, entries = None, []
    layout.prepare(store.dir)   # what role() needs (a project's top: only what MEMORY.md links)
    for d in items:
        role = layout.role(d.name).role
        if role == "index":
            index_file = d.path
        elif role == "entry":
            entries.append(d)
    chosen = heapq.nsmallest(count or COUNT, entries, key=lambda d: d.name)
    index = MemoryIndex()
    if index_file is not None:
        text, _ = _read_index(Path(index_file))
        if text is not None:
            index = _index_for(text, {d.name for d in chosen}, lambda i: (store.dir / i).is_dir())
    first = {}
    for d in chosen:
        try:
            st = d.stat(follow_symlinks=False)
        except OSError:
            continue
        first[d.name] = _load(Path(d.path), d.name, st, None, layout.size_limit(d.name))
    status = {i: assess(e, store.checker, index, now, store.root_files, store.mentions) for i, e in first.items()}
    return first, status


def _index_for(text: str, names: set[str], is_dir) -> MemoryIndex:
    """MEMORY.md as far as the load of these top-level entries goes: the part the agent loads
    parsed whole (reading/index), the rest searched only for links to them (at 50k lines the whole
    parse took ~0.7 s)."""
    seen = _COMMENT.sub("", text.replace("\r\n", "\n")).split("\n")
    used, cut = 0, 0
    for n, line in enumerate(seen[:MAX_LINES], start=1):
        used += len(line.encode("utf-8")) + 1
        if used > MAX_BYTES:
            break
        cut = n
    index = parse_index("\n".join(seen[:cut]), is_dir)
    rest = "\n".join(seen[cut:])
    for m in _TARGET.finditer(rest):   # a quick pass for what may be a link to one of them; its line parsed
        target = m.group(1)
        if target.rsplit("/", 1)[-1].split("#", 1)[0] in names or "%" in target or "\\" in target:
            end = rest.find("\n", m.end())
            for link in _LINK.finditer(rest[rest.rfind("\n", 0, m.start()) + 1:end if end >= 0 else len(rest)]):
                i = normalise_target(link.group(2))
                if i in names and i not in index.resident_ids:
                    index.beyond_ids.add(i)
    return index
