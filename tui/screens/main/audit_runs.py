"""One audit of the app's readings at a time, and which finished one is shown."""
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
        self.wanted = 0   # the generation of the latest reading wanted
        self.shown = 0    # the generation of the newest audit shown

    def want(self, snap) -> None:
        self.wanted = snap.generation
        if self.running:
            self.next = snap
            return
        self.running = True
        self.start(snap)

    def finished(self, app) -> None:
        """Called by the audit's thread when it ends, however it ends."""
        def done() -> None:   # (on the UI thread)
            self.running = False
            snap, self.next = self.next, None
            if snap is not None and snap.generation == self.wanted:
                self.want(snap)
        try:
            app.call_from_thread(done)
        except Exception:   # the app is closing
            pass

    def fresh(self, generation: int) -> bool:
        """Is a finished audit of this generation to be shown? Yes when it is the newest one
        finished, even if the folder changed since (the latest reading's audit runs next):
        waiting for the latest reading's own showed none at all while the agent kept writing."""
        if generation <= self.shown:
            return False
        self.shown = generation
        return True
