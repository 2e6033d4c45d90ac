"""Deletion to a trash folder inside the memory directory, and restore (SPEC §6).

Nothing is deleted without a plan that a person confirmed: ``plan_delete`` says
which files and which MEMORY.md lines would go; ``apply_delete`` moves them to
``.trash/<stamp>/`` with a manifest, so ``restore`` brings back the same bytes
and the same index lines.

Every write here goes through the one write path (change.py): the folder's lock, one
transaction (a fault midway, a full disk, puts back what was done, so the folder ends as it
was or as asked, never between), and MEMORY.md and shared files edited as they are just
before their rename, against the agent writing them at the same time.
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path

from . import journal
from .daily_log import unlog_restored
from ..fsutil import inside  # noqa: F401 (also its old home)
from ..reading.index import INDEX_NAME, line_links
from .change import change, writing
from .snippets import Snippet, cut, export_slugs, filtered_export, locate, put_back, read_exact, split_id
from ..walk import ARCHIVE_DIR, TRASH_DIR

MANIFEST = "manifest.json"


@dataclass
class DeletePlan:
    files: list[str] = field(default_factory=list)                    # ids that exist
    missing: list[str] = field(default_factory=list)                  # ids that do not
    index_lines: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # id → [(line no, text)]
    snippets: dict[str, Snippet] = field(default_factory=dict)        # entries inside a shared file
    exports: dict[str, list[str]] = field(default_factory=dict)       # mem0 file → record slugs (read-only)
    layout: object = None


def _index_lines(mem_dir: Path) -> list[str] | None:
    try:
        return (mem_dir / INDEX_NAME).read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError):
        return None


def plan_delete(mem_dir: Path, ids: list[str], layout=None) -> DeletePlan:
    plan = DeletePlan()
    links = line_links("\n".join(_index_lines(mem_dir) or []))   # the index parser's reading, not a second one
    for i in dict.fromkeys(ids):
        part = split_id(i)
        if part is not None and inside(mem_dir, part[0]) and not (mem_dir / i).is_file():   # not `a#b.md` itself
            if plan.layout is None:
                from ..layouts import detect
                plan.layout = layout if layout is not None else detect(mem_dir).layout
            _plan_part(mem_dir, plan, i)
            continue
        p = mem_dir / i
        if (i == INDEX_NAME or i.startswith(TRASH_DIR) or not inside(mem_dir, i)
                or not (p.is_file() or p.is_symlink())):
            plan.missing.append(i)
            continue
        plan.files.append(i)
        plan.index_lines[i] = [(n, ln) for n, (ln, ids) in enumerate(links, 1) if i in ids]
    return plan


def _plan_part(mem_dir: Path, plan: DeletePlan, entry_id: str) -> None:
    file, slug = split_id(entry_id)
    if plan.layout.exports:
        if plan.layout.role(file).role == "shared" and slug in export_slugs(mem_dir, file):
            plan.exports.setdefault(file, []).append(slug)
        else:
            plan.missing.append(entry_id)
        return
    snip = locate(mem_dir, plan.layout, entry_id)
    if snip is None:
        plan.missing.append(entry_id)
    else:
        plan.snippets[entry_id] = snip


@dataclass
class DeleteResult:
    moved: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)   # in the plan, gone by the time we got there
    trash: Path | None = None
    exports: list[tuple[Path, int]] = field(default_factory=list)   # filtered mem0 exports written


def apply_delete(mem_dir: Path, plan: DeletePlan, now: dt.datetime | None = None,
                 into: str = TRASH_DIR) -> DeleteResult:
    """Move the plan's entries to ``into`` (the trash, or the archive: memtui archive), whole
    or not at all (one journal transaction), under the folder's lock."""
    with writing(mem_dir):
        return _apply_delete(mem_dir, plan, now, into)


