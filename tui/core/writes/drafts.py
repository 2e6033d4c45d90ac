"""An edit that was not saved (a gate refused it, or the agent wrote meanwhile), kept for the
person to continue: the draft, and what it was made from.

The base is fixed when the editor first opens, never re-read: continuing a draft after the
agent wrote to the entry carries the agent's change into the text edited (``resume``: a
three-way merge, with conflict markers where both changed the same lines), and the save is
compared with the file's bytes as they were when the text edited was made (``seen``), so the
agent's lines are never overwritten. The app's ``e`` is one user of it.
"""
from __future__ import annotations

from dataclasses import dataclass

from .merge import merge_marked


@dataclass(frozen=True)
class Kept:
    text: str     # the person's edit
    base: str     # the editable text it was made from (a whole file, or an entry's lines of a shared file)
    seen: bytes   # the file's bytes when ``base`` was read: what a save is compared with


def opened(current: str, now: bytes) -> Kept:
    """A first edit: nothing changed yet."""
    return Kept(current, current, now)


def resume(kept: Kept, current: str, now: bytes) -> tuple[Kept, int]:
    """Continue ``kept`` now that the editable text is ``current`` (the file's bytes ``now``):
    unchanged, the draft as it was; changed by the agent, the draft with the agent's change
    merged in and the new base, and how many conflicts are marked in it."""
    if current == kept.base:
        return kept, 0
    text, conflicts = merge_marked(kept.base, kept.text, current)
    return Kept(text, current, now), conflicts
