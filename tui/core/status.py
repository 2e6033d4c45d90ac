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


# file names every folder has: a file of that name elsewhere says nothing of where one went
_GENERIC_NAMES = {"readme", "index", "route", "routes", "page", "layout", "main", "app", "init", "__init__", "mod", "lib",
                  "package", "config", "settings", "utils", "types", "test", "tests",
                  "setup", "makefile", "dockerfile", "changelog", "license", "todo", "notes", "memory", "schema"}




_DYNAMIC_SEG = re.compile(r"\[[^/\]]+\]|\([^/)]+\)")


def _in_order(segs: list[str], theirs: list[str]) -> bool:
    """``segs`` stand in ``theirs`` in order, the file name last, at most two folders left out
    (a dynamic [param] or (group), a sub-folder people skip when they say a route)."""
    if len(segs) < 2 or theirs[-1] != segs[-1] or segs[0] not in theirs:
        return False
    theirs = theirs[len(theirs) - 1 - theirs[::-1].index(segs[0]):]   # from where it starts (a sub-project before is fine)
    if len(theirs) - len(segs) > 2:
        return False
    it, skipped = iter(theirs), []
    for x in segs:
        for y in it:
            if x == y:
                break
            skipped.append(y)
        else:
            return False
    plain = [y for y in skipped if not _DYNAMIC_SEG.fullmatch(y)]
    # a plain folder left out only of a longer route (src/agents.py is not src/registry/agents.py)
    return not plain or len(plain) == 1 and len(segs) >= 3
_INSTRUCTION_NAMES = {"claude.md", "agents.md", "gemini.md", "claude.local.md", "copilot-instructions.md"}


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
                    if len(spots) < 400:   # route.js, index.ts: sub-projects repeat names
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

    def has_stem(self, path: str) -> bool:
        """`ristorante/RistoranteListPage` or `components/photo-uploader/` for
        RistoranteListPage.jsx or photo-uploader.component.ts: the name written without its extension."""
        stem = path.rstrip("/").rsplit("/", 1)[-1].lower()
        return bool(stem) and any(o.lower().startswith(stem + ".") for o in self._walk())

    def has_variant(self, name: str) -> bool:
        """A file of this name another way: another case (Robots.txt), a migration's number before
        it (067_owners.sql for owners.sql), an example kept in its place (appsettings.Example.json
        for a local appsettings.json)."""
        where = self._walk()
        low = name.lower()
        stem, dot, ext = low.rpartition(".")
        for other in where:
            o = other.lower()
            if o == low or o.endswith("_" + low) and o.split("_", 1)[0].isdigit():
                return True
            if dot and o.startswith(stem + ".") and o.endswith("." + ext) and any(
                    w in o for w in ("example", "sample", "template", "dist", "default")):
                return True
        return False

    def under_another_folder(self, path: str) -> bool:
        """A file or folder of the project ends with this path: `routes/auth.js` written from
        inside `server/` (a sub-project, the agent's working folder) names `server/routes/auth.js`."""
        segs = [s for s in path.rstrip("/").split("/") if s not in ("", ".")]
        if len(segs) < 2:
            return False
        tail = "/" + "/".join(segs)
        # app/x/submit/route.js names app/x/[token]/submit/route.js: Next.js' [param] and (group) folders
        # are left out as people say the route, and so may a folder between (form-builder/public/…)
        return any(("/" + spot).endswith(tail) or _in_order(segs, spot.split("/"))
                   for spot in self._walk().get(segs[-1], []))

    def moved_to(self, path: str) -> str | None:
        """Where a moved file went, when that is plain: the one file of its name, and a name
        that says which file it is (not README.md, index.ts or route.js, which every folder has)."""
        segs = [s for s in path.rstrip("/").split("/") if s]
        if not segs or segs[-1].lower().rsplit(".", 1)[0] in _GENERIC_NAMES or segs[-1].lower() in _INSTRUCTION_NAMES:
            return None
        spots = self._walk().get(segs[-1], [])
        return spots[0] if len(spots) == 1 else None

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


_GONE_WORDS = re.compile(r"(?i)remov|delet|retir|dropp|\bgone\b|eliminat|deprecat|archiv|rimoss|elimin|borrad|"
                         r"apagad|supprim|удал|삭제|削除|删除|刪除|廃止|xóa|gelöscht|entfernt")


def _said_gone(body: str, path: str) -> bool:
    """The sentence that names the path says it was removed (or retired, deleted…)."""
    i = body.find(path)
    if i < 0:
        return False
    start, end = body.rfind("\n", 0, i) + 1, body.find("\n", i)
    return _GONE_WORDS.search(body, start, end if end >= 0 else len(body)) is not None


# outputs and local files: data, logs, media, archives, environments, caches (gitignored as a rule)
_DATA_EXTS = {"csv", "tsv", "log", "pkl", "pickle", "parquet", "feather", "npy", "npz", "h5", "hdf5", "db", "sqlite",
              "sqlite3", "jsonl", "ndjson", "png", "jpg", "jpeg", "gif", "webp", "svg", "pdf", "mp4", "mp3", "wav",
              "zip", "gz", "tar", "tgz", "7z", "exe", "dll", "so", "whl", "pt", "pth", "ckpt", "onnx", "bin", "xlsx",
              "xls", "docx", "pptx", "out", "tmp", "bak", "pid", "lock"}