def _apply_delete(mem_dir: Path, plan: DeletePlan, now: dt.datetime | None, into: str) -> DeleteResult:
    now = now or dt.datetime.now(dt.timezone.utc)
    stamp = now.strftime("%Y%m%dT%H%M%S%fZ")
    trash = mem_dir / into / stamp
    res = DeleteResult(trash=trash)
    # The manifest is written first: a crash after any move leaves the moved file listed in the
    # trash (list_trash shows an entry only once its file is there) and every other one in place.
    manifest = {("archived" if into == ARCHIVE_DIR else "deleted"): now.isoformat(), "entries": [
        {"id": i, "index_lines": [{"line": n, "text": t} for n, t in plan.index_lines.get(i, [])]}
        for i in plan.files] + [
        {"id": i, "index_lines": [], "snippet": {"file": s.file, "line": s.start + 1, "before": s.before}}
        for i, s in plan.snippets.items()]}
    for file, slugs in plan.exports.items():   # a service's export: a filtered copy, never a change
        made = filtered_export(mem_dir, mem_dir / TRASH_DIR, file, set(slugs), now)
        if made is not None:
            res.exports.append(made)
    if plan.files or plan.snippets:
        journal.mkdir(trash)
        for i, s in plan.snippets.items():   # the lines first, then the cut: a crash loses nothing
            journal.mkdir((trash / i).parent)
            journal.write(trash / i, s.text.encode("utf-8"))
        journal.write(trash / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=2))
    if plan.snippets:
        cut_ids = {s.id for s in cut(mem_dir, plan.layout, list(plan.snippets.values()))}
        res.moved += [i for i in plan.snippets if i in cut_ids]
        res.vanished += [i for i in plan.snippets if i not in cut_ids]
        if len(cut_ids) < len(plan.snippets):
            manifest["entries"] = [e for e in manifest["entries"] if "snippet" not in e or e["id"] in cut_ids]
            for i in plan.snippets:
                if i not in cut_ids:
                    journal.unlink_after(trash / i)
            journal.write(trash / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=2))
    # The index lines go before the files: a crash in between leaves an entry in place and
    # unlisted (its lines are in the manifest), never a line pointing at a file that moved.
    going = [i for i in plan.files if (mem_dir / i).is_file() or (mem_dir / i).is_symlink()]
    drop_lines = {t for i in going for _, t in plan.index_lines.get(i, [])}
    if drop_lines and (mem_dir / INDEX_NAME).is_file():
        def drop(text: str | None) -> str | None:   # on the index as it is now (the agent may have written)
            if text is None:
                return None
            # a planned line's text again, but only where the agent sees a link (the same text inside
            # an HTML comment stays); a CRLF index keeps its endings
            pairs = line_links(text)
            kept = [ln for ln, ids in pairs if not (ids and ln.rstrip("\r") in drop_lines)]
            return "\n".join(kept) if len(kept) != len(pairs) else None
        change(mem_dir, mem_dir / INDEX_NAME, drop)
    for i in plan.files:
        src = mem_dir / i
        if not (src.is_file() or src.is_symlink()):
            res.vanished.append(i)
            continue
        dst = trash / i
        journal.mkdir(dst.parent)
        journal.move(src, dst)  # same filesystem: a rename, never a copy-and-delete
        res.moved.append(i)
    if not res.moved and trash.is_dir():
        journal.remove_tree_after(trash)   # nothing went in: no empty trash folder
    return res


@dataclass
class TrashItem:
    id: str
    stamp: str
    path: Path
    index_lines: list[dict]
    snippet: dict | None = None   # {file, line, before}: an entry cut out of a shared file


