"""Letta Code's MemFS: a git repository of Markdown files with a `description` in their
frontmatter; everything under system/ is in context every turn, the rest on demand."""
from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

from ..reading.entry import MemoryEntry
from ..judging.findings import Finding
from .base import ENTRY, Layout, Reading, Role, head


KEYS = {"description", "limit", "read_only"}   # what MemFS reads from a memory file's frontmatter


class Letta(Layout):
    name = "letta"
    detect_rank = 3
    agent = "Letta"
    aliases = ("memfs",)
    git_by_design = True   # MemFS is a git repository, synced to Letta
    record = "git"         # its commits are its history; what the agent read is kept on the server
    remember_advice = "ask the agent, or add a Markdown file with a `description` and commit it"
    archive_advice = ("a MemFS file that moves is deleted on the Letta server at the next sync: ask the agent to "
                      "forget it, or move it out of system/ so it is loaded only on demand")
    followed = "Letta Code MemFS (docs.letta.com/letta-code/memfs, Letta Code 0.15+)"

    def __init__(self) -> None:
        self._git: dict[str, tuple[int, str]] = {}

    def detect(self, folder: Path) -> Path | None:
        # memory/: Letta Code's local MemFS checkout; memfs/: how agent backups name it
        for base in (folder, folder / "memory", folder / "memfs"):
            system = base / "system"
            if system.is_dir() and any(_described(p) for p in list(system.rglob("*.md"))[:20]):
                return base
        return None

    def role(self, file_id: str) -> Role:
        if file_id.startswith("skills/"):
            return Role("other", "a skill (SKILL.md and its files), not memory")
        if file_id.lower().endswith(".md"):
            return ENTRY
        return Role("other", "not Markdown: MemFS keeps memory in .md files")

    def begin(self, folder: Path) -> None:
        self._git = git_history(folder)

    def settle(self, e: MemoryEntry, now: dt.datetime) -> None:
        e.load = "resident" if e.id.startswith("system/") else "on-demand"
        hit = self._git.get(e.id)
        if hit is not None:
            e.author = hit[1]
            if not any(k in e.meta for k in ("updated", "modified", "date", "created")):
                e.updated = dt.datetime.fromtimestamp(hit[0], tz=dt.timezone.utc)   # a clone's mtime is no age

    def findings(self, mem: Reading) -> list[Finding]:
        out = []
        for e in mem.sorted_entries():
            if not e.readable:
                continue
            if not isinstance(e.meta.get("description"), str) or not e.meta["description"].strip():
                out.append(Finding(e.id, "layout", "letta-no-description", 1,
                                   "no `description` in the frontmatter: MemFS requires one, and it is all the "
                                   "agent sees of a file outside system/",
                                   "add a one-line description: ---\\ndescription: …\\n---"))
            for key in sorted(set(e.meta) - KEYS, key=str):
                out.append(Finding(e.id, "layout", "letta-unknown-key", _key_line(e.text, str(key)),
                                   f"frontmatter key '{key}' is not one MemFS reads (description, limit, read_only)",
                                   "drop it, or move what it says into the body"))
        if not any(i == "system/persona.md" or i.startswith("system/persona/") for i in mem.entries):
            out.append(Finding("", "layout", "letta-no-persona", None,
                               "no system/persona.md: the agent has no persona file in context",
                               "create system/persona.md (or let /init write one)"))
        return out


def _described(path: Path) -> bool:
    start = head(path, 600)
    return start.lstrip("\ufeff").startswith("---") and "description:" in start


def _key_line(text: str, key: str) -> int | None:
    for n, line in enumerate(text.split("\n"), 1):
        if line.startswith(key + ":"):
            return n
    return None


def git_history(folder: Path) -> dict[str, tuple[int, str]]:
    """File (relative to ``folder``) → (last commit time, author), from one `git log`."""
    if not (folder / ".git").exists():
        return {}
    try:
        p = subprocess.run(["git", "-C", str(folder), "log", "-n", "2000", "--format=%x00%ct%x09%an",
                            "--name-only", "--relative", "--", "."],
                           capture_output=True, timeout=5, text=True, errors="replace")
    except (OSError, subprocess.TimeoutExpired):
        return {}
    if p.returncode != 0:
        return {}
    out: dict[str, tuple[int, str]] = {}
    for chunk in p.stdout.split("\x00")[1:]:
        head, _, names = chunk.partition("\n")
        stamp, _, author = head.partition("\t")
        try:
            when = int(stamp)
        except ValueError:
            continue
        for name in names.split("\n"):
            name = name.strip()
            if name and name not in out:
                out[name] = (when, author.strip())
    return out
