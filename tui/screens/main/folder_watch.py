"""Watching the memory folder for the screen's reader: from before its first reading on, changes come
in bursts that are coalesced into one watched rescan of the paths noted.

Watching starts in the first reading's thread, before the walk (setting up the watches walks
the folders too): a file the agent writes while the folder is being read is noted, and looked
at once that first reading is shown. Started after it, as it was, such a file never showed
until ctrl+r."""
from __future__ import annotations

from ...messages import InjectionLogChanged, MemoryDirChanged

DEBOUNCE = 0.15   # seconds of quiet before a burst of changes is read


class FolderWatch:
    def __init__(self, reader) -> None:
        self.reader = reader   # the Reader: its store, its messages and timers, its readings
        self.watcher = None
        self.log = None   # the InjectionLog widget, whose reader is told when the log grows
        self._debounce = None
        self._missed = False   # a change came before the first reading was shown
        self._stopped = False

    def keep(self, log):
        """The screen's InjectionLog, handed over as it is composed (a worker never queries widgets)."""
        self.log = log
        return log

    def start(self) -> None:
        """Watch the store's folders and the injection log (called in the first reading's thread)."""
        from ...watch import DirectoryWatcher
        reader = self.reader
        try:
            log = self.log
            watcher = DirectoryWatcher(reader.store.folders, lambda: reader.post_message(MemoryDirChanged()),
                                       reader.log_path, lambda: log.post_message(InjectionLogChanged()),
                                       note=reader.store.note_changes)
            watcher.start()
            self.watcher = watcher
            if self._stopped:   # the screen closed while the watches were being set up
                watcher.stop()
        except Exception as e:
            reader.app.call_from_thread(reader.notify, f"Not watching for changes: {e}", severity="warning")

    def stop(self) -> None:
        self._stopped = True
        if self.watcher is not None:
            self.watcher.stop()

    def changed(self) -> None:
        """Something changed (the UI thread): read it once the burst is over."""
        if self._debounce is not None:
            self._debounce.stop()
        self._debounce = self.reader.set_timer(DEBOUNCE, self._rescan)

    def first_shown(self) -> None:
        """The first reading is shown: what was noted while it was read is looked at now."""
        if self._missed:
            self._missed = False
            self.reader.read(False, noted=True)

    def _rescan(self) -> None:
        if self.reader.shown:
            self.reader.read(False, noted=True)
        else:
            self._missed = True
