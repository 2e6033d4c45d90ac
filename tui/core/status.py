"""The status of each entry (SPEC §3): anchor, mentioned paths, age, load, flags."""
from __future__ import annotations

import datetime as dt
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .anchors import AnchorChecker, AnchorResult
from .entry import MemoryEntry, memo, share_empties
from .findings import STALE_DAYS
from .index import MemoryIndex
from .mentions import mentions
from .secrets import blank_secrets, find_secrets


@dataclass(slots=True)   # 50k statuses in the app: no dict each
class EntryStatus:
    anchor: str = "none"                  # verified | broken | unsafe | none
    anchor_detail: str = "no anchor"
    anchor_results: list[AnchorResult] = field(default_factory=list)
    load: str = "on-demand"               # resident | beyond-index-cut | on-demand
    age_days: int | None = None
    mentioned: list[str] = field(default_factory=list)
    mentioned_paths: list[str] = field(default_factory=list)   # the same, as bare paths (no :line)
    missing: list[str] = field(default_factory=list)
    moved: dict[str, str] = field(default_factory=dict)      # mention → the nearest file of that name
    past_end: dict[str, int] = field(default_factory=dict)   # mention → the file's line count
    unsafe_paths: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)


def folder_signature(path: str) -> tuple | None:
    """A folder's (mtime_ns, inode, ctime_ns): its mtime changes whenever a name in it is added,
    removed or renamed."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_ino, st.st_ctime_ns


class RootFiles:
    """Names of files and folders under the root, and where they are: whether a bare
    `server.ts` exists anywhere, and where a moved `src/old/x.ts` went."""

    SKIP = {".git", "node_modules", ".venv", "venv", "__pycache__", ".tox", "dist", "build", "target"}
    LIMIT = 50_000

    def __init__(self, root: Path):
        self.root = root
        self._where: dict[str, list[str]] | None = None   # name → up to 20 relative paths
        self.folders: list[tuple[str, tuple | None]] | None = None   # what the walk listed, by signature

    def _walk(self) -> dict[str, list[str]]:
        if self._where is None:
            self._where = {}
            self.folders = []
            count = 0
            for folder, dirs, files in self._folders(str(self.root)):
                dirs[:] = sorted(d for d in dirs if d not in self.SKIP)
                rel = os.path.relpath(folder, self.root).replace(os.sep, "/")
                rel = "" if rel == "." else rel + "/"
                for name in [*files, *dirs]:
                    spots = self._where.setdefault(name, [])
                    if len(spots) < 20:
                        spots.append(rel + name)
                count += len(files)
                if count > self.LIMIT:
                    break
        return self._where

    def _folders(self, top: str):
        """os.walk(top), top-down, noting each folder's signature as it is listed (taken before
        the listing: a change after it shows in the next signature)."""
        self.folders.append((top, folder_signature(top)))
        try:
            with os.scandir(top) as it:
                items = list(it)
        except OSError:
            return
        dirs, files = [], []
        for item in items:
            try:
                is_dir = item.is_dir()
            except OSError:
                is_dir = False
            (dirs if is_dir else files).append(item.name)
        yield top, dirs, files
        for name in dirs:   # as the caller left them (pruned and sorted)
            path = os.path.join(top, name)
            if not os.path.islink(path):
                yield from self._folders(path)

    def same_folders(self, folders: list | None) -> bool:
        """Whether the folders a walk listed (``self.folders`` of another instance; None: it
        never walked) are as they were, by signature."""
        return folders is None or all(folder_signature(f) == sig for f, sig in folders)

    def has(self, name: str) -> bool:
        return name in self._walk()

    def nearest(self, path: str) -> str | None:
        """Where a file of this name now lives: the one sharing the most trailing folders."""
        segs = [s for s in path.rstrip("/").split("/") if s]
        spots = self._walk().get(segs[-1], []) if segs else []
        if not spots:
            return None

        def shared(candidate: str) -> int:
            theirs, n = candidate.split("/"), 0
            while n < min(len(theirs), len(segs)) and theirs[-1 - n] == segs[-1 - n]:
                n += 1
            return n

        return min(spots, key=lambda c: (-shared(c), len(c), c))


def assess(entry: MemoryEntry, checker: AnchorChecker, index: MemoryIndex, now: dt.datetime,
           root_files: RootFiles | None = None, mentions: bool = True) -> EntryStatus:
    """The entry's status; ``mentions=False`` skips the mentioned-path checks (the hook and the
    preview never show them, and they are the costliest part)."""
    st = _assess(entry, checker, index, now, root_files, mentions)
    # statuses are never changed once made: the containers most leave empty are shared ones
    # (five lists and two dicts each; at 50k entries in the app, ~20 MB)
    share_empties(st, _CONTAINERS)
    if st.mentioned_paths == st.mentioned:   # no mention names a line: the same paths twice
        st.mentioned_paths = st.mentioned
    return st


_CONTAINERS = ("anchor_results", "mentioned", "mentioned_paths", "missing", "moved", "past_end", "unsafe_paths", "flags")


def _assess(entry: MemoryEntry, checker: AnchorChecker, index: MemoryIndex, now: dt.datetime,
            root_files: RootFiles | None, mentions: bool) -> EntryStatus:
    st = EntryStatus(load=entry.load or index.load_of(entry.id))
    if entry.updated is not None:
        st.age_days = max(0, (now - entry.updated).days)
    if not entry.readable:
        st.anchor, st.anchor_detail = "none", "not checked (unreadable)"
        st.flags.append("unreadable")
        return st
    st.anchor, st.anchor_detail, st.anchor_results = checker.check_entry(entry)
    for p in entry.paths:
        ok, why = checker.exists(p)
        if ok is None:
            st.unsafe_paths.append(p)
    if mentions:
        _check_mentions(entry, st, checker, root_files)
    # a log of work (a daily log, progress.md) is dated on purpose: its age says nothing of a claim
    if st.anchor == "none" and st.age_days is not None and st.age_days > STALE_DAYS and entry.kind != "process":
        st.flags.append("old-unverifiable")
    if st.anchor in ("broken", "unsafe"):
        st.flags.append(sys.intern(f"anchor-{st.anchor}"))   # one copy for every status
    if st.unsafe_paths:
        st.flags.append("unsafe-path")
    if st.missing:
        st.flags.append("path-missing")
    if any(w.kind == "yaml-truncated" for w in entry.warnings):
        st.flags.append("yaml-truncated")
    if entry.superseded_by:
        st.flags.append("superseded")
    if entry.promoted_to:
        st.flags.append("promoted")
    return st


# a run of 8+ characters mixing lower case, upper case and digits: key material, not a file name
_RANDOMISH = re.compile(r"(?=[A-Za-z0-9+=_-]{8})(?=[^/.]{0,40}[a-z])(?=[^/.]{0,40}[A-Z])(?=[^/.]{0,40}[0-9])"
                        r"[A-Za-z0-9+=_-]{8,}")


def _mentions_of(entry: MemoryEntry) -> list:
    found = mentions(entry.body)
    if any(_RANDOMISH.search(m.path) for m in found):   # a "path" that may be cut out of a key:
        found = mentions(_body_without_secrets(entry))    # read again with the secrets blanked
    return found


MEMOS = {"mentions": _mentions_of}   # kept on each entry (see entry.memo)


def _body_without_secrets(entry: MemoryEntry) -> str:
    """The body with its secrets blanked, from the whole text's scan (which the audit reuses)."""
    text, body = entry.text, entry.body
    off = len(text) - len(body)
    if off < 0 or text[off:] != body:
        return blank_secrets(body)
    hits = [h for h in find_secrets(text) if h.start >= off]
    if not hits:
        return body
    chars = list(body)
    for h in hits:
        chars[h.start - off:h.end - off] = " " * h.length
    return "".join(chars)


