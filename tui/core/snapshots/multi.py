"""Several agents' memory in one session (`memtui DIR DIR…`): one store per folder, one
merged snapshot whose ids are `AGENT:ID` (the agent's label, then the id in its folder).

The merged snapshot keeps each folder's own snapshot in ``parts``; whatever acts on an
entry (a delete, an edit, an audit) goes back to its part, so every layout keeps its own
rules. The preview runs each agent's engine with that agent's own limits.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from types import MappingProxyType

from ..config import limits, load_config
from ..reading.index import MemoryIndex
from ..layouts import Layout
from ..fsutil import within
from .memory import EngineSlot, MemoryStore, Snapshot, paused_gc, utcnow
from ..engine.select import LIST_LIMIT, Decision, estimate_tokens

SEP = ":"


def labels(layouts: list[Layout]) -> list[str]:
    """One short label per folder: the layout's name, numbered when two folders share it."""
    out, seen = [], {}
    for lay in layouts:
        n = seen.get(lay.name, 0) + 1
        seen[lay.name] = n
        out.append(lay.name if n == 1 else f"{lay.name}-{n}")
    return out


def agent_limits(layout: Layout) -> tuple[int, int]:
    """An agent's own preview limits: Claude Code's are memtui's (flags and config); another
    agent's come from `limits.<layout>` in the config, else the layout's defaults."""
    count, chars = limits(None, None)
    if layout.file_per_entry:
        return count, chars
    own = load_config().get("limits", {})
    own = own.get(layout.name, {}) if isinstance(own, dict) else {}
    own = own if isinstance(own, dict) else {}

    def pick(key: str, default: int) -> int:
        v = own.get(key)
        return v if isinstance(v, int) and v > 0 else default

    return pick("max_count", layout.max_count or count), pick("max_chars", layout.max_chars or chars)


class MultiStore:
    def __init__(self, folders: list[tuple[Path, Layout]], root: Path) -> None:
        self.root = Path(root)
        self.dir = Path(folders[0][0])
        self.layout = None
        self.stores = {label: MemoryStore(d, root, layout=lay)
                       for label, (d, lay) in zip(labels([lay for _, lay in folders]), folders)}
        self.generation = 0

    @property
    def folders(self) -> list[Path]:
        return [s.dir for s in self.stores.values()]

    def note_changes(self, paths: list[str] | None) -> None:
        for store in self.stores.values():   # each folder's own paths (None: every folder walks)
            mine = None if paths is None else [p for p in paths if within(str(store.dir), p)]
            if mine is None or mine:
                store.note_changes(mine)

    def refresh(self, now: dt.datetime | None = None, progress=None, with_engine: bool = False,
                full: bool = True, noted: bool = False) -> Snapshot:
        now = now or utcnow()
        with paused_gc():
            parts = {label: store.refresh(now, progress, with_engine, full, noted)
                     for label, store in self.stores.items()}
            entries, status, files = {}, {}, []
            added, changed, removed = [], [], []
            for label, snap in parts.items():
                for i, e in snap.entries.items():
                    gid = f"{label}{SEP}{i}"
                    entries[gid] = dataclasses.replace(e, id=gid, file=f"{label}{SEP}{e.file}" if e.file else None)
                    status[gid] = snap.status[i]
                files += [dataclasses.replace(f, id=f"{label}{SEP}{f.id}") for f in snap.files]
                added += [f"{label}{SEP}{i}" for i in snap.added]
                changed += [f"{label}{SEP}{i}" for i in snap.changed]
                removed += [f"{label}{SEP}{i}" for i in snap.removed]
            first = next(iter(parts.values()))
            self.generation += 1
            merged = Snapshot(self.dir, self.root, now, self.generation, MappingProxyType(entries),
                              MappingProxyType(status), MemoryIndex(), None, first.checker, first.root_files,
                              tuple(added), tuple(changed), tuple(removed), files=tuple(files),
                              parts=MappingProxyType(parts), engines=EngineSlot(multi_engine_steps))
            if with_engine:
                merged.built_engine()
        return merged


def multi_engine_steps(snap: Snapshot):
    """The merged snapshot's engine in steps: each agent's own (kept in its part), then the one
    that asks them all (the generator returns it)."""
    for part in snap.parts.values():
        yield from part.engine_steps()
    return MultiEngine(dict(snap.parts))


class MultiEngine:
    """Each agent's engine, each with its own limits; one decision that says which agent gets what."""

    def __init__(self, parts: dict[str, Snapshot]) -> None:
        self.parts = parts

    def decide(self, query: str, max_count: int | None = None, max_chars: int | None = None) -> Decision:
        injected, excluded, texts, messages, per = [], [], [], [], {}
        chars = matched = hidden = 0
        for label, snap in self.parts.items():
            if snap.engine is None or snap.layout is None:
                continue
            count, size = agent_limits(snap.layout)
            d = snap.engine.decide(query, max_count or count, max_chars or size)
            per[label] = {"count": max_count or count, "chars": max_chars or size}
            injected += [dataclasses.replace(c, id=f"{label}{SEP}{c.id}") for c in d.injected]
            excluded += [dataclasses.replace(x, id=f"{label}{SEP}{x.id}") for x in d.excluded]
            chars += d.chars
            matched += d.matched
            hidden += d.more_excluded
            messages.append(f"{snap.layout.agent} ({label}): {d.message}")
            if d.text:
                texts.append(f"[{snap.layout.agent}]\n{d.text}")
        text = "\n".join(texts)
        hidden += max(0, len(excluded) - LIST_LIMIT)
        return Decision(query, injected, excluded[:LIST_LIMIT], chars, estimate_tokens(text) if text else 0,
                        {"count": sum(v["count"] for v in per.values()), "chars": sum(v["chars"] for v in per.values()),
                         "per_agent": per}, "; ".join(messages), text, matched=matched, more_excluded=hidden)
