"""The hook's engine without loading the folder: the inverted index kept beside the parse cache.

The hook runs before every prompt; loading, judging and indexing 10,000 entries each time
cost over a second. Here the folder is only stat-ed: files whose signature changed since
the index was brought up to date are read and re-indexed; a prompt reads the postings of
its own words and paths and loads only the entries it ranks. The Engine scores over this
index (``KeptPostings``) as over the in-memory one (postings.DictPostings, whose indexing of
each entry is what the rows hold), so the decision is the same, byte for byte (tested on
random prompts against the in-memory index). Only Claude Code's
and the memory tool's layouts use it (one file, one entry); when the index is missing or
much of the folder changed, the hook answers the slow way and builds the index afterwards.
"""
from __future__ import annotations

import datetime as dt
import os
import sqlite3
from pathlib import Path

from .anchors import AnchorChecker
from .cache import FORMAT, ParseCache
from .entry import MemoryEntry
from .evidence import BODY_DF_MAX
from .index import INDEX_NAME, MemoryIndex
from .prefetch import Prefetch, fingerprint, walk
from .postings import Postings, tie_sorted
# (the names the refresh below uses: an entry's place in the tie order, and its rows)
from .postings import rank_fields as _rank_of, rows_of as postings_of
from .select import Engine
from .status import assess
from .store import _load

INCREMENTAL_MAX = 300   # changed files a prompt re-indexes itself; more, and it answers the slow way


def _connect(cache: ParseCache) -> sqlite3.Connection:
    con = cache._connect()
    con.execute("CREATE TABLE IF NOT EXISTS indexed (id TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, "
                "ino INTEGER, source_rank INTEGER, updated REAL)")
    con.execute("CREATE TABLE IF NOT EXISTS postings (kind TEXT, key TEXT, id TEXT, seq INTEGER, weight INTEGER, "
                "p TEXT, raw TEXT)")
    con.execute("CREATE INDEX IF NOT EXISTS postings_key ON postings (kind, key)")
    con.execute("CREATE INDEX IF NOT EXISTS postings_id ON postings (id)")
    return con


class KeptPostings(Postings):
    """The engine's index read from the kept SQLite postings, per key, memoised for the prompt;
    entries and statuses are loaded only for the ids the ranking reads."""

    def __init__(self, con: sqlite3.Connection, entry_of, status_of, rank_of, is_dir) -> None:
        self.con, self.is_dir, self.fields_of = con, is_dir, rank_of   # ids → their (source rank, updated)
        self.entries = _Entries(entry_of)
        self.status = _Entries(lambda i: status_of(self.entries[i]))
        self._memo: dict[tuple[str, str], object] = {}

    def _rows(self, kind: str, key: str) -> list[tuple]:
        # a key's rows by id, then seq: the order in which DictPostings lists them
        return self.con.execute("SELECT id, weight, p, raw FROM postings WHERE kind = ? AND key = ? "
                                "ORDER BY id, seq", (kind, key)).fetchall()

    def weights(self, term):
        value = self._memo.get(("term", term))
        if value is None:   # id → weight, built in C (a term may hold thousands); unordered: an entry
            # holds a term once, and sorting them cost SQLite a temporary B-tree a prompt
            value = self._memo["term", term] = dict(self.con.execute(
                "SELECT id, weight FROM postings WHERE kind = 'term' AND key = ?", (term,)))
        return value or None

    def body(self, term):
        key = ("body", term)
        if key not in self._memo:
            # at most BODY_DF_MAX + 1 rows read: a common word is known to be one without reading all its postings
            rows = self.con.execute("SELECT id FROM postings WHERE kind = 'body' AND key = ? LIMIT ?",
                                    (term, BODY_DF_MAX + 1)).fetchall()
            self._memo[key] = {i: 1 for i, in rows} if 0 < len(rows) <= BODY_DF_MAX else None
        return self._memo[key]

    def _shaped(self, kind: str, key: str, shape):
        k = (kind, key)
        if k not in self._memo:
            self._memo[k] = shape(self._rows(kind, key))
        return self._memo[k]

    def full(self, path):
        return self._shaped("full", path, lambda rows: {i for i, _, _, _ in rows})

    def base(self, name):
        return self._shaped("base", name, lambda rows: [(i, p) for i, _, p, _ in rows])

    def folder(self, run):
        def first(rows):
            out: dict[str, str] = {}
            for i, _, p, _ in rows:
                out.setdefault(i, p)
            return out
        return self._shaped("folder", run, first)

    def bare(self, word):
        return self._shaped("bare", word, lambda rows: [(i, p) for i, _, p, raw in rows
                                                        if not self.is_dir(raw.strip().strip("/"))])

    def shown(self, path):
        return self._shaped("shown", path, lambda rows: rows[0][2] if rows else None)

    def tie_order(self, scores, held):
        order = tie_sorted(self.fields_of(scores.keys() | held.keys()))   # only these: never the whole folder
        return dict(zip(order, range(len(order)))), order


class _Entries(dict):
    def __init__(self, loader) -> None:
        super().__init__()
        self.loader = loader

    def __missing__(self, key):
        value = self[key] = self.loader(key)
        return value


STALE = "stale"   # lazy_engine found no index, or an outdated one: worth building (in the background)