_LOCAL_SEGMENTS = {".env", ".auth", ".venv", "venv", "node_modules", ".next", "__pycache__", ".cache", "tmp",
                   "output", "outputs", "results", ".pytest_cache", "coverage", "cache"}


# dot-folders people commit; any other (.debug/, .local/) is a scratch place kept out of git
_COMMITTED_DOTS = {".github", ".claude", ".vscode", ".cursor", ".gemini", ".codex", ".devcontainer", ".husky",
                   ".circleci", ".gitlab", ".storybook", ".changeset", ".config"}
# the parts inside an Office file (docProps/app.xml, ppt/slides/…): not the project's files
_OOXML = {"docprops", "ppt", "word", "xl", "_rels", "customxml"}


def _made_not_kept(path: str) -> bool:
    segs = [x.lower() for x in path.rstrip("/").split("/") if x]
    if segs and (segs[0].startswith(".") and segs[0] not in _COMMITTED_DOTS and segs[0] not in (".", "..")
                 or segs[0] in _OOXML and len(segs) > 1):
        return True
    last = segs[-1] if segs else ""
    ext = last.rsplit(".", 1)[-1] if "." in last.strip(".") else ""
    return ext in _DATA_EXTS or any(x in _LOCAL_SEGMENTS or x.startswith(".env") for x in segs)


def _has_extension(path: str) -> bool:
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return "." in last.strip(".") and last.rsplit(".", 1)[-1].isalnum()


# the line or its section says the file is not this project's committed tree: ignored, local, planned, another repo
_ELSEWHERE_LINE = re.compile(r"(?i)gitignor|not in git|untracked|local only|local-only|no (?:viaja|va) (?:por|en) git|"
                             r"non (?:è )?in git|sibling|other repo|another repo|outro repo|otro repo|altro repo|"
                             r"submodul|on the (?:server|vps|host)|remote (?:host|server)")
_PLAN_HEADING = re.compile(r"(?im)^[ \t]{0,3}#{1,6}[^\n]*(?:plan|proposal|proposed|roadmap|todo|to-do|future|"
                           r"next steps|draft|wishlist|propuesta|proposta|계획|計画|计划)[^\n]*$")


def _elsewhere(body: str, path: str) -> bool:
    i = body.find(path)
    if i < 0:
        return False
    start, end = body.rfind("\n", 0, i) + 1, body.find("\n", i)
    if _ELSEWHERE_LINE.search(body, start, end if end >= 0 else len(body)):
        return True
    heading = None
    for h in re.finditer(r"(?m)^[ \t]{0,3}#{1,6}[ \t][^\n]*$", body[:start]):
        heading = h
    return heading is not None and _PLAN_HEADING.match(heading.group(0)) is not None


def _named_file(path: str) -> bool:
    """The path ends in a file name with an extension (or is written as a folder, `x/`)."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return path.endswith("/") or ("." in last.strip(".") and last.rsplit(".", 1)[-1].isalnum())


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
                    if count and max(m.line, m.end or 0) > count:   # an empty file says nothing of lines
                        st.past_end[str(m)] = count
            continue
        if m.path.split("/", 1)[0] in _GENERATED or _made_not_kept(m.path):
            continue   # build output, data and local settings are made, not kept: their absence says nothing
        if checker.real_memory is not None and os.path.lexists(checker.real_memory + m.path.rstrip("/").rsplit("/", 1)[-1]):
            continue   # memory/x.md, .claude-memory/x.md: another memory of this folder, named by its place
        bare = "/" not in m.path.rstrip("/")
        if root_files is not None and bare and (root_files.has(m.path.rstrip("/")) or root_files.has_variant(m.path.rstrip("/"))):
            continue   # a bare name that exists somewhere under the root
        if not m.strong and (root_files is None or not root_files.has(m.path.split("/", 1)[0])):
            continue   # `owner/repo`-like and its first folder is not in the project: not a path
        if root_files is not None and not bare and (not _named_file(m.path) or m.path.endswith("/")) \
                and not root_files.has(m.path.split("/", 1)[0]) and m.path.count("/") >= 1 + m.path.endswith("/"):
            continue   # words with slashes (ROE/PB/PE), a folder of another repo: no first folder of that name
        if root_files is not None and (root_files.under_another_folder(m.path) or not _has_extension(m.path)
                                       and root_files.has_stem(m.path)):
            continue   # written from a sub-project or the agent's working folder, or without its extension: it is there
        if m.path in gone or _said_gone(entry.body, m.path) or _elsewhere(entry.body, m.path):
            continue   # one missing file; "x.py was removed", "(gitignored)", a plan, another repo: no news
        gone.add(m.path)
        to = root_files.moved_to(m.path) if root_files is not None and not bare else None
        if to is not None and not checker.is_memory(checker.root / to):
            st.moved[str(m)] = to
        st.missing.append(str(m))
    if len(st.missing) >= 4 and len(st.missing) == len(set(st.mentioned_paths)) and not st.moved:
        # not one of many paths is here, nor moved: the entry is about another codebase (or one planned)
        st.missing.clear()
        st.moved.clear()
