"""The status of each entry (SPEC §3): anchor, mentioned paths, age, load, flags."""
from __future__ import annotations

import copy
import datetime as dt
import os
import re
import sys
from dataclasses import dataclass, field

from .anchors import AnchorChecker, AnchorResult
from ..reading.entry import MemoryEntry, memo, share_empties
from .findings import STALE_DAYS
from ..reading.index import MemoryIndex
from ..mentions import first_is_top, mentions
from .root_files import RootFiles
from ..secrets.detect import blank_secrets, find_secrets

_RULES_IN = False   # whether path_judging's rules below are imported yet


def _path_rules() -> None:
    """Import the mentioned-path rules when first needed: the hook and ``preview`` never check
    mentions (their import was ~2 ms of a warm preview's ~120)."""
    global _RULES_IN, GENERATED, GENERIC_NAMES, INSTRUCTION_NAMES, a_library, among_branches, bare_says_nothing, \
        built_below, elsewhere, flattened, has_extension, ignored_folders, in_order, made_by_a_script, made_not_kept, \
        named_file, said_gone, shorthand, under_a_file, works_outside
    from .path_judging import (GENERATED, GENERIC_NAMES, INSTRUCTION_NAMES, a_library, among_branches, bare_says_nothing,
                               built_below, elsewhere, flattened, has_extension, ignored_folders, in_order,
                               made_by_a_script, made_not_kept, named_file, said_gone, shorthand, under_a_file,
                               works_outside)
    _RULES_IN = True


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
    here: int = 0                         # mentions that name a file or folder of this project


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


# A rule or preference someone set (feedback, user) and a pointer (reference) do not go out of
# date by age: the held-out pool's owners rejected 10 of 12 age findings, mostly on these.
AGELESS_TYPES = frozenset({"feedback", "user", "reference"})


def _old(st: EntryStatus, entry: MemoryEntry) -> bool:
    """Old and unverifiable: no anchor and past STALE_DAYS. A log of work (a daily log,
    progress.md) is dated on purpose: its age says nothing of a claim; nor is a rule's."""
    return st.age_days is not None and st.age_days > STALE_DAYS and may_age(entry, st)


def may_age(entry: MemoryEntry, st: EntryStatus) -> bool:
    """Whether age alone may make the entry old-unverifiable (the kept audit asks the same)."""
    return st.anchor == "none" and entry.kind != "process" and entry.type not in AGELESS_TYPES \
        and not st.here and _GOAL.search(f"{entry.id} {entry.name} {entry.description}") is None


# a goal, a vision, a purpose does not go out of date by age (stop 36's held-out review: 'stale' on
# a durable goal was wrong); nor does an entry that names a file or folder that is there (it is
# anchored by it: the path check already says when that goes)
_GOAL = re.compile(r"(?i)\b(?:goals?|vision|mission|north[ _-]?star|purpose|objectives?|principles?|values|"
                   r"objetivos?|prop[oó]sito|visi[oó]n|ziele?|obiettiv[oi])\b|目标|目標|비전|목표|ビジョン")


def redated(st: EntryStatus, entry: MemoryEntry, updated: dt.datetime | None, now: dt.datetime) -> EntryStatus:
    """A copy of ``st`` whose age counts from ``updated`` (the agent's record knows when the file
    was last written; a clone's mtime is no age), with the flag that comes with age made again."""
    new = copy.copy(st)
    new.age_days = max(0, (now - updated).days) if updated is not None else None
    flags = [f for f in st.flags if f != "old-unverifiable"]
    if entry.readable and _old(new, entry):
        flags.insert(0, "old-unverifiable")
    new.flags = flags
    return new


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
    if _old(st, entry):
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


