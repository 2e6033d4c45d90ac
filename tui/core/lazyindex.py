"""The hook's engine without loading the folder: the inverted index kept beside the parse cache.

The hook runs before every prompt; loading, judging and indexing 10,000 entries each time
cost over a second. Here the folder is only stat-ed: files whose signature changed since
the index was brought up to date are read and re-indexed; a prompt reads the postings of
its own words and paths and loads only the entries it ranks. The scoring is the Engine's
own code over lookups that come from SQLite instead of dictionaries, so the decision is the
same, byte for byte (tested on random prompts against the full engine). Only Claude Code's
and the memory tool's layouts use it (one file, one entry); when the index is missing or
much of the folder changed, the hook answers the slow way and builds the index afterwards.
"""
from __future__ import annotations

import datetime as dt
import heapq
import os
import sqlite3
from collections import Counter
from pathlib import Path

from .anchors import AnchorChecker
from .cache import ParseCache
from .entry import MemoryEntry
from .index import INDEX_NAME, MemoryIndex
from .kept import changed as changed_files, fingerprint, list_files
from .prefetch import Prefetch
from .select import BODY_DF_MAX, FOLDER_POINTS, SOURCE_RANK, Engine
from .status import assess
from .store import _load

INCREMENTAL_MAX = 300   # changed files a prompt re-indexes itself; more, and it answers the slow way


def _connect(cache: ParseCache) -> sqlite3.Connection:
    con = cache.file.connect()
    con.execute("CREATE TABLE IF NOT EXISTS indexed (id TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, "
                "ino INTEGER, source_rank INTEGER, updated REAL)")
    con.execute("CREATE TABLE IF NOT EXISTS postings (kind TEXT, key TEXT, id TEXT, seq INTEGER, weight INTEGER, "
                "p TEXT, raw TEXT)")
    con.execute("CREATE INDEX IF NOT EXISTS postings_key ON postings (kind, key)")
    con.execute("CREATE INDEX IF NOT EXISTS postings_id ON postings (id)")
    return con


class _Recorder(list):
    def __init__(self, log: list, key: str) -> None:
        super().__init__()
        self.log, self.key = log, key

    def append(self, item) -> None:
        self.log.append((self.key, item))
        super().append(item)


def postings_of(e: MemoryEntry) -> list[tuple]:
    """(kind, key, seq, weight, p, raw) rows of one entry, in the order the Engine adds them. A
    bare name's "is it a folder of the project" is left to the query (the project changes)."""
    raws: list[str] = []
    bare_log: list = []
    eng = Engine({}, {}, dt.datetime.now(dt.timezone.utc))

    class Bare(dict):   # records each bare name in the order the Engine adds them
        def __missing__(self, key):
            self[key] = _Recorder(bare_log, key)
            return self[key]

    eng.bare = Bare()
    eng._add(e, lambda r: raws.append(r) or False)
    rows, seq = [], 0
    for t, d in eng.terms.items():
        rows.append(("term", t, seq, d[e.id], None, None))
        seq += 1
    for t in eng.body:
        rows.append(("body", t, seq, 1, None, None))
        seq += 1
    for p in eng.full:
        rows.append(("full", p, seq, 0, None, None))
        seq += 1
    for b, lst in eng.by_base.items():
        for _, p in lst:
            rows.append(("base", b, seq, 0, p, None))
            seq += 1
    for f, d in eng.folders.items():
        rows.append(("folder", f, seq, 0, d[e.id], None))
        seq += 1
    for (b, (_, p)), raw in zip(bare_log, raws):
        rows.append(("bare", b, seq, 0, p, raw))
        seq += 1
    for p, raw in eng.shown.items():
        rows.append(("shown", p, seq, 0, raw, None))
        seq += 1
    return rows


def _rank_of(e: MemoryEntry) -> tuple[int, float]:
    return SOURCE_RANK.get(e.source, 3), (e.updated.timestamp() if e.updated else 0.0)


class _Lookup:
    """One kind of posting, read from SQLite per key, as the Engine reads its dictionaries."""

    def __init__(self, con: sqlite3.Connection, kind: str, shape: str, is_dir=None) -> None:
        self.con, self.kind, self.shape, self.is_dir = con, kind, shape, is_dir
        self.memo: dict = {}

    def get(self, key, default=None):
        if key not in self.memo:
            if self.shape == "weights":   # id → weight, built in C (a term may hold thousands); unordered:
                # an entry holds a term once, and sorting them cost SQLite a temporary B-tree a prompt
                self.memo[key] = dict(self.con.execute("SELECT id, weight FROM postings WHERE kind = ? AND key = ?",
                                                       (self.kind, key)))
                return self.memo[key] or default
            rows = self.con.execute("SELECT id, weight, p, raw FROM postings WHERE kind = ? AND key = ? "
                                    "ORDER BY id, seq", (self.kind, key)).fetchall()
            self.memo[key] = self._shape(rows)
        value = self.memo[key]
        return value if value else default

    def _shape(self, rows):
        if self.shape == "weights":
            return {i: w for i, w, _, _ in rows}
        if self.shape == "ids":
            return {i for i, _, _, _ in rows}
        if self.shape == "pairs":
            return [(i, p) for i, _, p, raw in rows
                    if self.is_dir is None or not self.is_dir(raw.strip().strip("/"))]
        if self.shape == "first":
            out: dict[str, str] = {}
            for i, _, p, _ in rows:
                out.setdefault(i, p)
            return out
        return rows[0][2] if rows else None   # shown: the first entry's spelling


