"""The single write path for memories (SPEC §5): gates first, then an atomic write.

`memtui remember`, the TUI's add and edit, and anything else that writes a memory
call ``write_memory``. On rejection nothing touches the disk and the reason says
what to change, echoing nothing secret.

A write holds the folder's lock (locking.py) and is one transaction (journal.py): the
entry and its MEMORY.md line land together or not at all; a fault (a full disk, a
read-only folder) raises OSError for the caller to say with faults.explain.
"""
from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import frontmatter

from ..judging.anchors import AnchorChecker
from ..reading.entry import Anchor, MemoryEntry, read_entry
from . import journal
from ..judging.findings import REJECT_ON_WRITE, Finding
from ..reading.frontmatter import field_at, read_meta, split_frontmatter
from ..judging.gates import entry_gates
from ..reading.index import INDEX_NAME
from .locking import held
from ..secrets.detect import redact

FIELD_ORDER = ("name", "description", "type", "source", "created", "updated", "paths", "keywords", "anchor")


@dataclass
class Draft:
    """What a person (or agent) wants remembered."""

    text: str
    name: str | None = None
    description: str | None = None
    type: str | None = None
    source: str = "user"
    paths: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    anchors: list[Anchor] = field(default_factory=list)


@dataclass
class WriteResult:
    ok: bool
    id: str | None = None
    path: Path | None = None
    rejected: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    text: str | None = None   # the whole file as the person wrote it (an edit): lines are theirs to find

    def reason(self) -> str:
        """One block a person (or a model) can act on; never contains a secret."""
        lines, seen = [], set()
        for f in self.rejected:   # the description repeats the text's first line: say each thing once
            key = (f.kind, f.rule, f.message)
            if key in seen:
                continue
            seen.add(key)
            lines.append(f"rejected — {f.kind}{self._where(f.line)}: {redact(f.message)}")
            fix = WRITE_ROTATE if f.kind == "secret" and f.confidence == "high" else f.fix
            if fix:
                lines.append(f"  fix: {fix}")
        return "\n".join(lines)

    def _where(self, line: int | None) -> str:
        """' (line 3, description)' in a file the person edited; nothing in a file memtui composed
        from their text (its line numbers are not theirs)."""
        if self.text is None or not line:
            return ""
        key = field_at(self.text, line)
        return f" (line {line}, {key})" if key else f" (line {line})"


# the audit's ROTATE says the value "has been written to disk": a refused write never was, but it
# was typed or pasted somewhere all the same
WRITE_ROTATE = ("if it is a real credential, rotate it all the same (it was typed or pasted: your shell history "
                "or the agent's context may hold it); write the memory naming the environment variable that "
                "holds it instead (\"the deploy token is read from $DEPLOY_TOKEN\"), never the value")


def parse_anchor(spec: str) -> Anchor:
    """`FILE:QUOTE` (the quote may hold ':'), or a bare FILE."""
    file, sep, quote = spec.partition(":")
    if not file.strip():
        raise ValueError(f"anchor {spec!r} has no file (use FILE:QUOTE)")
    return Anchor(file.strip(), quote if sep and quote else None)


def slug(name: str) -> str:
    s = unicodedata.normalize("NFKC", name).strip().lower()
    s = re.sub(r"[^\w\-]+", "-", s, flags=re.U).strip("-_")
    return s[:60] or "memory"


def _anchor_yaml(anchors: list[Anchor]) -> Any:
    items = [{"file": a.file, **({"quote": a.quote} if a.quote else {})} for a in anchors]
    return items[0] if len(items) == 1 else items


def _meta_for(d: Draft, now: dt.datetime, base: dict | None) -> dict:
    meta: dict[str, Any] = dict(base or {})
    stamp = now.replace(microsecond=0).isoformat().replace("+00:00", "Z")
    meta["name"] = d.name or meta.get("name")
    desc = d.description if d.description is not None else meta.get("description")
    if not desc:
        first = d.text.strip().split("\n", 1)[0]
        desc = first[:117] + "…" if len(first) > 120 else first
    meta["description"] = " ".join(str(desc).split())
    if d.type:
        meta["type"] = d.type
    meta["source"] = d.source if base is None else meta.get("source", d.source)
    meta.setdefault("created", stamp)
    if base is not None:
        meta["updated"] = stamp
    for key, value in (("paths", d.paths), ("keywords", d.keywords)):
        if value:
            meta[key] = list(value)
    if d.anchors:
        meta["anchor"] = _anchor_yaml(d.anchors)
    ordered = {k: meta[k] for k in FIELD_ORDER if meta.get(k) not in (None, [], "")}
    ordered.update({k: v for k, v in meta.items() if k not in ordered and v is not None})
    return ordered