_GENERATED = {"dist", "build", "out", "target", "node_modules", ".next", ".nuxt", "coverage", "__pycache__", ".venv",
              "venv", ".cache", "tmp"}


def _check_mentions(entry: MemoryEntry, st: EntryStatus, checker: AnchorChecker, root_files: RootFiles | None) -> None:
    """Each mentioned path: there, there but shorter than the line named, moved, or missing."""
    gone: set[str] = set()
    found = memo(entry, "mentions", lambda: _mentions_of(entry))
    for m in found:
        st.mentioned.append(str(m))
        st.mentioned_paths.append(m.path)
        ok, why = checker.exists(m.path)
        if ok is None:
            st.unsafe_paths.append(m.path)
            continue
        if ok:
            if m.line is not None:
                c = checker.confine(m.path)
                text, _ = checker.read(c.path) if c.path is not None and checker.kind(c.path) == "file" else (None, None)
                if text is not None:
                    count = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
                    if max(m.line, m.end or 0) > count:
                        st.past_end[str(m)] = count
            continue
        if m.path.split("/", 1)[0] in _GENERATED:
            continue   # build output is made, not kept: its absence says nothing
        bare = "/" not in m.path.rstrip("/")
        if root_files is not None and bare and root_files.has(m.path.rstrip("/")):
            continue   # a bare name that exists somewhere under the root
        if not m.strong and (root_files is None or not root_files.has(m.path.split("/", 1)[0])):
            continue   # `owner/repo`-like and its first folder is not in the project: not a path
        if m.path in gone:
            continue   # `x.py` and `x.py::Symbol`: one missing file
        gone.add(m.path)
        to = root_files.nearest(m.path) if root_files is not None and not bare else None
        if to is not None:
            st.moved[str(m)] = to
        st.missing.append(str(m))
