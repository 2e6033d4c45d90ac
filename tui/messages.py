"""App-wide messages. Widget-specific ones are nested in the widget that sends them."""
from __future__ import annotations

from textual.message import Message


class MemoryDirChanged(Message):
    """Something under the memory folder changed. Bursts coalesce: only one waits in the queue."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, MemoryDirChanged)


class InjectionLogChanged(Message):
    """The hook appended to the injection log."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, InjectionLogChanged)


class LoadProgress(Message):
    def __init__(self, done: int, total: int | None) -> None:
        super().__init__()
        self.done, self.total = done, total

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, LoadProgress)
