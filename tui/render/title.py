"""The title bar's text: where, how many, what is wrong, what is new."""
from __future__ import annotations

import functools
import weakref

from ..core.reports.audit import AuditReport
from ..core.snapshots.memory import Snapshot


@functools.lru_cache(maxsize=8)   # the title is drawn often; the folder is listed once a reading
def _alone(layout, folder, sections: int, generation: int) -> str | None:
    return layout.folder_label(folder, sections)


def title_text(display_path: str, snap: Snapshot | None, report: AuditReport | None, new: int,
               watching: bool, loading: str = "", sample_note: str = "", triage: str = "") -> list[str]:
    """The title bar, from the most verbose to the tersest (``widgets/fit_line`` draws the first that
    fits): the agent's name and "a private copy" go first, then the long words; the counts, the
    findings and "watching" stay."""
    agent = ""
    if snap is not None and snap.parts:
        agent = " + ".join(p.layout.agent for p in snap.parts.values() if p.layout is not None)
    elif snap is not None and snap.layout is not None:
        alone = _alone(snap.layout, snap.dir, len(snap.entries), snap.generation)
        agent = alone or snap.layout.agent + ("" if snap.layout.file_per_entry else f" ({snap.layout_name} layout)")
    where = [display_path + (" (a private copy)" if sample_note else ""), agent]
    short = display_path + (" (copy)" if sample_note else "")
    if loading or snap is None:
        tail = [loading or "reading the folder…"]
        return [_join(["memtui", *where, *tail]), _join(["memtui", short, *tail]), _join([short, *tail])]
    n = len(snap.entries)
    broken, unreadable, other = _counts(snap)
    long, terse = [f"{n} entr{'y' if n == 1 else 'ies'}"], [f"{n} entries" if n != 1 else "1 entry"]
    for count, word in ((broken, "broken"), (unreadable, "unreadable"), (other, "not memory")):
        if count:
            long.append(f"{count} {word}")
            terse.append(f"{count} {word}")
    if report is not None:
        possible = sum(1 for f in report.findings if f.confidence == "possible")   # folded (SPEC §5)
        sure = len(report.findings) - possible
        long.append(f"{sure} finding{'' if sure == 1 else 's'}" + (f" (+{possible} possible)" if possible else ""))
        terse.append(f"{sure} finding{'' if sure == 1 else 's'}")
    if new:
        long.append(f"{new} new from the agent (R)")
        terse.append(f"{new} NEW (R)")
    if triage:
        long.append(triage)
    if watching:
        long.append("watching")
        terse.append("watching")
    return [_join(["memtui", *where, *long]), _join(["memtui", where[0], *long]), _join(["memtui", short, *long]),
            _join(["memtui", short, *terse]),
            _join([short, *terse]), _join([display_path, *terse])]


def _join(bits: list[str]) -> str:
    return " · ".join(b for b in bits if b)


_counted: list = [lambda: None, (0, 0, 0)]   # a weak reference to the last reading counted, its counts


def _counts(snap: Snapshot) -> tuple[int, int, int]:
    """Broken anchors, unreadable files, files that are not memory: counted once per reading
    (the title is set again on every audit and rescan; at 50k entries a count took ~40 ms)."""
    if _counted[0]() is not snap:
        _counted[:] = [weakref.ref(snap), (sum(1 for s in snap.status.values() if s.anchor == "broken"),
                                           sum(1 for e in snap.entries.values() if e.error),
                                           sum(1 for f in snap.files if f.role == "other"))]
    return _counted[1]