class _Entries(dict):
    def __init__(self, loader) -> None:
        super().__init__()
        self.loader = loader

    def __missing__(self, key):
        value = self[key] = self.loader(key)
        return value


class LazyEngine(Engine):
    def __init__(self, con, entry_of, status_of, rank_of, now: dt.datetime, is_dir) -> None:
        self.now = now
        self.terms = _Lookup(con, "term", "weights")
        self._con, self._body_memo = con, {}
        self.full = _Lookup(con, "full", "ids")
        self.by_base = _Lookup(con, "base", "pairs")
        self.folders = _Lookup(con, "folder", "first")
        self.bare = _Lookup(con, "bare", "pairs", is_dir)
        self._shown = _Lookup(con, "shown", "one")
        self.shown = self
        self.entries = _Entries(entry_of)
        self.status = _Entries(lambda i: status_of(self.entries[i]))
        self._rank_of = rank_of
        self._rank = None

    def get(self, p, default=None):   # the Engine's `shown` mapping
        return self._shown.get(p) or default

    def _body_ids(self, t: str):
        # at most BODY_DF_MAX + 1 rows read: a common word is known to be one without reading all its postings
        if t not in self._body_memo:
            rows = self._con.execute("SELECT id FROM postings WHERE kind = 'body' AND key = ? LIMIT ?",
                                         (t, BODY_DF_MAX + 1)).fetchall()
            self._body_memo[t] = {i: 1 for i, in rows} if 0 < len(rows) <= BODY_DF_MAX else None
        return self._body_memo[t]

    def _keyword_points(self, qterms, need: int = 2) -> Counter:
        counts: Counter = Counter()
        for t in qterms:
            weights = self.terms.get(t)
            if weights:
                counts.update(weights)
        return self._add_body(counts, qterms, need)

    def _ranked(self, query: str):
        scores, scored, bulk = self._scores(query)   # counted, as the Engine does; reasons on demand
        ids = set(scores) | (set(bulk[1]) if bulk is not None else set())
        rank = self._rank_of(ids)
        key = lambda eid: (rank[eid][0], -rank[eid][1], eid)   # noqa: E731 — the Engine's tie order
        heap = [((-s,) + key(eid), eid) for eid, s in scores.items()]
        heapq.heapify(heap)   # popped as far as decide reads

        def ranked():
            while heap:
                yield heapq.heappop(heap)

        ties = Counter(scores.values())
        if bulk is None:
            return scored, (eid for _, eid in ranked()), len(scores), ties
        held = bulk[1]
        rest = sorted((eid for eid in held if eid not in scores), key=key)
        ties[FOLDER_POINTS] += len(rest)

        def bulk_hits():
            for eid in rest:   # each scores exactly one folder hit (see select._Scored)
                yield (-FOLDER_POINTS,) + key(eid), eid

        merged = heapq.merge(ranked(), bulk_hits())
        return scored, (eid for _, eid in merged), len(scores) + len(rest), ties


STALE = "stale"   # lazy_engine found no index, or an outdated one: worth building (in the background)


def lazy_engine(directory: Path, root: Path, now: dt.datetime, cache: ParseCache | None = None,
                scan: list | None = None, prefetch: Prefetch | None = None):
    """A LazyEngine over the folder's kept index, brought up to date first. Else None (the cache
    off or locked, a symlink in the folder: the slow way, always) or STALE (no index yet, or
    much changed: the slow way this once, and an index built for the next prompt)."""
    cache = cache or ParseCache(directory, eager=False)   # rows are read one by one, for ranked entries
    if not cache.enabled:
        return None
    if not cache.path.exists():
        return STALE
    # ``scan``: the folder's scandir, just made by the layout detection; ``prefetch``: the
    # folder listed by a child while this process imported
    files = prefetch.result(scan) if prefetch is not None else list_files(str(directory), INDEX_NAME, scan)
    if files is None:
        return None
    listed = (prefetch.fingerprint if prefetch is not None else None) or fingerprint(files)
    ranks: dict = {}   # id → its rank, as kept in the index
    try:
        con = _connect(cache)
        meta = dict(con.execute("SELECT key, value FROM meta"))
        if not cache.file.current(meta) or meta.get("indexed") != "1":
            con.close()
            return STALE
        if meta.get("listing") != listed:   # something changed (or the index was just rebuilt)
            have = {}   # one read of the table: what each file was indexed at, and its rank
            for i, m, s, n, source_rank, updated in con.execute(
                    "SELECT id, mtime_ns, size, ino, source_rank, updated FROM indexed"):
                have[i], ranks[i] = (m, s, n), (source_rank, updated)
            changed, gone = changed_files(have, files)
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

    engine = LazyEngine(con, entry_of, lambda e: assess(e, checker, empty, now, None, False), rank_of, now, is_dir)
    engine.listed = files   # id → (path, signature) of every file read as an entry (and kept.unopened_ids)
    return engine


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
            if not cache.file.current(dict(con.execute("SELECT key, value FROM meta"))):
                return   # the parse cache of another version: its own save starts it over first
            fresh = {i: e for i, e in entries.items() if i in sigs}
            # the listing these files make: the next prompt skips the compare if the folder is that
            _write(con, fresh, sigs, [], reset=True, listing=fingerprint({i: (None, sigs[i]) for i in fresh}))
        finally:
            con.close()
    except sqlite3.Error:
        pass
