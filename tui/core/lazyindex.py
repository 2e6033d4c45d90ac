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
import marshal
import os
import sqlite3
from collections import Counter
from pathlib import Path

from .anchors import AnchorChecker
from .cache import FORMAT, ParseCache
from .entry import MemoryEntry
from .index import INDEX_NAME, MemoryIndex
from .prefetch import MAP_NOTE, Prefetch, distrust, files_of, outcome, read_map, stat_pass
from .select import BODY_DF_MAX, FOLDER_POINTS, SOURCE_RANK, Engine
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
                prefetch: Prefetch | None = None):
    """A LazyEngine over the folder's kept index, brought up to date first. Else None (the cache
    off or locked, a symlink in the folder: the slow way, always) or STALE (no index yet, or
    much changed: the slow way this once, and an index built for the next prompt).
    ``prefetch``: the stat pass (core.prefetch), started by a child while this process imported."""
    cache = cache or ParseCache(directory, eager=False)   # rows are read one by one, for ranked entries
    if not cache.enabled:
        return None
    if not cache.path.exists():
        return STALE
    done = prefetch.result() if prefetch is not None else ...
    ranks: dict = {}   # id → its rank, as kept in the index
    fresh: dict = {}   # id → (path, signature) of the files read again here
    try:
        con = _connect(cache)
        if done is ...:   # no child: the pass is made here
            done = _stat_pass(con, directory)
        if done[1] is None:   # a symlink (whatever is kept): the full scan, always
            con.close()
            return None
        meta = dict(con.execute("SELECT key, value FROM meta"))
        if meta.get("format") != FORMAT or meta.get("dir") != cache.real or meta.get("indexed") != "1":
            con.close()
            return STALE
        for _ in range(2):   # a second time only when another process moved the index meanwhile
            if done is ... or done[0] != meta.get(MAP_NOTE):   # the pass was made against another map
                done = _stat_pass(con, directory)
            token, told = done
            if told is None:
                con.close()
                return None
            if told == "no map" or len(told[0]) > INCREMENTAL_MAX:
                con.close()
                return STALE
            changed, gone, folders = told
            if folders is None:   # nothing changed since the index was made
                break
            entries = {i: _load(Path(p), i, _lstat(p), None) for i, (p, _) in changed.items()}
            if _write(con, entries, {i: sig for i, (_, sig) in changed.items()}, gone, folders=folders, since=token):
                ranks.update((i, _rank_of(e)) for i, e in entries.items())
                fresh = changed
                break
            meta, done = dict(con.execute("SELECT key, value FROM meta")), ...
        else:
            con.close()
            return None
    except sqlite3.Error:
        return None
    checker, empty = AnchorChecker(root), MemoryIndex()

    def entry_of(i: str) -> MemoryEntry:
        if i in fresh:
            path, sig = fresh[i]
        else:   # unchanged since indexed (the stat pass vouched for it): the index's signature is the file's
            path = os.path.join(directory, i)
            row = con.execute("SELECT mtime_ns, size, ino FROM indexed WHERE id = ?", (i,)).fetchone()
            sig = tuple(row) if row else None
        if i not in cache.rows:
            cache.fetch(con, i)
        hit = cache.get(i, sig, Path(path)) if i in cache.rows and sig is not None else None
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

    return LazyEngine(con, entry_of, lambda e: assess(e, checker, empty, now, None, False), rank_of, now, is_dir)


def _stat_pass(con: sqlite3.Connection, directory: Path) -> tuple:
    token, kept = read_map(con)
    return token, outcome(stat_pass(str(directory), INDEX_NAME, kept), kept)


def _lstat(path: str) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None   # gone since it was listed: read as unreadable, as the full scan would


def _write(con: sqlite3.Connection, fresh: dict[str, MemoryEntry], sigs: dict, gone: list[str],
           reset: bool = False, folders=None, since: str | None = None) -> bool:
    """Index these files anew (every file with ``reset``) and forget those gone; keep ``folders``
    (the stat pass's folder map, marshalled, or a map) as what the index now matches, file for
    file. ``since``: the token of the map this change was found against; when another process
    has kept another since, nothing is written (False)."""
    con.execute("BEGIN IMMEDIATE")
    if since is not None:
        row = con.execute("SELECT value FROM meta WHERE key = ?", (MAP_NOTE,)).fetchone()
        if row is None or row[0] != since:
            con.execute("ROLLBACK")
            return False
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
    if folders is not None:
        blob = folders if isinstance(folders, bytes) else marshal.dumps(folders)
        con.execute("INSERT OR REPLACE INTO notes VALUES (?, ?)", (MAP_NOTE, blob))
        con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (MAP_NOTE, os.urandom(8).hex()))
    else:   # an index no map vouches for is never trusted file by file
        con.execute("DELETE FROM notes WHERE key = ?", (MAP_NOTE,))
        con.execute("DELETE FROM meta WHERE key = ?", (MAP_NOTE,))
    con.execute("COMMIT")
    return True


def build_index(directory: Path, entries: dict[str, MemoryEntry], sigs: dict, cache: ParseCache | None = None) -> None:
    """Index every entry (after the slow way answered): the next prompt takes the quick one. The
    folder map is made now, after the reading: a file whose signature is no longer the one read
    (or that came meanwhile) is kept as not trusted, one gone meanwhile is not indexed."""
    cache = cache or ParseCache(directory)
    if not cache.enabled:
        return
    try:
        con = _connect(cache)
        try:
            meta = dict(con.execute("SELECT key, value FROM meta"))
            if meta.get("format") != FORMAT or meta.get("dir") != cache.real:
                return   # the parse cache of another version: its own save starts it over first
            found = stat_pass(str(directory), INDEX_NAME, None)
            folders = found[2] if found is not None else None   # (a symlink: the full scan always)
            there = files_of(folders) if folders is not None else set(sigs)
            fresh = {i: e for i, e in entries.items() if i in sigs and i in there}
            if folders is not None:
                distrust(folders, [i for i, (_, sig) in found[0].items() if i not in fresh or sigs[i] != sig])
            _write(con, fresh, sigs, [], reset=True, folders=folders)
        finally:
            con.close()
    except sqlite3.Error:
        pass
