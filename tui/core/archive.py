"""Archive: move an entry's process text out of what the agent loads, restorably (SPEC §6).

The seed's first test: what will not hold next time is process and belongs in the log. For
Claude Code auto memory (and the memory tool) the entry's file goes to ``.archive/<stamp>/``
inside the memory folder — a dot-folder that MEMORY.md does not link and no walk reads —
and its MEMORY.md lines go with it, recorded in the folder's manifest; ``restore`` brings
back both, byte for byte. It is the delete's write path (the same plan, manifest and
atomic moves), into another folder. Layouts where moving a file out is not safe say what to
do instead.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from .store import ARCHIVE_DIR
from .trash import DeletePlan, DeleteResult, apply_delete, plan_delete

ARCHIVES = ("claude-code", "memory-tool")
ADVICE = {
    "openclaw": "OpenClaw's process belongs in its daily log: move the lines into today's memory/YYYY-MM-DD.md "
                "yourself (memtui delete cuts them out of MEMORY.md into its trash, restorable)",
    "cline": "Cline keeps process in activeContext.md and progress.md by design: ask the agent to 'update memory "
             "bank' so it rewrites them",
    "letta": "a MemFS file that moves is deleted on the Letta server at the next sync: ask the agent to forget "
             "it, or move it out of system/ so it is loaded only on demand",
    "gemini": "GEMINI.md is loaded whole every session: cut the bullet with memtui delete (restorable) and keep "
              "the text in your own notes",
    "codex": "Codex rewrites these files when it consolidates its memories: let it, or delete the entry",
    "mem0": "memtui never changes a mem0 export: delete the memory in mem0 itself",
}


def can_archive(layout) -> bool:
    return layout is None or layout.name in ARCHIVES


def refusal(layout, directory: Path) -> str:
    """What to do instead, for a layout memtui does not archive in."""
    return (f"{directory} holds {layout.agent} memory; memtui archive moves files only in Claude Code and memory "
            f"tool folders. Instead: {ADVICE.get(layout.name, 'delete it (restorable from the trash)')}.")


def plan_archive(mem_dir: Path, ids: list[str], layout=None) -> DeletePlan:
    """Which files and MEMORY.md lines would move (the delete's plan)."""
    return plan_delete(mem_dir, ids, layout)


def apply_archive(mem_dir: Path, plan: DeletePlan, now: dt.datetime | None = None) -> DeleteResult:
    return apply_delete(mem_dir, plan, now, into=ARCHIVE_DIR)
