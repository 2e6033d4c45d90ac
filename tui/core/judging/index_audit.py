"""Audit checks about MEMORY.md and links between entries: the load cut, broken and
outside links, hidden comments, lines that link to nothing, entries not in the index,
the index's own text (it is loaded every session), and [[wiki links]]."""
from __future__ import annotations

import os
import re
from urllib.parse import unquote

from .findings import Finding
from .gates import identifying_findings, secret_findings
from ..reading.index import INDEX_NAME, MAX_BYTES, MAX_LINES
from ..reading.memory import Memory
from ..secrets.detect import redact
from .textutil import line_of, without_code
from .time_context import DATE
from .wording import process_findings, transient_findings

_WIKI = re.compile(r"\[\[([^\]|#\n]+)(?:[#|][^\]\n]*)?\]\]")


# files people keep beside memories that are not memories: a folder's README, a setup note, a copy
# of an instruction file, an archive or backup
_NOT_A_MEMORY = re.compile(r"(?i)(?:^|/)(?:readme|setup|sync_setup|install|contributing|license|changelog|restore|"
                           r"how[-_]?to)[^/]*$|"
                           r"(?:^|/)(?:claude|agents|gemini)[^/]*\.md$|archive|backup|\.bak|\.orig")


def not_a_memory(entry_id: str) -> bool:
    return _NOT_A_MEMORY.search(entry_id) is not None


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
        out.append(Finding(e.id, "link-broken", "wiki-link", e.body_line + e.body.count("\n", 0, m.start()),
                           f"[[{target}]] links to no entry", "point it at an existing entry or drop it"))
    return out


_NAMES: list = [None, set()]   # (the entries mapping it was built from, the names): one audit at a time


_DOCS: list = [None, set()]   # (the project's walk it was built from, the folded stems of its .md files)


def _project_docs(mem: Memory) -> set[str]:
    """The folded names of the project's Markdown documents, for links that name one."""
    rf = getattr(mem, "root_files", None)
    if rf is None:
        return set()
    where = rf._walk()
    if _DOCS[0] is not where:
        _DOCS[:] = [where, {_fold(n[:-3]) for n in where if n.lower().endswith(".md")}]
    return _DOCS[1]


def _in_project(mem: Memory, target: str) -> bool:
    """An index link outside the memory folder whose file the project holds (by name)."""
    rf = getattr(mem, "root_files", None)
    name = unquote(target).split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return rf is not None and bool(name) and rf.has(name)


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
        out.append(Finding(INDEX_NAME, "index-overflow", "past-the-cut", first_out,
                           f"MEMORY.md is {idx.total_lines} lines / {idx.total_bytes:,} bytes; the agent loads only "
                           f"the first {limit}, so the {unseen} line(s) after line {idx.cut_line} are never seen at "
                           f"start-up" + (f", {len(beyond)} of them index lines: {shown}" if ids else ""),
                           "move what matters above the cut; fold session logs and stale lines out of the index"))
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
    out += _hidden_and_unlinked(mem)
    out += _loaded_text_findings(mem)
    listed = idx.resident_ids | idx.beyond_ids
    ticked = _ticked_names(mem)
    for i in sorted(mem.entries):
        if i not in listed and mem.status[i].load == "on-demand" and i.rsplit("/", 1)[-1] not in ticked \
                and not not_a_memory(i):
            out.append(Finding(i, "index-overflow", "not-in-index", None,
                               "not listed in MEMORY.md: the agent only finds it by searching the folder",
                               "add a line for it to MEMORY.md if it matters at start-up"))
    return out




_COMMENT = re.compile(r"<!--(.*?)-->", re.S)
_TICKED_MD = re.compile(r"`([^`\s]*?([^`\s/]+\.md))`")


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
    """File names MEMORY.md writes in backticks (`x.md`, `.claude-memory/x.md`): the agent is
    pointed at those files as surely as by a link."""
    return {m.group(2) for ln in mem.index.lines for m in _TICKED_MD.finditer(ln.text)} if mem.index.lines else set()
_LEAD_IN = re.compile(r"\s*(?:\*\*|__)?[^\n:*_]{1,60}:(?:\*\*|__)?\s*$|\s*(?:\*\*|__)[^\n*_]{1,60}(?:\*\*|__)\s*$")
_TICKED_MEMORY = re.compile(r"`([^`\s]+/[^`\s/]+\.\w+)`")


