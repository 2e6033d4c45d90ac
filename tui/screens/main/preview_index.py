"""The preview's index for each reading, built on the UI thread a few milliseconds at a time.

Built in a worker thread, the index (~0.2 s of Python at 10,000 entries, more on a slow disk's
first reading) held the interpreter lock in 5 ms turns against the UI thread, whose every
event-loop pass then waited for it: keys typed into the prompt meanwhile showed 130–220 ms
late. Here the steps run between the app's own messages, never longer than a slice, so a key
waits one slice at most. Until a reading's index is done the preview answers from the last
reading that has one (the table already shows the new rows). The first reading is indexed at
once; a later one (a rescan after the agent wrote a file) when a prompt asks for it.
"""
from __future__ import annotations

import time
from itertools import chain
from typing import Callable, Iterator

from . import background
from ...core.snapshots.memory import GC_PAUSE, Snapshot, keep_heap
from ...widgets.entry_rows import warm

SLICE = 0.004   # seconds of building per turn
PAUSE = 0.001   # between turns: the event loop handles what came in (keys, timers, frames)


class PreviewIndexer:
    def __init__(self, node, on_ready: Callable[[], None]) -> None:
        self.node, self.on_ready = node, on_ready   # (the Previews widget: its timers run the steps)
        self.ready: Snapshot | None = None     # the newest reading whose index is built
        self._building: Snapshot | None = None
        self._steps: Iterator[None] | None = None
        self._first = True   # the first reading's index is yet to be kept with it (keep_heap)
        self._announced = False

    def start(self, snap: Snapshot, rows=()) -> None:
        """Index ``snap`` (a newer reading replaces one still being indexed), then make the
        filter text of ``rows`` (the first reading's: later rows are few and made as needed)."""
        if snap.engine is not None and not rows:
            self._done(snap)
            return
        if self._steps is None:
            GC_PAUSE.hold()   # many long-lived objects, no cycles: no collector passes over them meanwhile
        self._building, self._steps = snap, chain(background.engine_steps(snap), [None], warm(rows))
        self._announced = False
        self.node.set_timer(PAUSE, self._turn)

    def stop(self) -> None:
        if self._steps is not None:
            self._steps = self._building = None
            GC_PAUSE.release()

    def want(self, snap: Snapshot) -> None:
        """A prompt needs ``snap``'s index: build it unless it is built or on its way."""
        if snap.engine is None and self._building is not snap:
            self.start(snap)

    def for_preview(self, current: Snapshot) -> Snapshot:
        """The reading the preview should ask: the current one once indexed, else the last indexed."""
        if current.engine is not None or self.ready is None:
            return current
        return self.ready

    def _turn(self) -> None:
        steps, snap = self._steps, self._building
        if steps is None or snap is None:
            return
        end = time.perf_counter() + SLICE
        try:
            while time.perf_counter() < end:
                next(steps)
                if snap.engine is not None and not self._announced:   # the index is done: preview now
                    self._announced = True
                    self._done(snap)
        except StopIteration:
            self.stop()
            if not self._announced:
                self._done(snap)
            return
        self.node.set_timer(PAUSE, self._turn)

    def _done(self, snap: Snapshot) -> None:
        if self.ready is None or snap.generation >= self.ready.generation:
            self.ready = snap
        if self._first:
            self._first = False
            keep_heap(len(snap.entries), more=True)   # the first reading's index joins it (when it was kept)
        self.on_ready()
