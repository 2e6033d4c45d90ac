"""Audit checks about MEMORY.md and links between entries: the load cut, broken and
outside links, entries not in the index, the index's own text (it is loaded every session),
and [[wiki links]]; what the index's own lines say (comments, bare bullets, a log) is
index_lines'."""
from __future__ import annotations

import dataclasses
import os
import re
from urllib.parse import unquote
from typing import TYPE_CHECKING

from .findings import Finding, Place
from .index_lines import index_line_findings, line_runs
from .gates import identifying_findings, secret_findings
from ..reading.index import INDEX_NAME, MAX_BYTES, MAX_LINES
from ..reading.workspace import WORKSPACE_FILES as _WORKSPACE_FILES, WORKSPACE_LOW
from ..textutil import without_code
from .status_blocks import absorbed, status_block_findings
from .wording import process_findings, transient_findings

if TYPE_CHECKING:   # annotations only (the reading is passed in)
    from ..snapshots.memory import Memory

_WIKI = re.compile(r"\[\[([^\]|#\n]+)(?:[#|][^\]\n]*)?\]\]")


# files people keep beside memories that are not memories: a folder's README, a setup note, a copy
# of an instruction file, an archive or backup
_NOT_A_MEMORY = re.compile(r"(?i)(?:^|/)(?:readme|setup|sync_setup|install|contributing|license|changelog|restore|"
                           r"how[-_]?to)[^/]*$|"
                           r"(?:^|/)(?:claude|agents|gemini)[^/]*\.md$|archive|backup|\.bak|\.orig")


# the same in other scripts: a note whose name says "instructions" ("git-sync-说明.md"), unless it is
# named as a memory ("project_架构说明.md": a memory that explains)
_GUIDE_WORD = re.compile(r"说明|說明|説明|설명|使い方|안내서")


# OpenClaw's workspace files (reading/workspace, layouts/openclaw.BOOTSTRAP). A folder holding two
# of them, one that no other layout names (SOUL.md, IDENTITY.md, HEARTBEAT.md), is a workspace kept in the memory folder: its files never carry frontmatter, no index
# lists them, its instructions are no status, and its day logs under memory/ are logs by design
_OWN_NAMES = ("SOUL.md", "IDENTITY.md", "HEARTBEAT.md", "BOOTSTRAP.md")
_WORKSPACE_DAY = re.compile(r"(?:^|/)memory/(?:[^/]+/)*\d{4}-\d{2}-\d{2}[^/]*\.md$", re.I)


def _workspace_at(folder: str, ids) -> bool:
    def has(name: str) -> bool:
        return folder + name in ids or folder + name.lower() in ids
    return any(map(has, _OWN_NAMES)) and sum(map(has, _WORKSPACE_FILES)) >= 2


def workspace_file(entry_id: str, ids, bootstrap_only: bool = False) -> bool:
    """``entry_id`` is an OpenClaw workspace's own file (one of its workspace files, its MEMORY.md, a day
    log under its memory/) in a folder read another way; ``ids``: every entry id of the folder.
    ``bootstrap_only``: its workspace files and day logs only (its MEMORY.md is memory as any other)."""
    folder, _, name = entry_id.rpartition("/")
    folder = folder + "/" if folder else ""
    low = name.lower()
    if low in WORKSPACE_LOW or low == "memory.md" and not bootstrap_only:
        return _workspace_at(folder, ids)
    day = _WORKSPACE_DAY.search(entry_id)
    if day is not None:
        return _workspace_at(entry_id[:day.start() + (day.group(0).startswith("/"))], ids)
    return False


def not_a_memory(entry_id: str) -> bool:
    if _NOT_A_MEMORY.search(entry_id) is not None:
        return True
    name = entry_id.rsplit("/", 1)[-1]
    return _GUIDE_WORD.search(name) is not None and not _TYPE_PREFIX.match(name)


def skill_resource(entry_id: str, mem: Memory) -> bool:
    """A file beside a SKILL.md or under it (references/x.md): a skill's material, which the skill
    loads by path; it carries no frontmatter of its own on purpose."""
    parts = entry_id.split("/")[:-1]
    return any("/".join(parts[:n] + ["SKILL.md"]) in mem.entries for n in range(len(parts), 0, -1)) \
        and not entry_id.endswith("SKILL.md")


# a file its name calls a log (development-log.md, dev_log.md, journal.md): a record of work is
# kept out of the always-loaded index on purpose, not forgotten there
_LOG_NAME = re.compile(r"(?i)(?:^|[/_-])(?:log|logs|journal|diary|changelog)\.md$")


_TYPE_PREFIX = re.compile(r"^(?:project|feedback|user|reference|fact|constraint|preference|state)[-_]")


def _fold(name: str) -> str:
    """A wiki link's name as its target may be spelled: case, '-' and '_' and spaces folded."""
    return re.sub(r"[-_\s]+", "-", name.strip().lower())