def _points_into(mem: Memory, path: str) -> bool:
    """A backticked path whose folder is the memory folder's own (`.claude-memory/brief.txt`)."""
    folder = path.rsplit("/", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return folder not in ("", ".", "..") and os.path.basename(str(mem.dir).rstrip("/")) == folder


_LIST_OR_TEXT = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S|^\s*[^\s#>|`<-]")


# the words of a bookkeeping stamp around its date: "Last synced: 2026-03-02", "updated 14 March
# 2026 by sync.py", "auto-generated on 2026-03-02, do not edit by hand"
_STAMP_WORDS = {"last", "auto", "automatically", "synced", "sync", "updated", "update", "generated", "auto-generated",
                "modified", "refreshed", "exported", "imported", "written", "reviewed", "checked", "as", "of", "date",
                "on", "at", "by", "from", "with", "via", "the", "index", "memory", "file", "script", "server",
                "remote", "upstream", "do", "not", "edit", "hand", "manually", "today"}
_STAMP_TOKEN = re.compile(r"[\w.-]+\.(?:py|sh|js|ts|md)|v?\d[\d.]*")


def _stamp(inner: str) -> bool:
    """A comment that is a date and the words of a stamp around it, no more: bookkeeping for people."""
    m = DATE.search(inner)
    if m is None:
        return False
    rest = inner[:m.start()] + " " + inner[m.end():]
    rest = re.sub(r"T?\d{1,2}:\d{2}(?::\d{2})?Z?|[,:;()—–]|(?<!\w)-+(?!\w)", " ", rest)
    return all(w.lower() in _STAMP_WORDS or _STAMP_TOKEN.fullmatch(w) for w in rest.split())


def _hidden_and_unlinked(mem: Memory) -> list[Finding]:
    """HTML comments (text the agent never sees) and index lines that link to nothing."""
    text = (mem.index_text or "").replace("\r\n", "\n")
    out = []
    for m in _COMMENT.finditer(text):
        inner = " ".join(m.group(1).split())
        if not inner or _stamp(inner):
            continue   # empty, or a stamp for people ("last synced 2026-03-02"): nothing the agent misses
        shown = redact(inner)[:60] + ("…" if len(inner) > 60 else "")
        out.append(Finding(INDEX_NAME, "index-hidden", "html-comment", line_of(text, m.start()),
                           f"an HTML comment the agent never sees: “{shown}”",
                           "if the agent should know it, write it as a plain line; otherwise remove it"))
    runs: list[list[int]] = []   # consecutive unlinked lines make one finding
    # the lines before the first heading tell how to use the index, not facts (when there is a heading)
    preamble = any(ln.text.lstrip().startswith("#") for ln in mem.index.lines)
    covered, titled = False, False
    for ln in mem.index.lines:
        if ln.text.lstrip().startswith("#"):
            # a heading that links covers the lines under it; the document's title ("# Memory index")
            # keeps the preamble going: the lines under it still say how to use the index
            first_title = preamble and not titled and re.match(r"\s*#\s", ln.text) is not None and not ln.targets
            titled = titled or first_title
            covered, preamble = bool(ln.targets), first_title
            continue
        if ln.targets:
            preamble = False   # the entries begin: the intro is over
        if preamble or covered or ln.targets or not _LIST_OR_TEXT.match(ln.text) \
                or ln.text.strip().startswith(("```", "---", "|")):
            continue
        if not ln.resident:
            continue   # past the cut: the overflow finding says so
        if runs and runs[-1][-1] == ln.file_line - 1:
            runs[-1].append(ln.file_line)
        else:
            runs.append([ln.file_line])
    # `x.md` (or any backticked file of the memory folder) points the agent at a file as a link does;
    # a list's lead-in ("**Sources:**") says nothing by itself
    pointers = {ln.file_line for ln in mem.index.lines if _TICKED_MD.search(ln.text) or _LEAD_IN.match(ln.text)
                or _TICKED_MEMORY.search(ln.text) and _points_into(mem, _TICKED_MEMORY.search(ln.text).group(1))}
    for run in runs:
        if all(n in pointers for n in run):
            continue   # `x.md` points the agent at a file as a link does
        what = (f"line {run[0]} links" if len(run) == 1 else f"lines {run[0]}–{run[-1]} ({len(run)} lines) link")
        out.append(Finding(INDEX_NAME, "index-unlinked", "no-link", run[0],
                           f"{what} to no entry: the agent reads them as facts, every session",
                           "link each to the entry it summarises, or move the fact into an entry of its own"))
    return out


def _loaded_text_findings(mem: Memory) -> list[Finding]:
    """MEMORY.md's loaded part is text the agent reads every session: scan it like an entry."""
    if not mem.index_text:
        return []
    cut = mem.index.cut_line
    loaded = "\n".join(ln.text for ln in mem.index.lines if ln.number <= cut)
    to_file = {ln.number: ln.file_line for ln in mem.index.lines}
    out = []
    for f in secret_findings(INDEX_NAME, loaded) + identifying_findings(INDEX_NAME, loaded) + \
            transient_findings(INDEX_NAME, loaded) + process_findings(INDEX_NAME, loaded):
        f.line = to_file.get(f.line or 0, f.line)
        out.append(f)
    return out