def lazy_engine(directory: Path, root: Path, now: dt.datetime, cache: ParseCache | None = None,
                scan: list | None = None, prefetch: Prefetch | None = None):
    """An Engine over the folder's kept index (KeptPostings), brought up to date first. Else None (the cache
    off or locked, a symlink in the folder: the slow way, always) or STALE (no index yet, or
    much changed: the slow way this once, and an index built for the next prompt)."""
    cache = cache or ParseCache(directory, eager=False)   # rows are read one by one, for ranked entries
    if not cache.enabled:
        return None
    if not cache.path.exists():
        return STALE
    # ``scan``: the folder's scandir, just made by the layout detection; ``prefetch``: the
    # folder listed by a child while this process imported
    files = prefetch.result(scan) if prefetch is not None else walk(str(directory), INDEX_NAME, scan)
    if files is None:
        return None
    listed = (prefetch.fingerprint if prefetch is not None else None) or fingerprint(files)
    ranks: dict = {}   # id → its rank, as kept in the index
    try:
        con = _connect(cache)
        meta = dict(con.execute("SELECT key, value FROM meta"))
        if meta.get("format") != FORMAT or meta.get("dir") != cache.real or meta.get("indexed") != "1":
            con.close()
            return STALE
        if meta.get("listing") != listed:   # something changed (or the index was just rebuilt)
            have = {}   # one read of the table: what each file was indexed at, and its rank
            for i, m, s, n, source_rank, updated in con.execute(
                    "SELECT id, mtime_ns, size, ino, source_rank, updated FROM indexed"):
                have[i], ranks[i] = (m, s, n), (source_rank, updated)
            changed = [i for i, (_, sig) in files.items() if have.get(i) != sig]
            gone = [i for i in have if i not in files]
            if len(changed) > INCREMENTAL_MAX:
                con.close()
                return STALE
            fresh = {i: _load(Path(files[i][0]), i, _lstat(files[i][0]), None) for i in changed}
            _write(con, fresh, {i: files[i][1] for i in changed}, gone, listing=listed)
            ranks.update((i, _rank_of(e)) for i, e in fresh.items())
    except sqlite3.Error:
        return None
    checker, empty = AnchorChecker(root), MemoryIndex()

    def entry_of(i: str) -> MemoryEntry:
        path, sig = files[i]
        if i not in cache.rows:
            cache.fetch(con, i)
        hit = cache.get(i, sig, Path(path)) if i in cache.rows else None
        return hit if hit is not None else _load(Path(path), i, _lstat(path), None)

    def rank_of(ids) -> dict:
        wanted = [i for i in ids if i not in ranks]   # (an unchanged folder's ranks are read as asked)
        for k in range(0, len(wanted), 500):
            part = wanted[k:k + 500]
            ranks.update((i, (r, u)) for i, r, u in con.execute(
                f"SELECT id, source_rank, updated FROM indexed WHERE id IN ({','.join('?' * len(part))})", part))
        return {i: ranks[i] if i in ranks else _rank_of(entry_of(i)) for i in ids}

    folders: dict[str, bool] = {}

    def is_dir(rel: str) -> bool:
        if rel not in folders:
            folders[rel] = (root / rel).is_dir()
        return folders[rel]

    return Engine(KeptPostings(con, entry_of, lambda e: assess(e, checker, empty, now, None, False), rank_of, is_dir),
                  now)


def _lstat(path: str) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None   # gone since it was listed: read as unreadable, as the full scan would


def _write(con: sqlite3.Connection, fresh: dict[str, MemoryEntry], sigs: dict, gone: list[str],
           reset: bool = False, listing: str | None = None) -> None:
    """Index these files anew (every file with ``reset``) and forget those gone. ``listing``:
    the fingerprint of the folder's listing the table now matches file for file."""
    con.execute("BEGIN IMMEDIATE")
    if reset:
        con.execute("DELETE FROM postings")
        con.execute("DELETE FROM indexed")
    else:
        ids = list(fresh) + gone
        con.executemany("DELETE FROM postings WHERE id = ?", [(i,) for i in ids])
        con.executemany("DELETE FROM indexed WHERE id = ?", [(i,) for i in ids])
    rows, indexed = [], []
    for i, e in fresh.items():
        if e.readable:
            rows += [(kind, key, i, seq, w, p, raw) for kind, key, seq, w, p, raw in postings_of(e)]
        indexed.append((i, *sigs[i], *_rank_of(e)))
    con.executemany("INSERT INTO postings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    con.executemany("INSERT INTO indexed VALUES (?, ?, ?, ?, ?, ?)", indexed)
    if reset:
        con.execute("INSERT OR REPLACE INTO meta VALUES ('indexed', '1')")
    if listing is not None:
        con.execute("INSERT OR REPLACE INTO meta VALUES ('listing', ?)", (listing,))
    else:
        con.execute("DELETE FROM meta WHERE key = 'listing'")
    con.execute("COMMIT")


def build_index(directory: Path, entries: dict[str, MemoryEntry], sigs: dict, cache: ParseCache | None = None) -> None:
    """Index every entry (after the slow way answered): the next prompt takes the quick one."""
    cache = cache or ParseCache(directory)
    if not cache.enabled:
        return
    try:
        con = _connect(cache)
        try:
            meta = dict(con.execute("SELECT key, value FROM meta"))
            if meta.get("format") != FORMAT or meta.get("dir") != cache.real:
                return   # the parse cache of another version: its own save starts it over first
            fresh = {i: e for i, e in entries.items() if i in sigs}
            # the listing these files make: the next prompt skips the compare if the folder is that
            _write(con, fresh, sigs, [], reset=True, listing=fingerprint({i: (None, sigs[i]) for i in fresh}))
        finally:
            con.close()
    except sqlite3.Error:
        pass