def wiki_link_findings(e, mem: Memory, names: dict | None = None) -> list[Finding]:
    """[[name]] that resolves to no entry, by name or file stem, with '-'/'_'/case folded and an
    optional type prefix (project_x.md answers [[x]] and [[project-x]])."""
    out = []
    for m in _WIKI.finditer(without_code(e.body) if "`" in e.body else e.body):   # `[[name]]` shows the syntax
        target = m.group(1).strip()
        if names is None:
            names = _link_names(mem)
        t = _fold(target.removesuffix(".md"))
        if t in names or _fold(_TYPE_PREFIX.sub("", target)) in names or t in _project_docs(mem):
            continue   # an entry, or a document of the project by that name (docs/x.md, blog/sources/x.md)
        if t in _indexed_missing(mem):
            continue   # the index's broken line to the same entry is the one finding of that cause
        out.append(Finding(e.id, "link-broken", "wiki-link", e.body_line + e.body.count("\n", 0, m.start()),
                           f"[[{target}]] links to no entry", "point it at an existing entry or drop it"))
    return out


_MISSING: list = [None, None, set()]   # (the index and entries it was built from, the stems): like _NAMES


def _indexed_missing(mem: Memory) -> set[str]:
    """The folded stems of the entries MEMORY.md links to that do not exist (read once per index,
    not once per broken wiki link)."""
    idx = mem.index
    if _MISSING[0] is not idx or _MISSING[1] is not mem.entries:
        _MISSING[:] = [idx, mem.entries, {_fold(i.rsplit("/", 1)[-1].removesuffix(".md")) for ln in idx.lines for i in ln.ids
                             if i and i not in mem.entries and not (mem.dir / i).exists()} if idx.exists else set()]
    return _MISSING[2]


_NAMES: list = [None, set()]   # (the entries mapping it was built from, the names): one audit at a time


_DOCS: list = [None, set()]   # (the project's walk it was built from, the folded stems of its .md files)


def _project_docs(mem: Memory) -> set[str]:
    """The folded names of the project's Markdown documents, for links that name one."""
    rf = getattr(mem, "root_files", None)
    if rf is None:
        return set()
    where = rf._walk()
    if _DOCS[0] is not where:
        # a Markdown document's stem, or a folder's name: [[design-review]] skill names the
        # project's claude-skills/design-review/, a thing of the project, not a missing entry
        files = set(rf._files)
        _DOCS[:] = [where, {_fold(n[:-3]) for n in where if n.lower().endswith(".md")}
                    | {_fold(n) for n, spots in where.items() if spots and spots[0] not in files}]
    return _DOCS[1]


# a folder that is a memory store by its name: another memory's entries sit there
_MEMORY_FOLDER = re.compile(r"(?i)(?:^|/)(?:memory|memories|memory[-_]bank|\.memory)/")
_UP = re.compile(r"^(?:\.{1,2}/|/)+")   # the ./, ../ and / a link starts with


def _in_project(mem: Memory, target: str) -> bool:
    """An index link whose file the project holds (by name) outside any memory folder: a document
    of the project the link names from another place. A file of that name inside a memory folder
    does not count: it is a memory's entry, and the link does not reach it from here (an index
    copied from an older memory folder lists entries this one never had; '../notes.md' for the
    folder's own notes.md lands beside the folder, on nothing), unless the link gives the file's
    path from the project root or its tail (.claude/memory/notes.md, memory/notes.md)."""
    rf = getattr(mem, "root_files", None)
    path = unquote(target).split("#", 1)[0].rstrip("/")
    name = path.rsplit("/", 1)[-1]
    if rf is None or not name or not rf.has(name):
        return False
    spots = rf._walk().get(name, ())
    tail = _UP.sub("", path)
    if "/" in tail and any(spot == tail or spot.endswith("/" + tail) for spot in spots):
        return True   # written from the project root (.claude/memory/x.md) or by its path's tail (memory/x.md)
    return any(_MEMORY_FOLDER.search(spot) is None for spot in spots)


def _link_names(mem: Memory) -> set[str]:
    if _NAMES[0] is mem.entries:
        return _NAMES[1]
    names: set[str] = set()
    for i, x in mem.entries.items():
        stem = i.rsplit("/", 1)[-1].removesuffix(".md")
        for n in (x.name, stem, i.removesuffix(".md")):
            names.add(_fold(n))
            names.add(_fold(_TYPE_PREFIX.sub("", n)))
    _NAMES[:] = [mem.entries, names]
    return names


