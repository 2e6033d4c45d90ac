"""The first screen of the last reading, kept in the parse cache: rows to show at once.

A warm start still stats every file and re-judges what changed; at 10,000 entries that
takes most of a second. Meanwhile the table shows the screenful of rows the previous
reading ended with (its entries and statuses as they were then), with the title saying the
folder is being read; the real reading replaces them as soon as it is done. Nothing is
acted on from these rows: the keys that write wait for the reading.
"""
from __future__ import annotations

import pickle

from ...core.cache.kept import code_stamp
from ...widgets import entry_rows
from ...widgets.entry_rows import Row, sort_key
from ...widgets.browser import Browser
from ...widgets.entry_table import EntryTable

KEY = "first-screen"
ROWS = 150   # a tall terminal's screenful


def _stamp() -> str:
    """The kept rows are pickles of ``Row``, whose module is outside the core the parse cache's
    format stamps: a changed row class must not load stale rows."""
    return code_stamp([entry_rows.__file__, __file__])


def save(store, rows: dict[str, Row], column: str = "name", reverse: bool = False) -> None:
    """Keep the first rows in this order (a reader's worker calls it after a full reading)."""
    cache = getattr(getattr(store, "scanner", None), "cache", None)
    if cache is None or not cache.enabled:
        return
    key = sort_key(column)
    first = sorted(rows.values(), key=lambda r: (key(r), r.entry.id), reverse=reverse)[:ROWS]
    kept = [Row(r.entry, r.status, dated=r.dated, base=r.base) for r in first]   # no marks: those belong to one session
    try:
        rows_data = pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)   # unpickled only if the stamp holds
        cache.keep_note(KEY, pickle.dumps((_stamp(), len(rows), rows_data), protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:   # an entry that does not pickle: no first screen next time, nothing else
        pass


def load(store) -> tuple[int, dict[str, Row]] | None:
    """(entries the last reading had, its first rows by id), or None when nothing is kept."""
    cache = getattr(getattr(store, "scanner", None), "cache", None)
    if cache is None:
        return None
    data = cache.note(KEY)
    if data is None:
        return None
    try:
        stamp, total, rows_data = pickle.loads(data)
        if stamp != _stamp():
            return None   # written by other code: read the folder as if nothing were kept
        return total, {r.entry.id: r for r in pickle.loads(rows_data)}
    except Exception:   # (older notes had no stamp; a class that changed shape)
        return None


def look(store, now) -> dict[str, Row] | None:
    """(In the first reading's worker, before it reads, when nothing is kept to show.) A large
    folder's first files, read while the rest is (core/snapshots/first_look): rows to show."""
    from ...core.snapshots.first_look import first_look
    found = first_look(store, now)
    return {i: Row(e, found[1][i]) for i, e in found[0].items()} if found else None


def show_look(screen, rows: dict[str, Row]) -> None:
    if screen.snapshot is None:
        screen.query_one(EntryTable).set_rows(rows)
        screen.rows_note = f"the rows shown are its first {len(rows)} files"
        screen.set_title_bar(loading=f"reading the folder… ({screen.rows_note})")
        screen.update_empty()


def progressed(screen, done: int, total: int | None) -> None:
    """The first reading's progress, on the title bar (and in place of rows, when none are shown yet)."""
    if not screen.loaded and total:
        text = f"reading {done:,} / {total:,} files…"
        screen.set_title_bar(loading=f"{text} ({screen.rows_note})" if screen.rows_note else text)
        if not screen.query_one(EntryTable).rows_by_id:   # (not over the last reading's rows)
            screen.query_one(Browser).show_progress(text)


def show(screen) -> None:
    """Put the kept rows in the screen's table, if any, and say they are the last reading's."""
    kept = load(screen.store)
    if kept:
        screen.query_one(EntryTable).set_rows(kept[1])
        screen.rows_note = "the rows shown are from the last reading"
        screen.set_title_bar(loading=f"reading {kept[0]:,} files… ({screen.rows_note})")
        screen.update_empty()
