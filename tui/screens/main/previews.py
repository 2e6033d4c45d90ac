"""The preview of the prompt typed: which entries it would be given, and why.

A widget of its own (never shown): it holds the preview's index (``PreviewIndexer``, built a slice
at a time between the app's messages), numbers the requests, and answers each in its worker with a
``Previewed`` that bubbles to the screen — which shows only the answer to the newest request."""
from __future__ import annotations

from typing import Callable

from textual import work
from textual.widget import Widget

from . import background
from .preview_index import PreviewIndexer


class Previews(Widget):
    DEFAULT_CSS = "Previews { display: none; }"

    def __init__(self, on_ready: Callable[[], None]) -> None:
        super().__init__()
        self.request = 0   # the newest request: an answer to an older one is dropped
        self.indexer = PreviewIndexer(self, on_ready)

    def want(self, snap, query: str) -> None:
        """Preview ``query`` on the reading ``snap`` (on its index once built, else the last one built)."""
        self.request += 1
        if query.strip():
            self.indexer.want(snap)
        self._preview(self.indexer.for_preview(snap), query, self.request)

    @work(thread=True, exclusive=True, group="preview")
    def _preview(self, snap, query: str, request: int) -> None:
        self.post_message(background.previewed(request, snap, query))

    def on_unmount(self) -> None:
        self.indexer.stop()