def set_fields(path: Path, fields: dict) -> bool:
    """Set frontmatter fields of an existing entry, keeping the rest; no gates (no new text).
    The file is re-read just before the rename: an edit by the agent meanwhile is kept."""
    try:
        Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False

    ok = []

    def edit(text: str | None) -> str | None:
        if text is None:
            return None
        meta, body = read_meta(text.replace("\r\n", "\n").replace("\r", "\n"))   # as read_text did
        ok[:] = [meta is not None]
        return render({**meta, **fields}, body) if meta is not None else None
    journal.rewrite(Path(path), edit)
    return ok == [True]


def render(meta: dict, body: str) -> str:
    post = frontmatter.Post(body.strip() + "\n", **meta)
    return frontmatter.dumps(post, sort_keys=False, allow_unicode=True, width=1000) + "\n"


def check(mem_dir: Path, root: Path, entry_id: str, text: str) -> tuple[MemoryEntry, list[Finding]]:
    """Parse ``text`` as the entry it would become and run every gate on it."""
    entry = read_entry(Path(mem_dir) / entry_id, entry_id, 0, len(text.encode()), data=text.encode("utf-8"))
    if entry.error:
        return entry, [Finding(entry_id, "unreadable", "unreadable", None, entry.error, "fix the frontmatter")]
    return entry, entry_gates(entry, AnchorChecker(root, Path(mem_dir)))


def write_memory(mem_dir: Path, root: Path, draft: Draft, *, entry_id: str | None = None,
                 now: dt.datetime | None = None, add_to_index: bool = True) -> WriteResult:
    """Gate, then write atomically (new entry, or ``entry_id`` edited in place keeping unknown fields)."""
    with held(Path(mem_dir)), journal.transaction():
        return _write_memory(Path(mem_dir), Path(root), draft, entry_id, now, add_to_index)


def _write_memory(mem_dir: Path, root: Path, draft: Draft, entry_id: str | None,
                  now: dt.datetime | None, add_to_index: bool) -> WriteResult:
    now = now or dt.datetime.now(dt.timezone.utc)
    if not draft.text.strip():
        return WriteResult(False, rejected=[Finding(entry_id or "", "unreadable", "empty", None,
                                                    "the memory is empty", "write what should be remembered")])
    base, expect = None, None   # a new entry: no file of that name may appear meanwhile
    if entry_id is not None:
        path = mem_dir / entry_id
        try:
            expect = path.read_bytes()
            old = expect.decode("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            return WriteResult(False, rejected=[Finding(entry_id, "unreadable", "missing", None,
                                                        f"cannot edit {entry_id}: {e}", "")])
        base, _ = read_meta(old)
        if base is None:
            return WriteResult(False, rejected=[Finding(entry_id, "unreadable", "bad-yaml", None,
                                                        f"{entry_id} has frontmatter memtui cannot rewrite safely",
                                                        "fix it by hand in an editor")])
    name = draft.name or (base or {}).get("name") or _name_from(draft.text)
    draft.name = str(name)
    if entry_id is None:
        entry_id = _free_id(mem_dir, slug(draft.name))
    meta = _meta_for(draft, now, base)
    text = render(meta, draft.text)
    entry, findings = check(mem_dir, root, entry_id, text)
    rejected = [f for f in findings if f.kind in REJECT_ON_WRITE or f.kind == "unreadable"]
    warnings = [f for f in findings if f not in rejected]
    if rejected:
        return WriteResult(False, entry_id, None, rejected, warnings)
    path = mem_dir / entry_id
    journal.mkdir(path.parent)
    journal.write(path, text, expect=expect)
    result = WriteResult(True, entry_id, path, [], warnings)
    if add_to_index and base is None:
        result.notes += add_index_line(mem_dir, entry_id, draft.name, meta.get("description", ""))
    return result


def _name_from(text: str) -> str:
    words = re.findall(r"[\w']+", text.strip().split("\n", 1)[0])[:5]
    return "-".join(w.lower() for w in words) or "memory"


def _free_id(mem_dir: Path, stem: str) -> str:
    candidate, n = f"{stem}.md", 2
    while (mem_dir / candidate).exists() or candidate == INDEX_NAME:
        candidate, n = f"{stem}-{n}.md", n + 1
    return candidate


