"""Every agent's memory layout behind one interface (see base.Layout), and detection.

``LAYOUTS`` is the one registry: each entry (a Layout class) carries its name, aliases and
behaviour (what writes, the trash, archive and the audit may do there); the CLI's ``--layout``
names come from it. Detection looks only at names and the first bytes of a few files, so it
costs nothing on a large folder. The first layout that recognises the folder wins, most
specific first (``detect_rank``); Claude Code's is the default.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .base import ENTRY, INDEX, SHARED, Layout, Part, Role, forget_listings, scan_of
from .claude import ClaudeCode, MemoryTool
from .cline import Cline
from .codex import Codex
from .gemini import Gemini
from .letta import Letta
from .mem0 import Mem0
from .openclaw import OpenClaw

LAYOUTS: tuple[type[Layout], ...] = (ClaudeCode, MemoryTool, Cline, OpenClaw, Letta, Gemini, Codex, Mem0)
ORDER = tuple(sorted(LAYOUTS, key=lambda c: c.detect_rank))   # detection's: most specific first
NAMES = tuple(c.name for c in ORDER)
DEFAULT_LAYOUT = ClaudeCode.name   # a folder no other layout recognises is read as this
ALIASES = {alias: c.name for c in LAYOUTS for alias in c.aliases}


def resolve(name: str) -> str | None:
    """The layout a --layout value names (its name or an alias, any case), or None."""
    name = ALIASES.get(name.lower(), name.lower())
    return name if name in NAMES else None


def agents_where(able: Callable[[Layout], bool]) -> str:
    """The agents whose layout ``able`` says yes to (asked of a fresh one), as a sentence names
    them: "A, B and C", by name regardless of case."""
    names = sorted({c.agent for c in LAYOUTS if able(c())}, key=str.casefold)
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def listed() -> str:
    """The layouts' names as the help lists them."""
    return ", ".join(c.name for c in LAYOUTS)


def get(name: str) -> Layout:
    found = resolve(name)
    for cls in LAYOUTS:
        if cls.name == found:
            return cls()
    raise KeyError(name)


@dataclass
class Detected:
    layout: Layout
    dir: Path
    note: str = ""      # said on stderr when the folder read is not the one given
    # the scandir of ``dir`` the detection made, for a reader that comes straight after (the
    # hook: one listing of a 10k-file folder, not two); stale once anything else ran
    scan: list | None = field(default=None, compare=False, repr=False)


def detect(folder: Path, forced: str | None = None) -> Detected:
    """The layout of ``folder`` (or ``forced``) and the folder to read."""
    forget_listings()
    try:
        found = _detect(folder, forced)
        found.scan = scan_of(found.dir)
        return found
    finally:
        forget_listings()   # a listing is only good for one detection


def _detect(folder: Path, forced: str | None) -> Detected:
    if forced:
        layout = get(forced)
        return Detected(layout, layout.detect(folder) or folder)
    for cls in ORDER[:-1]:   # (the last is the default: Claude Code's)
        layout = cls()
        where = layout.detect(folder)
        if where is not None:
            note = "" if where == folder else f"memtui: reading {layout.agent} memory in {where}"
            return Detected(layout, where, note)
    return Detected(ClaudeCode(), folder)


__all__ = ["Detected", "ENTRY", "INDEX", "LAYOUTS", "Layout", "NAMES", "Part", "Role", "SHARED", "detect", "get",
           "listed", "resolve"]
