"""The title bar's text: where, how many, what is wrong, what is new."""
from __future__ import annotations

import weakref

from ..core.reports.audit import AuditReport
from ..core.reading.memory import Snapshot


def title_text(display_path: str, snap: Snapshot | None, report: AuditReport | None, new: int,
               watching: bool, loading: str = "", sample_note: str = "", triage: str = "") -> str:
    head = f"memtui · {display_path}" + (" (a private copy)" if sample_note else "")
    if snap is not None and snap.parts:
        head += " · " + " + ".join(p.layout.agent for p in snap.parts.values() if p.layout is not None)
    elif snap is not None and snap.layout is not None:
        head += f" · {snap.layout.agent}"
        if not snap.layout.file_per_entry:
            head += f" ({snap.layout_name} layout)"
    if loading or snap is None:
        return f"{head} · {loading or 'reading the folder…'}"
    n = len(snap.entries)
    broken, unreadable, other = _counts(snap)
    bits = [f"{n} entr{'y' if n == 1 else 'ies'}"]
    if broken:
        bits.append(f"{broken} broken")
    if unreadable:
        bits.append(f"{unreadable} unreadable")
    if other:
        bits.append(f"{other} not memory")
    if report is not None:
        bits.append(f"{len(report.findings)} findings")
    if new:
        bits.append(f"{new} new from the agent (R)")
    if triage:
        bits.append(triage)
    if watching:
        bits.append("watching")
    return f"{head} · " + " · ".join(bits)


_counted: list = [lambda: None, (0, 0, 0)]   # a weak reference to the last reading counted, its counts


def _counts(snap: Snapshot) -> tuple[int, int, int]:
    """Broken anchors, unreadable files, files that are not memory: counted once per reading
    (the title is set again on every audit and rescan; at 50k entries a count took ~40 ms)."""
    if _counted[0]() is not snap:
        _counted[:] = [weakref.ref(snap), (sum(1 for s in snap.status.values() if s.anchor == "broken"),
                                           sum(1 for e in snap.entries.values() if e.error),
                                           sum(1 for f in snap.files if f.role == "other"))]
    return _counted[1]
