"""Deleting one entry out of a shared file (an OpenClaw or Gemini bullet, a Codex task group)
and putting it back, byte for byte.

The lines to cut are found by the layout's own ``parts`` on the file's exact text (BOM and
CRLF kept), the same function that listed the entry; the cut lines go to the trash as a
file of their own, with the line before them as context, so a restore puts them back
where they were even if the file changed meanwhile. mem0 exports are never changed: a
"delete" there writes a filtered copy of the export for the user to import.
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from . import journal
from .change import change
from ..layouts.markdown import split_lines


@dataclass
class Snippet:
    id: str
    file: str
    start: int             # 0-based line where the entry starts
    lines: list[str]       # its lines, endings kept
    before: str | None     # the line above it (None at the top of the file)

    @property
    def text(self) -> str:
        return "".join(self.lines)


def split_id(entry_id: str) -> tuple[str, str] | None:
    file, sep, slug = entry_id.rpartition("#")
    return (file, slug) if sep and file and slug else None


def read_exact(path: Path) -> str | None:
    """The file's text exactly as stored (decoding UTF-8 round-trips every byte)."""
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def locate(mem_dir: Path, layout, entry_id: str) -> Snippet | None:
    parsed = split_id(entry_id)
    if parsed is None or layout.role(parsed[0]).role != "shared":
        return None
    text = read_exact(mem_dir / parsed[0])
    return None if text is None else find(layout, entry_id, text)


def cut(mem_dir: Path, layout, snippets: list[Snippet]) -> list[Snippet]:
    """Remove each snippet from its file (bottom up, one atomic write per file); returns those
    cut. A snippet whose lines are no longer where the plan saw them is looked up again; the
    file is re-read just before its rename and the cut made again if the agent wrote it."""
    done = []
    for file in sorted({s.file for s in snippets}):
        mine = sorted((s for s in snippets if s.file == file), key=lambda s: s.start, reverse=True)
        here: list[Snippet] = []

        def edit(text: str | None) -> str | None:
            here.clear()
            if text is None:
                return None
            lines = split_lines(text)
            for s in mine:
                if lines[s.start:s.start + len(s.lines)] != s.lines:
                    again = find(layout, s.id, text)
                    if again is None or again.lines != s.lines:
                        continue   # changed since the person confirmed: leave it
                    s.start = again.start
                del lines[s.start:s.start + len(s.lines)]
                here.append(s)
            return "".join(lines) if here else None
        change(mem_dir, mem_dir / file, edit)
        done += here
    return done


def find(layout, entry_id: str, text: str) -> Snippet | None:
    """``locate`` on a file's text already read (the exact text: an edit keeps it as the bytes seen)."""
    file, slug = split_id(entry_id)
    lines = split_lines(text)
    for p in layout.parts(file, text):
        if p.block.slug == slug:
            b = p.block
            return Snippet(entry_id, file, b.start, lines[b.start:b.end], lines[b.start - 1] if b.start else None)
    return None


def put_back(mem_dir: Path, file: str, text: str, line: int, before: str | None) -> bool:
    """Insert ``text`` into ``file`` after its old upper neighbour, else at its old line (into
    the file as it is just before the rename: the agent may write it meanwhile)."""
    path = mem_dir / file
    if path.exists() and read_exact(path) is None:
        return False

    def edit(current: str | None) -> str | None:
        current = current or ""
        lines = split_lines(current)
        if text in current and "".join(lines[line - 1:line - 1 + len(split_lines(text))]) == text:
            return None   # already there
        at = min(max(line - 1, 0), len(lines))
        if before is not None and not (at > 0 and lines[at - 1] == before):
            spots = [n + 1 for n, ln in enumerate(lines) if ln == before]
            if spots:
                at = min(spots, key=lambda n: abs(n - (line - 1)))
        if at > 0 and not lines[at - 1].endswith(("\n", "\r")):
            lines[at - 1] += "\r\n" if text.endswith("\r\n") else "\n"   # the file lost its last newline
        lines[at:at] = split_lines(text)
        return "".join(lines)
    return change(mem_dir, path, edit) is not None


def export_slugs(mem_dir: Path, file: str) -> set[str]:
    from ..layouts.mem0 import records, slugs
    text = read_exact(mem_dir / file)
    recs = records(text)[0] if text is not None else []
    return {s for s in slugs(recs) if s is not None}


def filtered_export(mem_dir: Path, trash_dir: Path, file: str, drop: set[str],
                    now: dt.datetime | None = None) -> tuple[Path, int] | None:
    """A copy of a mem0 export without the records whose slugs are in ``drop``, in the trash
    folder; the export itself is never touched. Returns (path, records dropped)."""
    from ..layouts.mem0 import records, slugs
    text = read_exact(mem_dir / file)
    if text is None:
        return None
    recs, _ = records(text)
    kept = [r for (_, r), s in zip(recs, slugs(recs)) if s not in drop]
    dropped = len(recs) - len(kept)
    stamp = (now or dt.datetime.now(dt.timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    out_dir = trash_dir / "exports"
    journal.mkdir(out_dir)
    stem, _, suffix = Path(file).name.rpartition(".")
    target = out_dir / f"{stem}-without-{dropped}-{stamp}.{suffix}"
    if suffix.lower() in ("jsonl", "ndjson"):
        body = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept)
    else:
        body = json.dumps(kept, ensure_ascii=False, indent=2) + "\n"
    journal.write(target, body)
    return target, dropped
