"""`memtui remember` in a folder of another agent: a new memory in that agent's own shape.

Gemini CLI keeps memories as bullets under `## Gemini Added Memories` (the section is
added at the end of the file when missing, as save_memory does); OpenClaw as bullets of
MEMORY.md. Everything else in the file stays as it was, byte for byte, and the bullet
passes the same gates as any other write. Layouts whose files memtui cannot extend
safely (a service's export, a git-synced MemFS, Codex's generated files, a memory bank's
fixed files) refuse, saying what to do instead.
"""
from __future__ import annotations

from pathlib import Path

from .change import change
from ..judging.findings import REJECT_ON_WRITE, Finding
from ..layouts import agents_where
from ..layouts.markdown import split_lines
from .snippets import read_exact
from .write import WriteResult, check



def can_append(layout) -> bool:
    """Whether `remember` adds a bullet in this layout's folders (the layout says: ``appends_to``)."""
    return bool(layout.appends_to)


def refusal(layout, directory: Path) -> str:
    """What to do instead, for a layout `remember` does not write in (the others from the registry)."""
    return (f"{directory} holds {layout.agent} memory; memtui remember writes there only for "
            f"{agents_where(can_append)} folders. {layout.remember_advice.capitalize()}.")


def append_bullet(mem_dir: Path, root: Path, layout, text: str) -> WriteResult:
    file = _target(mem_dir, layout)
    line = " ".join(text.split())
    if not line:
        return WriteResult(False, rejected=[Finding("", "unreadable", "empty", None, "the memory is empty",
                                                    "write what should be remembered")])
    rejected, warnings = _gate(mem_dir, root, line)
    if rejected:
        return WriteResult(False, None, None, rejected, warnings)
    path = mem_dir / file
    current = read_exact(path) if path.exists() else ""
    if current is None:
        return WriteResult(False, rejected=[Finding(file, "unreadable", "unreadable", None,
                                                    f"{file} is not UTF-8 text: not changed", "")])
    landed: list[int] = []

    def add(text: str | None) -> str:   # to the file as it is just before the rename
        new, at = _with_bullet(text or "", line, layout)
        landed[:] = [at]
        return new
    new = change(mem_dir, path, add)
    at = landed[0]
    slug = next((p.block.slug for p in layout.parts(file, new) if p.block.start == at), None)
    return WriteResult(True, f"{file}#{slug}" if slug else file, path, [], warnings)


def _gate(mem_dir: Path, root: Path, text: str) -> tuple[list[Finding], list[Finding]]:
    """The write gates on a bullet's text: (what stops the write, what only warns)."""
    _, findings = check(mem_dir, root, "new-memory.md", text + "\n")
    rejected = [f for f in findings if f.kind in REJECT_ON_WRITE or f.kind == "unreadable"]
    return rejected, [f for f in findings if f not in rejected]


def _target(mem_dir: Path, layout) -> str:
    names = layout.appends_to
    return next((n for n in names if (mem_dir / n).is_file()), names[0])


def _with_bullet(text: str, line: str, layout) -> tuple[str, int]:
    """The text with ``- line`` added where the layout keeps bullets, and the 0-based line it landed on."""
    lines = split_lines(text)
    eol = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += eol
    bullet = f"- {line}{eol}"
    at = layout.bullet_at(lines)
    if at is None:   # no section yet: add it at the end (as Gemini's save_memory does)
        if lines and lines[-1].strip():
            lines.append(eol)
        lines += [f"## {layout.append_heading}{eol}", bullet]
        return "".join(lines), len(lines) - 1
    lines.insert(at, bullet)
    return "".join(lines), at


def replace_part(mem_dir: Path, root: Path, layout, entry_id: str, seen: str, new_text: str) -> WriteResult:
    """An edited entry inside a shared file: its lines replaced, every other byte kept. ``seen``
    is the shared file as the editor first opened it (a continued draft keeps it): what the agent
    wrote since is kept (merged in), or the save is refused when it changed the same lines."""
    from .snippets import find, split_id
    snip = find(layout, entry_id, seen)
    if snip is None:
        return WriteResult(False, rejected=[Finding(entry_id, "unreadable", "changed", None,
                                                    f"{entry_id} is not in {split_id(entry_id)[0]} as it was opened",
                                                    "open it again and redo the edit")])
    eol = "\r\n" if snip.lines[0].endswith("\r\n") else "\n"
    body = new_text.replace("\r\n", "\n").rstrip("\n")
    if not body.strip():
        return WriteResult(False, rejected=[Finding(entry_id, "unreadable", "empty", None, "the entry is empty",
                                                    "delete it instead (d)")])
    rejected, warnings = _gate(mem_dir, root, body)
    if rejected:
        return WriteResult(False, entry_id, None, rejected, warnings)
    lines = split_lines(seen)
    lines[snip.start:snip.start + len(snip.lines)] = [ln + eol for ln in body.split("\n")]
    path = mem_dir / snip.file
    change(mem_dir, path, "".join(lines), seen=seen)   # the agent's lines since then merged in, or Changed
    return WriteResult(True, entry_id, path, [], warnings)
