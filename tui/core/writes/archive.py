"""Archive: move an entry's process text out of what the agent loads, restorably (SPEC §6).

The seed's first test: what will not hold next time is process and belongs in the log. For
Claude Code auto memory (and the memory tool) the entry's file goes to ``.archive/<stamp>/``
inside the memory folder — a dot-folder that MEMORY.md does not link and no walk reads —
and its MEMORY.md lines go with it, recorded in the folder's manifest; ``restore`` brings
back both, byte for byte. It is the delete's write path (the same plan, manifest and
atomic moves), into another folder. In an OpenClaw workspace the process goes where OpenClaw
keeps process, its own daily log: the entry's lines are appended to today's
``memory/YYYY-MM-DD.md`` and cut from MEMORY.md (a copy and the manifest in ``.archive/``, so
``restore`` puts them back and takes them out of the log again). Layouts where moving text out
is not safe say what to do instead.
"""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from . import journal
from .change import change, writing
from ..layouts import agents_where
from ..layouts.openclaw import OpenClaw
from ..walk import ARCHIVE_DIR
from .daily_log import LOGS, unlog, unlog_restored  # noqa: F401 (restore and the tests use them from here)
from .trash import DeletePlan, DeleteResult, apply_delete, plan_delete



def can_archive(layout) -> bool:
    """Whether text can move out of what the agent loads here (the layout says: ``archives``)."""
    return layout is None or layout.archives


def refusal(layout, directory: Path) -> str:
    """What to do instead, for a layout memtui does not archive in."""
    return (f"{directory} holds {layout.agent} memory; memtui archive moves text only in "
            f"{agents_where(can_archive)} folders. "
            f"Instead: {layout.archive_advice or 'delete it (restorable from the trash)'}.")


def plan_archive(mem_dir: Path, ids: list[str], layout=None) -> DeletePlan:
    """Which files and MEMORY.md lines would move (the delete's plan)."""
    return plan_delete(mem_dir, ids, layout)


def daily_log(now: dt.datetime) -> str:
    """Today's OpenClaw log, where an archived entry's lines go (the layout names it)."""
    return OpenClaw.daily_log(now)


def apply_archive(mem_dir: Path, plan: DeletePlan, now: dt.datetime | None = None) -> DeleteResult:
    """Move the plan's entries out of what the agent loads: one transaction under the folder's lock."""
    now = now or dt.datetime.now(dt.timezone.utc)
    with writing(mem_dir):
        if not plan.snippets:
            return apply_delete(mem_dir, plan, now, into=ARCHIVE_DIR)
        return _into_log(mem_dir, plan, now)


def _into_log(mem_dir: Path, plan: DeletePlan, now: dt.datetime) -> DeleteResult:
    # What goes into the log is written down first, then appended, then cut from MEMORY.md (by the
    # delete's path): a crash leaves the lines in both places or in the archive, never nowhere.
    log = daily_log(now)
    folder = mem_dir / ARCHIVE_DIR / now.strftime("%Y%m%dT%H%M%S%fZ")
    journal.mkdir(folder)
    added = {i: s.text if s.text.endswith(("\n", "\r")) else s.text + "\n" for i, s in plan.snippets.items()}
    journal.write(folder / LOGS, json.dumps({i: {"file": log, "text": t} for i, t in added.items()},
                                            ensure_ascii=False, indent=2))

    def append(text: str | None) -> str:   # to the log as it is at the rename: the agent's lines stay
        text = text or ""
        return text + ("\n" if text and not text.endswith(("\n", "\r")) else "") + "".join(added.values())
    journal.mkdir((mem_dir / log).parent)
    change(mem_dir, mem_dir / log, append)
    res = apply_delete(mem_dir, plan, now, into=ARCHIVE_DIR)
    for i in res.vanished:   # changed since confirmed, so not cut: not in the log either
        unlog(mem_dir, log, added[i])
    if not res.moved:
        journal.unlink_after(folder / LOGS)
        journal.remove_tree_after(folder)
    return res
