"""The one walk of a memory folder, by one set of rules for everything that lists it: the scan
that reads it (store), the hook's listing made ahead in a forked child (prefetch) and the
audit cache's signature of the folder (reports/audit_cache).

The rules:
- a dot-entry is not walked into (only the dot-folders the layout asks for, as Gemini's
  ``.gemini``; ``.git`` never) and is reported as hidden; the trash and our own ``*.tmp``
  files are not even reported;
- a symlink is reported as one, never followed (what to make of it is each caller's);
- a folder the layout prunes is reported with the reason, not walked into;
- what is neither a folder nor a regular file (a FIFO, a device) is reported, never opened.

Only the standard library: the hook's prefetch imports this before anything else.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable, Iterator

TRASH_DIR = ".trash"   # a dot-folder of ours: never listed as entries
ARCHIVE_DIR = ".archive"   # archived process entries (memtui archive): never listed either

FILE = "file"                # a regular file, with its stat
FOLDER = "folder"            # a folder walked into, with its stat
HIDDEN = "hidden"            # a dot-entry, not walked into (no stat: ask the item)
PRUNED = "pruned"            # a folder the layout does not walk into; the note says why
SYMLINK = "symlink"          # never followed
SPECIAL = "special"          # a FIFO, device or socket, with its stat
UNSTATABLE = "unstatable"    # its stat failed; the note is the OSError
UNLISTABLE = "unlistable"    # a folder that cannot be listed (the id of the top is ''); the note is the OSError


def unwalked(name: str) -> bool:
    """A dot-name the walk never lists: ours (the trash, the archive) or a write's temp file."""
    return name in (TRASH_DIR, ARCHIVE_DIR) or (name[:1] == "." and name.endswith(".tmp"))


def path_rule(entry_id: str, prune: Callable[[str], str | None] | None) -> bool | None:
    """The walk's rules for one path named on its own (a watcher's event), without walking:
    None when the walk never lists it (under the trash or the archive, a temp file), True when
    only a walk can tell (under a dot-folder, which a layout may walk, or a pruned folder),
    False when it is an item the walk lists as it is."""
    parts = entry_id.split("/")
    if any(unwalked(x) for x in parts):
        return None
    if any(x.startswith(".") for x in parts):
        return True
    return prune is not None and any(prune("/".join(parts[:k])) is not None for k in range(1, len(parts)))


def walk(top: str | Path, walk_dot: Callable[[str], bool] | None = None,
         prune: Callable[[str], str | None] | None = None, first: list | None = None,
         ordered: bool = False) -> Iterator[tuple]:
    """Yield ``(id, folder, item, kind, stat or None, note)`` for every entry under ``top``: ids are
    '/'-separated and relative to it, ``folder`` is the folder the item was listed in (a Path
    when ``top`` is one: ``folder / item.name`` shares its parts; else a str), ``item`` its
    ``os.DirEntry``. ``walk_dot(id)``: which dot-folders to walk into; ``prune(id)``: a reason
    not to walk into a folder, or None. ``first``: a listing of ``top`` already made.
    ``ordered``: each folder's entries by name (a fixed order, for a signature)."""
    as_path = isinstance(top, Path)
    stack = [(top, "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            if first is not None and not prefix:
                items = first
            else:
                with os.scandir(folder) as it:
                    items = list(it)
        except OSError as e:
            yield prefix.rstrip("/"), folder, None, UNLISTABLE, None, e
            continue
        if ordered:
            items = sorted(items, key=lambda d: d.name)
        for item in items:
            name = item.name
            entry_id = prefix + name
            if name[0] == ".":
                if unwalked(name):
                    continue
                if name == ".git" or walk_dot is None or not walk_dot(entry_id):
                    yield entry_id, folder, item, HIDDEN, None, None
                    continue
            try:
                if item.is_symlink():
                    yield entry_id, folder, item, SYMLINK, None, None
                    continue
                st = item.stat(follow_symlinks=False)
            except OSError as e:
                yield entry_id, folder, item, UNSTATABLE, None, e
                continue
            mode = st.st_mode
            if stat.S_ISREG(mode):
                yield entry_id, folder, item, FILE, st, None
            elif stat.S_ISDIR(mode):
                note = prune(entry_id) if prune is not None else None
                if note is not None:
                    yield entry_id, folder, item, PRUNED, st, note
                    continue
                yield entry_id, folder, item, FOLDER, st, None
                stack.append((folder / name if as_path else item.path, entry_id + "/"))
            else:
                yield entry_id, folder, item, SPECIAL, st, None
