"""Hand a worker's result to the UI thread, unless the screen it was for has closed meanwhile."""
from __future__ import annotations

from typing import Any, Callable

from textual.css.query import NoMatches


def deliver(node, fn: Callable[..., Any], *args: Any) -> None:
    """From a worker thread: run ``fn(*args)`` on the UI thread. A screen closed while the work
    ran (escape on a slow History, the app quitting mid-reading) has no widgets left to fill;
    the result is dropped there instead of failing the worker, which would end the app."""
    def run() -> None:
        if not node.is_attached:
            return
        try:
            fn(*args)
        except NoMatches:   # its widgets are being removed: the screen is closing
            return
    try:
        node.app.call_from_thread(run)
    except RuntimeError:   # the app is no longer running
        return