def index_findings(mem: Memory) -> list[Finding]:
    idx = mem.index
    if not idx.exists or idx.error:
        return [Finding(INDEX_NAME, "unreadable", "index", None, idx.error, "")] if idx.error else []
    out = []
    beyond = [ln for ln in idx.lines if not ln.resident and any(ln.ids)]
    if idx.cut_reason:
        limit = f"{MAX_LINES} lines" if idx.cut_reason == "lines" else f"{MAX_BYTES:,} bytes"
        ids = [i for ln in beyond for i in ln.ids if i]
        shown = ", ".join(ids[:8]) + (f" and {len(ids) - 8} more" if len(ids) > 8 else "")
        first_out = next((ln.file_line for ln in idx.lines if not ln.resident), None)
        unseen = idx.total_lines - idx.cut_line
        # one cause, one finding: the index lines past the cut are its places (a run of them one place)
        places = line_runs(beyond, lambda run: _named([i for ln in run for i in ln.ids if i]))
        if places and first_out is not None and places[0].line != first_out:   # the cut itself comes first
            places = (Place(INDEX_NAME, first_out, "the first line the agent does not load"), *places)
        out.append(Finding(INDEX_NAME, "index-overflow", "past-the-cut", first_out,
                           f"MEMORY.md is {idx.total_lines} lines / {idx.total_bytes:,} bytes; the agent loads only "
                           f"the first {limit}, so the {unseen} line(s) after line {idx.cut_line} are never seen at "
                           f"start-up" + (f", {len(beyond)} of them index lines: {shown}" if ids else ""),
                           "move what matters above the cut; fold session logs and stale lines out of the index",
                           places=places if len(places) > 1 or any(p.end for p in places) else ()))
    for ln in idx.lines:
        for target, i in zip(ln.targets, ln.ids):
            if not i:
                if "://" not in target and not target.startswith(("#", "mailto:")) and not _exists_from(mem.dir, target) \
                        and not _in_project(mem, target):
                    out.append(Finding(INDEX_NAME, "link-broken", "index-outside", ln.file_line,
                                       f"index link '{target[:200]}' points outside the memory folder, at nothing",
                                       "link only to files inside the memory folder"))
            elif i not in mem.entries and not (mem.dir / i).exists() and not _in_project(mem, i):
                out.append(Finding(INDEX_NAME, "link-broken", "index-missing-file", ln.file_line,
                                   f"index line points at {i}, which does not exist",
                                   "remove the line, or restore the file from the trash"))
    out += index_line_findings(mem)
    out += _loaded_text_findings(mem)
    listed = idx.resident_ids | idx.beyond_ids
    ticked = _ticked_names(mem)
    for i in sorted(mem.entries):
        if i not in listed and mem.status[i].load == "on-demand" and i.rsplit("/", 1)[-1] not in ticked \
                and not not_a_memory(i) and not _LOG_NAME.search(i) and not workspace_file(i, mem.entries):
            out.append(Finding(i, "index-overflow", "not-in-index", None,
                               "not listed in MEMORY.md: the agent only finds it by searching the folder",
                               "add a line for it to MEMORY.md if it matters at start-up"))
    return out




# a file name ending in .md as a token of its own: after a space, a quote, a bracket or a folder's '/'
_NAMED_MD = re.compile(r"(?<![\w.-])([\w.-]*\w\.md)(?![\w.-]*\w)", re.I)


def _named(ids: list[str]) -> str:
    return ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")


def _exists_from(folder, target: str) -> bool:
    """An outside link that lands on a file (../docs/x.md, ~/notes/x.md): deliberate, and not broken."""
    t = unquote(target.split("#", 1)[0]).strip()
    if not t:
        return True
    try:
        return os.path.exists(os.path.join(folder, os.path.expanduser(t)))
    except (OSError, ValueError):
        return False


def _ticked_names(mem: Memory) -> set[str]:
    """File names MEMORY.md writes out (`x.md`, `.claude-memory/x.md`, a path on a line of a code
    block listing what to read, a bare memory/x.md in a sentence): the agent is pointed at those
    files as surely as by a link. Any part of the index text counts, fenced code included."""
    text = mem.index_text or ""
    if ".md" not in text:
        return set()
    return {m.group(1) for m in _NAMED_MD.finditer(text)}


def _loaded_text_findings(mem: Memory) -> list[Finding]:
    """MEMORY.md's loaded part is text the agent reads every session: scan it like an entry."""
    if not mem.index_text:
        return []
    cut = mem.index.cut_line
    loaded = "\n".join(ln.text for ln in mem.index.lines if ln.number <= cut)
    to_file = {ln.number: ln.file_line for ln in mem.index.lines}
    out = []
    found = secret_findings(INDEX_NAME, loaded) + identifying_findings(INDEX_NAME, loaded) + \
        transient_findings(INDEX_NAME, loaded) + process_findings(INDEX_NAME, loaded)
    if not any(f.kind == "process" for f in found):
        blocks = status_block_findings(INDEX_NAME, loaded, without_code(loaded),
                                       {f.line for f in found if f.kind == "transient"})
        found = absorbed(found, blocks) + blocks
    for f in found:
        f.line = to_file.get(f.line or 0, f.line)
        if f.places:
            f.places = tuple(dataclasses.replace(p, line=to_file.get(p.line or 0, p.line),
                                                 end=to_file.get(p.end, p.end) if p.end else None) for p in f.places)
        out.append(f)
    return out