def add_index_line(mem_dir: Path, entry_id: str, title: str, hook: str) -> list[str]:
    """Append `- [Title](id) — hook` to MEMORY.md (created if missing), atomically, to the
    index as it is just before the rename (the agent may write it meanwhile)."""
    from ..reading.index import MAX_LINES, parse_index
    path = mem_dir / INDEX_NAME
    try:
        if path.exists():
            path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return [f"MEMORY.md was not updated: {e}"]
    hook = " ".join(hook.split())
    line = f"- [{title}]({entry_id})" + (f" — {hook[:100]}" if hook else "")

    def append(text: str | None) -> str:
        text = "# Memory index\n\n" if text is None else text
        return text + ("" if text.endswith("\n") or not text else "\n") + line + "\n"
    new = journal.rewrite(path, append)
    if new is None:
        return []
    idx = parse_index(new)
    if not idx.lines[-1].resident:
        return [f"MEMORY.md is past its {MAX_LINES}-line / 25 KB cut: the new line is beyond it, so the agent "
                "will not see this entry at start-up (memtui audit shows the cut)"]
    return []


def write_raw(mem_dir: Path, root: Path, entry_id: str, text: str, opened: str | None = None,
              now: dt.datetime | None = None) -> WriteResult:
    """Save a whole file as edited by a person (frontmatter and body), through the same gates,
    with its ``updated:`` set to ``now`` (``bump_updated``). With ``opened`` (the text the editor
    started from), an agent's write since then stops the save (``faults.Changed``) rather than
    being overwritten."""
    entry, findings = check(Path(mem_dir), Path(root), entry_id, text)   # the person's lines, as they see them
    rejected = [f for f in findings if f.kind in REJECT_ON_WRITE or f.kind == "unreadable"]
    warnings = [f for f in findings if f not in rejected]
    if rejected:
        return WriteResult(False, entry_id, None, rejected, warnings, text=text)
    if now is not None:
        text = bump_updated(text, opened if opened is not None else text, now)
    path = Path(mem_dir) / entry_id
    expect = journal.ANY if opened is None else opened.encode("utf-8")
    with held(Path(mem_dir)), journal.transaction():
        journal.write(path, text, expect=expect)
    return WriteResult(True, entry_id, path, [], warnings)


_DATED = re.compile(r"^(?P<lead>(?:updated|[ \t]+modified|modified)[ \t]*:[ \t]*)(?P<value>[^\r\n#]*?)"
                    r"(?P<tail>[ \t]*(?:#[^\r\n]*)?)(?=\r?$)", re.M)


def bump_updated(text: str, opened: str, now: dt.datetime) -> str:
    """``text`` with its frontmatter's date of last change set to ``now`` — ``updated:``, else the
    ``modified:`` Claude Code writes (under ``metadata:``), else a new ``updated:`` line — in the
    shape the value had (a date, or a time). Only that value's bytes change. Left as it is when
    the file has no frontmatter (its mtime is its age) or the person changed that value
    themselves (``opened`` is the text before their edit)."""
    yaml_text, _, yaml_line, _ = split_frontmatter(text.replace("\r\n", "\n"))
    if yaml_text is None:
        return text
    lines = text.splitlines(keepends=True)
    start, end = yaml_line - 1, yaml_line - 1 + yaml_text.count("\n")   # the frontmatter's lines
    block = "".join(lines[start:end])
    found = {m.group("lead").strip(): m for m in _DATED.finditer(block)}
    m = found.get("updated:") or found.get("modified:")
    if m is None:
        newline = "\r\n" if lines[start].endswith("\r\n") else "\n"
        lines.insert(end, f"updated: {now.date().isoformat()}{newline}")
        return "".join(lines)
    before = {x.group("lead").strip(): x.group("value") for x in _DATED.finditer(opened)}
    if before.get(m.group("lead").strip()) != m.group("value"):
        return text   # the person set it themselves
    value = m.group("value").strip().strip("'\"")
    stamp = (now.replace(microsecond=0).isoformat().replace("+00:00", "Z") if "T" in value or ":" in value
             else now.date().isoformat())
    quote = m.group("value")[:1] if m.group("value")[:1] in "'\"" else ""
    block = block[:m.start("value")] + f"{quote}{stamp}{quote}" + block[m.end("value"):]
    return "".join(lines[:start]) + block + "".join(lines[end:])
