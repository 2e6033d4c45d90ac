"""One audit of the app's readings at a time."""
from __future__ import annotations


class OneAtATime:
    """Starts ``start(snapshot)`` for a reading unless an audit is running; then only the
    latest reading that came meanwhile is audited, when the running one ends.

    Why: an audit runs in a thread worker, which cannot be stopped, so each file the agent
    wrote used to leave one more audit process running to its end, each holding a thread of
    the pool the readings need too (at 10k entries, the sixth write in a few seconds waited
    ~10 s to reach the table)."""

    def __init__(self, start) -> None:
        self.start = start
        self.running = False
        self.next = None

    def want(self, snap) -> None:
        if self.running:
            self.next = snap
            return
        self.running = True
        self.start(snap)

    def finished(self, app, latest) -> None:
        """Called by the audit's thread when it ends, however it ends; ``latest()`` is the
        generation the screen now waits for (read on the UI thread)."""
        def done() -> None:
            self.running = False
            snap, self.next = self.next, None
            if snap is not None and snap.generation == latest():
                self.want(snap)
        try:
            app.call_from_thread(done)
        except Exception:   # the app is closing
            pass