def _check_mentions(entry: MemoryEntry, st: EntryStatus, checker: AnchorChecker, root_files: RootFiles | None) -> None:
    """Each mentioned path: there, there but shorter than the line named, moved, or missing."""
    if not _RULES_IN:
        _path_rules()
    gone: set[str] = set()
    here = 0   # mentions that name a file or folder of this project
    foreign = None   # whether one names another codebase's folder (asked once, when a path is missing)
    ignored = None   # the folders the entry says git ignores (read once, when a path is missing)
    found = memo(entry, "mentions", lambda: _mentions_of(entry))
    for m in found:
        st.mentioned.append(str(m))
        st.mentioned_paths.append(m.path)
        ok, why = checker.exists(m.path)
        if ok is None:
            st.unsafe_paths.append(m.path)
            continue
        if ok:
            here += 1
            if m.line is not None:
                c = checker.confine(m.path)
                text, _ = checker.read(c.path) if c.path is not None and checker.kind(c.path) == "file" else (None, None)
                if text is not None:
                    count = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
                    if count and max(m.line, m.end or 0) > count:   # an empty file says nothing of lines
                        st.past_end[str(m)] = count
            continue
        if m.path.split("/", 1)[0] in GENERATED or made_not_kept(m.path) or built_below(m.path):
            continue   # build output, data and local settings are made, not kept: their absence says nothing
        if ignored is None:
            ignored = ignored_folders(entry.body)
        if m.path.lstrip("/").split("/", 1)[0] in ignored:
            continue   # under a folder the entry says git ignores: a local file, never in a checkout
        if checker.real_memory is not None and os.path.lexists(checker.real_memory + m.path.rstrip("/").rsplit("/", 1)[-1]):
            continue   # memory/x.md, .claude-memory/x.md: another memory of this folder, named by its place
        bare = "/" not in m.path.rstrip("/")
        if root_files is not None and bare and (root_files.has(m.path.rstrip("/")) or root_files.has_variant(m.path.rstrip("/"))):
            here += 1
            continue   # a bare name that exists somewhere under the root
        if bare and (m.path.endswith("/") or bare_says_nothing(m.path) or shorthand(m.path, found)
                     or works_outside(entry.body) or a_library(entry.body, m.path)
                     or root_files is not None and root_files.has_short_form(m.path)
                     or root_files is not None and not root_files.has_extension_of(m.path)):
            continue   # a bare folder, config or document, `_phase2.py` after `x_phase1.py`, a kind of file
            # the project holds none of (a table's column `spx.ts`, another repo's `Form.tsx`): says nothing
        if not m.strong and (root_files is None or not root_files.has(m.path.split("/", 1)[0])):
            continue   # `owner/repo`-like and its first folder is not in the project: not a path
        if root_files is not None and not bare and (not named_file(m.path) or m.path.endswith("/")) \
                and not root_files.has(m.path.split("/", 1)[0]) and m.path.count("/") >= 1 + m.path.endswith("/"):
            continue   # words with slashes (ROE/PB/PE), a folder of another repo: no first folder of that name
        if not bare and works_outside(entry.body) and root_files is not None and not root_files.has(m.path.split("/", 1)[0]):
            continue   # scripts/x.py in an entry about a repo at ~/work/other/, and no scripts/ here: that repo's
        if not bare and not named_file(m.path) and (checker.exists(m.path.rsplit("/", 1)[0])[0] is not True
                                                    or among_branches(entry.body, m.path)):
            continue   # a/b/c with no extension and no folder a/b: a list of words (services/news/gallery,
            # api/worker/web), not a folder; or one more branch in a list of merged ones
        if root_files is not None and (root_files.under_another_folder(m.path) or not has_extension(m.path)
                                       and root_files.has_stem(m.path)):
            here += 1
            continue   # written from a sub-project or the agent's working folder, or without its extension: it is there
        if m.path.endswith("/") and not bare and flattened(checker, m.path):
            here += 1
            continue   # routes/aesthetic/ for routes/aesthetic-photos.js…: the feature's files, kept flat
        if not bare and under_a_file(checker, m.path):
            continue   # scripts/tool/x.py where scripts/tool is a submodule not checked out (or a file): not checkable
        if m.path in gone or said_gone(entry.body, m.path) or elsewhere(entry.body, m.path) \
                or made_by_a_script(entry.body, m.path):
            continue   # one missing file; "x.py was removed", "(gitignored)", a plan, another repo: no news
        # (a folder's name elsewhere says nothing: api/routes/billing/ and web/features/billing/ are two)
        to = root_files.moved_to(m.path) if root_files is not None and not bare and not m.path.endswith("/") else None
        if foreign is None and root_files is not None:
            foreign = any(o.strong and named_file(o.path) and _foreign(root_files, o.path) for o in found)
        if to is None and foreign:
            continue   # other-repo/src/x.ts, _scratch/probe.js: a first folder none of this project's, and an
            # entry that names one speaks (also) of that other codebase: its other paths may be that one's
        if to is not None and os.path.normpath(to) == os.path.normpath(m.path.lstrip("/")):
            continue   # the path read back as its own new place (a dot folder's name cut): it is there
        gone.add(m.path)
        if to is not None and not checker.is_memory(checker.root / to):
            st.moved[str(m)] = to
        st.missing.append(str(m))
    st.here = here
    if len(st.missing) >= 4 and here * 4 <= len(st.missing) and not st.moved:
        # hardly one of several paths is here, none moved: the entry is about another codebase (or one planned)
        st.missing.clear()


def _foreign(root_files: RootFiles, path: str) -> bool:
    """A path whose first folder is not one of the project's, nor one every project may have."""
    first, _, rest = path.partition("/")
    return bool(rest) and first not in (".", "..") and not first_is_top(first) and first not in GENERATED \
        and not made_not_kept(path) and not root_files.has(first)