def list_trash(mem_dir: Path, into: str = TRASH_DIR) -> list[TrashItem]:
    """Every trashed entry (or archived one: ``into=ARCHIVE_DIR``), newest first."""
    base = mem_dir / into
    items = []
    if not base.is_dir():
        return items
    for folder in sorted(base.iterdir(), reverse=True):
        try:
            manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for e in manifest.get("entries", []):
            if not isinstance(e, dict) or not isinstance(e.get("id"), str) or not inside(folder, e["id"]):
                continue
            p = folder / e["id"]
            if p.is_file() or p.is_symlink():
                snip = e.get("snippet") if isinstance(e.get("snippet"), dict) else None
                items.append(TrashItem(e["id"], folder.name, p, e.get("index_lines", []), snip))
    return items


@dataclass
class RestoreResult:
    restored: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)     # not in the trash
    blocked: list[str] = field(default_factory=list)     # a file of that name exists again


def restore(mem_dir: Path, ids: list[str]) -> RestoreResult:
    with writing(mem_dir):
        return _restore(mem_dir, ids)


def _restore(mem_dir: Path, ids: list[str]) -> RestoreResult:
    res = RestoreResult()
    # from the trash or the archive, the newest first
    trash = sorted(list_trash(mem_dir) + list_trash(mem_dir, ARCHIVE_DIR), key=lambda t: t.stamp, reverse=True)
    back: list[TrashItem] = []
    for i in dict.fromkeys(ids):
        item = next((t for t in trash if t.id == i), None)
        if item is None or not inside(mem_dir, i):   # a tampered manifest cannot send a file elsewhere
            res.missing.append(i)
            continue
        if item.snippet is not None:
            _restore_snippet(mem_dir, item, res)
            continue
        dst = mem_dir / i
        if dst.exists():
            res.blocked.append(i)
            continue
        journal.mkdir(dst.parent)
        journal.move(item.path, dst)
        back.append(item)
        res.restored.append(i)
    # the lines of every restored entry at once, in their old order: one at a time, a line
    # numbered for the whole old index would land below its neighbour's missing line
    _reinsert_lines(mem_dir, [ln for item in back for ln in item.index_lines])
    for item in back:
        _forget(item)
    return res


def _restore_snippet(mem_dir: Path, item: TrashItem, res: RestoreResult) -> None:
    s = item.snippet
    file = s.get("file")
    if not isinstance(file, str) or not inside(mem_dir, file) or not isinstance(s.get("line"), int):
        res.missing.append(item.id)
        return
    text = read_exact(item.path)
    if text is None or not put_back(mem_dir, file, text, s["line"], s.get("before")):
        res.blocked.append(item.id)
        return
    journal.unlink_after(item.path)
    if ARCHIVE_DIR in item.path.parts:   # archived into a daily log: out of it again
        unlog_restored(mem_dir, mem_dir / ARCHIVE_DIR / item.stamp, item.id)
    _forget(item)
    res.restored.append(item.id)


def _reinsert_lines(mem_dir: Path, lines: list[dict]) -> None:
    if not lines:
        return

    def insert(text: str | None) -> str:   # into the index as it is now (the agent may have written)
        current = text.split("\n") if text is not None else ["# Memory index", ""]
        cr = "\r" if current[0].endswith("\r") else ""   # a CRLF index keeps its endings
        for item in sorted(lines, key=lambda x: x["line"]):
            if item["text"] in (ln.rstrip("\r") for ln in current):
                continue
            at = max(0, min(item["line"] - 1, len(current)))
            current.insert(at, item["text"] + cr)
        return "\n".join(current)
    change(mem_dir, mem_dir / INDEX_NAME, insert)


def _forget(item: TrashItem) -> None:
    """Drop a restored entry from its manifest; remove the trash folder once it is empty."""
    folder = item.path.parent
    while folder.name != item.stamp:
        folder = folder.parent
    mpath = folder / MANIFEST
    try:
        manifest = json.loads(mpath.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    manifest["entries"] = [e for e in manifest.get("entries", []) if e["id"] != item.id]
    if manifest["entries"]:
        journal.write(mpath, json.dumps(manifest, ensure_ascii=False, indent=2))
    else:
        journal.remove_tree_after(folder)
